// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Output for people: the deformed mesh with its displacement field as VTK XML (.vtu, ParaView), the
// deformed surface as a CSV for the matplotlib picture, and a progress bar on stderr.

#include "mesh.hpp"

#include <chrono>
#include <cstddef>
#include <string>
#include <vector>

namespace coalesce::fe {

// Deformed points (X + u), the tetrahedra, and point data "displacement" (u) and "magnitude" |u|.
// Binary-free ASCII, so any ParaView opens it. Throws invalid_argument if the file cannot be written.
void write_vtu(const std::string& path, const tet_mesh& mesh, const std::vector<float>& u);

// x,y,z (deformed), |u| of boundary nodes (those on a face used by one tetrahedron only), at most
// `limit` of them (an even sample), for plot_deformed.py.
void write_surface_csv(const std::string& path, const tet_mesh& mesh, const std::vector<float>& u,
                       std::size_t limit = 60000);

// "[#####     ] 50%  1234 steps/s" redrawn in place on stderr; silent when stderr is not a terminal.
class progress_bar {
 public:
  progress_bar(std::size_t total, bool enabled);
  void update(std::size_t done);
  void finish();

 private:
  std::size_t total_;
  bool enabled_;
  std::chrono::steady_clock::time_point start_;
};

// Whether stderr is a terminal.
bool stderr_is_terminal();

}  // namespace coalesce::fe

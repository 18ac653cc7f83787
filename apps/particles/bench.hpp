// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The benchmark of coalesce-particles: per record layout, a whole step and its passes, timed with the
// shared rules (warm-up, then the median of >= 20 reps; CUDA events on the GPU), the speedup of the
// step over AoS (the struct the user started from), and the update passes' bandwidth against their floor.

#include "particle.hpp"

#include <coalesce/coalesce.hpp>

#include <cstddef>
#include <string>
#include <vector>

namespace coalesce::particles {

// Floor of the two update passes: positions read v, f, mass, x and write v, x (124 B); velocities
// read v, f, mass and write v (76 B).
inline double update_floor_bytes(std::size_t n) { return 200.0 * double(n); }

struct bench_row {
  std::string layout;
  std::size_t n = 0;
  double step_ms = 0, step_min_ms = 0, step_max_ms = 0;
  double force_ms = 0, cells_ms = 0, update_ms = 0, update_gbs = 0;
  int reps = 0;
};

struct bench_settings {
  std::vector<std::string> layouts;
  int warmup = 3, reps = 20;
  unsigned block = 256;
  std::size_t settle = 10;  // untimed steps first, so the particles have moved off the lattice
};

std::vector<bench_row> run_benchmark(const runtime& rt, const std::vector<particle>& initial, const md_box& box,
                                     double dt, const bench_settings& s);
void print_bench(const std::vector<bench_row>& rows, const std::string& backend);
// Appends the rows to a CSV file (writes the header when the file is new or empty).
void append_bench_csv(const std::string& path, const std::vector<bench_row>& rows, const std::string& backend);

}  // namespace coalesce::particles

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The benchmark of coalesce-fe: per layout, the element pass, the node pass and a whole step, timed
// with the shared rules (warm-up, median of >= 20 reps), and the element pass's effective bandwidth
// against its floor byte count and against cudaMemcpy device-to-device of the same bytes, same run.

#include "model.hpp"

#include <coalesce/coalesce.hpp>

#include <cstddef>
#include <string>
#include <vector>

namespace coalesce::fe {

// Floor of the element pass: each input read once, each output written once.
//   element data 15 x 4 B + connectivity 4 x 4 B + forces 12 x 4 B = 124 B per element, plus the
//   displacements 3 x 4 B = 12 B per node (read once if the cache kept every node after its first use).
inline double element_floor_bytes(std::size_t elements, std::size_t nodes) {
  return 124.0 * double(elements) + 12.0 * double(nodes);
}
// Floor of the node pass: forces 48 B + list entries 16 B per element; per node, offsets 4 B, u, u_prev,
// coefficients, external force, prescribed value 5 x 12 B, mask 4 B read and u+ 12 B written = 80 B.
inline double node_floor_bytes(std::size_t elements, std::size_t nodes) {
  return 64.0 * double(elements) + 80.0 * double(nodes);
}

struct bench_row {
  std::string layout;
  std::size_t elements = 0, nodes = 0;
  double element_ms = 0, element_min_ms = 0, element_max_ms = 0;
  double node_ms = 0, step_ms = 0;
  double element_gbs = 0, node_gbs = 0, copy_gbs = 0;  // copy: cudaMemcpy D2D of the element floor bytes
  int reps = 0;
};

struct bench_settings {
  std::vector<std::string> layouts;
  std::vector<std::string> record_layouts;  // the elements as records (rows named "records:<layout>")
  int warmup = 3, reps = 20;
  unsigned block = 256;
  std::size_t ramp = 20;
};

std::vector<bench_row> run_benchmark(const runtime& rt, const tled_model& model, const bench_settings& s);
void print_bench(const std::vector<bench_row>& rows, const std::string& backend);
// Appends the rows to a CSV file (writes the header when the file is new or empty).
void append_bench_csv(const std::string& path, const std::vector<bench_row>& rows, const std::string& backend);

// For Nsight Compute: one element pass per layout, in the order given, after `warm` steps each.
void run_profile(const runtime& rt, const tled_model& model, const bench_settings& s, std::size_t warm);

}  // namespace coalesce::fe

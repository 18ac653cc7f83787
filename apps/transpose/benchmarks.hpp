// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The measurements of coalesce-transpose, on the CUDA backend (CUDA builds only) and the host backend.
// Every timed result is verified once (exactly for transposes) before it is timed.

#include "report.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace coalesce::apps::transpose {

struct shape {
  std::size_t rows = 0, cols = 0;
};

struct bench_options {
  std::vector<shape> shapes;
  int warmup = 3;
  int reps = 20;
  std::uint64_t seed = 0;
};

using reduction::report;
using reduction::table;

// Naive, tiled and padded transposes on unpitched and pitched float matrices against cudaMemcpy D2D,
// and row sums (thread per row) against column sums (thread per column).
report run_device_benchmarks(const bench_options& options);
// For Nsight Compute: every transpose (unpitched and pitched) and both sums once per shape, verified,
// nothing timed.
report run_device_profile(const bench_options& options);
// The host backend: naive against cache-blocked transposes, row sums against column sums.
report run_host_benchmarks(const bench_options& options);

}  // namespace coalesce::apps::transpose

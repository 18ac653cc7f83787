// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The two halves of coalesce-reduce: the CUDA benchmarks (device_benchmarks.cu, only in CUDA builds)
// and the host benchmarks (host_benchmarks.cpp, OpenMP). Each verifies every result it times.

#include "reduce_device.hpp"
#include "report.hpp"

#include <vector>

namespace coalesce::apps::reduction {

// The progression (float sum) with CUB, Thrust and the cudaMemcpy ceiling at every size; the best
// kernels against CUB for every type and op; the per-component reduction in every layout.
report run_device_benchmarks(const bench_options& options);

// For Nsight Compute: each of `kernels` once per size (float sum, verified), nothing timed, so a
// profiler sees few launches. Returns a table of what ran.
report run_device_profile(const bench_options& options, const std::vector<kernel>& kernels);

// The same questions on the host: serial vs OpenMP vs OpenMP with independent accumulators against a
// memcpy ceiling, every type and op, and the per-component reduction in every layout.
report run_host_benchmarks(const bench_options& options);

}  // namespace coalesce::apps::reduction

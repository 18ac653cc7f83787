// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The measuring rules of every benchmark: warm-up first, then the median of many repetitions with the
// min-max spread; GPU work timed with CUDA events; always reported beside a ceiling measured in the same run.

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace coalesce::bench {

struct stats {
  double median_ms = 0;
  double min_ms = 0;
  double max_ms = 0;
  int reps = 0;
};

// Median, min and max of measured times (in milliseconds).
stats summarize(std::vector<double> ms);

// GB/s for `bytes` (count bytes read plus bytes written) moved in `ms` milliseconds.
inline double gbs(double bytes, double ms) { return ms > 0 ? bytes / (ms * 1e6) : 0.0; }

// Times f() on the host clock (steady_clock): `warmup` untimed calls, then `reps` timed ones.
stats time_host(const std::function<void()>& f, int warmup = 1, int reps = 20);

// True when this build has CUDA and a device is present.
bool gpu_available();

#if defined(COALESCE_BENCH_WITH_CUDA)
// Times f() (which enqueues work on the legacy default stream) with CUDA events around each call.
stats time_gpu(const std::function<void()>& f, int warmup = 3, int reps = 20);
// The copy ceiling: cudaMemcpy device to device of `bytes` bytes (GB/s = 2 * bytes / time).
stats d2d_copy_ceiling(std::size_t bytes, int reps = 20);
// Throws a coalesce::cuda_error naming `what` when err is not cudaSuccess.
void check(int err, const std::string& what);
#endif

}  // namespace coalesce::bench

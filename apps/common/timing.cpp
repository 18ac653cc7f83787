// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include "common/timing.hpp"

#include <algorithm>
#include <chrono>
#include <vector>

namespace coalesce::bench {

stats summarize(std::vector<double> ms) {
  std::sort(ms.begin(), ms.end());
  stats s;
  s.reps = int(ms.size());
  if (ms.empty()) return s;
  const std::size_t h = ms.size() / 2;
  s.median_ms = ms.size() % 2 ? ms[h] : 0.5 * (ms[h - 1] + ms[h]);
  s.min_ms = ms.front();
  s.max_ms = ms.back();
  return s;
}

stats time_host(const std::function<void()>& f, int warmup, int reps) {
  for (int k = 0; k < warmup; ++k) f();
  std::vector<double> ms;
  for (int k = 0; k < reps; ++k) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  }
  return summarize(ms);
}

}  // namespace coalesce::bench

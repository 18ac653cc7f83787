// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// What the apps' benchmarks share: timing on the runtime's backend by the rules of common/timing.hpp
// (CUDA events on the GPU, the host clock otherwise), and CSV files appended to, with the header once.

#include <coalesce/core/error.hpp>
#include <coalesce/runtime/runtime.hpp>

#include "common/timing.hpp"

#include <fstream>
#include <functional>
#include <string>

namespace coalesce::apps {

inline bench::stats time_on(const runtime& rt, const std::function<void()>& f, int warmup, int reps) {
#if defined(COALESCE_BENCH_WITH_CUDA)
  if (rt.kind() == backend::cuda) return bench::time_gpu(f, warmup, reps);
#endif
  (void)rt;
  return bench::time_host(f, warmup, reps);
}

// The file at path, opened for appending; `header` (one line) written first when it is new or empty.
inline std::ofstream append_csv(const std::string& path, const char* header) {
  bool fresh = true;
  {
    std::ifstream probe(path);
    fresh = !probe || probe.peek() == std::ifstream::traits_type::eof();
  }
  std::ofstream out(path, std::ios::app);
  if (!out) fail(errc::invalid_argument, "--csv", "cannot write '" + path + "'");
  if (fresh) out << header << '\n';
  return out;
}

}  // namespace coalesce::apps

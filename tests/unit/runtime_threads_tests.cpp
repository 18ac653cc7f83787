// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Threads sharing one host-backend runtime (what runtime.hpp allows). Its own executable, so that the
// tsan preset builds and runs it alone under ThreadSanitizer.
#include <coalesce/coalesce.hpp>

#include <doctest/doctest.h>

#include "threads.hpp"

#include <cstdint>
#include <string>
#include <vector>

using namespace coalesce;
using namespace coalesce::test;

TEST_SUITE("unit") {
  TEST_CASE("runtime.threads.host_shared_runtime") {
    const runtime rt{backend::host};
    const thread_rounds plan(4, 8);
    INFO("first seed " << plan.seeds.front());
    const std::vector<std::string> failures = run_in_threads(plan.threads, [&](int t) -> std::string {
      for (int r = 0; r < plan.rounds; ++r) {
        const std::uint64_t seed = plan.seed(t, r);
        const std::size_t n = 2000 + seed % 30000, m = 1 + seed % 7;
        const std::vector<float> in = random_values<float>(n * m, seed);
        std::vector<float> src(n * m), out(n * m);
        const std::string failed = shared_round_trip(rt, in, src.data(), out.data(), n, m, plan.from(t, r),
                                                     plan.to(t, r), r % 2 == 0, nullptr, [] {});
        if (!failed.empty()) return "thread " + std::to_string(t) + ": " + failed;
      }
      return "";
    });
    for (const std::string& f : failures) CHECK_MESSAGE(f.empty(), f);
  }
}

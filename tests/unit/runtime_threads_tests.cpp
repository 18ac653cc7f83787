// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Threads sharing one host-backend runtime (what runtime.hpp allows). Its own executable, so that the
// tsan preset builds and runs it alone under ThreadSanitizer.
#include <coalesce/coalesce.hpp>

#include <doctest/doctest.h>

#include "random.hpp"
#include "round_trip.hpp"
#include "threads.hpp"

#include <cstdint>
#include <vector>

using namespace coalesce;
using namespace coalesce::test;

TEST_SUITE("unit") {
  TEST_CASE("runtime.threads.host_shared_runtime") {
    const runtime rt{backend::host};
    constexpr int threads = 4, rounds = 8;
    const std::vector<layout_spec> layouts = all_layouts();
    std::vector<std::uint64_t> seeds;  // drawn here: fresh_seed() is for one thread
    for (int t = 0; t < threads * rounds; ++t) seeds.push_back(fresh_seed());
    INFO("first seed " << seeds.front());
    const std::vector<std::string> failures = run_in_threads(threads, [&](int t) -> std::string {
      for (int r = 0; r < rounds; ++r) {
        const std::uint64_t seed = seeds[std::size_t(t * rounds + r)];
        const std::size_t n = 2000 + seed % 30000, m = 1 + seed % 7;
        const std::vector<float> in = random_values<float>(n * m, seed);
        std::vector<float> src(n * m), out(n * m);
        const layout_spec& a = layouts[std::size_t(t + r) % layouts.size()];
        const layout_spec& b = layouts[std::size_t(3 * t + r + 1) % layouts.size()];
        const std::string failed =
            shared_round_trip(rt, in, src.data(), out.data(), n, m, a, b, r % 2 == 0, nullptr, [] {});
        if (!failed.empty()) return "thread " + std::to_string(t) + ": " + failed;
      }
      return "";
    });
    for (const std::string& f : failures) CHECK_MESSAGE(f.empty(), f);
  }
}

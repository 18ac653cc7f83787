// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The periodic kernel analysis (a few periods of the pattern, scaled) against the walk of every warp,
// and its cost for huge n.
#include <coalesce/analysis/advisor.hpp>
#include <coalesce/core/math.hpp>

#include <doctest/doctest.h>

#include "random.hpp"
#include "sanitizer.hpp"

#include <chrono>
#include <cmath>
#include <initializer_list>
#include <random>
#include <string>

using namespace coalesce::analysis;
using coalesce::array_layout;
using coalesce::layout_kind;

namespace {

struct map_case {
  const char* vector;
  const char* component;
  std::size_t threads_per_vector;  // threads = n * this (0: n + 77, a grid with idle threads at the end)
};

void same(const kernel_report& a, const kernel_report& b, const std::string& what) {
  INFO(what);
  REQUIRE(a.instructions.size() == b.instructions.size());
  for (std::size_t j = 0; j < a.instructions.size(); ++j) {
    CHECK(a.instructions[j].requests == b.instructions[j].requests);
    CHECK(a.instructions[j].transactions == b.instructions[j].transactions);
    CHECK(a.instructions[j].bytes_used == b.instructions[j].bytes_used);
    CHECK(a.instructions[j].bytes_moved == b.instructions[j].bytes_moved);
  }
  CHECK(a.dram_footprint == b.dram_footprint);
  CHECK(a.span_bytes == b.span_bytes);
  const kernel_traffic &x = a.traffic, &y = b.traffic;
  CHECK(x.threads == y.threads);
  CHECK(x.warps == y.warps);
  CHECK(x.load_sectors == y.load_sectors);
  CHECK(x.store_sectors == y.store_sectors);
  CHECK(x.store_bytes == y.store_bytes);
  CHECK(x.wavefronts == y.wavefronts);
  CHECK(x.warp_load_sectors == y.warp_load_sectors);
  CHECK(x.warp_store_sectors == y.warp_store_sectors);
  CHECK(x.warp_streams == y.warp_streams);
  CHECK(x.warp_runs == y.warp_runs);
  CHECK(x.stream_warps == y.stream_warps);
  CHECK(x.load_requests == y.load_requests);
  CHECK(x.store_requests == y.store_requests);
  CHECK(x.warp_load_lines == y.warp_load_lines);
  CHECK(x.warp_store_lines == y.warp_store_lines);
  CHECK(x.load_footprint == y.load_footprint);
  CHECK(x.store_footprint == y.store_footprint);
  // A sample of the sectors (one steady period) in the periodic analysis, all of them in the walk.
  CHECK(std::abs(x.partial_store_fraction - y.partial_store_fraction) < 0.15);
}

// Every map of the threads to vectors at a few m, both widths and every layout; the periodic and the
// full walk agree. Returns how many cases took the periodic path, and adds the cases to `cases`.
std::size_t check_maps(std::initializer_list<map_case> maps, std::size_t& cases) {
  const gpu_arch sm90 = parse_arch("sm_90");
  std::size_t periodic = 0;
  std::mt19937_64 gen(coalesce::test::fresh_seed());
  for (const map_case& map : maps)
    for (std::size_t m : {1, 3, 8, 13})
      for (element_type t : {element_type::char_, element_type::float4_}) {
        const std::size_t n = 3000 + 7 * m;
        kernel_description k;
        k.n = n;
        k.m = m;
        k.type = t;
        k.thread_to_vector = map.vector;
        k.thread_to_component = map.component;
        k.threads = map.threads_per_vector ? n * map.threads_per_vector : n + 77;
        if (std::string(map.component) != "0") {
          k.reads = {0};
          k.writes = {0};
        } else {
          k.reads = {0, m - 1};
          k.writes = {m / 2};
        }
        const array_layout layouts[] = {
            {layout_kind::row_major, n, m, m, 0},     {layout_kind::row_major, n, m, m + 1, 0},
            {layout_kind::col_major, n, m, n + 3, 0}, {layout_kind::blocked, n, m, 0, 32},
            {layout_kind::blocked, n, m, 0, 48},      {layout_kind::blocked, n, m, 0, 128}};
        for (const array_layout& l : layouts) {
          if (!coalesce::test::run_case(gen, 0.5)) continue;  // under a sanitizer, a fresh half
          const kernel_report fast = analyze_kernel(k, l, sm90);
          const kernel_report full = analyze_kernel_exhaustive(k, l, sm90);
          same(fast, full,
               std::string(map.vector) + " m=" + std::to_string(m) + " " + to_string(t) +
                   " n=" + std::to_string(n) + " " + candidate_name(l) + " pitch " + std::to_string(l.pitch));
          ++cases;
          periodic += fast.warps_analyzed < full.warps_analyzed;
        }
      }
  return periodic;
}

}  // namespace

// Split in four test cases so that ctest runs them side by side (the whole walk is slow under ASan,
// which runs a fresh half of the layouts: check_maps).
TEST_SUITE("unit") {
  TEST_CASE("analysis.periodic.equals_the_full_walk.dense_strided_and_shared") {
    std::size_t cases = 0;
    const std::size_t periodic = check_maps({{"idx", "0", 1}, {"idx*2", "0", 1}, {"idx/2", "0", 2}}, cases);
    // Most cases take the periodic path (the rest are too short for six periods).
    CHECK(periodic * 2 > cases);
  }

  TEST_CASE("analysis.periodic.equals_the_full_walk.idle_threads_and_warp_per_vector") {
    std::size_t cases = 0;
    const std::size_t periodic = check_maps({{"idx", "0", 0}, {"idx/32", "idx%32", 32}}, cases);
    CHECK(periodic * 2 > cases);
  }

  TEST_CASE("analysis.periodic.equals_the_full_walk.shifted_and_reversed") {
    std::size_t cases = 0;
    const std::size_t periodic = check_maps({{"idx+5", "0", 1}, {"(idx/4)*4+3-idx%4", "0", 1}}, cases);
    CHECK(periodic * 2 > cases);
  }

  TEST_CASE("analysis.periodic.equals_the_full_walk.three_threads_per_vector") {
    std::size_t cases = 0;
    const std::size_t periodic = check_maps({{"idx/3", "idx%3", 3}}, cases);
    CHECK(periodic * 2 > cases);
  }

  TEST_CASE("analysis.periodic.cost_does_not_grow_with_n") {
    const gpu_arch sm90 = parse_arch("sm_90");
    kernel_description k;
    k.m = 32;
    k.type = element_type::float_;
    for (std::size_t i = 0; i < k.m; ++i) k.reads.push_back(i);
    k.writes = {0, 31};
    std::uint64_t analyzed_small = 0;
    for (std::size_t n : {std::size_t(1) << 20, std::size_t(1) << 30, (std::size_t(1) << 30) + 17}) {
      k.n = n;
      const auto start = std::chrono::steady_clock::now();
      const advice a = advise(k, sm90);
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      CHECK(seconds < 1.0);
      std::uint64_t analyzed = 0;
      for (const candidate& c : a.ranked) {
        analyzed += c.report.warps_analyzed;
        // Each candidate walks at most a few periods at the start, three in the middle, two at the end.
        CHECK(c.report.warps_analyzed <= 6 * 256);
        CHECK(c.report.traffic.warps == coalesce::ceil_div(n, 32));
        CHECK(c.time);
      }
      if (n == std::size_t(1) << 20)
        analyzed_small = analyzed;
      else
        CHECK(analyzed <= 2 * analyzed_small + 6 * 256);
      // Every vector read once: the footprint is the data (SoA's rows and blocked's tail pad aside).
      const auto aos =
          std::find_if(a.ranked.begin(), a.ranked.end(), [](const candidate& c) { return c.name == "aos"; });
      CHECK(aos->report.traffic.load_footprint == 4 * 32 * n);
    }
  }

  TEST_CASE("analysis.periodic.falls_back_for_maps_it_cannot_repeat") {
    kernel_description k;
    k.n = 50000;
    k.m = 3;
    k.reads = {0, 1, 2};
    k.thread_to_vector = "(idx*idx)%50000";  // not quasi-affine
    const array_layout aos{layout_kind::row_major, k.n, 3, 3, 0};
    const kernel_report r = analyze_kernel(k, aos, parse_arch("sm_90"));
    CHECK(r.warps_analyzed == coalesce::ceil_div(k.n, 32));
    // Constants that overflow while folding: the walk evaluates (and reports) them.
    k.thread_to_vector = "idx + 4611686018427387904*4 - 4611686018427387904*4";
    CHECK_THROWS_AS(analyze_kernel(k, aos, parse_arch("sm_90")), expression_error);
    k.thread_to_vector = "30000-idx";  // goes negative midway: the checks see the change
    const kernel_report down = analyze_kernel(k, aos, parse_arch("sm_90"));
    same(down, analyze_kernel_exhaustive(k, aos, parse_arch("sm_90")), "30000-idx");
  }
}

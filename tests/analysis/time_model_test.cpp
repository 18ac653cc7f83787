// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The time model against what the H200 measured (issue 16, n = 2^24 floats, one thread per vector),
// its parameters, and the advisors' use of it.
#include <coalesce/analysis/advisor.hpp>
#include <coalesce/analysis/record_advisor.hpp>

#include <coalesce/core/error.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <utility>
#include <vector>

using namespace coalesce::analysis;

namespace {

kernel_description vectors(std::size_t m, bool read, bool write) {
  kernel_description k;
  k.n = std::size_t(1) << 24;
  k.m = m;
  k.loads_in_flight = 4;  // validate_time.cu's kernels, whose times these checks hold: `#pragma unroll 4`
  for (std::size_t i = 0; i < m; ++i) {
    if (read) k.reads.push_back(i);
    if (write) k.writes.push_back(i);
  }
  return k;
}

// The same kernel with the given components read and written (validate_time's masks).
kernel_description masked(std::size_t m, std::vector<std::size_t> reads, std::vector<std::size_t> writes) {
  kernel_description k = vectors(m, false, false);
  k.reads = std::move(reads);
  k.writes = std::move(writes);
  return k;
}

// Where the named layout ranks (0: first).
std::size_t place(const advice& a, const std::string& name) {
  const auto it = std::find_if(a.ranked.begin(), a.ranked.end(), [&](const candidate& c) { return c.name == name; });
  REQUIRE(it != a.ranked.end());
  return static_cast<std::size_t>(it - a.ranked.begin());
}

const candidate& find(const advice& a, const std::string& name) {
  const auto it = std::find_if(a.ranked.begin(), a.ranked.end(), [&](const candidate& c) { return c.name == name; });
  REQUIRE(it != a.ranked.end());
  return *it;
}

// Predicted AoS time over SoA time.
double aos_over_soa(const kernel_description& k) {
  const advice a = advise(k, parse_arch("sm_90"));
  return find(a, "aos").time->seconds / find(a, "soa").time->seconds;
}

}  // namespace

TEST_SUITE("unit") {
  TEST_CASE("analysis.time.h200_measurements") {
    // Reads of all m: L1 catches AoS's re-reads up to m = 12; at 16 and 32 it is 2.2x and 4.4x slower.
    // For few components SoA's requests of one vector wait on each other (one round trip each, below
    // the unrolled loop's four), AoS's one request brings them all: at m = 3 AoS is faster
    // (validate_time on the H200, 2026-12-01: 0.64x; m = 4, 8, 12: 0.95x, 1.11x, 0.99x).
    CHECK(aos_over_soa(vectors(3, true, false)) < 0.9);
    for (std::size_t m : {4, 8, 12}) {
      CHECK(aos_over_soa(vectors(m, true, false)) > 0.75);
      CHECK(aos_over_soa(vectors(m, true, false)) < 1.15);
    }
    CHECK(aos_over_soa(vectors(16, true, false)) == doctest::Approx(2.2).epsilon(0.1));
    CHECK(aos_over_soa(vectors(32, true, false)) == doctest::Approx(4.4).epsilon(0.2));
    // Writes of all m: L2 merges AoS's partial writes at m = 3 and 4, not at 8 (9x slower).
    for (std::size_t m : {3, 4}) CHECK(aos_over_soa(vectors(m, false, true)) == doctest::Approx(1.0).epsilon(0.05));
    CHECK(aos_over_soa(vectors(8, false, true)) == doctest::Approx(9.0).epsilon(0.2));
    // An empty-ish kernel over 2^24 threads is bound by the launch floor of about 45 us.
    const advice small = advise(vectors(1, true, false), parse_arch("sm_90"));
    CHECK(small.ranked.front().time->launch_s == doctest::Approx(45e-6).epsilon(0.05));
  }

  TEST_CASE("analysis.time.ranking_and_explanation") {
    const advice a = advise(vectors(32, true, false), parse_arch("sm_90"));
    CHECK(a.ranked.back().name == "aos");
    CHECK(a.ranked.back().time->binding == limit::l2);
    CHECK(a.ranked.front().time->binding == limit::dram);
    CHECK(a.explanation.find("predicted fastest") != std::string::npos);
    CHECK(a.explanation.find("bound by L2") != std::string::npos);
    // Equal predictions (m = 8 reads): fewer address streams per warp decide (blocked:32's one
    // against SoA's 8; measured 0.123 against 0.126 ms), then the fewest bytes moved.
    const advice eight = advise(vectors(8, true, false), parse_arch("sm_90"));
    CHECK(eight.ranked.front().name == "blocked:32");
    CHECK(eight.explanation.find("1.0 address streams (1.0 contiguous runs) per warp against soa's 8.0") !=
          std::string::npos);
    // Writes of 8: the same (measured blocked:32 0.121 ms, SoA 0.131).
    CHECK(advise(vectors(8, false, true), parse_arch("sm_90")).ranked.front().name == "blocked:32");
    // No model for sm_75: ranked by sectors, and it says so.
    const advice turing = advise(vectors(8, true, false), parse_arch("sm_75"));
    CHECK(!turing.ranked.front().time);
    CHECK(turing.explanation.find("no time model for sm_75") != std::string::npos);
    CHECK(perf_params_for(parse_arch("sm_80")));
    CHECK(perf_params_for(parse_arch("sm_70"))->sms == 80);
  }

  TEST_CASE("analysis.time.tie_named") {
    // Reading one of 16 floats: soa and the blocked layouts touch the same sectors and are predicted
    // equal. Within time_tie (3 %, the model's error) the advice names them a tie: any of them.
    const advice a = advise(masked(16, {0}, {}), parse_arch("sm_90"));
    CHECK(time_tie == 0.03);
    REQUIRE(a.tied == 5);
    CHECK(a.ranked.back().name == "aos");
    CHECK(a.explanation.find("soa, blocked:256, blocked:128, blocked:64 and blocked:32 predicted within 3 %: any of "
                             "them; soa first") != std::string::npos);
    // No tie where one layout is predicted clearly fastest (reads of 3 floats: aos, one request per thread).
    const advice three = advise(vectors(3, true, false), parse_arch("sm_90"));
    CHECK(three.tied == 1);
    CHECK(three.explanation.find("any of them") == std::string::npos);
  }

  TEST_CASE("analysis.time.tie_rule_sparse_mask") {
    // One of 16 floats read (thread issue binds): measured soa 0.049 ms, blocked:128 0.053, blocked:32
    // 0.053 (+7 %, both runs): no blocked index first, then the longer component runs.
    const advice one = advise(masked(16, {0}, {}), parse_arch("sm_90"));
    CHECK(one.ranked.front().name == "soa");
    CHECK(place(one, "blocked:128") < place(one, "blocked:32"));
    CHECK(place(one, "blocked:32") == one.tied - 1);
    // Half of 16 floats written (memory binds): blocked:32 measured fastest (0.127 ms against soa 0.136
    // and blocked:128 0.141): one stream and one run per warp against soa's 8 streams and
    // blocked:128's 8 runs.
    const advice half = advise(masked(16, {}, {0, 1, 2, 3, 4, 5, 6, 7}), parse_arch("sm_90"));
    CHECK(half.ranked.front().name == "blocked:32");
    CHECK(place(half, "blocked:32") < place(half, "blocked:128"));
    // Every other of 16 floats read (memory binds; validate_time's masks section, not yet measured): the
    // blocked layouts keep one stream and eight runs per warp each, so the longer runs decide.
    const advice every_other = advise(masked(16, {0, 2, 4, 6, 8, 10, 12, 14}, {}), parse_arch("sm_90"));
    CHECK(every_other.ranked.front().name == "blocked:256");
    CHECK(place(every_other, "blocked:128") < place(every_other, "blocked:32"));
    CHECK(every_other.explanation.find("runs of one component of 1024 bytes against blocked:32's 128") !=
          std::string::npos);
  }

  TEST_CASE("analysis.time.tie_rule_full_mask") {
    // All of 4 floats read (memory binds): blocked:32 measured 0.065 ms, soa 0.069: fewer streams.
    const advice four = advise(vectors(4, true, false), parse_arch("sm_90"));
    CHECK(four.ranked.front().name == "blocked:32");
    CHECK(place(four, "blocked:32") < place(four, "soa"));
    // All of 3 floats read (load latency binds; aos, one request per thread, first at 0.061 ms): soa
    // 0.098 ms before blocked:32 0.104 and blocked:128 0.103, the blocked index's arithmetic.
    const advice three = advise(vectors(3, true, false), parse_arch("sm_90"));
    CHECK(three.ranked[0].name == "aos");
    CHECK(three.ranked[1].name == "soa");
  }

  TEST_CASE("analysis.time.overrides") {
    const perf_params p = with_overrides(*perf_params_for(parse_arch("sm_90")), "l1_reuse_bytes=96000,sms=100");
    CHECK(p.l1_reuse_bytes == 96000);
    CHECK(p.sms == 100);
    CHECK_THROWS_WITH_AS(with_overrides(p, "l3_bytes=1"), doctest::Contains("l3_bytes=1"), coalesce::error);
    CHECK_THROWS_WITH_AS(with_overrides(p, "sms=-4"), doctest::Contains("sms=-4"), coalesce::error);
    CHECK_THROWS_WITH_AS(with_overrides(p, "sms"), doctest::Contains("'sms'"), coalesce::error);
    // A smaller L1 share makes m = 12 AoS reads lose their re-reads.
    advisor_options o;
    o.perf = with_overrides(*perf_params_for(parse_arch("sm_90")), "l1_reuse_bytes=40000");
    const advice a = advise(vectors(12, true, false), parse_arch("sm_90"), o);
    CHECK(find(a, "aos").time->l1_hit == 0.0);
  }

  TEST_CASE("analysis.time.records") {
    record_kernel k;
    k.desc = coalesce::record_desc({{"x", 0, 8, 3}, {"v", 24, 4, 3}, {"id", 36, 4, 1}, {"pad", 40, 8, 3}}, 64);
    k.n = 100003;
    k.reads = {{"x", {}}, {"v", {}}};
    k.writes = {{"x", {}}};
    const record_advice a = advise_record(k, parse_arch("sm_90"));
    for (const record_candidate& c : a.ranked) CHECK(c.time);
    CHECK(a.ranked.front().time->seconds <= a.ranked.back().time->seconds);
    CHECK(a.explanation.find("predicted fastest") != std::string::npos);
    // The layouts that give x and v their own runs tie; the advice names them, best first.
    REQUIRE(a.tied >= 2);
    CHECK(a.explanation.find(a.ranked[0].name + ", " + a.ranked[1].name) != std::string::npos);
    CHECK(a.explanation.find("predicted within 3 %: any of them") != std::string::npos);
  }

  TEST_CASE("analysis.time.records_sampled_past_2_16") {
    // 6251 warps: the first 2048 stand for each block of 2048, the tail is walked. AoS, 64-byte
    // records: every x load costs one sector per lane, and x[0..2] lie in each record's first sector.
    record_kernel k;
    k.desc = coalesce::record_desc({{"x", 0, 8, 3}, {"v", 24, 8, 3}, {"id", 48, 4, 1}}, 64);
    k.n = 200003;
    k.reads = {{"x", {}}};
    const record_report r = analyze_record_kernel(k, coalesce::record_aos(), parse_arch("sm_90"));
    REQUIRE(r.instructions.size() == 3);
    for (const record_instruction& ins : r.instructions) {
      CHECK(ins.cost.requests == 6251);
      CHECK(ins.cost.transactions == 6250 * 32 + 3);
    }
    CHECK(r.traffic.load_footprint == 32 * k.n);
    CHECK(r.dram_footprint == 32 * k.n);
    CHECK(r.traffic.warps == 6251);
    CHECK(r.traffic.warp_load_sectors == 32 * 6250 + 3);
  }
}

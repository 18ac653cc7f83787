// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The record analyzer (analysis.record.*): sectors per request of each record layout for a particle
// kernel, the split candidates, agreement with the vector analyzer on a one-field record, and errors.
#include <coalesce/analysis/record_advisor.hpp>

#include <coalesce/core/error.hpp>

#include <doctest/doctest.h>

#include <algorithm>

using namespace coalesce::analysis;
using coalesce::array_layout;
using coalesce::field_desc;
using coalesce::layout_kind;
using coalesce::record_desc;

namespace {

// The particle app's struct: x[3], v[3] doubles, float mass, int id, uint8 species; 64-byte stride.
record_desc particle() {
  return record_desc({{"x", 0, 8, 3}, {"v", 24, 8, 3}, {"mass", 48, 4, 1}, {"id", 52, 4, 1}, {"species", 56, 1, 1}}, 64);
}

record_kernel drift(std::size_t n) {
  record_kernel k;
  k.desc = particle();
  k.n = n;
  k.reads = {{"x", {}}, {"v", {}}};
  k.writes = {{"x", {}}};
  return k;
}

const record_candidate& find(const record_advice& a, const std::string& name) {
  const auto it = std::find_if(a.ranked.begin(), a.ranked.end(), [&](const auto& c) { return c.name == name; });
  REQUIRE(it != a.ranked.end());
  return *it;
}

}  // namespace

TEST_SUITE("unit") {
  TEST_CASE("analysis.record.particle_sectors") {
    const gpu_arch sm90 = parse_arch("sm_90");
    const record_kernel k = drift(4096);
    // AoS: lanes 64 bytes apart, each 8-byte element in its own sector: 32 per request.
    const record_report aos = analyze_record_kernel(k, coalesce::record_aos(), sm90);
    REQUIRE(aos.instructions.size() == 9);
    CHECK(aos.instructions[0].cost.transactions_per_request() == 32.0);
    CHECK(aos.instructions[0].cost.requests == 128);
    CHECK(aos.bytes_used == 9 * 4096 * 8);
    CHECK(aos.bytes_moved == 4 * aos.bytes_used);
    CHECK(aos.dram_footprint == 4096 * 64);  // x and v touch every record's first 48 bytes: both sectors
    // SoA and blocked: 32 lanes x 8 bytes = 256 contiguous bytes, 8 sectors.
    for (const auto& spec : {coalesce::record_soa(), coalesce::record_blocked(32), coalesce::record_split({"x", "v"})}) {
      INFO(coalesce::to_string(spec));
      const record_report r = analyze_record_kernel(k, spec, sm90);
      CHECK(r.transactions == 9 * 128 * 8);
      CHECK(r.efficiency() == 1.0);
      CHECK(r.dram_footprint == 6 * 4096 * 8);
    }
  }

  TEST_CASE("analysis.record.ranking_and_split") {
    // By bytes (sm_75 has no time model; on sm_90 these 4096 launch-bound records tie and the
    // single-stream layouts rank first).
    const record_advice a = advise_record(drift(4096), parse_arch("sm_75"));
    CHECK(a.ranked.front().report.bytes_moved == a.ranked.front().report.bytes_used);
    CHECK(a.ranked.back().report.bytes_moved == 4 * a.ranked.front().report.bytes_moved);
    CHECK(find(a, "split:x,v").report.bytes_moved == a.ranked.front().report.bytes_moved);
    CHECK(find(a, "split:x,v:blocked:128").report.layout.block == 128);
    CHECK(a.ranked.size() == 12);  // aos, packed, soa, 4 blocked, split soa and 4 split blocked
    CHECK(a.explanation.find("64 bytes apart") != std::string::npos);
    CHECK(a.explanation.find("as bad as aos") != std::string::npos);

    // Every field touched: no split candidate unless hot fields are named.
    record_kernel all = drift(1000);
    all.reads = {{"x", {}}, {"v", {}}, {"mass", {}}, {"id", {}}, {"species", {}}};
    CHECK(record_candidates(all).size() == 7);
    record_advisor_options o;
    o.hot = {"x"};
    o.blocks = {64};
    const auto specs = record_candidates(all, o);
    REQUIRE(specs.size() == 6);
    CHECK(coalesce::to_string(specs[4]) == "split:x");
    CHECK(coalesce::to_string(specs[5]) == "split:x:blocked:64");

    // Reading the cold fields whole: soa reads each in full sectors, split's packed cold rows do not.
    record_kernel cold = drift(4096);
    cold.reads = {{"mass", {}}, {"id", {}}};
    o.hot = {"x", "v"};
    const record_advice b = advise_record(cold, parse_arch("sm_90"), o);
    CHECK(find(b, "split:x,v").report.bytes_moved > find(b, "soa").report.bytes_moved);
  }

  TEST_CASE("analysis.record.one_field_matches_vectors") {
    // A record of one float[3] field is a vector set of m = 3: the same sectors in aos, soa, blocked.
    record_kernel k;
    k.desc = record_desc({{"u", 0, 4, 3}}, 12);
    k.n = 2048;
    k.reads = {{"u", {}}};
    k.writes = {{"u", {1}}};
    kernel_description v;
    v.n = 2048;
    v.m = 3;
    v.reads = {0, 1, 2};
    v.writes = {1};
    const gpu_arch sm90 = parse_arch("sm_90");
    const std::pair<coalesce::record_layout_spec, array_layout> pairs[] = {
        {coalesce::record_aos(), {layout_kind::row_major, 2048, 3, 3, 0}},
        {coalesce::record_soa(), {layout_kind::col_major, 2048, 3, 2048, 0}},
        {coalesce::record_blocked(32), {layout_kind::blocked, 2048, 3, 0, 32}}};
    for (const auto& [spec, layout] : pairs) {
      INFO(coalesce::to_string(spec));
      const record_report r = analyze_record_kernel(k, spec, sm90);
      const kernel_report q = analyze_kernel(v, layout, sm90);
      CHECK(r.transactions == q.transactions);
      CHECK(r.bytes_moved == q.bytes_moved);
      CHECK(r.dram_footprint == q.dram_footprint);
    }
  }

  TEST_CASE("analysis.record.errors") {
    const gpu_arch sm90 = parse_arch("sm_90");
    record_kernel k = drift(0);
    CHECK_THROWS_AS(analyze_record_kernel(k, coalesce::record_aos(), sm90), coalesce::error);
    k.n = 10;
    k.reads = {{"position", {}}};
    CHECK_THROWS_WITH_AS(analyze_record_kernel(k, coalesce::record_aos(), sm90),
                         doctest::Contains("no field 'position'"), coalesce::error);
    k.reads = {{"x", {3}}};
    CHECK_THROWS_WITH_AS(analyze_record_kernel(k, coalesce::record_aos(), sm90),
                         doctest::Contains("component 3 of field 'x'"), coalesce::error);
    k.reads.clear();
    k.writes.clear();
    CHECK_THROWS_AS(analyze_record_kernel(k, coalesce::record_aos(), sm90), coalesce::error);
    record_advisor_options o;
    o.blocks = {0};
    CHECK_THROWS_AS(advise_record(drift(10), sm90, o), coalesce::error);
    o.blocks = {32};
    o.hot = {"w"};
    CHECK_THROWS_AS(advise_record(drift(10), sm90, o), coalesce::error);
  }
}

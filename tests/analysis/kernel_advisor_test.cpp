// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include <coalesce/analysis/advisor.hpp>
#include <coalesce/analysis/svg.hpp>

#include <coalesce/core/error.hpp>

#include <doctest/doctest.h>

using namespace coalesce::analysis;
using coalesce::array_layout;
using coalesce::layout_kind;

namespace {

kernel_description read_all(std::size_t n, std::size_t m) {
  kernel_description k;
  k.n = n;
  k.m = m;
  k.type = element_type::float_;
  for (std::size_t i = 0; i < m; ++i) k.reads.push_back(i);
  return k;
}

}  // namespace

TEST_SUITE("unit") {
  TEST_CASE("analysis.kernel.aos_versus_soa") {
    const kernel_description k = read_all(1024, 3);
    const gpu_arch sm90 = parse_arch("sm_90");
    // AoS: each component's load spans 32 * 12 bytes = 12 sectors per request.
    const kernel_report aos = analyze_kernel(k, {layout_kind::row_major, 1024, 3, 3, 0}, sm90);
    REQUIRE(aos.instructions.size() == 3);
    CHECK(aos.instructions[1].requests == 32);
    CHECK(aos.instructions[1].transactions_per_request() == 12.0);
    CHECK(aos.requests == 96);
    CHECK(aos.transactions == 1152);
    CHECK(aos.bytes_used == 12288);
    CHECK(aos.bytes_moved == 36864);
    CHECK(aos.efficiency() == doctest::Approx(1.0 / 3.0));
    CHECK(aos.dram_footprint == 12288);
    // SoA and blocked: 4 sectors per request.
    for (const array_layout& l :
         {array_layout{layout_kind::col_major, 1024, 3, 1024, 0}, array_layout{layout_kind::blocked, 1024, 3, 0, 64}}) {
      const kernel_report r = analyze_kernel(k, l, sm90);
      CHECK(r.transactions == 384);
      CHECK(r.bytes_moved == 12288);
      CHECK(r.efficiency() == 1.0);
    }
  }

  TEST_CASE("analysis.kernel.matches_per_warp_sum") {
    // The translation cache must not change any count: compare with a plain loop over every warp.
    const gpu_arch archs[] = {parse_arch("sm_90"), parse_arch("cc1.0"), parse_arch("cc1.2"), parse_arch("cc2.0")};
    const array_layout layouts[] = {{layout_kind::row_major, 1000, 5, 5, 0},
                                    {layout_kind::row_major, 1000, 5, 8, 0},
                                    {layout_kind::col_major, 1000, 5, 1003, 0},
                                    {layout_kind::blocked, 1000, 5, 0, 48},
                                    {layout_kind::blocked, 1000, 5, 0, 128}};
    kernel_description k = read_all(1000, 5);
    k.type = element_type::double_;
    k.writes = {4};
    for (const gpu_arch& arch : archs) {
      for (const array_layout& l : layouts) {
        CAPTURE(arch.name());
        CAPTURE(l.kind);
        CAPTURE(l.block);
        const kernel_report r = analyze_kernel(k, l, arch);
        std::uint64_t transactions = 0, moved = 0;
        for (std::size_t w = 0; w < 32; ++w) {
          for (std::size_t i : {0, 1, 2, 3, 4, 4}) {
            const global_report g = analyze_global(pattern_one_thread_per_vector(l, k.type, w, i), arch);
            transactions += g.transactions_per_request();
            moved += g.bytes_moved;
          }
        }
        CHECK(r.transactions == transactions);
        CHECK(r.bytes_moved == moved);
        CHECK(r.bytes_used == 1000 * 6 * 8);
      }
    }
  }

  TEST_CASE("analysis.kernel.thread_to_vector") {
    kernel_description k = read_all(256, 1);
    // Two threads per vector, both reading it: half the sectors per request, twice the requests.
    k.thread_to_vector = "idx/2";
    k.threads = 512;
    const kernel_report r = analyze_kernel(k, {layout_kind::row_major, 256, 1, 1, 0}, parse_arch("sm_90"));
    CHECK(r.requests == 16);
    CHECK(r.transactions == 32);
    CHECK(r.bytes_used == 1024);
    // Threads mapped past n are idle.
    k.thread_to_vector = "idx - 16";
    k.threads = 64;
    const kernel_report shifted = analyze_kernel(k, {layout_kind::row_major, 256, 1, 1, 0}, parse_arch("sm_90"));
    CHECK(shifted.requests == 2);
    CHECK(shifted.bytes_used == 48 * 4);
  }

  TEST_CASE("analysis.kernel.bad_input") {
    kernel_description k = read_all(100, 3);
    const array_layout aos{layout_kind::row_major, 100, 3, 3, 0};
    const gpu_arch sm90 = parse_arch("sm_90");
    k.reads = {3};
    CHECK_THROWS_WITH_AS(analyze_kernel(k, aos, sm90), doctest::Contains("component 3"), coalesce::error);
    k.reads = {};
    CHECK_THROWS_WITH_AS(analyze_kernel(k, aos, sm90), doctest::Contains("no memory instruction"), coalesce::error);
    k.reads = {0};
    CHECK_THROWS_WITH_AS(analyze_kernel(k, {layout_kind::row_major, 100, 3, 2, 0}, sm90),
                         doctest::Contains("pitch 2"), coalesce::error);
    CHECK_THROWS_WITH_AS(analyze_kernel(k, {layout_kind::row_major, 99, 3, 3, 0}, sm90),
                         doctest::Contains("99 x 3"), coalesce::error);
    k.thread_to_vector = "idx +";
    CHECK_THROWS_AS(analyze_kernel(k, aos, sm90), expression_error);
  }

  TEST_CASE("analysis.advisor.ranks_layouts") {
    // Without a time model (sm_75): by bytes moved. (sm_90's model ties these launch-bound reads
    // and ranks the single-stream layouts first: time_model_test.cpp.)
    const advice a = advise(read_all(1024, 3), parse_arch("sm_75"));
    REQUIRE(a.ranked.size() == 6);
    CHECK(a.ranked.front().name == "soa");
    CHECK(a.ranked.back().name == "aos");
    CHECK(a.ranked[1].name == "blocked:32");
    for (std::size_t c = 0; c + 1 < a.ranked.size(); ++c)
      CHECK(a.ranked[c].report.bytes_moved <= a.ranked[c + 1].report.bytes_moved);
    CHECK(a.explanation.find("soa (384 sectors, 0.01 MB moved, efficiency 1.00) ranks first") != std::string::npos);
    CHECK(a.explanation.find("aos (1152 sectors") != std::string::npos);
    CHECK(a.explanation.find("12.00 sectors per request against 4.00") != std::string::npos);
    CHECK(a.explanation.find("3.00x the traffic") != std::string::npos);
  }

  TEST_CASE("analysis.advisor.padding_breaks_ties") {
    // n = 1000 with bd = 256: the last block is padded but never read; SoA's pitch pads each row to
    // 4096 bytes. Equal traffic and footprint: the order AoS, SoA, blocked decides.
    const advice a = advise(read_all(1000, 3), parse_arch("sm_75"));  // by bytes (no time model)
    CHECK(a.ranked.front().name == "soa");
    CHECK(a.ranked.front().report.dram_footprint == 12000);
    CHECK(a.ranked.front().report.span_bytes == (2 * 1024 + 1000) * 4);
    const auto bd256 = std::find_if(a.ranked.begin(), a.ranked.end(), [](const candidate& c) {
      return c.name == "blocked:256";
    });
    REQUIRE(bd256 != a.ranked.end());
    CHECK(bd256->report.span_bytes == 4 * 256 * 3 * 4);
    CHECK(bd256->report.transactions == 375);
  }

  TEST_CASE("analysis.advisor.single_component_ties_everything") {
    kernel_description k = read_all(4096, 1);
    const advice a = advise(k, parse_arch("sm_90"));
    CHECK(a.ranked.front().name == "aos");  // m = 1: every layout is the same array
    CHECK(a.explanation.find("Every candidate moves the same bytes") != std::string::npos);
  }

  TEST_CASE("analysis.svg.pattern") {
    const access_pattern p = pattern_from_index(index_expression::parse("idx*2"), element_type::float4_);
    const global_report r = analyze_global(p, parse_arch("sm_90"));
    const std::string svg = pattern_svg(p, r, "float4 d[idx*2] <sm_90>");
    CHECK(svg.rfind("<svg", 0) == 0);
    CHECK(svg.find("&lt;sm_90&gt;") != std::string::npos);
    CHECK(svg.find("url(#waste)") != std::string::npos);
    CHECK(svg.find("32 sectors per request, 512 bytes used of 1024 moved, efficiency 0.50") != std::string::npos);
    CHECK(svg.find("</svg>") != std::string::npos);
  }
}

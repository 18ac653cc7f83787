// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The memory and bank models beyond the worked examples: every width, broadcasts, cc 2.x, stores.
#include "analysis_test_support.hpp"

#include <coalesce/core/error.hpp>

#include <doctest/doctest.h>

using namespace coalesce::analysis;
using coalesce::analysis::test::banks;
using coalesce::analysis::test::global;
using coalesce::analysis::test::pattern;

TEST_SUITE("unit") {
  TEST_CASE("analysis.sm90.every_width_consecutive") {
    // Consecutive elements of every width: exactly the bytes requested, in 32-byte sectors.
    for (const char* t : {"char", "short", "int", "float", "float2", "double", "float4", "double2"}) {
      CAPTURE(t);
      const global_report r = global("sm_90", t, "idx");
      const std::size_t bytes = 32 * size_of(parse_element_type(t));
      CHECK(r.bytes_requested == bytes);
      CHECK(r.transactions_per_request() == (bytes + 31) / 32);
      CHECK(r.efficiency() == 1.0);
    }
  }

  TEST_CASE("analysis.sm90.broadcast") {
    const global_report r = global("sm_90", "float", "0");
    CHECK(r.transactions_per_request() == 1);
    CHECK(r.bytes_requested == 128);
    CHECK(r.bytes_used == 4);
    CHECK(r.efficiency() == 4.0 / 32.0);
    CHECK(r.coalesced());  // one sector is the least any access needs
  }

  TEST_CASE("analysis.sm90.offset_and_reverse") {
    CHECK(global("sm_90", "float", "idx", 4).transactions_per_request() == 5);
    CHECK(global("sm_90", "float", "31-idx").transactions_per_request() == 4);
    CHECK(global("sm_90", "double", "idx", 8).transactions_per_request() == 9);
    CHECK(global("sm_90", "float", "(idx%32)*33").transactions_per_request() == 32);
    CHECK(global("sm_50", "float", "idx*2").transactions_per_request() == 8);
  }

  TEST_CASE("analysis.sm90.store_counts_like_load") {
    const access_pattern p = pattern("float4", "idx*2", 0, 32, access_kind::store);
    CHECK(p.kind == access_kind::store);
    CHECK(analyze_global(p, parse_arch("sm_90")).transactions_per_request() == 32);
  }

  TEST_CASE("analysis.cc2_x.lines_and_bypass") {
    // float, consecutive: one 128-byte line; with L1 bypassed, four 32-byte segments.
    CHECK(global("cc2.0", "float", "idx").transactions_per_request() == 1);
    global_options bypass;
    bypass.l1_bypass = true;
    CHECK(analyze_global(pattern("float", "idx"), parse_arch("cc2.1"), bypass).transactions_per_request() == 4);
    // float4 is split into quarter-warp requests of 128 bytes each: 4 lines.
    CHECK(global("cc2.0", "float4", "idx").transactions_per_request() == 4);
    // Far apart: one line per lane, 4 useful bytes of 128.
    const global_report far = global("cc2.0", "float", "idx*64");
    CHECK(far.transactions_per_request() == 32);
    CHECK(far.bytes_moved == 32 * 128);
    // Misaligned by 4 bytes: two lines.
    CHECK(global("cc2.0", "float", "idx", 4).transactions_per_request() == 2);
  }

  TEST_CASE("analysis.cc1_0.wide_words") {
    // 8-byte words: one 128-byte transaction per half-warp; 16-byte words: two per half-warp.
    const global_report d = global("cc1.0", "double", "idx");
    CHECK(d.transactions_per_request() == 2);
    CHECK(d.bytes_moved == 256);
    const global_report f4 = global("cc1.0", "float4", "idx");
    CHECK(f4.transactions_per_request() == 4);
    CHECK(f4.bytes_moved == 512);
    // 1- and 2-byte words never coalesce on cc 1.0/1.1.
    CHECK(global("cc1.0", "char", "idx").transactions_per_request() == 32);
    CHECK(global("cc1.0", "short", "idx").transactions_per_request() == 32);
  }

  TEST_CASE("analysis.cc1_2.segments_by_word_size") {
    // char: 32-byte segments; 16 chars use the lower half but 32 bytes is the floor.
    const global_report c = global("cc1.2", "char", "idx");
    CHECK(c.transactions_per_request() == 2);
    CHECK(c.bytes_moved == 64);
    // short: 64-byte segment, 32 bytes used in one half: shrunk to 32 per half-warp.
    CHECK(global("cc1.2", "short", "idx").bytes_moved == 64);
    // Stride 2 floats: a half-warp spans 128 bytes, one full transaction each.
    const global_report s = global("cc1.2", "float", "idx*2");
    CHECK(s.transactions_per_request() == 2);
    CHECK(s.bytes_moved == 256);
    // The upper half only: shrunk to the upper 64 bytes, then the upper 32 (bytes 96..127).
    const global_report up = global("cc1.2", "float", "24 + idx%8", 0, 8);
    REQUIRE(up.transactions_per_request() == 1);
    CHECK(up.transactions[0].address == 96);
    CHECK(up.transactions[0].bytes == 32);
  }

  TEST_CASE("analysis.banks.widths_and_broadcast") {
    CHECK(banks("float", "0").wavefronts == 1);       // broadcast
    CHECK(banks("float", "idx/2").wavefronts == 1);   // pairs share a word
    CHECK(banks("float", "idx*33").wavefronts == 1);  // the padded-tile trick
    CHECK(banks("float", "idx*32").ways == 32);
    CHECK(banks("char", "idx").wavefronts == 1);       // four lanes per word
    const bank_report d = banks("double", "idx");
    CHECK(d.phases == 2);
    CHECK(d.wavefronts == 2);
    CHECK(d.conflicts() == 0);
    CHECK(banks("double", "idx*2").conflicts() == 2);  // 2-way in each half-warp
    const bank_report f4 = banks("float4", "idx");
    CHECK(f4.wavefronts == 4);
    CHECK(f4.conflicts() == 0);
  }

  TEST_CASE("analysis.banks.eight_byte_mode") {
    bank_options eight;
    eight.bank_bytes = 8;
    CHECK(analyze_banks(pattern("double", "idx"), eight).wavefronts == 1);
    CHECK(analyze_banks(pattern("float", "idx*2"), eight).wavefronts == 1);
    CHECK(analyze_banks(pattern("float", "idx*64"), eight).ways == 32);
    bank_options three;
    three.bank_bytes = 3;
    CHECK_THROWS_AS(analyze_banks(pattern("float", "idx"), three), coalesce::error);
  }

  TEST_CASE("analysis.arch.parse") {
    CHECK(parse_arch("sm_90").model() == memory_model::sectored);
    CHECK(parse_arch("sm_90a").name() == "sm_90");
    CHECK(parse_arch("cc1.1").model() == memory_model::cc1_0);
    CHECK(parse_arch("cc1.3").model() == memory_model::cc1_2);
    CHECK(parse_arch("sm_21").model() == memory_model::cc2_x);
    CHECK(parse_arch("cc3.5").name() == "sm_35");
    for (const char* bad : {"sm_91", "sm_100", "cc1.4", "gfx90a", "", "sm_", "cc10.0"}) {
      CAPTURE(bad);
      CHECK_THROWS_AS(parse_arch(bad), coalesce::error);
    }
  }

  TEST_CASE("analysis.pattern.bad_input") {
    CHECK_THROWS_WITH_AS(pattern("float", "idx - 1"), doctest::Contains("lane 0 (idx = 0) gets index -1"),
                         coalesce::error);
    CHECK_THROWS_WITH_AS(pattern("float4", "idx", 4), doctest::Contains("base offset 4 bytes"), coalesce::error);
    CHECK_THROWS_WITH_AS(pattern("half", "idx"), doctest::Contains("'half'"), coalesce::error);
    CHECK_THROWS_WITH_AS(pattern("float", "idx", 0, 33), doctest::Contains("lanes = 33"), coalesce::error);
    std::array<std::optional<std::uint64_t>, warp_size> a{};
    a[3] = 6;
    CHECK_THROWS_WITH_AS(make_pattern(a, 4), doctest::Contains("lane 3 accesses byte address 6"), coalesce::error);
    CHECK_THROWS_AS(make_pattern(a, 3), coalesce::error);
  }
}

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The worked examples of the issue and BACKGROUND.md, exactly.
#include "analysis_test_support.hpp"

#include <doctest/doctest.h>

using namespace coalesce::analysis;
using coalesce::analysis::test::banks;
using coalesce::analysis::test::global;

TEST_SUITE("unit") {
  TEST_CASE("analysis.sm90.float_consecutive") {
    // 32 consecutive aligned floats: one 128-byte line, 4 sectors.
    const global_report r = global("sm_90", "float", "idx");
    CHECK(r.transactions_per_request() == 4);
    CHECK(r.lines == 1);
    CHECK(r.bytes_requested == 128);
    CHECK(r.bytes_moved == 128);
    CHECK(r.efficiency() == 1.0);
    CHECK(r.coalesced());
  }

  TEST_CASE("analysis.sm90.float4_consecutive") {
    const global_report r = global("sm_90", "float4", "idx");
    CHECK(r.transactions_per_request() == 16);
    CHECK(r.lines == 4);  // the "4 global transactions" of 128 bytes
    CHECK(r.bytes_requested == 512);
    CHECK(r.bytes_moved == 512);
    CHECK(r.efficiency() == 1.0);
  }

  TEST_CASE("analysis.sm90.float4_stride2") {
    const global_report r = global("sm_90", "float4", "idx*2");
    CHECK(r.transactions_per_request() == 32);
    CHECK(r.bytes_moved == 1024);
    CHECK(r.bytes_requested == 512);
    CHECK(r.bytes_used == 512);
    CHECK(r.efficiency() == 0.5);
    CHECK_FALSE(r.coalesced());
  }

  TEST_CASE("analysis.sm90.float4_split_halves") {
    // Threads 0-15 read bytes 0..255, threads 16-31 bytes 512..767: 8 + 8 sectors.
    const global_report r = global("sm_90", "float4", "idx + (idx/16)*16");
    CHECK(r.transactions_per_request() == 16);
    CHECK(r.transactions.front().address == 0);
    CHECK(r.transactions[7].address == 224);
    CHECK(r.transactions[8].address == 512);
    CHECK(r.transactions.back().address == 736);
    CHECK(r.efficiency() == 1.0);
    CHECK(r.coalesced());
  }

  TEST_CASE("analysis.sm90.float_far_apart") {
    const global_report r = global("sm_90", "float", "idx*64");
    CHECK(r.transactions_per_request() == 32);
    CHECK(r.bytes_used == 128);
    CHECK(r.bytes_moved == 1024);
    CHECK(r.efficiency() == 0.125);
  }

  TEST_CASE("analysis.cc1_0.half_warp_aligned") {
    // 16 threads, consecutive 4-byte words from byte 128: one 64-byte transaction.
    const global_report r = global("cc1.0", "float", "idx", 128, 16);
    REQUIRE(r.transactions_per_request() == 1);
    CHECK(r.transactions[0].address == 128);
    CHECK(r.transactions[0].bytes == 64);
    CHECK(r.bytes_moved == 64);
    CHECK(r.coalesced());
  }

  TEST_CASE("analysis.cc1_0.half_warp_misaligned") {
    // From byte 132 the half-warp straddles a 64-byte segment: 16 separate transactions.
    const global_report r = global("cc1.1", "float", "idx", 132, 16);
    CHECK(r.transactions_per_request() == 16);
    CHECK(r.bytes_moved == 16 * 32);
    CHECK_FALSE(r.coalesced());
  }

  TEST_CASE("analysis.cc1_0.swapped_threads") {
    // Two threads swap their words: no longer "thread k reads word k", so 16 transactions.
    const global_report r = global("cc1.0", "float", "idx", 0, 16);
    CHECK(r.transactions_per_request() == 1);
    const global_report swapped = global("cc1.0", "float", "(idx/2)*2 + 1 - idx%2", 0, 16);
    CHECK(swapped.transactions_per_request() == 16);
  }

  TEST_CASE("analysis.cc1_2.half_warp_aligned") {
    // 64 bytes in the lower half of a 128-byte segment: shrunk to one 64-byte transaction.
    const global_report r = global("cc1.2", "float", "idx", 128, 16);
    REQUIRE(r.transactions_per_request() == 1);
    CHECK(r.transactions[0].address == 128);
    CHECK(r.transactions[0].bytes == 64);
  }

  TEST_CASE("analysis.cc1_2.half_warp_misaligned") {
    // Bytes 132..195 lie in the 128-byte segment at 128 and use both of its halves (192..195 is in the
    // upper one), so the rule keeps the full 128 bytes: one transaction, 64 of 128 bytes used.
    const global_report r = global("cc1.3", "float", "idx", 132, 16);
    REQUIRE(r.transactions_per_request() == 1);
    CHECK(r.transactions[0].address == 128);
    CHECK(r.transactions[0].bytes == 128);
    CHECK(r.bytes_used == 64);
    CHECK(r.efficiency() == 0.5);
  }

  TEST_CASE("analysis.cc1_2.permutation_is_free") {
    const global_report r = global("cc1.2", "float", "(idx/2)*2 + 1 - idx%2", 0, 16);
    CHECK(r.transactions_per_request() == 1);
    CHECK(r.bytes_moved == 64);
  }

  TEST_CASE("analysis.matrix.row_versus_column") {
    using coalesce::array_layout;
    using coalesce::layout_kind;
    // Thread t reads its own row of a row-major matrix with rows of 3 floats: first access 0, 3, 6, 9.
    const array_layout rows{layout_kind::row_major, 4, 3, 3, 0};
    // Thread t reads column t of a row-major 3 x 4 matrix: first access 0, 1, 2, 3.
    const array_layout cols{layout_kind::row_major, 3, 4, 4, 0};
    for (std::size_t k = 0; k < 3; ++k) {
      CAPTURE(k);
      const access_pattern by_row = pattern_from_layout(rows, element_type::float_, [&](std::size_t lane) {
        return lane < 4 ? std::optional<element_ref>(element_ref{lane, k}) : std::nullopt;
      });
      const access_pattern by_col = pattern_from_layout(cols, element_type::float_, [&](std::size_t lane) {
        return lane < 4 ? std::optional<element_ref>(element_ref{k, lane}) : std::nullopt;
      });
      if (k == 0) {
        CHECK(by_row.address[1] == 3 * 4);
        CHECK(by_row.address[3] == 9 * 4);
        CHECK(by_col.address[3] == 3 * 4);
      }
      const global_report row90 = analyze_global(by_row, parse_arch("sm_90"));
      const global_report col90 = analyze_global(by_col, parse_arch("sm_90"));
      CHECK_FALSE(row90.coalesced());
      CHECK(row90.transactions_per_request() == 2);
      CHECK(col90.coalesced());
      CHECK(col90.transactions_per_request() == 1);
      const global_report row10 = analyze_global(by_row, parse_arch("cc1.0"));
      const global_report col10 = analyze_global(by_col, parse_arch("cc1.0"));
      CHECK(row10.transactions_per_request() == 4);
      // The strict rule wants thread k on word k of a 64-byte-aligned segment: rows 1 and 2 start at
      // words 4 and 8, so only the first access coalesces there; cc 1.2 serves all three in one.
      CHECK(col10.transactions_per_request() == (k == 0 ? 1 : 4));
      CHECK(col10.coalesced() == (k == 0));
      CHECK(analyze_global(by_col, parse_arch("cc1.2")).transactions_per_request() == 1);
    }
  }

  TEST_CASE("analysis.banks.reduction_interleaved") {
    // data[2*s*tid] on 32 banks of 4 bytes: 2-way at s = 1, 4-way at s = 2, ... 16-way at s = 8,
    // and 32-way from s = 16 on (every lane in bank 0).
    std::size_t expected = 2;
    for (int s = 1; s <= 64; s *= 2) {
      CAPTURE(s);
      const bank_report r = banks("float", "2*" + std::to_string(s) + "*idx");
      CHECK(r.ways == expected);
      CHECK(r.wavefronts == expected);
      CHECK(r.conflicts() == expected - 1);
      expected = std::min<std::size_t>(expected * 2, 32);
    }
  }

  TEST_CASE("analysis.banks.reduction_sequential") {
    for (int s = 1; s <= 512; s *= 2) {
      CAPTURE(s);
      const bank_report r = banks("float", "idx + " + std::to_string(s));
      CHECK(r.ways == 1);
      CHECK(r.conflicts() == 0);
    }
  }
}

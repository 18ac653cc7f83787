// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The dispatch table of device transforms, checked on the host: which method and tile each case gets.
#include "../../src/relayout_plan.hpp"

#include <doctest/doctest.h>

using namespace coalesce;
using namespace coalesce::detail;

namespace {
array_layout rows(std::size_t n, std::size_t m, std::size_t pitch) { return {layout_kind::row_major, n, m, pitch, 0}; }
array_layout cols(std::size_t n, std::size_t m, std::size_t pitch) { return {layout_kind::col_major, n, m, pitch, 0}; }
array_layout blocks(std::size_t n, std::size_t m, std::size_t bd) { return {layout_kind::blocked, n, m, 0, bd}; }
}  // namespace

TEST_SUITE("unit") {
  TEST_CASE("transform.plan.copies_when_only_the_pitch_differs") {
    CHECK(plan_relayout(rows(100, 3, 3), rows(100, 3, 128), 4).method == relayout_method::copy_2d);
    CHECK(plan_relayout(cols(100, 3, 100), cols(100, 3, 128), 4).method == relayout_method::copy_2d);
    CHECK(plan_relayout(blocks(100, 3, 32), blocks(100, 3, 32), 4).method == relayout_method::copy_2d);
    CHECK(plan_relayout(blocks(100, 3, 32), blocks(100, 3, 64), 4).method == relayout_method::tiled);
  }

  TEST_CASE("transform.plan.tiles_fit_budget_and_blocks") {
    for (std::size_t elem : {1, 2, 4, 8, 16})
      for (std::size_t m : {1, 2, 3, 4, 9, 12, 16, 32, 33, 64})
        for (std::size_t bd : {1, 32, 48, 128, 256, 4096}) {
          INFO("elem " << elem << " m " << m << " bd " << bd);
          const relayout_plan p = plan_relayout(rows(1000, m, m), blocks(1000, m, bd), elem);
          if (p.method != relayout_method::tiled) {
            // 16-byte m = 64 rows leave room for 47 vectors in 48 KiB: no multiple or divisor of 48 >= 32 fits.
            CHECK((elem == 16 && m == 64 && bd == 48));
            continue;
          }
          CHECK(p.stride % 2 == 1);
          CHECK(p.stride >= m);
          CHECK(p.shared_bytes == std::size_t(p.tile) * p.stride * elem);
          CHECK(p.shared_bytes <= max_tile_bytes);
          CHECK((p.tile % bd == 0 || bd % p.tile == 0));
          if (bd % 32 == 0 || 32 % bd == 0) CHECK(p.tile % 32 == 0);  // whole warps where the block allows
        }
  }

  TEST_CASE("transform.plan.falls_back_when_nothing_fits") {
    CHECK(plan_relayout(rows(100, 1500, 1500), cols(100, 1500, 100), 4).method == relayout_method::simple);
    CHECK(plan_relayout(rows(100, 100, 100), blocks(100, 100, 32), 16).method == relayout_method::simple);
    // bd = 1000 = 8 * 125: tiles of whole warps cannot meet it, a tile of 40 or 200 can
    const relayout_plan odd = plan_relayout(rows(5000, 3, 3), blocks(5000, 3, 1000), 4);
    REQUIRE(odd.method == relayout_method::tiled);
    CHECK((odd.tile % 1000 == 0 || 1000 % odd.tile == 0));
  }
}

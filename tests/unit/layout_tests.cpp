// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Layout algebra, checked over the whole domain of many shapes, and pinned offset tables.
#include <coalesce/layout.hpp>
#include <coalesce/layout/spec.hpp>

#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

using namespace coalesce;
using E = extents<>;

namespace {

// Every (v, i) maps below the span, no two share an offset, locate() inverts the mapping, and
// every offset that is not data is padding (locate says so).
template <class Mapping>
void check_bijection(const Mapping& map) {
  const std::size_t n = map.extents().extent(0), m = map.extents().extent(1), span = map.required_span_size();
  std::vector<int> hits(span, 0);
  for (std::size_t v = 0; v < n; ++v)
    for (std::size_t i = 0; i < m; ++i) {
      const std::size_t o = map(v, i);
      REQUIRE(o < span);
      ++hits[o];
      const location loc = map.locate(o);
      REQUIRE(loc.is_data);
      REQUIRE(loc.v == v);
      REQUIRE(loc.i == i);
    }
  std::size_t data = 0;
  for (std::size_t o = 0; o < span; ++o) {
    REQUIRE(hits[o] <= 1);
    REQUIRE(map.locate(o).is_data == (hits[o] == 1));
    data += std::size_t(hits[o]);
  }
  CHECK(data == n * m);
  CHECK(map.is_unique());
  CHECK(map.is_exhaustive() == (span == n * m));
  const padding_stats stats = padding_of(map);
  CHECK(stats.padding == span - n * m);
  if (map.is_strided())
    for (std::size_t v = 0; v < n; ++v)
      for (std::size_t i = 0; i < m; ++i) REQUIRE(map(v, i) == v * map.stride(0) + i * map.stride(1));
}

const std::size_t sizes_n[] = {0, 1, 2, 7, 31, 32, 33, 64, 100, 257};
const std::size_t sizes_m[] = {1, 2, 3, 4, 12, 17, 32};

}  // namespace

TEST_SUITE("unit") {
  TEST_CASE("layout.row_major.bijection") {
    for (std::size_t n : sizes_n)
      for (std::size_t m : sizes_m)
        for (std::size_t extra : {0, 1, 5, 29}) check_bijection(layout_row_major::mapping<E>(E(n, m), m + extra));
  }

  TEST_CASE("layout.col_major.bijection") {
    for (std::size_t n : sizes_n)
      for (std::size_t m : sizes_m)
        for (std::size_t extra : {0, 1, 3, 64}) check_bijection(layout_col_major::mapping<E>(E(n, m), n + extra));
  }

  TEST_CASE("layout.blocked.bijection") {
    for (std::size_t n : sizes_n)
      for (std::size_t m : sizes_m)
        for (std::size_t bd : {1, 2, 3, 4, 32, 64, 128}) check_bijection(layout_blocked<>::mapping<E>(E(n, m), bd));
  }

  TEST_CASE("layout.blocked.static_equals_dynamic") {
    const layout_blocked<32>::mapping<extents<3>> fixed(extents<3>(70));
    const layout_blocked<>::mapping<E> dyn(E(70, 3), 32);
    CHECK(fixed.required_span_size() == dyn.required_span_size());
    for (std::size_t v = 0; v < 70; ++v)
      for (std::size_t i = 0; i < 3; ++i) REQUIRE(fixed(v, i) == dyn(v, i));
    CHECK(fixed.block() == dyn.block());
    static_assert(sizeof(layout_blocked<32>::mapping<extents<3>>) >= sizeof(std::size_t));
  }

  TEST_CASE("layout.blocked.offsets_m3_bd4_n10") {
    // The FE paper's interleave, written out: m * bd * (v / bd) + i * bd + v % bd.
    const layout_blocked<>::mapping<E> map(E(10, 3), 4);
    const std::size_t expected[10][3] = {{0, 4, 8},   {1, 5, 9},   {2, 6, 10},  {3, 7, 11},  {12, 16, 20},
                                         {13, 17, 21}, {14, 18, 22}, {15, 19, 23}, {24, 28, 32}, {25, 29, 33}};
    for (std::size_t v = 0; v < 10; ++v)
      for (std::size_t i = 0; i < 3; ++i) CHECK(map(v, i) == expected[v][i]);
    CHECK(map.required_span_size() == 36);  // 3 blocks of 12; vectors 10 and 11 are padding
    CHECK_FALSE(map.is_exhaustive());
    CHECK_FALSE(map.is_strided());
    for (std::size_t o : {26, 27, 30, 31, 34, 35}) CHECK_FALSE(map.locate(o).is_data);
    const padding_stats stats = padding_of(map);
    CHECK(stats.elements == 30);
    CHECK(stats.padding == 6);
    CHECK(stats.overhead == doctest::Approx(0.2));
  }

  TEST_CASE("layout.row_major.offsets_pitched") {
    const layout_row_major::mapping<E> map(E(3, 4), 6);  // the 3 x 4 matrix of the background notes, pitch 6
    CHECK(map(0, 0) == 0);
    CHECK(map(1, 0) == 6);
    CHECK(map(2, 3) == 15);
    CHECK(map.required_span_size() == 16);
    CHECK(map.stride(0) == 6);
    CHECK(map.stride(1) == 1);
    CHECK_FALSE(map.is_exhaustive());
    CHECK(layout_row_major::mapping<E>(E(3, 4)).is_exhaustive());
  }

  TEST_CASE("layout.col_major.offsets_pitched") {
    const layout_col_major::mapping<E> map(E(5, 3), 8);
    CHECK(map(0, 0) == 0);
    CHECK(map(4, 0) == 4);
    CHECK(map(0, 1) == 8);
    CHECK(map(4, 2) == 20);
    CHECK(map.required_span_size() == 21);
    CHECK(map.stride(0) == 1);
    CHECK(map.stride(1) == 8);
  }

  TEST_CASE("layout.empty_extents") {
    CHECK(layout_row_major::mapping<E>(E(0, 3)).required_span_size() == 0);
    CHECK(layout_col_major::mapping<E>(E(0, 3), 0).required_span_size() == 0);
    CHECK(layout_blocked<>::mapping<E>(E(0, 3), 32).required_span_size() == 0);
  }

  TEST_CASE("layout.spec.span_matches_mapping") {
    for (std::size_t n : sizes_n)
      for (std::size_t m : sizes_m) {
        const array_layout row{layout_kind::row_major, n, m, m + 3, 0};
        const array_layout col{layout_kind::col_major, n, m, n + 5, 0};
        const array_layout blk{layout_kind::blocked, n, m, 0, 32};
        for (const array_layout& l : {row, col, blk}) {
          visit_mapping(l, [&](auto map) { REQUIRE(map.required_span_size() == l.span()); });
          CHECK(validate(l, 4, "test") == l.span() * 4);
        }
      }
  }

  TEST_CASE("layout.spec.parse") {
    CHECK(parse_layout("aos").kind == layout_kind::row_major);
    CHECK(parse_layout("soa").kind == layout_kind::col_major);
    CHECK(parse_layout("blocked:64").block == 64);
    for (const char* s : {"aos", "pitched", "soa", "soa:packed", "blocked:128"}) CHECK(to_string(parse_layout(s)) == s);
    CHECK_THROWS_WITH_AS(parse_layout("blocked:0"), doctest::Contains("'0'"), error);
    CHECK_THROWS_WITH_AS(parse_layout("blocked:x"), doctest::Contains("'x'"), error);
    CHECK_THROWS_WITH_AS(parse_layout("tiled"), doctest::Contains("'tiled'"), error);
  }

  TEST_CASE("layout.spec.validate_rejects") {
    CHECK_THROWS_WITH_AS(validate({layout_kind::row_major, 4, 0, 0, 0}, 4, "t"), doctest::Contains("m = 0"), error);
    CHECK_THROWS_WITH_AS(validate({layout_kind::row_major, 4, 3, 2, 0}, 4, "t"), doctest::Contains("pitch = 2"), error);
    CHECK_THROWS_WITH_AS(validate({layout_kind::col_major, 4, 3, 3, 0}, 4, "t"), doctest::Contains("pitch = 3"), error);
    CHECK_THROWS_WITH_AS(validate({layout_kind::blocked, 4, 3, 0, 0}, 4, "t"), doctest::Contains("bd = 0"), error);
    const std::size_t huge = std::size_t(1) << 62;
    try {
      validate({layout_kind::row_major, huge, 4, 4, 0}, 8, "t");
      FAIL("no overflow reported");
    } catch (const error& e) {
      CHECK(e.code() == errc::size_overflow);
    }
  }

  TEST_CASE("layout.print.grid_and_memory") {
    const layout_blocked<>::mapping<E> map(E(6, 2), 4);
    std::ostringstream grid, memory;
    print_layout(grid, map);
    print_memory(memory, map, 8);
    CHECK(grid.str().find("v=5") != std::string::npos);
    CHECK(grid.str().find("i=1") != std::string::npos);
    // Memory order: vectors 0..3 first components, then their second ones; 6, 7 are padding.
    CHECK(memory.str().find("0.0    1.0    2.0    3.0    0.1") != std::string::npos);
    CHECK(memory.str().find("--") != std::string::npos);
  }
}

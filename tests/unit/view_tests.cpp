// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Views: trivially copyable values, indexing through the mapping, const views, bounds checks.
#undef COALESCE_BOUNDS_CHECK
#define COALESCE_BOUNDS_CHECK 1
#include <coalesce/view/view.hpp>

#include <doctest/doctest.h>

#include <type_traits>
#include <vector>

using namespace coalesce;

TEST_SUITE("unit") {
  TEST_CASE("view.traits.trivially_copyable") {
    static_assert(std::is_trivially_copyable_v<row_major_view<float>>);
    static_assert(std::is_trivially_copyable_v<col_major_view<double, 3>>);
    static_assert(std::is_trivially_copyable_v<blocked_view<int, 12, 128>>);
    static_assert(std::is_trivially_copyable_v<blocked_view<const float>>);
    CHECK(true);
  }

  TEST_CASE("view.index.through_mapping") {
    std::vector<int> memory(36, -1);
    const blocked_view<int> view(memory.data(), layout_blocked<>::mapping<extents<>>(extents<>(10, 3), 4));
    for (std::size_t v = 0; v < 10; ++v)
      for (std::size_t i = 0; i < 3; ++i) view(v, i) = int(10 * v + i);
    CHECK(memory[0] == 0);
    CHECK(memory[4] == 1);   // (0, 1)
    CHECK(memory[13] == 50); // (5, 0): block 1 starts at 12
    CHECK(memory[26] == -1); // padding of the last block
    const blocked_view<const int> read_only = view;
    CHECK(read_only(9, 2) == 92);
  }

  TEST_CASE("view.bounds.checked") {
    std::vector<float> memory(12);
    const row_major_view<float> view(memory.data(), layout_row_major::mapping<extents<>>(extents<>(4, 3)));
    CHECK_NOTHROW(view(3, 2));
    CHECK_THROWS_WITH_AS(view(4, 0), doctest::Contains("v = 4"), error);
    CHECK_THROWS_WITH_AS(view(0, 3), doctest::Contains("i = 3"), error);
  }

  TEST_CASE("view.load_store.static_m") {
    std::vector<double> memory(2 * 32 * 5);
    const blocked_view<double, 5, 32> view(memory.data(), layout_blocked<32>::mapping<extents<5>>(extents<5>(40)));
    for (std::size_t v = 0; v < 40; ++v) store<5>(view, v, vec<double, 5>{{1.0 * v, 2.0, 3.0, 4.0, 5.0 + v}});
    const vec<double, 5> x = load<5>(view, 39);
    CHECK(x[0] == 39.0);
    CHECK(x[4] == 44.0);
    CHECK(memory[5 * 32 + 7] == 39.0);  // vector 39 is thread 7 of block 1
  }
}

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Static block sizes: view<L, M>() accepts every layout type that describes the array, and visit
// compiles in the block sizes of its list (the default 32, 64, 128, 256, or the user's).
#include <coalesce/coalesce.hpp>

#include <doctest/doctest.h>

#include "random.hpp"
#include "require_error.hpp"

#include <cstddef>
#include <type_traits>
#include <vector>

using namespace coalesce;
using namespace coalesce::test;

namespace {

// The view's compiled-in block size (dynamic when none); 0 for layouts without blocks.
template <class View>
constexpr std::size_t static_block_of() {
  if constexpr (is_blocked_layout<typename View::mapping_type::layout_type>::value) {
    return View::mapping_type::static_block;
  } else {
    return 0;
  }
}

// Every element of the view equals the user's AoS data.
template <class View>
void check_contents(const View& view, const std::vector<float>& in, std::size_t m) {
  REQUIRE(view.n() * m == in.size());
  for (std::size_t v = 0; v < view.n(); ++v)
    for (std::size_t i = 0; i < m; ++i) REQUIRE(view(v, i) == in[v * m + i]);
}

}  // namespace

TEST_SUITE("unit") {
  TEST_CASE("view.static_block.matching_types") {
    const runtime rt{backend::host};
    const std::size_t n = 301, m = 3;  // n not a multiple of any block size below
    const std::vector<float> in = random_values<float>(n * m, fresh_seed());
    array<float> a = rt.upload(host_vectors(in.data(), n, m), blocked(128));

    const auto fixed = a.view<layout_blocked<128>>();
    static_assert(static_block_of<decltype(fixed)>() == 128);
    check_contents(fixed, in, m);
    const auto fixed_m = a.view<layout_blocked<128>, 3>();
    static_assert(decltype(fixed_m)::extents_type::static_extent(1) == 3);
    check_contents(fixed_m, in, m);
    check_contents(a.view<layout_blocked<>>(), in, m);
    check_contents(std::as_const(a).view<layout_blocked<128>, 3>(), in, m);

    require_error([&] { (void)a.view<layout_blocked<64>>(); }, errc::invalid_argument, "blocked:64");
    require_error([&] { (void)a.view<layout_blocked<128>, 4>(); }, errc::invalid_argument, "m = 4");
    require_error([&] { (void)a.view<layout_col_major>(); }, errc::invalid_argument, "the array holds blocked");

    array<float> rows = rt.upload(host_vectors(in.data(), n, m), aos());
    check_contents(rows.view<layout_row_major, 3>(), in, m);
    require_error([&] { (void)rows.view<layout_blocked<>>(); }, errc::invalid_argument, "row_major");
  }

  TEST_CASE("visit.static_block.default_list") {
    const runtime rt{backend::host};
    const std::size_t n = 77, m = 2;
    const std::vector<float> in = random_values<float>(n * m, fresh_seed());
    for (const std::size_t bd : {1, 32, 64, 100, 128, 256, 1000}) {
      INFO("bd = " << bd);
      array<float> a = rt.upload(host_vectors(in.data(), n, m), blocked(bd));
      const bool listed = bd == 32 || bd == 64 || bd == 128 || bd == 256;
      visit(a, [&](auto view) {
        const std::size_t compiled = static_block_of<decltype(view)>();
        CHECK(compiled == (listed ? bd : dynamic));
        if constexpr (is_blocked_layout<typename decltype(view)::mapping_type::layout_type>::value)
          CHECK(view.mapping().block() == bd);
        check_contents(view, in, m);
      });
      visit<2>(a, [&](auto view) {
        CHECK(static_block_of<decltype(view)>() == (listed ? bd : dynamic));
        check_contents(view, in, m);
      });
    }
  }

  TEST_CASE("visit.static_block.user_list") {
    const runtime rt{backend::host};
    const std::size_t n = 250, m = 4;
    const std::vector<float> in = random_values<float>(n * m, fresh_seed());
    array<float> a = rt.upload(host_vectors(in.data(), n, m), blocked(100));
    visit<block_sizes<96, 100>>(a, [&](auto view) {
      CHECK(static_block_of<decltype(view)>() == 100);
      check_contents(view, in, m);
    });
    visit<4, block_sizes<>>(a, [&](auto view) {
      CHECK(static_block_of<decltype(view)>() == dynamic);
      check_contents(view, in, m);
    });
    // Non-blocked layouts are unaffected by the list; every f returns one type.
    array<float> soa_array = rt.upload(host_vectors(in.data(), n, m), soa());
    const float first = visit<block_sizes<100>>(soa_array, [&](auto view) { return view(0, 0); });
    CHECK(first == in[0]);
  }

  TEST_CASE("visit.static_block.visit_layout_tags") {
    array_layout l{layout_kind::blocked, 10, 3, 0, 64};
    CHECK(visit_layout(l, [](auto tag) { return std::is_same_v<decltype(tag), layout_blocked<64>>; }));
    l.block = 48;
    CHECK(visit_layout(l, [](auto tag) { return std::is_same_v<decltype(tag), layout_blocked<>>; }));
    CHECK(visit_layout<block_sizes<48>>(l, [](auto tag) { return std::is_same_v<decltype(tag), layout_blocked<48>>; }));
    l.kind = layout_kind::col_major;
    CHECK(visit_layout(l, [](auto tag) { return std::is_same_v<decltype(tag), layout_col_major>; }));
    CHECK(layout_matches<layout_col_major, 3>(l));
    CHECK_FALSE(layout_matches<layout_col_major, 4>(l));
    CHECK_FALSE(layout_matches<layout_row_major>(l));
  }
}

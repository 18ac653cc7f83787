// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// coalesce arrays as unmanaged Kokkos Views of the standard layouts: every (v, i) of every layout is
// the same element, at the same address, as the coalesce view's.
#include <coalesce/interop/kokkos.hpp>

#include <doctest/doctest.h>

#include "kokkos_test_support.hpp"

#include <type_traits>

using namespace coalesce;
using namespace coalesce::test;

TEST_SUITE("kokkos") {
  TEST_CASE("kokkos.export.accessor_matches_view_every_layout") {
    const runtime rt{backend::host};
    for (const shape s : kokkos_shapes()) {
      for (const layout_spec& spec : all_layouts()) {
        INFO("n = " << s.n << ", m = " << s.m << ", layout " << to_string(spec));
        std::vector<double> aos;
        array<double> a = random_array(rt, s, spec, aos);
        const std::size_t mismatches = kokkos::visit_accessor(a, [&](auto acc) {
          CHECK(acc.n() == s.n);
          CHECK(acc.m() == s.m);
          std::size_t bad = 0;
          for (std::size_t v = 0; v < s.n; ++v)
            for (std::size_t i = 0; i < s.m; ++i) {
              const double* expected = &coalesce::visit(a, [&](auto view) -> double& { return view(v, i); });
              bad += (&acc(v, i) != expected) + (acc(v, i) != aos[v * s.m + i]);
            }
          return bad;
        });
        CHECK(mismatches == 0);
      }
    }
  }

  TEST_CASE("kokkos.export.view_per_layout") {
    const runtime rt{backend::host};
    std::vector<float> aos;
    const shape s{70, 3};

    array<float> rows = random_array(rt, s, coalesce::aos(), aos);
    const auto right = kokkos::as_right_view(rows);
    static_assert(std::is_same_v<decltype(right), const kokkos::right_view<float>>);
    static_assert(std::is_same_v<decltype(right)::memory_space, Kokkos::HostSpace>);
    CHECK(right.data() == rows.data());
    CHECK(right.extent(0) == s.n);
    CHECK(right.stride(0) == s.m);
    CHECK(right(69, 2) == aos[69 * 3 + 2]);
    CHECK_THROWS_AS(kokkos::as_left_view(rows), error);
    CHECK_THROWS_AS(kokkos::as_blocks_view(rows), error);

    const array<float> padded_rows = random_array(rt, s, pitched_rows(), aos);
    CHECK_THROWS_WITH_AS(kokkos::as_right_view(padded_rows), doctest::Contains("pitch = m"), error);
    const auto row_strided = kokkos::as_strided_view(padded_rows);
    static_assert(std::is_same_v<decltype(row_strided)::value_type, const float>);
    CHECK(row_strided.stride(0) == padded_rows.layout().pitch);
    CHECK(row_strided.stride(1) == 1);
    CHECK(row_strided(5, 1) == aos[5 * 3 + 1]);

    array<float> columns = random_array(rt, s, soa(false), aos);
    const auto left = kokkos::as_left_view(columns);
    CHECK(left.stride(1) == s.n);
    CHECK(&left(7, 2) == columns.data() + 2 * s.n + 7);

    array<float> padded_columns = random_array(rt, s, soa(), aos);
    REQUIRE(padded_columns.layout().pitch > s.n);
    const auto col_strided = kokkos::as_strided_view(padded_columns);
    CHECK(col_strided.stride(0) == 1);
    CHECK(&col_strided(7, 2) == padded_columns.data() + 2 * padded_columns.layout().pitch + 7);
    CHECK_THROWS_AS(kokkos::as_left_view(padded_columns), error);

    array<float> blocks = random_array(rt, s, blocked(32), aos);
    const auto cube = kokkos::as_blocks_view(blocks);
    CHECK(cube.extent(0) == 3);  // 70 vectors: two full blocks and a padded one
    CHECK(cube.extent(1) == s.m);
    CHECK(cube.extent(2) == 32);
    CHECK(&cube(2, 1, 5) == blocks.data() + 2 * 3 * 32 + 1 * 32 + 5);
    CHECK(cube(2, 1, 5) == aos[(2 * 32 + 5) * 3 + 1]);
    CHECK_THROWS_AS(kokkos::as_strided_view(blocks), error);
  }

#if defined(KOKKOS_ENABLE_IMPL_MDSPAN)
  TEST_CASE("kokkos.export.blocked_layout_as_kokkos_mdspan") {
    // Kokkos 4.x's mdspan takes coalesce's layouts as LayoutPolicies: the step towards Kokkos 5, whose
    // View is an mdspan but does not yet take a user layout (docs/kokkos.md).
    const runtime rt{backend::host};
    std::vector<double> aos;
    const shape s{70, 3};
    const array<double> a = random_array(rt, s, blocked(32), aos);
    using ext = Kokkos::extents<std::size_t, Kokkos::dynamic_extent, 3>;
    using layout = layout_blocked<32>;
    const Kokkos::mdspan<const double, ext, layout> md(a.data(), layout::mapping<ext>(ext(s.n), 32));
    CHECK(md.mapping().required_span_size() == a.span());
    std::size_t bad = 0;
    for (std::size_t v = 0; v < s.n; ++v)
      for (std::size_t i = 0; i < s.m; ++i) {
        const double* expected = &coalesce::visit(a, [&](auto view) -> const double& { return view(v, i); });
        bad += (&md(v, i) != expected) + (md(v, i) != aos[v * s.m + i]);
      }
    CHECK(bad == 0);
  }
#endif

  TEST_CASE("kokkos.export.deep_copy_from_exported_view") {
    const runtime rt{backend::host};
    std::vector<int> aos;
    const shape s{45, 4};
    const array<int> columns = random_array(rt, s, soa(), aos);
    Kokkos::View<int**, Kokkos::LayoutRight, Kokkos::HostSpace> copy("copy", s.n, s.m);
    Kokkos::deep_copy(copy, kokkos::as_strided_view(columns));
    for (std::size_t v = 0; v < s.n; ++v)
      for (std::size_t i = 0; i < s.m; ++i) REQUIRE(copy(v, i) == aos[v * s.m + i]);
  }
}

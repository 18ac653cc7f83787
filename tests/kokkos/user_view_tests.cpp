// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Users' Kokkos Views (LayoutRight, LayoutLeft, LayoutStride row- and column-major with padding) as
// coalesce sources and destinations: View -> layout A -> layout B -> View comes back bit for bit for
// every pair of layouts and shapes with tails, the View's padding is never written, and no Kokkos
// kernel runs on the way (the runtime's transforms move every layout).
#include <coalesce/interop/kokkos.hpp>

#include <doctest/doctest.h>

#include "routes.hpp"

#include "kokkos_test_support.hpp"

#include <cstring>
#include <string>
#include <type_traits>

using namespace coalesce;
using namespace coalesce::test;

namespace {

template <class Layout>
using host_view = Kokkos::View<double**, Layout, Kokkos::HostSpace, kokkos::unmanaged>;

// How the user's memory is laid out: the View over a std::vector (so the test can see its padding).
enum class user_kind { right, left, stride_rows, stride_columns };

const char* name(user_kind k) {
  switch (k) {
    case user_kind::right: return "LayoutRight";
    case user_kind::left: return "LayoutLeft";
    case user_kind::stride_rows: return "LayoutStride (pitch, 1)";
    case user_kind::stride_columns: return "LayoutStride (1, pitch)";
  }
  return "?";
}

constexpr std::size_t row_pad = 3, column_pad = 5;

std::size_t memory_size(user_kind k, shape s) {
  switch (k) {
    case user_kind::stride_rows: return s.n * (s.m + row_pad);
    case user_kind::stride_columns: return (s.n + column_pad) * s.m;
    default: return s.n * s.m;
  }
}

// Calls f with the View of kind k over `memory`.
template <class F>
void with_view(user_kind k, std::vector<double>& memory, shape s, F&& f) {
  double* p = memory.data();
  switch (k) {
    case user_kind::right: return f(host_view<Kokkos::LayoutRight>(p, s.n, s.m));
    case user_kind::left: return f(host_view<Kokkos::LayoutLeft>(p, s.n, s.m));
    case user_kind::stride_rows:
      return f(host_view<Kokkos::LayoutStride>(p, Kokkos::LayoutStride(s.n, s.m + row_pad, s.m, 1)));
    case user_kind::stride_columns:
      return f(host_view<Kokkos::LayoutStride>(p, Kokkos::LayoutStride(s.n, 1, s.m, s.n + column_pad)));
  }
}

constexpr user_kind all_kinds[] = {user_kind::right, user_kind::left, user_kind::stride_rows,
                                   user_kind::stride_columns};

// The View's memory with data at its (v, i) and poison in its padding.
std::vector<double> user_memory(user_kind k, shape s, const std::vector<double>& aos) {
  std::vector<double> memory(memory_size(k, s), poison<double>());
  with_view(k, memory, s, [&](auto view) {
    for (std::size_t v = 0; v < s.n; ++v)
      for (std::size_t i = 0; i < s.m; ++i) view(v, i) = aos[v * s.m + i];
  });
  return memory;
}

}  // namespace

TEST_SUITE("kokkos") {
  TEST_CASE("kokkos.user_views.round_trip_every_layout_pair") {
    const runtime rt{backend::host};
    for (const shape s : kokkos_shapes()) {
      const std::uint64_t seed = fresh_seed();
      const std::vector<double> aos = random_values<double>(s.n * s.m, seed);
      for (const user_kind k : all_kinds) {
        std::vector<double> in = user_memory(k, s, aos);
        for (const layout_spec& a : all_layouts()) {
          for (const layout_spec& b : all_layouts()) {
            INFO(std::string(name(k)) << ", n = " << s.n << ", m = " << s.m << ", " << to_string(a) << " -> " << to_string(b)
                         << ", seed = " << seed);
            std::vector<double> out(in.size(), poison<double>());
            with_view(k, in, s, [&](auto src) {
              const array<double> first = kokkos::upload(rt, src, a);
              REQUIRE(first.layout().kind == a.kind);
              const array<double> second = rt.relayout(first, b);
              with_view(k, out, s, [&](auto dst) { kokkos::download(rt, second, dst); });
            });
            // Data and padding (poison, never written) come back bit for bit.
            REQUIRE((in.empty() || std::memcmp(out.data(), in.data(), in.size() * sizeof(double)) == 0));
          }
        }
      }
    }
  }

  TEST_CASE("kokkos.user_views.fast_path_every_layout") {
    // Every View is described as the memory it is (no copy) and moved by the runtime's transforms:
    // not one Kokkos kernel or deep_copy runs.
    const runtime rt{backend::host};
    {
      const kokkos_launch_counter positive_control;
      Kokkos::parallel_for("counted", Kokkos::RangePolicy<Kokkos::DefaultHostExecutionSpace>(0, 4), [](int) {});
      REQUIRE(kokkos_launch_counter::count() == 1);
    }
    const shape s{37, 3};
    const std::vector<double> aos = random_values<double>(s.n * s.m, fresh_seed());
    for (const user_kind k : all_kinds) {
      INFO(std::string(name(k)));
      std::vector<double> in = user_memory(k, s, aos), out(in.size(), poison<double>());
      const bool rows = k == user_kind::right || k == user_kind::stride_rows;
      const std::size_t pitch = k == user_kind::stride_rows      ? s.m + row_pad
                                : k == user_kind::stride_columns ? s.n + column_pad
                                : rows                           ? s.m
                                                                 : s.n;
      with_view(k, in, s, [&](auto src) {
        kokkos::visit_memory(src, [&](const auto& memory) {
          CHECK(std::is_same_v<std::decay_t<decltype(memory)>, vector_set<double>> == rows);
          CHECK(memory.data == src.data());
          CHECK(memory.pitch == pitch);
        });
        const kokkos_launch_counter counter;
        const array<double> a = kokkos::upload(rt, src, blocked(32));
        array<double> b = rt.allocate<double>(s.n, s.m, soa());
        kokkos::copy(rt, src, b);
        with_view(k, out, s, [&](auto dst) { kokkos::download(rt, a, dst); });
        CHECK(kokkos_launch_counter::count() == 0);
      });
      REQUIRE(std::memcmp(out.data(), in.data(), in.size() * sizeof(double)) == 0);
    }
  }

  TEST_CASE("kokkos.user_views.device_plan_is_a_fast_kernel") {
    // What the GPU would run for a View of each kind moved to and from aos, soa and blocked:128 arrays
    // (planning only, no GPU needed): a row of the fast dispatch table, never the element-by-element
    // "elements" kernel. n = 4096 (whole tiles) with the Views' pitches.
    const runtime rt{backend::host};
    const shape s{4096, 3};
    const std::vector<double> aos = random_values<double>(s.n * s.m, fresh_seed());
    for (const user_kind k : all_kinds) {
      std::vector<double> in = user_memory(k, s, aos);
      with_view(k, in, s, [&](auto view) {
        const array_layout user = kokkos::layout_of(view);
        for (const layout_spec spec : {coalesce::aos(), soa(), blocked(128)}) {
          const array<double> a = rt.allocate<double>(s.n, s.m, spec);
          const std::string up = test::route_name(user, view.data(), a.layout(), a.data(), sizeof(double));
          const std::string down = test::route_name(a.layout(), a.data(), user, view.data(), sizeof(double));
          INFO(std::string(name(k)) << " <-> " << to_string(spec) << ": " << up << " / " << down);
          CHECK(up.find("elements") == std::string::npos);
          CHECK(down.find("elements") == std::string::npos);
        }
      });
    }
  }

  TEST_CASE("kokkos.user_views.column_major_source_fills_padding") {
    const runtime rt{backend::host};
    const shape s{37, 3};
    const std::vector<double> aos = random_values<double>(s.n * s.m, fresh_seed());
    std::vector<double> in = user_memory(user_kind::left, s, aos);
    with_view(user_kind::left, in, s, [&](auto src) {
      const array<double> a = kokkos::upload(rt, src, blocked(16), -7.0);
      const auto& l = a.layout();
      const layout_blocked<>::mapping<extents<>> map(extents<>(l.n, l.m), l.block);
      for (std::size_t v = 0; v < 48; ++v)
        for (std::size_t i = 0; i < s.m; ++i)
          REQUIRE(a.data()[map(v, i)] == (v < s.n ? aos[v * s.m + i] : -7.0));
    });
  }

  TEST_CASE("kokkos.user_views.managed_views_and_copy_into_array") {
    const runtime rt{backend::host};
    const shape s{129, 4};
    Kokkos::View<float**, Kokkos::LayoutLeft, Kokkos::HostSpace> src("src", s.n, s.m);
    const std::vector<float> values = random_values<float>(s.n * s.m, fresh_seed());
    for (std::size_t v = 0; v < s.n; ++v)
      for (std::size_t i = 0; i < s.m; ++i) src(v, i) = values[v * s.m + i];
    array<float> dst = rt.allocate<float>(s.n, s.m, blocked(32));
    kokkos::copy(rt, src, dst);
    Kokkos::View<float**, Kokkos::LayoutRight, Kokkos::HostSpace> back("back", s.n, s.m);
    kokkos::download(rt, dst, back);
    for (std::size_t v = 0; v < s.n; ++v)
      for (std::size_t i = 0; i < s.m; ++i) REQUIRE(back(v, i) == values[v * s.m + i]);
  }

  TEST_CASE("kokkos.user_views.describe_row_major_without_copy") {
    Kokkos::View<int**, Kokkos::LayoutRight, Kokkos::HostSpace> rows("rows", 10, 3);
    const vector_set<int> set = kokkos::describe(rows);
    CHECK(set.data == rows.data());
    CHECK(set.n == 10);
    CHECK(set.m == 3);
    CHECK(set.pitch == 3);
    CHECK(set.space == memory_space::host);

    std::vector<double> memory(10 * 4);
    const host_view<Kokkos::LayoutStride> padded(memory.data(), Kokkos::LayoutStride(10, 4, 3, 1));
    CHECK(kokkos::describe(padded).pitch == 4);

    Kokkos::View<int**, Kokkos::LayoutLeft, Kokkos::HostSpace> columns("columns", 10, 3);
    CHECK(kokkos::layout_of(columns).kind == layout_kind::col_major);
    CHECK(kokkos::layout_of(columns).pitch == 10);
    CHECK_THROWS_WITH_AS(kokkos::describe(columns), doctest::Contains("column-major"), error);
    const component_set<int> components = kokkos::describe_components(columns);
    CHECK(components.data == columns.data());
    CHECK(components.pitch == 10);
    CHECK_THROWS_WITH_AS(kokkos::describe_components(rows), doctest::Contains("row-major"), error);
    // One component: LayoutLeft is also row-major with pitch 1.
    Kokkos::View<int**, Kokkos::LayoutLeft, Kokkos::HostSpace> one("one", 10, 1);
    CHECK(kokkos::describe(one).pitch == 1);
  }

  TEST_CASE("kokkos.user_views.errors_name_the_view") {
    const runtime rt{backend::host};
    std::vector<double> memory(100);
    const host_view<Kokkos::LayoutStride> skewed(memory.data(), Kokkos::LayoutStride(5, 2, 3, 11));
    CHECK_THROWS_WITH_AS(kokkos::upload(rt, skewed, soa()), doctest::Contains("neither"), error);

    const std::vector<double> aos = random_values<double>(8 * 3, fresh_seed());
    const array<double> a = rt.upload(host_vectors(aos.data(), 8, 3), blocked(4));
    Kokkos::View<double**, Kokkos::LayoutLeft, Kokkos::HostSpace> wrong("wrong_shape", 9, 3);
    try {
      kokkos::download(rt, a, wrong);
      FAIL("no exception");
    } catch (const error& e) {
      CHECK(e.code() == errc::size_mismatch);
      CHECK(std::string(e.what()).find("wrong_shape") != std::string::npos);
    }
  }
}

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The runtime on the host backend: round trips, views of its arrays, fill values, and bad input.
#include <coalesce/coalesce.hpp>

#include <doctest/doctest.h>

#include "random.hpp"
#include "require_error.hpp"
#include "round_trip.hpp"

#include <cstdint>
#include <limits>
#include <vector>

using namespace coalesce;
using namespace coalesce::test;

TEST_SUITE("unit") {
  TEST_CASE("runtime.host.describes_itself") {
    const runtime rt{backend::host};
    CHECK(rt.kind() == backend::host);
    CHECK(rt.space() == memory_space::host);
    CHECK(rt.description().rfind("host:", 0) == 0);
  }

  TEST_CASE("runtime.host.round_trip.float") { round_trip_shapes<float>(runtime{backend::host}); }
  TEST_CASE("runtime.host.round_trip.double") { round_trip_shapes<double>(runtime{backend::host}); }
  TEST_CASE("runtime.host.round_trip.int") { round_trip_shapes<int>(runtime{backend::host}); }
  TEST_CASE("runtime.host.round_trip.other_widths") {
    const runtime rt{backend::host};
    for (std::size_t n : {1, 37, 200}) {
      round_trip_all_pairs<std::uint8_t>(rt, n, 3, 5);
      round_trip_all_pairs<std::uint16_t>(rt, n, 17, 17);
      round_trip_all_pairs<quad>(rt, n, 4, 7);
    }
  }

  TEST_CASE("runtime.host.round_trip.components") {
    const runtime rt{backend::host};
    for (std::size_t n : {0, 1, 33, 130})
      for (std::size_t m : {1, 3, 12}) {
        round_trip_components<double>(rt, n, m, n);
        round_trip_components<float>(rt, n, m, n + 5);
      }
    std::vector<float> short_rows(10);
    require_error([&] { (void)rt.upload(host_components(short_rows.data(), 5, 2, 4), soa()); }, errc::invalid_argument,
                  "pitch = 4");
  }

  TEST_CASE("runtime.host.views_match_user_data") {
    const runtime rt{backend::host};
    const std::size_t n = 45, m = 7;
    const std::vector<double> in = random_values<double>(n * m, fresh_seed());
    for (const layout_spec& spec : all_layouts()) {
      INFO(to_string(spec));
      array<double> a = rt.upload(host_vectors(in.data(), n, m), spec);
      visit(a, [&](auto view) {
        CHECK(view.n() == n);
        CHECK(view.m() == m);
        for (std::size_t v = 0; v < n; ++v)
          for (std::size_t i = 0; i < m; ++i) REQUIRE(view(v, i) == in[v * m + i]);
      });
      visit<7>(a, [&](auto view) {
        for (std::size_t v = 0; v < n; ++v) {
          const vec<double, 7> x = load<7>(view, v);
          for (std::size_t i = 0; i < m; ++i) REQUIRE(x[i] == in[v * m + i]);
        }
      });
      CHECK_THROWS_AS(visit<3>(a, [](auto) {}), error);
    }
  }

  TEST_CASE("runtime.host.blocked_padding_holds_fill") {
    const runtime rt{backend::host};
    const std::size_t n = 10, m = 3;
    const std::vector<float> in = random_values<float>(n * m, fresh_seed());
    const array<float> a = rt.upload(host_vectors(in.data(), n, m), blocked(4), 7.5f);
    REQUIRE(a.span() == 36);
    const layout_blocked<>::mapping<extents<>> map(extents<>(n, m), 4);
    for (std::size_t o = 0; o < a.span(); ++o) {
      const location loc = map.locate(o);
      REQUIRE(a.data()[o] == (loc.is_data ? in[loc.v * m + loc.i] : 7.5f));
    }
  }

  TEST_CASE("runtime.host.store_through_view") {
    const runtime rt{backend::host};
    array<int> a = rt.allocate<int>(40, 3, blocked(8));
    visit<3>(a, [](auto view) {
      for (std::size_t v = 0; v < view.n(); ++v) store<3>(view, v, vec<int, 3>{{int(v), int(v) * 2, int(v) * 3}});
    });
    std::vector<int> out(40 * 3);
    rt.download(a, host_vectors(out.data(), 40, 3));
    for (std::size_t v = 0; v < 40; ++v)
      for (std::size_t i = 0; i < 3; ++i) REQUIRE(out[v * 3 + i] == int(v * (i + 1)));
  }

  TEST_CASE("runtime.host.typed_view_of_wrong_layout_throws") {
    const runtime rt{backend::host};
    array<float> a = rt.allocate<float>(8, 2, soa());
    CHECK_NOTHROW(a.view<layout_col_major>());
    require_error([&] { a.view<layout_blocked<>>(); }, errc::invalid_argument, "col_major");
  }

  TEST_CASE("runtime.host.n_zero_does_nothing") {
    const runtime rt{backend::host};
    for (const layout_spec& spec : all_layouts()) {
      const array<float> a = rt.upload(host_vectors(static_cast<const float*>(nullptr), 0, 3), spec);
      CHECK(a.n() == 0);
      CHECK(a.span() == 0);
      rt.download(a, host_vectors(static_cast<float*>(nullptr), 0, 3));
    }
  }

  TEST_CASE("runtime.host.bad_input") {
    const runtime rt{backend::host};
    std::vector<float> in(64 * 4, 1.0f);
    const std::vector<float> untouched(64 * 4, poison<float>());
    std::vector<float> out = untouched;
    const array<float> a = rt.upload(host_vectors(in.data(), 64, 4), soa());

    require_error([&] { rt.upload(host_vectors(in.data(), 64, 0), aos()); }, errc::invalid_argument, "m = 0");
    require_error([&] { rt.upload(host_vectors(in.data(), 64, 4), blocked(0)); }, errc::invalid_argument, "bd = 0");
    require_error([&] { rt.upload(host_vectors(in.data(), 64, 4, 3), aos()); }, errc::invalid_argument, "pitch = 3");
    require_error([&] { rt.upload(host_vectors(static_cast<float*>(nullptr), 5, 4), aos()); }, errc::invalid_argument,
                  "n = 5");
    const std::size_t huge = std::numeric_limits<std::size_t>::max() / 8;
    require_error([&] { rt.upload(host_vectors(in.data(), huge, 4), aos()); }, errc::size_overflow, "overflows");
    require_error([&] { rt.allocate<double>(huge, 3, soa()); }, errc::size_overflow, "overflows");

    // Mismatched shapes, and device memory on the host backend: the destination stays as it was.
    require_error([&] { rt.download(a, host_vectors(out.data(), 63, 4)); }, errc::size_mismatch, "n = 63");
    require_error([&] { rt.download(a, host_vectors(out.data(), 64, 3)); }, errc::size_mismatch, "m = 3");
    array<float> other = rt.allocate<float>(64, 5, aos());
    require_error([&] { rt.copy(a, other); }, errc::size_mismatch, "m = 5");
    require_error([&] { rt.upload(device_vectors(in.data(), 64, 4), aos()); }, errc::wrong_memory_space,
                  "host backend");
    require_error([&] { rt.download(a, device_vectors(out.data(), 64, 4)); }, errc::wrong_memory_space,
                  "host backend");
    CHECK(out == untouched);
  }

  TEST_CASE("runtime.host.matrix_descriptor") {
    const runtime rt{backend::host};
    const std::size_t rows = 13, cols = 1023, pitch = 1031;  // an odd width and an odd pitch
    const std::vector<int> in = user_array<int>(rows, cols, pitch, fresh_seed());
    const array<int> a = rt.upload(host_matrix(in.data(), rows, cols, pitch), pitched_rows());
    CHECK(a.layout().pitch >= cols);
    CHECK((a.layout().pitch * sizeof(int)) % buffer::host_alignment == 0);
    std::vector<int> out(rows * pitch, poison<int>());
    rt.download(a, host_matrix(out.data(), rows, cols, pitch));
    CHECK(out == in);
  }
}

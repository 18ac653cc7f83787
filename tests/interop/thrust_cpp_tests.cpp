// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Component ranges with Thrust's sequential host system (thrust::cpp::par), host arrays.
#include <thrust/system/cpp/execution_policy.h>

#include "thrust_range_checks.hpp"

#include <coalesce/interop/thrust.hpp>

#include <thrust/host_vector.h>

#include <algorithm>
#include <cstdint>
#include <vector>

using namespace coalesce;
using namespace coalesce::test;

namespace {
struct particle {
  double x[3];
  std::int32_t id;
  std::uint8_t species;
};
using particle_fields = fields<&particle::x, &particle::id, &particle::species>;

struct id_plus_species {
  template <class Tuple>
  int operator()(const Tuple& t) const {
    return int(thrust::get<0>(t)) + int(thrust::get<1>(t));
  }
};
}  // namespace

TEST_SUITE("unit") {
  TEST_CASE("interop.thrust.cpp.component_algorithms") { check_component_algorithms(runtime{backend::host}, thrust::cpp::par); }

  TEST_CASE("interop.thrust.cpp.zipped_components") { check_zipped_components(runtime{backend::host}, thrust::cpp::par); }

  TEST_CASE("interop.thrust.cpp.range_iterators") {
    // Component 1 of 10 vectors of 3 in blocked(4): offsets 4..7, then 16..19, then 28, 29.
    std::vector<int> memory(36);
    for (std::size_t k = 0; k < memory.size(); ++k) memory[k] = int(k);
    const blocked_view<int> view(memory.data(), layout_blocked<>::mapping<extents<>>(extents<>(10, 3), 4));
    const auto range = component(view, 1);
    const std::vector<int> seen(range.begin(), range.end());
    CHECK(seen == std::vector<int>{4, 5, 6, 7, 16, 17, 18, 19, 28, 29});
    CHECK(range.end() - range.begin() == 10);
    CHECK(range.begin()[9] == 29);
    CHECK_THROWS_WITH_AS(component(view, 3), doctest::Contains("i = 3"), error);
    CHECK_THROWS_WITH_AS(components<2>(view), doctest::Contains("m = 3"), error);
    // No vectors: an empty range, even over no memory.
    const row_major_view<int> empty(nullptr, layout_row_major::mapping<extents<>>(extents<>(0, 3)));
    CHECK(component(empty, 2).size() == 0);
  }

  TEST_CASE("interop.thrust.cpp.views_from_vectors_without_copy") {
    thrust::host_vector<float> memory(10 * 3);
    const layout_col_major::mapping<extents<>> soa_map(extents<>(10, 3));
    const auto view = view_of(memory, soa_map);
    CHECK(view.data() == thrust::raw_pointer_cast(memory.data()));
    view(4, 2) = 7.5f;
    CHECK(memory[2 * 10 + 4] == 7.5f);
    CHECK(describe(memory, 10, 3).space == memory_space::host);
    CHECK_THROWS_WITH_AS(view_of(memory, layout_blocked<>::mapping<extents<>>(extents<>(10, 3), 8)),
                         doctest::Contains("holds 30"), error);
  }

  TEST_CASE("interop.thrust.cpp.record_fields_on_every_layout") {
    const runtime rt{backend::host};
    const record_desc d = describe_record<particle>(field("x", &particle::x), field("id", &particle::id),
                                                    field("species", &particle::species));
    const std::size_t n = 301;  // not a multiple of the block sizes
    std::vector<particle> in(n);
    for (std::size_t v = 0; v < n; ++v) in[v] = {{0.5 * v, -1.0 * v, 2.0}, std::int32_t((v * 37) % 101), std::uint8_t(v % 7)};
    for (const record_layout_spec& spec : {record_aos(), record_packed(), record_soa(), record_blocked(32),
                                           record_blocked(100), record_split({"x"}), record_split({"id"}, 64)}) {
      INFO(to_string(spec));
      record_array a = rt.upload(host_records(in, d), spec);
      visit<particle_fields>(a, [&](auto view) {
        // A field's component in record order, whatever the layout.
        const auto x1 = field_component<&particle::x>(view, 1);
        REQUIRE(x1.size() == std::ptrdiff_t(n));
        CHECK(thrust::reduce(thrust::cpp::par, x1.begin(), x1.end(), 0.0) == doctest::Approx(-0.5 * double(n) * (n - 1)));
        // Fields side by side.
        const auto pair = zip(field_component<&particle::id>(view, 0), field_component<&particle::species>(view, 0));
        std::vector<int> sums(n);
        thrust::transform(thrust::cpp::par, pair.begin(), pair.end(), sums.begin(), id_plus_species{});
        for (std::size_t v = 0; v < n; ++v) REQUIRE(sums[v] == in[v].id + in[v].species);
        // Writes through the range land in the record.
        const auto ids = field_component<&particle::id>(view, 0);
        thrust::transform(thrust::cpp::par, ids.begin(), ids.end(), ids.begin(), twice_minus_one{});
        thrust::sort(thrust::cpp::par, ids.begin(), ids.end(), ascending{});
        CHECK_THROWS_WITH_AS(field_component<&particle::x>(view, 3), doctest::Contains("i = 3"), error);
      });
      std::vector<particle> out(n);
      rt.download(a, host_records(out, d));
      std::vector<int> want(n);
      for (std::size_t v = 0; v < n; ++v) want[v] = 2 * in[v].id - 1;
      std::sort(want.begin(), want.end());
      for (std::size_t v = 0; v < n; ++v) {
        REQUIRE(out[v].id == want[v]);
        REQUIRE(out[v].x[2] == 2.0);
      }
    }
  }
}

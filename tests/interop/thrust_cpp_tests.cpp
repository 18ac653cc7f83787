// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Component ranges with Thrust's sequential host system (thrust::cpp::par), host arrays.
#include <thrust/system/cpp/execution_policy.h>

#include "thrust_range_checks.hpp"

#include <coalesce/interop/thrust.hpp>

#include <thrust/host_vector.h>

using namespace coalesce;
using namespace coalesce::test;

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
}

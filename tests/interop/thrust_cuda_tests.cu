// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Component ranges with Thrust's CUDA system on device arrays of the CUDA backend, and device_vector
// descriptors and views in device memory.
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/host_vector.h>

#include "thrust_range_checks.hpp"

#include <coalesce/interop/thrust.hpp>

using namespace coalesce;
using namespace coalesce::test;

TEST_SUITE("gpu") {
  TEST_CASE("interop.thrust.cuda.component_algorithms") {
    check_component_algorithms(runtime{backend::cuda}, thrust::device);
  }

  TEST_CASE("interop.thrust.cuda.zipped_components") { check_zipped_components(runtime{backend::cuda}, thrust::device); }

  TEST_CASE("interop.thrust.cuda.device_vector_without_copy") {
    const runtime rt{backend::cuda};
    const std::size_t n = 1000, m = 3;
    const std::vector<int> values = small_values(n * m, fresh_seed());
    thrust::device_vector<int> user(values.begin(), values.end());
    const vector_set<int> set = describe(user, n, m);
    CHECK(set.space == memory_space::device);
    CHECK(set.data == thrust::raw_pointer_cast(user.data()));

    // The user's device_vector viewed in place as AoS: device_component needs no policy.
    const auto aos_view = view_of(user, layout_row_major::mapping<extents<>>(extents<>(n, m)));
    const auto range = device_component(aos_view, 1);
    thrust::transform(range.begin(), range.end(), range.begin(), twice_minus_one{});

    array<int> a = rt.upload(set, soa());
    thrust::device_vector<int> back(n * m, poison<int>());
    rt.download(a, describe(back, n, m));
    const thrust::host_vector<int> result = back;
    for (std::size_t v = 0; v < n; ++v) {
      REQUIRE(result[v * m] == values[v * m]);
      REQUIRE(result[v * m + 1] == 2 * values[v * m + 1] - 1);
      REQUIRE(result[v * m + 2] == values[v * m + 2]);
    }
  }
}

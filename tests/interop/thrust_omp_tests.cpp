// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Component ranges with Thrust's OpenMP system: an explicit thrust::omp::par, and the device system
// (this target sets THRUST_DEVICE_SYSTEM to OMP), where device_vector and device_component live in
// host memory.
#include <thrust/system/omp/execution_policy.h>

#include "thrust_range_checks.hpp"

#include <coalesce/interop/thrust.hpp>

#include <thrust/device_vector.h>

static_assert(THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_OMP, "this test runs with the OMP device system");

using namespace coalesce;
using namespace coalesce::test;

TEST_SUITE("unit") {
  TEST_CASE("interop.thrust.omp.component_algorithms") { check_component_algorithms(runtime{backend::host}, thrust::omp::par); }

  TEST_CASE("interop.thrust.omp.zipped_components") { check_zipped_components(runtime{backend::host}, thrust::omp::par); }

  TEST_CASE("interop.thrust.omp.device_vector_and_device_component") {
    const runtime rt{backend::host};
    const std::size_t n = 300, m = 3;
    const std::vector<int> values = small_values(n * m, fresh_seed());
    thrust::device_vector<int> user(values.begin(), values.end());
    // Under the OMP device system a device_vector is host memory: describe says so, and the host
    // backend reads it in place.
    const vector_set<int> set = describe(user, n, m);
    CHECK(set.space == memory_space::host);
    array<int> a = rt.upload(set, blocked(32));
    coalesce::visit(a, [&](auto view) {
      const auto range = device_component(view, 2);  // no policy: runs on the device system (OMP)
      thrust::transform(range.begin(), range.end(), range.begin(), twice_minus_one{});
    });
    rt.download(a, describe(user, n, m));
    for (std::size_t v = 0; v < n; ++v) {
      REQUIRE(user[v * m] == values[v * m]);
      REQUIRE(user[v * m + 2] == 2 * values[v * m + 2] - 1);
    }
  }
}

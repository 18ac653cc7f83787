// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// cuda::std::mdspan over our layouts, and thrust::host_vector as a descriptor, in a g++ translation unit.
#include <coalesce/coalesce.hpp>
#include <coalesce/interop/mdspan.hpp>
#include <coalesce/interop/thrust.hpp>

#include <thrust/host_vector.h>

#include <doctest/doctest.h>

#include "random.hpp"
#include "round_trip.hpp"

using namespace coalesce;
using namespace coalesce::test;

TEST_SUITE("unit") {
  TEST_CASE("interop.mdspan.same_elements_every_layout") {
    const runtime rt{backend::host};
    const std::size_t n = 70, m = 3;
    const std::vector<float> in = random_values<float>(n * m, fresh_seed());
    for (const layout_spec& spec : all_layouts()) {
      INFO(to_string(spec));
      array<float> a = rt.upload(host_vectors(in.data(), n, m), spec);
      visit<3>(a, [&](auto view) {
        auto md = to_mdspan(view);
        static_assert(decltype(md)::extents_type::static_extent(1) == 3);
        CHECK(md.extent(0) == n);
        CHECK(md.extent(1) == 3);
        CHECK(md.mapping().required_span_size() == view.mapping().required_span_size());
        for (std::size_t v = 0; v < n; ++v)
          for (std::size_t i = 0; i < m; ++i) REQUIRE(md(v, i) == view(v, i));
        auto back = to_view(md);
        CHECK(back.data() == view.data());
        CHECK(back(n - 1, 2) == view(n - 1, 2));
      });
    }
  }

  TEST_CASE("interop.mdspan.blocked_is_a_layout_policy") {
    std::vector<int> memory(36);
    using blocked4 = layout_blocked<4>;
    cuda::std::mdspan<int, cuda::std::extents<std::size_t, cuda::std::dynamic_extent, 3>, blocked4> md(
        memory.data(), blocked4::mapping<cuda::std::extents<std::size_t, cuda::std::dynamic_extent, 3>>(
                           cuda::std::extents<std::size_t, cuda::std::dynamic_extent, 3>(10)));
    md(5, 1) = 42;
    CHECK(memory[17] == 42);  // m * bd * 1 + 1 * bd + 1
    CHECK_FALSE(md.is_exhaustive());
  }

  TEST_CASE("interop.thrust.host_vector_descriptor") {
    const runtime rt{backend::host};
    const std::size_t n = 100, m = 12;
    thrust::host_vector<double> in(n * m), out(n * m, poison<double>());
    const std::vector<double> values = random_values<double>(n * m, fresh_seed());
    thrust::copy(values.begin(), values.end(), in.begin());
    const array<double> a = rt.upload(describe(in, n, m), blocked(32));
    rt.download(a, describe(out, n, m));
    CHECK(out == in);
    CHECK_THROWS_WITH_AS(describe(in, n + 1, m), doctest::Contains("n = 101"), error);
  }
}

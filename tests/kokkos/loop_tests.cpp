// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// coalesce views and the exported accessors inside Kokkos::parallel_for / parallel_reduce on the
// default host execution space give what a plain host loop gives, in every layout.
#include <coalesce/interop/kokkos.hpp>

#include <doctest/doctest.h>

#include "kokkos_test_support.hpp"

using namespace coalesce;
using namespace coalesce::test;

namespace {

using host_exec = Kokkos::DefaultHostExecutionSpace;

// x(v, i) = a * x(v, i) + i, one vector per index: the functor holds a coalesce view by value.
template <class View>
struct axpi {
  View x;
  long a;
  KOKKOS_INLINE_FUNCTION void operator()(std::size_t v) const {
    for (std::size_t i = 0; i < x.m(); ++i) x(v, i) = a * x(v, i) + static_cast<long>(i);
  }
};

// Sum of component i over the vectors, through any (v, i) accessor.
template <class Accessor>
struct component_sum {
  Accessor x;
  std::size_t i;
  KOKKOS_INLINE_FUNCTION void operator()(std::size_t v, long& sum) const { sum += x(v, i); }
};

}  // namespace

TEST_SUITE("kokkos") {
  TEST_CASE("kokkos.loops.coalesce_view_in_parallel_for") {
    const runtime rt{backend::host};
    for (const shape s : kokkos_shapes()) {
      for (const layout_spec& spec : all_layouts()) {
        INFO("n = " << s.n << ", m = " << s.m << ", layout " << to_string(spec));
        std::vector<long> aos = random_values<long>(s.n * s.m, fresh_seed());
        for (long& x : aos) x %= 1000;
        array<long> a = rt.upload(host_vectors(aos.data(), s.n, s.m), spec);
        coalesce::visit(a, [&](auto view) {
          Kokkos::parallel_for("axpi", kokkos::vector_range<host_exec>(a), axpi<decltype(view)>{view, 3});
        });
        host_exec().fence();
        std::vector<long> out(aos.size());
        rt.download(a, host_vectors(out.data(), s.n, s.m));
        for (std::size_t v = 0; v < s.n; ++v)
          for (std::size_t i = 0; i < s.m; ++i) REQUIRE(out[v * s.m + i] == 3 * aos[v * s.m + i] + long(i));
      }
    }
  }

  TEST_CASE("kokkos.loops.parallel_reduce_over_exported_views") {
    const runtime rt{backend::host};
    for (const shape s : kokkos_shapes()) {
      for (const layout_spec& spec : all_layouts()) {
        INFO("n = " << s.n << ", m = " << s.m << ", layout " << to_string(spec));
        std::vector<long> aos = random_values<long>(s.n * s.m, fresh_seed());
        for (long& x : aos) x %= 1000;
        const array<long> a = rt.upload(host_vectors(aos.data(), s.n, s.m), spec);
        for (std::size_t i = 0; i < s.m; ++i) {
          long expected = 0;
          for (std::size_t v = 0; v < s.n; ++v) expected += aos[v * s.m + i];
          long sum = 0;
          kokkos::visit_accessor(a, [&](auto acc) {
            Kokkos::parallel_reduce("component_sum", kokkos::vector_range<host_exec>(a),
                                    component_sum<decltype(acc)>{acc, i}, sum);
          });
          REQUIRE(sum == expected);
        }
      }
    }
  }
}

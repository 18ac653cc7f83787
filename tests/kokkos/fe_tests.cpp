// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The Kokkos FE element loop equals the plain host loop calling the same physics, bit for bit on a
// host execution space, in every layout (tails included); the Kokkos per-component sums equal the
// host sums. On the Cuda space (Kokkos built with CUDA, a GPU present) they agree within tolerances.
#include "fe_problem.hpp"

#include <doctest/doctest.h>

#include "kokkos_test_support.hpp"

#include <cmath>

using namespace coalesce;
using namespace coalesce::test;

using host_exec = Kokkos::DefaultHostExecutionSpace;

TEST_SUITE("kokkos") {
  TEST_CASE("kokkos.fe.element_loop_equals_host_loop") {
    const runtime rt{backend::host};
    for (const std::size_t elements : {1, 37, 1000}) {
      const std::uint64_t seed = fresh_seed();
      const kokkos_fe::fe_problem p = kokkos_fe::random_problem(elements, elements / 3 + 4, seed);
      const std::vector<float> expected = kokkos_fe::host_element_loop(p);
      for (const layout_spec& spec : all_layouts()) {
        INFO(elements << " elements, layout " << to_string(spec) << ", seed = " << seed);
        const array<float> element = rt.upload(host_vectors(p.element.data(), p.elements, kokkos_fe::element_m), spec);
        const array<int> connectivity =
            rt.upload(host_vectors(p.connectivity.data(), p.elements, kokkos_fe::connectivity_m), spec);
        const array<float> u = rt.upload(host_vectors(p.u.data(), p.nodes, kokkos_fe::node_m), spec);
        array<float> force = rt.allocate<float>(p.elements, kokkos_fe::force_m, spec);
        kokkos_fe::element_loop<host_exec>(element, connectivity, u, force);
        std::vector<float> out(expected.size(), poison<float>());
        rt.download(force, host_vectors(out.data(), p.elements, kokkos_fe::force_m));
        REQUIRE(out == expected);
      }
    }
  }

#if defined(KOKKOS_ENABLE_CUDA)
  TEST_CASE("kokkos.cuda.fe_element_loop_and_sums_within_tolerance") {
    // On the Cuda space nvcc contracts into FMAs: equal to the host loop within the tolerances of
    // coalesce-kokkos-fe, not bit for bit.
    if (!runtime::cuda_available()) return;
    const runtime rt{backend::cuda};
    const kokkos_fe::fe_problem p = kokkos_fe::random_problem(20001, 5000, fresh_seed());
    const std::vector<float> expected = kokkos_fe::host_element_loop(p);
    for (const layout_spec& spec : all_layouts()) {
      INFO("layout " << to_string(spec));
      const array<float> element = rt.upload(host_vectors(p.element.data(), p.elements, kokkos_fe::element_m), spec);
      const array<int> connectivity =
          rt.upload(host_vectors(p.connectivity.data(), p.elements, kokkos_fe::connectivity_m), spec);
      const array<float> u = rt.upload(host_vectors(p.u.data(), p.nodes, kokkos_fe::node_m), spec);
      array<float> force = rt.allocate<float>(p.elements, kokkos_fe::force_m, spec);
      kokkos_fe::element_loop<Kokkos::Cuda>(element, connectivity, u, force);
      std::vector<float> out(expected.size(), poison<float>());
      rt.download(force, host_vectors(out.data(), p.elements, kokkos_fe::force_m));
      CHECK(kokkos_fe::worst_element_difference(out, expected) <= 1e-3);
      const std::vector<float> sums = kokkos_fe::component_sum<Kokkos::Cuda>(force);
      for (std::size_t k = 0; k < kokkos_fe::force_m; ++k) {
        double sum = 0, magnitude = 0;
        for (std::size_t e = 0; e < p.elements; ++e) {
          sum += expected[e * kokkos_fe::force_m + k];
          magnitude += std::fabs(expected[e * kokkos_fe::force_m + k]);
        }
        CHECK(std::fabs(sums[k] - sum) <= 1e-4 * magnitude);
      }
    }
  }
#endif

  TEST_CASE("kokkos.fe.layouts_must_match") {
    const runtime rt{backend::host};
    const kokkos_fe::fe_problem p = kokkos_fe::random_problem(10, 8, fresh_seed());
    const array<float> element = rt.upload(host_vectors(p.element.data(), 10, kokkos_fe::element_m), soa());
    const array<int> connectivity = rt.upload(host_vectors(p.connectivity.data(), 10, 4), aos());
    const array<float> u = rt.upload(host_vectors(p.u.data(), 8, 3), soa());
    array<float> force = rt.allocate<float>(10, kokkos_fe::force_m, soa());
    CHECK_THROWS_WITH_AS(kokkos_fe::element_loop<host_exec>(element, connectivity, u, force),
                         doctest::Contains("one layout family"), error);
  }

  TEST_CASE("kokkos.reduction.component_sum_every_layout") {
    const runtime rt{backend::host};
    for (const shape s : kokkos_shapes()) {
      for (const layout_spec& spec : all_layouts()) {
        INFO("n = " << s.n << ", m = " << s.m << ", layout " << to_string(spec));
        std::vector<long> aos = random_values<long>(s.n * s.m, fresh_seed());
        for (long& x : aos) x %= 100000;
        const array<long> a = rt.upload(host_vectors(aos.data(), s.n, s.m), spec);
        std::vector<long> expected(s.m, 0);
        for (std::size_t v = 0; v < s.n; ++v)
          for (std::size_t i = 0; i < s.m; ++i) expected[i] += aos[v * s.m + i];
        REQUIRE(kokkos_fe::component_sum<host_exec>(a) == expected);
      }
    }
  }
}

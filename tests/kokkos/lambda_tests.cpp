// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// KOKKOS_LAMBDA loops over coalesce arrays of every layout (kokkos::parallel_for / parallel_reduce on
// the default host execution space): the same results as a plain host loop, and typed errors.
// The lambdas live in functions of external linkage (lambda_kernels below): nvcc rejects an extended
// lambda whose enclosing function has internal linkage, as doctest's test functions do.
#include <coalesce/interop/kokkos.hpp>

#include <doctest/doctest.h>

#include "kokkos_test_support.hpp"

using namespace coalesce;
using namespace coalesce::test;

namespace coalesce::test::lambda_kernels {

// x(v, i) = a * x(v, i) + i.
template <class Exec>
void axpi(array<long>& x, long a) {
  kokkos::parallel_for("axpi", kokkos::vector_range<Exec>(x), x, KOKKOS_LAMBDA(std::size_t v, kokkos::any_view<long> y) {
    for (std::size_t i = 0; i < y.m(); ++i) y(v, i) = a * y(v, i) + static_cast<long>(i);
  });
  Exec().fence();
}

// out(v, i) = in(perm[v], i) * 2: a gather through an index array, three arrays of one layout kind.
template <class Exec>
void gather_twice(const array<long>& in, const array<int>& perm, array<long>& out) {
  kokkos::parallel_for("gather", kokkos::vector_range<Exec>(out), kokkos::arrays(in, perm, out),
                       KOKKOS_LAMBDA(std::size_t v, kokkos::any_view<const long> x, kokkos::any_view<const int> p,
                                     kokkos::any_view<long> y) {
                         const auto from = static_cast<std::size_t>(p(v, 0));
                         for (std::size_t i = 0; i < y.m(); ++i) y(v, i) = 2 * x(from, i);
                       });
  Exec().fence();
}

// Sum of component i.
template <class Exec>
long component_sum(const array<long>& x, std::size_t i) {
  long sum = 0;
  kokkos::parallel_reduce(
      "sum", kokkos::vector_range<Exec>(x), x,
      KOKKOS_LAMBDA(std::size_t v, kokkos::any_view<const long> y, long& acc) { acc += y(v, i); }, sum);
  return sum;
}

template void axpi<Kokkos::DefaultHostExecutionSpace>(array<long>&, long);
template void gather_twice<Kokkos::DefaultHostExecutionSpace>(const array<long>&, const array<int>&, array<long>&);
template long component_sum<Kokkos::DefaultHostExecutionSpace>(const array<long>&, std::size_t);
#if defined(KOKKOS_ENABLE_CUDA)
template void axpi<Kokkos::Cuda>(array<long>&, long);
template void gather_twice<Kokkos::Cuda>(const array<long>&, const array<int>&, array<long>&);
template long component_sum<Kokkos::Cuda>(const array<long>&, std::size_t);
#endif

}  // namespace coalesce::test::lambda_kernels

namespace {

using host_exec = Kokkos::DefaultHostExecutionSpace;

std::vector<long> small_values(std::size_t count) {
  std::vector<long> x = random_values<long>(count, fresh_seed());
  for (long& e : x) e %= 1000;
  return x;
}

// Checks the three kernels on Exec with arrays of runtime rt, against plain host loops.
template <class Exec>
void check_lambdas(const runtime& rt) {
  for (const shape s : kokkos_shapes()) {
    for (const layout_spec& spec : all_layouts()) {
      INFO("n = " << s.n << ", m = " << s.m << ", layout " << to_string(spec));
      const std::vector<long> aos = small_values(s.n * s.m);
      array<long> a = rt.upload(host_vectors(aos.data(), s.n, s.m), spec);
      lambda_kernels::axpi<Exec>(a, 3);
      std::vector<long> out(aos.size(), poison<long>());
      rt.download(a, host_vectors(out.data(), s.n, s.m));
      for (std::size_t k = 0; k < aos.size(); ++k) REQUIRE(out[k] == 3 * aos[k] + long(k % s.m));

      std::vector<int> perm(s.n);
      for (std::size_t v = 0; v < s.n; ++v) perm[v] = static_cast<int>((v * 7 + 3) % s.n);
      const array<int> p = rt.upload(host_vectors(perm.data(), s.n, 1), spec);
      array<long> gathered = rt.allocate<long>(s.n, s.m, spec);
      lambda_kernels::gather_twice<Exec>(a, p, gathered);
      rt.download(gathered, host_vectors(out.data(), s.n, s.m));
      for (std::size_t v = 0; v < s.n; ++v)
        for (std::size_t i = 0; i < s.m; ++i)
          REQUIRE(out[v * s.m + i] == 2 * (3 * aos[std::size_t(perm[v]) * s.m + i] + long(i)));

      for (std::size_t i = 0; i < s.m; ++i) {
        long expected = 0;
        for (std::size_t v = 0; v < s.n; ++v) expected += 3 * aos[v * s.m + i] + long(i);
        REQUIRE(lambda_kernels::component_sum<Exec>(a, i) == expected);
      }
    }
  }
}

}  // namespace

TEST_SUITE("kokkos") {
  TEST_CASE("kokkos.lambda.every_layout_host") { check_lambdas<host_exec>(runtime{backend::host}); }

#if defined(KOKKOS_ENABLE_CUDA)
  TEST_CASE("kokkos.cuda.lambda_every_layout") {
    if (!runtime::cuda_available()) return;
    check_lambdas<Kokkos::Cuda>(runtime{backend::cuda});
  }
#endif

  TEST_CASE("kokkos.lambda.mixed_block_sizes_and_errors") {
    const runtime rt{backend::host};
    const std::vector<long> aos = small_values(70 * 3);
    const array<long> in = rt.upload(host_vectors(aos.data(), 70, 3), blocked(32));
    std::vector<int> perm(70);
    for (std::size_t v = 0; v < 70; ++v) perm[v] = static_cast<int>(69 - v);
    const array<int> p = rt.upload(host_vectors(perm.data(), 70, 1), blocked(4));
    array<long> out = rt.allocate<long>(70, 3, blocked(128));
    lambda_kernels::gather_twice<host_exec>(in, p, out);  // three block sizes: the dynamic bd
    std::vector<long> back(aos.size());
    rt.download(out, host_vectors(back.data(), 70, 3));
    for (std::size_t v = 0; v < 70; ++v)
      for (std::size_t i = 0; i < 3; ++i) REQUIRE(back[v * 3 + i] == 2 * aos[(69 - v) * 3 + i]);

    array<long> rows = rt.allocate<long>(70, 3, coalesce::aos());
    CHECK_THROWS_WITH_AS(lambda_kernels::gather_twice<host_exec>(in, p, rows), doctest::Contains("array 2"), error);
  }
}

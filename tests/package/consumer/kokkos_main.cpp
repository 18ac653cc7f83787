// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// A downstream Kokkos program through the installed coalesce::kokkos: a LayoutLeft View -> blocked ->
// a KOKKOS_LAMBDA over it -> back into the View, checked element by element.
#include <coalesce/coalesce.hpp>
#include <coalesce/interop/kokkos.hpp>

#include <Kokkos_Core.hpp>

#include <cstdio>

// External linkage (no anonymous namespace): nvcc rejects an extended lambda in a function with
// internal linkage.
int run_consumer() {
  using exec = Kokkos::DefaultExecutionSpace;
  const std::size_t n = 37, m = 3;
  const coalesce::runtime rt = coalesce::kokkos::can_access<exec>(coalesce::memory_space::device)
                                   ? coalesce::runtime{}
                                   : coalesce::runtime{coalesce::backend::host};
  Kokkos::View<float**, Kokkos::LayoutLeft, Kokkos::HostSpace> nodes("nodes", n, m);
  for (std::size_t v = 0; v < n; ++v)
    for (std::size_t i = 0; i < m; ++i) nodes(v, i) = float(v * m + i);
  auto x = coalesce::kokkos::upload(rt, nodes, coalesce::blocked(8));
  coalesce::kokkos::parallel_for("double", coalesce::kokkos::vector_range<exec>(x), x,
                                 KOKKOS_LAMBDA(std::size_t v, coalesce::kokkos::any_view<float> y) {
                                   for (std::size_t i = 0; i < y.m(); ++i) y(v, i) *= 2;
                                 });
  exec().fence();
  coalesce::kokkos::download(rt, x, nodes);
  for (std::size_t v = 0; v < n; ++v)
    for (std::size_t i = 0; i < m; ++i)
      if (nodes(v, i) != float(2 * (v * m + i))) {
        std::printf("mismatch at (%zu, %zu)\n", v, i);
        return 1;
      }
  std::printf("consumer_kokkos: coalesce::kokkos on %s ok\n", exec::name());
  return 0;
}

int main(int argc, char** argv) {
  Kokkos::ScopeGuard kokkos(argc, argv);
  return run_consumer();
}

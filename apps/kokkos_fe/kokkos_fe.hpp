// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The TLED element loop and the per-component reduction as Kokkos loops over coalesce arrays. The
// physics is the FE app's (apps/fe_tled/tled_physics.hpp), called as it is: the element loop is a
// KOKKOS_LAMBDA through kokkos::parallel_for, the reduction a functor holding a coalesce view by
// value, so the same code runs on any execution space that can access the arrays.
//
// Element data per element (15 components): dN_a/dX_j at 3 a + j (12), then V0, mu, kappa, as in the
// FE app. Connectivity: 4 node indices (int). Displacements: 3 per node. Element forces: 12.

#include <coalesce/interop/kokkos.hpp>

#include "tled_physics.hpp"

#include <Kokkos_Core.hpp>

#include <cstddef>
#include <string>
#include <vector>

namespace coalesce::kokkos_fe {

inline constexpr std::size_t element_m = 15, connectivity_m = 4, node_m = 3, force_m = 12;

// Per-component sums of a vector set: an array reduction (value_type T[], value_count = m), whose
// default init (zero) and join (+=) Kokkos 3.4 and 4.x share.
template <class View>
struct component_sums {
  using value_type = typename View::value_type[];
  using size_type = std::size_t;
  View x;
  size_type value_count;

  KOKKOS_INLINE_FUNCTION void operator()(std::size_t v, typename View::value_type* sums) const {
    for (size_type i = 0; i < value_count; ++i) sums[i] += x(v, i);
  }
};

namespace detail {
inline void require_shape(const array_layout& l, std::size_t m, layout_kind kind, const char* what) {
  if (l.m != m)
    fail(errc::invalid_argument, "kokkos_fe::element_loop",
         std::string(what) + " has m = " + std::to_string(l.m) + ", expected " + std::to_string(m));
  if (l.kind != kind)
    fail(errc::invalid_argument, "kokkos_fe::element_loop",
         std::string(what) + " is " + to_string(l.kind) + " but the element data is " + to_string(kind) +
             ": one run uses one layout family");
}

}  // namespace detail

// force(e) = the nodal forces of element e, for every element, on ExecutionSpace. All four arrays
// share one layout family (any pitch or block size each). Throws invalid_argument on other shapes
// and wrong_memory_space when ExecutionSpace cannot access the arrays.
template <class ExecutionSpace = Kokkos::DefaultExecutionSpace>
void element_loop(const array<float>& element, const array<int>& connectivity, const array<float>& u,
                  array<float>& force, const ExecutionSpace& space = ExecutionSpace()) {
  const layout_kind kind = element.kind();
  detail::require_shape(element.layout(), element_m, kind, "element data");
  detail::require_shape(connectivity.layout(), connectivity_m, kind, "connectivity");
  detail::require_shape(u.layout(), node_m, kind, "displacements");
  detail::require_shape(force.layout(), force_m, kind, "element forces");
  if (connectivity.n() != element.n() || force.n() != element.n())
    fail(errc::size_mismatch, "kokkos_fe::element_loop", "element data, connectivity and forces differ in n");
  for (const memory_space s : {connectivity.space(), u.space(), force.space()})
    kokkos::detail::require_access<ExecutionSpace>(s, "kokkos_fe::element_loop");
  // A KOKKOS_LAMBDA over views of one type whatever the layout: kokkos::parallel_for picks the
  // layout outside it (nvcc allows no extended lambda inside coalesce::visit's generic lambda).
  kokkos::parallel_for(
      "coalesce::kokkos_fe::element_loop", kokkos::vector_range(element, space),
      kokkos::arrays(element, connectivity, u, force),
      KOKKOS_LAMBDA(std::size_t e, kokkos::any_view<const float> d, kokkos::any_view<const int> c,
                    kokkos::any_view<const float> x, kokkos::any_view<float> f) {
        float ue[4][3], dndx[4][3], out[4][3];
        for (std::size_t a = 0; a < 4; ++a) {
          const auto node = static_cast<std::size_t>(c(e, a));
          for (std::size_t j = 0; j < 3; ++j) {
            ue[a][j] = x(node, j);
            dndx[a][j] = d(e, 3 * a + j);
          }
        }
        fe::element_nodal_forces(ue, dndx, d(e, 12), d(e, 13), d(e, 14), out);
        for (std::size_t a = 0; a < 4; ++a)
          for (std::size_t j = 0; j < 3; ++j) f(e, 3 * a + j) = out[a][j];
      });
  space.fence();
}

// The m per-component sums of a (any layout), on ExecutionSpace.
template <class ExecutionSpace = Kokkos::DefaultExecutionSpace, class T>
std::vector<T> component_sum(const array<T>& a, const ExecutionSpace& space = ExecutionSpace()) {
  std::vector<T> sums(a.m(), T(0));
  const auto range = kokkos::vector_range(a, space);
  coalesce::visit(a, [&](auto view) {
    const Kokkos::View<T*, Kokkos::HostSpace, kokkos::unmanaged> result(sums.data(), sums.size());
    Kokkos::parallel_reduce("coalesce::kokkos_fe::component_sum", range,
                            component_sums<decltype(view)>{view, a.m()}, result);
  });
  space.fence();
  return sums;
}

}  // namespace coalesce::kokkos_fe

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The views of a solver's arrays in one compiled layout (shared by the host and CUDA passes).

#include "layout_dispatch.hpp"
#include "solver.hpp"
#include "tled_kernels.hpp"

namespace coalesce::fe {

template <class Layout>
using solver_views =
    tled_views<decltype(static_view<Layout, element_m>(std::declval<array<float>&>())),
               decltype(static_view<Layout, connectivity_m>(std::declval<array<std::int32_t>&>())),
               decltype(static_view<Layout, force_m>(std::declval<array<float>&>())),
               decltype(static_view<Layout, node_m>(std::declval<array<float>&>())),
               decltype(static_view<Layout, 1>(std::declval<array<std::int32_t>&>()))>;

template <class Layout>
solver_views<Layout> make_views(solver_arrays& a) {
  solver_views<Layout> v;
  v.element = static_view<Layout, element_m>(a.element);
  v.connectivity = static_view<Layout, connectivity_m>(a.connectivity);
  v.force = static_view<Layout, force_m>(a.force);
  v.u = static_view<Layout, node_m>(a.u);
  v.u_prev = static_view<Layout, node_m>(a.u_prev);
  v.coefficients = static_view<Layout, node_m>(a.coefficients);
  v.external = static_view<Layout, node_m>(a.external);
  v.constraint_value = static_view<Layout, node_m>(a.constraint_value);
  v.constraint_mask = static_view<Layout, 1>(a.constraint_mask);
  v.offsets = a.offsets.data();
  v.entries = a.entries.data();
  return v;
}

}  // namespace coalesce::fe

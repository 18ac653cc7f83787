// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The views of a solver's arrays in one compiled layout (shared by the host and CUDA passes); the
// layout comes from coalesce::visit_layout, with block sizes 32, 64, 128 and 256 compiled in.

#include "solver.hpp"
#include "tled_kernels.hpp"

#include <coalesce/runtime/array.hpp>

namespace coalesce::fe {

template <class Layout>
using solver_views =
    tled_views<decltype(std::declval<array<float>&>().template view<Layout, element_m>()),
               decltype(std::declval<array<std::int32_t>&>().template view<Layout, connectivity_m>()),
               decltype(std::declval<array<float>&>().template view<Layout, force_m>()),
               decltype(std::declval<array<float>&>().template view<Layout, node_m>()),
               decltype(std::declval<array<std::int32_t>&>().template view<Layout, 1>())>;

template <class Layout>
solver_views<Layout> make_views(solver_arrays& a) {
  solver_views<Layout> v;
  v.element = a.element.template view<Layout, element_m>();
  v.connectivity = a.connectivity.template view<Layout, connectivity_m>();
  v.force = a.force.template view<Layout, force_m>();
  v.u = a.u.template view<Layout, node_m>();
  v.u_prev = a.u_prev.template view<Layout, node_m>();
  v.coefficients = a.coefficients.template view<Layout, node_m>();
  v.external = a.external.template view<Layout, node_m>();
  v.constraint_value = a.constraint_value.template view<Layout, node_m>();
  v.constraint_mask = a.constraint_mask.template view<Layout, 1>();
  v.offsets = a.offsets.data();
  v.entries = a.entries.data();
  return v;
}

}  // namespace coalesce::fe

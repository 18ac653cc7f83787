// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The views of a solver's arrays in one compiled layout (shared by the host and CUDA passes); the
// layout comes from coalesce::visit_layout (vector sets) or coalesce::visit (the element records),
// with block sizes 32, 64, 128 and 256 compiled in.

#include "../common/record_match.hpp"
#include "element_record.hpp"
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

// Everything but the element data and connectivity (the node pass needs no more; with records the
// solver has no such vector sets).
template <class Layout>
solver_views<Layout> make_node_views(solver_arrays& a) {
  solver_views<Layout> v;
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

template <class Layout>
solver_views<Layout> make_views(solver_arrays& a) {
  solver_views<Layout> v = make_node_views<Layout>(a);
  v.element = a.element.template view<Layout, element_m>();
  v.connectivity = a.connectivity.template view<Layout, connectivity_m>();
  return v;
}

// The record element pass's views: the record view visit() gave, and the forces and displacements in
// the vector layout that matches its form.
template <class RecordView>
auto make_record_views(const RecordView& records, solver_arrays& a) {
  using Layout = apps::vector_layout_of<typename RecordView::form_type>;
  using force_view = decltype(a.force.template view<Layout, force_m>());
  using node_view = decltype(a.u.template view<Layout, node_m>());
  return record_element_views<RecordView, force_view, node_view>{records, a.force.template view<Layout, force_m>(),
                                                                  a.u.template view<Layout, node_m>()};
}

}  // namespace coalesce::fe

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The element pass's views wrapped in counted views (coalesce/view/counted.hpp), for --count-accesses:
// the same element_pass / record_element_pass, compiled once more with views that count. Only the
// arrays the element pass reaches are given (element data or element records, connectivity, u, force);
// the node pass's other arrays stay empty views that the element pass never touches.

#include "solver_views.hpp"

#include <coalesce/record/counted.hpp>
#include <coalesce/view/counted.hpp>

#include <cstddef>

namespace coalesce::fe {

// Where each array counts, in one block of counters (2 m per vector set, reads then writes; the element
// records' 2 x 19 components take the element data's and connectivity's place).
inline constexpr std::size_t element_counters = 0;
inline constexpr std::size_t connectivity_counters = element_counters + 2 * element_m;
inline constexpr std::size_t u_counters = connectivity_counters + 2 * connectivity_m;
inline constexpr std::size_t force_counters = u_counters + 2 * node_m;
inline constexpr std::size_t pass_counters = force_counters + 2 * force_m;
static_assert(counted_slots<element_fields>() == element_m + connectivity_m,
              "the element record's components are the element data's and the connectivity's");

template <class Layout>
auto make_counted_views(solver_arrays& a, unsigned long long* counters) {
  const solver_views<Layout> plain = make_views<Layout>(a);
  using node_view = counted_view<decltype(plain.u)>;
  tled_views<counted_view<decltype(plain.element)>, counted_view<decltype(plain.connectivity)>,
             counted_view<decltype(plain.force)>, node_view, decltype(plain.constraint_mask)>
      v;
  v.element = counted(plain.element, counters + element_counters);
  v.connectivity = counted(plain.connectivity, counters + connectivity_counters);
  v.force = counted(plain.force, counters + force_counters);
  v.u = counted(plain.u, counters + u_counters);
  return v;
}

template <class RecordView>
auto make_counted_record_views(const RecordView& records, solver_arrays& a, unsigned long long* counters) {
  const auto plain = make_record_views(records, a);
  return record_element_views<counted_view<RecordView>, counted_view<decltype(plain.force)>,
                              counted_view<decltype(plain.u)>>{counted(records, counters + element_counters),
                                                               counted(plain.force, counters + force_counters),
                                                               counted(plain.u, counters + u_counters)};
}

}  // namespace coalesce::fe

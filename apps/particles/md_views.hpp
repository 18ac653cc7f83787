// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// What the passes of both backends hand their loops: the forces in the vector layout matching the
// particles' record form (one instantiation per form), and the cell list's pointers.

#include "../common/record_match.hpp"
#include "system.hpp"

namespace coalesce::particles {

template <class P>
auto force_view(const P&, array<double>& force) {
  return force.template view<apps::vector_layout_of<typename P::form_type>, 3>();
}

inline cell_list_view cells_of(md_arrays& a) { return {a.start.data(), a.sorted_order.data()}; }

inline std::size_t cell_count(const md_box& b) { return std::size_t(b.cells) * b.cells * b.cells; }

// Bits of the largest cell index: the radix sort sorts no more.
inline int cell_bits(const md_box& b) {
  int bits = 1;
  while ((std::size_t(1) << bits) < cell_count(b)) ++bits;
  return bits;
}

}  // namespace coalesce::particles

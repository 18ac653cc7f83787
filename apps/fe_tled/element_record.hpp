// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The element data and the connectivity of one element as one record, the struct an FE code would
// write (floats and ints together, 76 bytes, no padding). With --records the solver keeps the elements
// in a record layout and the element pass reads each one through a record view; the node arrays and
// the forces stay vector sets in the matching vector layout.

#include "model.hpp"
#include "tled_kernels.hpp"

#include <coalesce/record/record.hpp>

#include <cstdint>
#include <vector>

namespace coalesce::fe {

struct element_record {
  float dN[12];  // dN_a/dX_j at 3a + j
  float V0, mu, kappa;
  std::int32_t nodes[4];
};
using element_fields =
    fields<&element_record::dN, &element_record::V0, &element_record::mu, &element_record::kappa, &element_record::nodes>;

// The record of element_record: fields dN, V0, mu, kappa, nodes.
record_desc element_record_desc();
// The model's element data and connectivity, one record per element.
std::vector<element_record> element_records(const tled_model& model);

// What the record element pass sees: the elements' record view, the forces and the displacements.
template <class RecordView, class ForceView, class NodeView>
struct record_element_views {
  RecordView element;
  ForceView force;
  NodeView u;
};

// Element e from its record: the whole struct in registers (one load per field component, each
// coalesced as the record layout allows), then the same arithmetic as the vector-set pass.
template <class Views>
COALESCE_HD inline void record_element_pass(const Views& v, std::size_t e) {
  const element_record r = v.element.load(e);
  float dndx[4][3];
  COALESCE_UNROLL
  for (int a = 0; a < 4; ++a)
    COALESCE_UNROLL
    for (int j = 0; j < 3; ++j) dndx[a][j] = r.dN[3 * a + j];
  element_forces(v, e, dndx, r.V0, r.mu, r.kappa, r.nodes);
}

}  // namespace coalesce::fe

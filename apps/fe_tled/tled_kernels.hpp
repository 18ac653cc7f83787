// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// One element and one node of a TLED step, written once against coalesce views: the CUDA kernels,
// the OpenMP loops and the double-precision reference call these, and each layout gets its own
// instantiation. A thread loads its whole vector (coalesce::load), so the warp's accesses follow the layout.

#include "model.hpp"
#include "tled_physics.hpp"

#include <coalesce/view/view.hpp>

#include <cstddef>
#include <cstdint>

namespace coalesce::fe {

// The vector sets of one run, in one layout family. ElementView: 15 components; ConnectivityView: 4
// (int32); ForceView: 12; NodeView: 3; MaskView: 1 (int32). The node-to-element list is plain
// (variable length per node, so it has no layout to choose).
template <class ElementView, class ConnectivityView, class ForceView, class NodeView, class MaskView>
struct tled_views {
  ElementView element;
  ConnectivityView connectivity;
  ForceView force;
  NodeView u;       // displacement at the current step
  NodeView u_prev;  // at the previous step; the node pass overwrites it with the next step
  NodeView coefficients;
  NodeView external;
  NodeView constraint_value;
  MaskView constraint_mask;
  const std::int32_t* offsets = nullptr;
  const std::int32_t* entries = nullptr;
};

// Element e with its data in registers: gather its nodes' displacements, compute its nodal forces,
// write them. Every element pass (vector sets, records, the reference) ends here.
template <class Views, class Real>
COALESCE_HD inline void element_forces(const Views& v, std::size_t e, const Real (&dndx)[4][3], Real volume, Real mu,
                                       Real kappa, const std::int32_t (&nodes)[4]) {
  Real u[4][3], f[4][3];
  COALESCE_UNROLL
  for (int a = 0; a < 4; ++a) {
    const auto ua = load<node_m>(v.u, std::size_t(nodes[a]));
    COALESCE_UNROLL
    for (int j = 0; j < 3; ++j) u[a][j] = ua[j];
  }
  element_nodal_forces(u, dndx, volume, mu, kappa, f);
  vec<Real, force_m> out;
  COALESCE_UNROLL
  for (int a = 0; a < 4; ++a)
    COALESCE_UNROLL
    for (int j = 0; j < 3; ++j) out[std::size_t(3 * a + j)] = f[a][j];
  store<force_m>(v.force, e, out);
}

// Element e from the vector sets: element data (15) and connectivity (4).
template <class Views>
COALESCE_HD inline void element_pass(const Views& v, std::size_t e) {
  using Real = typename decltype(v.element)::value_type;
  const auto d = load<element_m>(v.element, e);
  const auto c = load<connectivity_m>(v.connectivity, e);
  Real dndx[4][3];
  std::int32_t nodes[4];
  COALESCE_UNROLL
  for (int a = 0; a < 4; ++a) {
    nodes[a] = c[std::size_t(a)];
    COALESCE_UNROLL
    for (int j = 0; j < 3; ++j) dndx[a][j] = d[std::size_t(3 * a + j)];
  }
  element_forces(v, e, dndx, d[12], d[13], d[14], nodes);
}

// Sum of the element forces on node i, in the order of its element list (the same on every backend
// and layout, so the sums agree bit for bit).
template <class Views, class Real>
COALESCE_HD inline void gather_node_force(const Views& v, std::size_t i, Real (&f)[3]) {
  f[0] = f[1] = f[2] = Real(0);
  for (std::int32_t k = v.offsets[i]; k < v.offsets[i + 1]; ++k) {
    const std::int32_t entry = v.entries[k];
    const std::size_t e = std::size_t(entry >> 2), first = std::size_t(3 * (entry & 3));
    COALESCE_UNROLL
    for (int j = 0; j < 3; ++j) f[j] += v.force(e, first + std::size_t(j));
  }
}

// Node i: u+ = A (R - F) + B u + C u- for free components, load * value for prescribed ones. Writes
// u+ over u_prev (the caller then swaps u and u_prev).
template <class Views, class Real>
COALESCE_HD inline void node_pass(const Views& v, std::size_t i, Real load_factor) {
  Real f[3];
  gather_node_force(v, i, f);
  const auto abc = load<node_m>(v.coefficients, i);
  const auto r = load<node_m>(v.external, i);
  const auto un = load<node_m>(v.u, i);
  const auto up = load<node_m>(v.u_prev, i);
  const auto value = load<node_m>(v.constraint_value, i);
  const std::int32_t mask = v.constraint_mask(i, 0);
  vec<Real, node_m> next;
  COALESCE_UNROLL
  for (int j = 0; j < 3; ++j)
    next[std::size_t(j)] = (mask >> j) & 1 ? load_factor * value[std::size_t(j)]
                                           : abc[0] * (r[std::size_t(j)] - f[j]) + abc[1] * un[std::size_t(j)] +
                                                 abc[2] * up[std::size_t(j)];
  store<node_m>(v.u_prev, i, next);
}

}  // namespace coalesce::fe

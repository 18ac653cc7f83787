// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include "partition.hpp"

#include <coalesce/core/error.hpp>

#include <algorithm>
#include <numeric>
#include <set>
#include <utility>

namespace coalesce::fe::dist {
namespace {

int longest_axis(const tet_mesh& mesh) {
  const auto lo = mesh.lower(), hi = mesh.upper();
  int axis = 0;
  for (int d = 1; d < 3; ++d)
    if (hi[std::size_t(d)] - lo[std::size_t(d)] > hi[std::size_t(axis)] - lo[std::size_t(axis)]) axis = d;
  return axis;
}

void check_ranks(const tet_mesh& mesh, int ranks) {
  if (ranks < 1 || std::size_t(ranks) > mesh.node_count())
    fail(errc::invalid_argument, "partition",
         std::to_string(ranks) + " ranks for " + std::to_string(mesh.node_count()) + " nodes");
}

}  // namespace

std::vector<int> slab_partition(const tet_mesh& mesh, int ranks) {
  check_ranks(mesh, ranks);
  const int a = longest_axis(mesh);
  const double lo = mesh.lower()[std::size_t(a)], length = mesh.upper()[std::size_t(a)] - lo;
  std::vector<int> owner(mesh.node_count());
  for (std::size_t v = 0; v < owner.size(); ++v) {
    const double t = length > 0 ? (mesh.nodes[v][std::size_t(a)] - lo) / length : 0.0;
    owner[v] = std::min(ranks - 1, int(t * ranks));
  }
  return owner;
}

std::vector<int> sorted_partition(const tet_mesh& mesh, int ranks) {
  check_ranks(mesh, ranks);
  const int a = longest_axis(mesh);
  std::vector<std::size_t> order(mesh.node_count());
  std::iota(order.begin(), order.end(), std::size_t(0));
  std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
    return mesh.nodes[x][std::size_t(a)] < mesh.nodes[y][std::size_t(a)];
  });
  std::vector<int> owner(order.size());
  for (std::size_t k = 0; k < order.size(); ++k) owner[order[k]] = int(k * std::size_t(ranks) / order.size());
  return owner;
}

std::vector<int> partition(const std::string& kind, const tet_mesh& mesh, int ranks) {
  if (kind == "slab") return slab_partition(mesh, ranks);
  if (kind == "sorted") return sorted_partition(mesh, ranks);
  fail(errc::invalid_argument, "--partition", "'" + kind + "' is not slab or sorted");
}

local_part extract_part(const tet_mesh& mesh, const tled_model& global, const std::vector<int>& owner, int rank) {
  if (owner.size() != mesh.node_count())
    fail(errc::size_mismatch, "extract_part",
         std::to_string(owner.size()) + " owners for " + std::to_string(mesh.node_count()) + " nodes");
  // (node, rank) pairs: node is a ghost on rank, which runs one of the node's elements without owning it.
  std::set<std::pair<int, std::size_t>> ghost_of;  // (rank, node), ordered by rank then node
  std::vector<std::size_t> elements;
  for (std::size_t e = 0; e < mesh.element_count(); ++e) {
    std::set<int> runs;
    for (auto v : mesh.tets[e]) runs.insert(owner[std::size_t(v)]);
    for (int q : runs)
      for (auto v : mesh.tets[e])
        if (owner[std::size_t(v)] != q) ghost_of.insert({q, std::size_t(v)});
    if (runs.count(rank)) elements.push_back(e);
  }
  local_part part;
  std::vector<std::size_t> local(mesh.node_count(), std::size_t(-1));
  for (std::size_t v = 0; v < mesh.node_count(); ++v)
    if (owner[v] == rank) {
      local[v] = part.global_node.size();
      part.global_node.push_back(v);
    }
  part.owned = part.global_node.size();
  std::vector<std::pair<int, std::size_t>> mine;  // this rank's ghosts as (owner, node)
  for (const auto& [q, v] : ghost_of) {
    if (q == rank) mine.push_back({owner[v], v});
    if (owner[v] == rank && q != rank) {  // ordered by rank, then node: each rank's ghosts in id order
      part.export_ids.push_back(local[v]);
      part.export_ranks.push_back(q);
    }
  }
  std::sort(mine.begin(), mine.end());
  for (const auto& [o, v] : mine) {
    local[v] = part.global_node.size();
    part.global_node.push_back(v);
  }

  tled_model& m = part.model;
  m.nodes = part.global_node.size();
  m.elements = elements.size();
  for (std::size_t e : elements) {
    m.element_data.insert(m.element_data.end(), global.element_data.begin() + std::ptrdiff_t(e * element_m),
                          global.element_data.begin() + std::ptrdiff_t((e + 1) * element_m));
    for (auto v : mesh.tets[e]) m.connectivity.push_back(std::int32_t(local[std::size_t(v)]));
  }
  tet_mesh sub;  // the local elements in local node numbers, for the node-to-element list
  sub.nodes.resize(m.nodes);
  for (std::size_t k = 0; k < elements.size(); ++k)
    sub.tets.push_back({m.connectivity[4 * k], m.connectivity[4 * k + 1], m.connectivity[4 * k + 2],
                        m.connectivity[4 * k + 3]});
  m.node_elements = build_node_element_list(sub);
  for (std::size_t g : part.global_node) {
    for (std::size_t j = 0; j < node_m; ++j) {
      m.coefficients.push_back(global.coefficients[g * node_m + j]);
      m.external.push_back(global.external[g * node_m + j]);
      m.constraint_value.push_back(global.constraint_value[g * node_m + j]);
    }
    m.constraint_mask.push_back(global.constraint_mask[g]);
    m.mass.push_back(global.mass[g]);
  }
  m.dt = global.dt;
  m.damping = global.damping;
  m.critical_dt = global.critical_dt;
  m.min_altitude = global.min_altitude;
  m.wave_speed = global.wave_speed;
  m.volume = global.volume;
  return part;
}

}  // namespace coalesce::fe::dist

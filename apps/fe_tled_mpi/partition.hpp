// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Node partitions of a tetrahedral mesh and the part of the TLED model one rank runs.
//
// A rank owns nodes, and runs every element that touches one of them (elements on a cut are run by
// each rank that owns one of their nodes). Its owned nodes then see all their elements, in the
// global order, so their force sums, and hence their displacements, are those of the one-rank run
// bit for bit; the other nodes of its elements are ghosts, refreshed from their owners every step.

#include "mesh.hpp"
#include "model.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace coalesce::fe::dist {

// Equal slabs of the bounding box along its longest axis (the box split).
std::vector<int> slab_partition(const tet_mesh& mesh, int ranks);
// Equal node counts in coordinate order along the longest axis (any mesh, e.g. from Gmsh).
std::vector<int> sorted_partition(const tet_mesh& mesh, int ranks);
// "slab" or "sorted"; throws invalid_argument naming the text.
std::vector<int> partition(const std::string& kind, const tet_mesh& mesh, int ranks);

struct local_part {
  tled_model model;                       // local elements; nodes: owned first, then ghosts
  std::size_t owned = 0;                  // model.nodes - owned are ghosts
  std::vector<std::size_t> global_node;   // local node -> global node
  std::vector<std::size_t> export_ids;    // owned nodes other ranks hold as ghosts (local ids) ...
  std::vector<int> export_ranks;          // ... and those ranks
};

// Rank `rank`'s part of `global` (built from `mesh`) under the node owners `owner`. Ghosts are ordered
// by owner rank, then global id: the order a halo built from the owners' exports delivers them in.
local_part extract_part(const tet_mesh& mesh, const tled_model& global, const std::vector<int>& owner, int rank);

}  // namespace coalesce::fe::dist

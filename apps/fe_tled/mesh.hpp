// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Tetrahedral meshes: a generated box of hexahedra split into tetrahedra, checks that reject bad
// meshes with the element (and file line) at fault, and the node-to-element list the node kernel
// gathers forces through (no atomics).

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace coalesce::fe {

struct tet_mesh {
  std::vector<std::array<double, 3>> nodes;        // reference coordinates X
  std::vector<std::array<std::int32_t, 4>> tets;   // node indices, positively oriented
  std::vector<std::size_t> tet_lines;              // source line of each tet (files); empty when generated
  std::string source = "generated";                // "box 10x10x10" or the file name, for messages

  std::size_t node_count() const noexcept { return nodes.size(); }
  std::size_t element_count() const noexcept { return tets.size(); }
  // Lowest and highest coordinate along each axis.
  std::array<double, 3> lower() const;
  std::array<double, 3> upper() const;
};

// A box [0, size] of nx x ny x nz hexahedra, each split into the 6 tetrahedra of the Kuhn
// triangulation around its main diagonal (conforming across hexahedra, all congruent).
// jitter > 0 moves interior nodes by up to jitter * cell size in each direction (deterministic with
// `seed`): an unstructured mesh whose boundary is still the box. Throws invalid_argument for an empty
// box, jitter outside [0, 0.2), or more than 2^29 elements.
tet_mesh generate_box(std::size_t nx, std::size_t ny, std::size_t nz, std::array<double, 3> size = {1, 1, 1},
                      double jitter = 0, std::uint64_t seed = 1);

// Parses "100x100x100" (or "100", a cube); throws invalid_argument naming the text.
std::array<std::size_t, 3> parse_box(const std::string& text);

// Throws invalid_argument naming the element (and its file line) for a node index out of range, a
// repeated node, or a volume that is negative (inverted) or zero relative to the mesh size.
void validate_mesh(const tet_mesh& mesh);

// For each node, the (element, local node) pairs that touch it, ordered by element: entries
// [offsets[i], offsets[i+1]) hold 4 * element + local.
struct node_element_list {
  std::vector<std::int32_t> offsets;
  std::vector<std::int32_t> entries;
};
node_element_list build_node_element_list(const tet_mesh& mesh);

}  // namespace coalesce::fe

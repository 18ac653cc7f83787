// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include "mesh.hpp"

#include "tled_physics.hpp"

#include <coalesce/core/error.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

namespace coalesce::fe {

namespace {

// Kept below 2^31 / 4 so that 4 * element + local fits the int32 node-to-element entries.
constexpr std::size_t max_elements = std::size_t(1) << 29;

std::string where(const tet_mesh& mesh, std::size_t e) {
  std::string s = mesh.source + ": element " + std::to_string(e);
  if (e < mesh.tet_lines.size()) s += " (line " + std::to_string(mesh.tet_lines[e]) + ")";
  return s;
}

void corners(const tet_mesh& mesh, std::size_t e, double (&x)[4][3]) {
  for (int a = 0; a < 4; ++a)
    for (int j = 0; j < 3; ++j) x[a][j] = mesh.nodes[std::size_t(mesh.tets[e][std::size_t(a)])][std::size_t(j)];
}

}  // namespace

std::array<double, 3> tet_mesh::lower() const {
  std::array<double, 3> lo{0, 0, 0};
  if (nodes.empty()) return lo;
  lo = nodes[0];
  for (const auto& x : nodes)
    for (int j = 0; j < 3; ++j) lo[j] = std::min(lo[j], x[j]);
  return lo;
}

std::array<double, 3> tet_mesh::upper() const {
  std::array<double, 3> hi{0, 0, 0};
  if (nodes.empty()) return hi;
  hi = nodes[0];
  for (const auto& x : nodes)
    for (int j = 0; j < 3; ++j) hi[j] = std::max(hi[j], x[j]);
  return hi;
}

std::array<std::size_t, 3> parse_box(const std::string& text) {
  std::array<std::size_t, 3> n{0, 0, 0};
  std::size_t count = 0, pos = 0;
  while (count < 3 && pos <= text.size()) {
    const std::size_t end = std::min(text.find('x', pos), text.size());
    const std::string part = text.substr(pos, end - pos);
    if (part.empty() || part.size() > 6 || part.find_first_not_of("0123456789") != std::string::npos)
      fail(errc::invalid_argument, "--box", "'" + text + "' is not NxNxN (or N) with positive integers");
    n[count++] = std::stoul(part);
    pos = end + 1;
  }
  if (pos <= text.size() || (count != 1 && count != 3))
    fail(errc::invalid_argument, "--box", "'" + text + "' is not NxNxN (or N) with positive integers");
  if (count == 1) n[1] = n[2] = n[0];
  if (n[0] == 0 || n[1] == 0 || n[2] == 0) fail(errc::invalid_argument, "--box", "'" + text + "' has a zero extent");
  return n;
}

tet_mesh generate_box(std::size_t nx, std::size_t ny, std::size_t nz, std::array<double, 3> size, double jitter,
                      std::uint64_t seed) {
  if (nx == 0 || ny == 0 || nz == 0)
    fail(errc::invalid_argument, "generate_box",
         "empty box " + std::to_string(nx) + "x" + std::to_string(ny) + "x" + std::to_string(nz));
  if (!(jitter >= 0 && jitter < 0.2))
    fail(errc::invalid_argument, "generate_box", "jitter " + std::to_string(jitter) + " is outside [0, 0.2)");
  if (nx * ny * nz > max_elements / 6)
    fail(errc::invalid_argument, "generate_box",
         std::to_string(6 * nx * ny * nz) + " elements exceed the limit of 2^29");
  tet_mesh mesh;
  mesh.source = "box " + std::to_string(nx) + "x" + std::to_string(ny) + "x" + std::to_string(nz);
  const std::size_t px = nx + 1, py = ny + 1, pz = nz + 1;
  const double h[3] = {size[0] / double(nx), size[1] / double(ny), size[2] / double(nz)};
  mesh.nodes.resize(px * py * pz);
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> offset(-jitter, jitter);
  for (std::size_t k = 0; k < pz; ++k)
    for (std::size_t j = 0; j < py; ++j)
      for (std::size_t i = 0; i < px; ++i) {
        std::array<double, 3> x{double(i) * h[0], double(j) * h[1], double(k) * h[2]};
        const bool interior = i > 0 && i < nx && j > 0 && j < ny && k > 0 && k < nz;
        if (interior && jitter > 0)
          for (int d = 0; d < 3; ++d) x[d] += offset(rng) * h[d];
        mesh.nodes[(k * py + j) * px + i] = x;
      }
  // The 6 Kuhn tetrahedra of a cube follow the paths from corner 0 to corner 7 that add one axis bit
  // at a time (bit 1 = x, 2 = y, 4 = z), one path per order of the axes.
  static constexpr int paths[6][3] = {{1, 2, 4}, {1, 4, 2}, {2, 1, 4}, {2, 4, 1}, {4, 1, 2}, {4, 2, 1}};
  mesh.tets.reserve(6 * nx * ny * nz);
  for (std::size_t k = 0; k < nz; ++k)
    for (std::size_t j = 0; j < ny; ++j)
      for (std::size_t i = 0; i < nx; ++i) {
        auto corner = [&](int bits) {
          return std::int32_t((((k + ((bits >> 2) & 1)) * py) + j + ((bits >> 1) & 1)) * px + i + (bits & 1));
        };
        for (const auto& p : paths) {
          std::array<std::int32_t, 4> t{corner(0), corner(p[0]), corner(p[0] | p[1]), corner(7)};
          // Odd permutations of the axes give left-handed tetrahedra: swap two nodes.
          const bool odd = (p[0] == 1 && p[1] == 4) || (p[0] == 2 && p[1] == 1) || (p[0] == 4 && p[1] == 2);
          if (odd) std::swap(t[1], t[2]);
          mesh.tets.push_back(t);
        }
      }
  if (jitter > 0) validate_mesh(mesh);
  return mesh;
}

void validate_mesh(const tet_mesh& mesh) {
  if (mesh.tets.empty()) fail(errc::invalid_argument, "mesh", mesh.source + ": no tetrahedra");
  if (mesh.tets.size() > max_elements)
    fail(errc::invalid_argument, "mesh",
         mesh.source + ": " + std::to_string(mesh.tets.size()) + " elements exceed the limit of 2^29");
  const std::size_t n = mesh.nodes.size();
  for (std::size_t e = 0; e < mesh.tets.size(); ++e)
    for (int a = 0; a < 4; ++a) {
      const std::int32_t v = mesh.tets[e][std::size_t(a)];
      if (v < 0 || std::size_t(v) >= n)
        fail(errc::invalid_argument, "mesh",
             where(mesh, e) + ": node index " + std::to_string(v) + " is outside 0.." + std::to_string(n - 1));
      for (int b = 0; b < a; ++b)
        if (mesh.tets[e][std::size_t(b)] == v)
          fail(errc::invalid_argument, "mesh", where(mesh, e) + ": node " + std::to_string(v) + " appears twice");
    }
  // "Zero" volume is relative to the element's own size (its longest edge cubed), so the check does not
  // depend on the mesh's units.
  for (std::size_t e = 0; e < mesh.tets.size(); ++e) {
    double x[4][3];
    corners(mesh, e, x);
    double longest = 0;
    for (int a = 0; a < 4; ++a)
      for (int b = 0; b < a; ++b) {
        const double d[3] = {x[a][0] - x[b][0], x[a][1] - x[b][1], x[a][2] - x[b][2]};
        longest = std::max(longest, std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]));
      }
    const double v = tet_volume(x);
    if (!(std::abs(v) > 1e-10 * longest * longest * longest))
      fail(errc::invalid_argument, "mesh", where(mesh, e) + ": zero volume (" + std::to_string(v) + ")");
    if (v < 0)
      fail(errc::invalid_argument, "mesh",
           where(mesh, e) + ": inverted (volume " + std::to_string(v) + " < 0; nodes not right-handed)");
  }
}

node_element_list build_node_element_list(const tet_mesh& mesh) {
  node_element_list list;
  const std::size_t n = mesh.nodes.size();
  list.offsets.assign(n + 1, 0);
  for (const auto& t : mesh.tets)
    for (std::int32_t v : t) ++list.offsets[std::size_t(v) + 1];
  for (std::size_t i = 0; i < n; ++i) list.offsets[i + 1] += list.offsets[i];
  list.entries.resize(4 * mesh.tets.size());
  std::vector<std::int32_t> next(list.offsets.begin(), list.offsets.end() - 1);
  for (std::size_t e = 0; e < mesh.tets.size(); ++e)  // increasing e: each node's list is ordered
    for (int a = 0; a < 4; ++a)
      list.entries[std::size_t(next[std::size_t(mesh.tets[e][std::size_t(a)])]++)] = std::int32_t(4 * e + std::size_t(a));
  return list;
}

}  // namespace coalesce::fe

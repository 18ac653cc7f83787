// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Generated meshes and mesh checks (fe.mesh.*): counts, volume, conformity, node-to-element lists,
// and clear errors for bad meshes.

#include "fe_test_support.hpp"
#include "mesh.hpp"
#include "tled_physics.hpp"

#include <coalesce/core/error.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <string>

using namespace coalesce::fe;

namespace {

std::string error_of(const tet_mesh& mesh) {
  try {
    validate_mesh(mesh);
  } catch (const coalesce::error& e) {
    return e.what();
  }
  return "";
}

double total_volume(const tet_mesh& mesh) {
  double v = 0;
  for (const auto& t : mesh.tets) {
    double x[4][3];
    for (int a = 0; a < 4; ++a)
      for (int j = 0; j < 3; ++j) x[a][j] = mesh.nodes[std::size_t(t[std::size_t(a)])][std::size_t(j)];
    v += tet_volume(x);
  }
  return v;
}

}  // namespace

TEST_SUITE("unit") {
  TEST_CASE("fe.mesh.box_counts_and_volume") {
    const tet_mesh mesh = generate_box(3, 4, 5, {1.5, 2.0, 2.5});
    CHECK(mesh.node_count() == 4 * 5 * 6);
    CHECK(mesh.element_count() == 6 * 3 * 4 * 5);
    CHECK_NOTHROW(validate_mesh(mesh));
    CHECK(total_volume(mesh) == doctest::Approx(1.5 * 2.0 * 2.5).epsilon(1e-12));
    const tet_mesh jittered = generate_box(4, 4, 4, {1, 1, 1}, 0.15, 3);
    CHECK(total_volume(jittered) == doctest::Approx(1.0).epsilon(1e-12));  // the boundary does not move
  }

  TEST_CASE("fe.mesh.box_is_conforming") {
    // Every face is shared by two tetrahedra, except the boundary faces: 2 triangles per boundary square.
    const std::size_t n = 3;
    const tet_mesh mesh = generate_box(n, n, n);
    std::map<std::array<std::int32_t, 3>, int> faces;
    for (const auto& t : mesh.tets)
      for (int skip = 0; skip < 4; ++skip) {
        std::array<std::int32_t, 3> f{};
        int k = 0;
        for (int a = 0; a < 4; ++a)
          if (a != skip) f[std::size_t(k++)] = t[std::size_t(a)];
        std::sort(f.begin(), f.end());
        ++faces[f];
      }
    std::size_t single = 0;
    for (const auto& [f, count] : faces) {
      CHECK(count <= 2);
      single += count == 1;
    }
    CHECK(single == 6 * n * n * 2);
  }

  TEST_CASE("fe.mesh.node_element_list") {
    const tet_mesh mesh = generate_box(2, 2, 2);
    const node_element_list list = build_node_element_list(mesh);
    REQUIRE(list.offsets.size() == mesh.node_count() + 1);
    CHECK(std::size_t(list.offsets.back()) == 4 * mesh.element_count());
    for (std::size_t i = 0; i < mesh.node_count(); ++i)
      for (std::int32_t k = list.offsets[i]; k < list.offsets[i + 1]; ++k) {
        const std::int32_t entry = list.entries[std::size_t(k)];
        CHECK(mesh.tets[std::size_t(entry >> 2)][std::size_t(entry & 3)] == std::int32_t(i));
        if (k > list.offsets[i]) CHECK(list.entries[std::size_t(k - 1)] < entry);  // ordered by element
      }
    // The centre node of a 2x2x2 box of Kuhn cubes touches 24 tetrahedra.
    const std::size_t centre = (1 * 3 + 1) * 3 + 1;
    CHECK(list.offsets[centre + 1] - list.offsets[centre] == 24);
  }

  TEST_CASE("fe.mesh.parse_box") {
    CHECK(parse_box("10x20x30") == std::array<std::size_t, 3>{10, 20, 30});
    CHECK(parse_box("7") == std::array<std::size_t, 3>{7, 7, 7});
    for (const char* bad : {"", "10x", "10x20", "0x1x1", "ax1x1", "1x2x3x4", "-1x2x3"})
      CHECK_THROWS_AS(parse_box(bad), coalesce::error);
  }

  TEST_CASE("fe.mesh.bad_meshes_are_rejected") {
    tet_mesh mesh = generate_box(1, 1, 1);
    mesh.source = "test";

    tet_mesh out_of_range = mesh;
    out_of_range.tets[2][1] = 99;
    CHECK(error_of(out_of_range).find("element 2: node index 99 is outside 0..7") != std::string::npos);

    tet_mesh inverted = mesh;
    std::swap(inverted.tets[4][0], inverted.tets[4][1]);
    inverted.tet_lines.assign(inverted.tets.size(), 0);
    inverted.tet_lines[4] = 42;
    CHECK(error_of(inverted).find("element 4 (line 42): inverted") != std::string::npos);

    tet_mesh flat = mesh;
    flat.nodes[std::size_t(flat.tets[1][3])] = flat.nodes[std::size_t(flat.tets[1][0])];  // collapse onto another node
    CHECK(error_of(flat).find("zero volume") != std::string::npos);

    tet_mesh repeated = mesh;
    repeated.tets[0][3] = repeated.tets[0][0];
    CHECK(error_of(repeated).find("appears twice") != std::string::npos);

    tet_mesh empty;
    CHECK(error_of(empty).find("no tetrahedra") != std::string::npos);
    CHECK_THROWS_AS(generate_box(0, 1, 1), coalesce::error);
    CHECK_THROWS_AS(generate_box(1, 1, 1, {1, 1, 1}, 0.3), coalesce::error);
  }
}

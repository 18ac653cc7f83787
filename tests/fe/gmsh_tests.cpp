// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The Gmsh reader (fe.gmsh.*): formats 2.2 and 4.1, ignored element types, unused nodes, and
// malformed files rejected with the line number.

#include "gmsh_reader.hpp"
#include "mesh.hpp"

#include <coalesce/core/error.hpp>

#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

using namespace coalesce::fe;

namespace {

const tet_mesh cube = generate_box(1, 1, 1);

// The cube's 8 nodes (tags 1..8) plus an unused node 9, a triangle and a point element, as format 2.2.
std::string msh22() {
  std::ostringstream s;
  s << "$MeshFormat\n2.2 0 8\n$EndMeshFormat\n$PhysicalNames\n1\n3 1 \"body\"\n$EndPhysicalNames\n$Nodes\n9\n";
  for (std::size_t i = 0; i < 8; ++i)
    s << i + 1 << ' ' << cube.nodes[i][0] << ' ' << cube.nodes[i][1] << ' ' << cube.nodes[i][2] << '\n';
  s << "9 5 5 5\n$EndNodes\n$Elements\n8\n1 15 2 0 1 1\n2 2 2 0 1 1 2 3\n";
  for (std::size_t e = 0; e < 6; ++e) {
    s << e + 3 << " 4 2 1 1";
    for (auto v : cube.tets[e]) s << ' ' << v + 1;
    s << '\n';
  }
  s << "$EndElements\n";
  return s.str();
}

// The same in format 4.1: nodes in two entity blocks, a triangle block and a tetrahedron block.
std::string msh41() {
  std::ostringstream s;
  s << "$MeshFormat\n4.1 0 8\n$EndMeshFormat\n$Nodes\n2 9 1 9\n0 1 0 1\n9\n5 5 5\n3 1 0 8\n";
  for (std::size_t i = 0; i < 8; ++i) s << i + 1 << '\n';
  for (std::size_t i = 0; i < 8; ++i) s << cube.nodes[i][0] << ' ' << cube.nodes[i][1] << ' ' << cube.nodes[i][2] << '\n';
  s << "$EndNodes\n$Elements\n2 7 1 7\n2 1 2 1\n1 1 2 3\n3 1 4 6\n";
  for (std::size_t e = 0; e < 6; ++e) {
    s << e + 2;
    for (auto v : cube.tets[e]) s << ' ' << v + 1;
    s << '\n';
  }
  s << "$EndElements\n";
  return s.str();
}

tet_mesh parse(const std::string& text, std::vector<std::string>* warnings = nullptr) {
  std::istringstream in(text);
  return parse_gmsh(in, "t.msh", warnings);
}

std::string error_of(const std::string& text) {
  try {
    parse(text);
  } catch (const coalesce::error& e) {
    return e.what();
  }
  return "";
}

std::string replace(std::string text, const std::string& from, const std::string& to) {
  const auto pos = text.find(from);
  REQUIRE(pos != std::string::npos);
  return text.replace(pos, from.size(), to);
}

void check_is_cube(const tet_mesh& mesh) {
  REQUIRE(mesh.node_count() == 8);  // the unused node is dropped
  REQUIRE(mesh.element_count() == 6);
  for (std::size_t e = 0; e < 6; ++e)
    for (std::size_t a = 0; a < 4; ++a) {
      const auto& x = mesh.nodes[std::size_t(mesh.tets[e][a])];
      const auto& y = cube.nodes[std::size_t(cube.tets[e][a])];
      CHECK((x == y));
    }
}

}  // namespace

TEST_SUITE("unit") {
  TEST_CASE("fe.gmsh.format_22") {
    std::vector<std::string> warnings;
    const tet_mesh mesh = parse(msh22(), &warnings);
    check_is_cube(mesh);
    CHECK(mesh.tet_lines.front() == 24);
    REQUIRE(warnings.size() == 3);
    CHECK(warnings[0].find("ignored 1 elements of Gmsh type 2") != std::string::npos);
    CHECK(warnings[1].find("ignored 1 elements of Gmsh type 15") != std::string::npos);
    CHECK(warnings[2].find("dropped 1 nodes") != std::string::npos);
  }

  TEST_CASE("fe.gmsh.format_41") {
    std::vector<std::string> warnings;
    check_is_cube(parse(msh41(), &warnings));
    REQUIRE(warnings.size() == 2);
    CHECK(warnings[0].find("ignored 1 elements of Gmsh type 2") != std::string::npos);
  }

  TEST_CASE("fe.gmsh.crlf_line_ends") {
    std::string text = msh22(), crlf;
    for (char c : text) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
    check_is_cube(parse(crlf));
  }

  TEST_CASE("fe.gmsh.malformed_files_name_the_line") {
    const std::string v22 = msh22(), v41 = msh41();
    // Truncated: inside $Nodes, inside $Elements, and before $Elements.
    CHECK(error_of(v22.substr(0, v22.find("8 1 1 1"))).find("unexpected end of file") != std::string::npos);
    CHECK(error_of(v22.substr(0, v22.find("$EndElements"))).find("t.msh:29: unexpected end of file") != std::string::npos);
    CHECK(error_of(v41.substr(0, v41.find("$Elements"))).find("no $Elements section") != std::string::npos);
    // An element that names a node that does not exist.
    CHECK(error_of(replace(v22, "3 4 2 1 1 1", "3 4 2 1 1 77")).find("t.msh:24: node tag 77 is not defined") !=
          std::string::npos);
    // A bad number and a short line.
    CHECK(error_of(replace(v22, "9 5 5 5", "9 5 five 5")).find("t.msh:18: y 'five' is not a number") != std::string::npos);
    CHECK(error_of(replace(v41, "1 1 2 3\n", "1 1 2 3\n3 1 4 6\n2 1 2\n")).find("a tag and 4 node tags") !=
          std::string::npos);
    // Headers that disagree with the blocks, unsupported versions and binary files.
    CHECK(error_of(replace(v41, "$Nodes\n2 9 1 9", "$Nodes\n2 10 1 9")).find("announces 10 nodes") != std::string::npos);
    CHECK(error_of(replace(v22, "2.2 0 8", "3.0 0 8")).find("t.msh:2: format version 3.0 is not supported") !=
          std::string::npos);
    CHECK(error_of(replace(v22, "2.2 0 8", "2.2 1 8")).find("binary") != std::string::npos);
    CHECK(error_of("hello\n").find("t.msh:1: expected $MeshFormat") != std::string::npos);
    CHECK(error_of(replace(v22, "9 5 5 5", "1 5 5 5")).find("node tag 1 is defined twice") != std::string::npos);
  }

  TEST_CASE("fe.gmsh.bad_elements_name_the_line") {
    // Swapping two nodes of the first tetrahedron inverts it; the error names the file line.
    std::ostringstream first, swapped;
    const auto& t = cube.tets[0];
    first << "3 4 2 1 1 " << t[0] + 1 << ' ' << t[1] + 1 << ' ' << t[2] + 1 << ' ' << t[3] + 1;
    swapped << "3 4 2 1 1 " << t[1] + 1 << ' ' << t[0] + 1 << ' ' << t[2] + 1 << ' ' << t[3] + 1;
    CHECK(error_of(replace(msh22(), first.str(), swapped.str())).find("element 0 (line 24): inverted") !=
          std::string::npos);
    // Moving node 8 onto node 1 flattens every tetrahedron (they all share the diagonal 1-8).
    CHECK(error_of(replace(msh22(), "8 1 1 1", "8 0 0 0")).find("zero volume") != std::string::npos);
    CHECK_THROWS_AS(read_gmsh("/nonexistent/file.msh"), coalesce::error);
  }
}

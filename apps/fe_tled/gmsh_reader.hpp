// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Gmsh .msh reader: formats 2.2 and 4.1, ASCII. Keeps the 4-node tetrahedra; other element types are
// counted and reported as warnings; nodes no tetrahedron uses are dropped. A malformed or truncated
// file, or a bad mesh (see validate_mesh), throws invalid_argument naming the file and the line.

#include "mesh.hpp"

#include <istream>
#include <string>
#include <vector>

namespace coalesce::fe {

// `name` appears in messages ("box.msh:17: ...").
tet_mesh parse_gmsh(std::istream& in, const std::string& name, std::vector<std::string>* warnings = nullptr);
tet_mesh read_gmsh(const std::string& path, std::vector<std::string>* warnings = nullptr);

}  // namespace coalesce::fe

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include "gmsh_reader.hpp"

#include <coalesce/core/error.hpp>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <map>
#include <unordered_map>
#include <utility>
#include <vector>

namespace coalesce::fe {

namespace {

constexpr int gmsh_tet4 = 4;  // Gmsh element type of the 4-node tetrahedron

// Lines with their numbers, split into whitespace-separated tokens.
class line_reader {
 public:
  line_reader(std::istream& in, std::string name) : in_(in), name_(std::move(name)) {}

  [[noreturn]] void error(const std::string& message) const {
    fail(errc::invalid_argument, "gmsh", name_ + ":" + std::to_string(line_) + ": " + message);
  }
  std::size_t line() const noexcept { return line_; }

  // The next line; `what` names what was expected, for the truncated-file error.
  const std::string& next(const std::string& what) {
    if (!std::getline(in_, text_)) {
      fail(errc::invalid_argument, "gmsh",
           name_ + ":" + std::to_string(line_) + ": unexpected end of file (truncated?) while reading " + what);
    }
    ++line_;
    if (!text_.empty() && text_.back() == '\r') text_.pop_back();
    tokens_.clear();
    std::size_t pos = 0;
    while (true) {
      pos = text_.find_first_not_of(" \t", pos);
      if (pos == std::string::npos) break;
      const std::size_t end = std::min(text_.find_first_of(" \t", pos), text_.size());
      tokens_.push_back(text_.substr(pos, end - pos));
      pos = end;
    }
    return text_;
  }
  bool at_end() { return in_.peek() == std::char_traits<char>::eof(); }
  const std::vector<std::string>& tokens() const noexcept { return tokens_; }

  // The line's tokens as integers / reals; `count` tokens at least.
  void expect_tokens(std::size_t count, const std::string& what) const {
    if (tokens_.size() < count)
      error("expected " + std::to_string(count) + " values (" + what + "), found " + std::to_string(tokens_.size()));
  }
  long long integer(std::size_t k, const std::string& what) const {
    const std::string& t = tokens_.at(k);
    char* end = nullptr;
    errno = 0;
    const long long v = std::strtoll(t.c_str(), &end, 10);
    if (errno != 0 || end == t.c_str() || *end != '\0') error(what + " '" + t + "' is not an integer");
    return v;
  }
  double real(std::size_t k, const std::string& what) const {
    const std::string& t = tokens_.at(k);
    char* end = nullptr;
    errno = 0;
    const double v = std::strtod(t.c_str(), &end);
    if (errno != 0 || end == t.c_str() || *end != '\0') error(what + " '" + t + "' is not a number");
    return v;
  }
  std::size_t count(std::size_t k, const std::string& what) const {
    const long long v = integer(k, what);
    if (v < 0) error(what + " " + std::to_string(v) + " is negative");
    return std::size_t(v);
  }
  void expect_line(const std::string& marker) {
    next(marker);
    if (tokens_.size() != 1 || tokens_[0] != marker) error("expected " + marker + ", found '" + text_ + "'");
  }

 private:
  std::istream& in_;
  std::string name_;
  std::string text_;
  std::vector<std::string> tokens_;
  std::size_t line_ = 0;
};

struct raw_tet {
  long long tags[4];
  std::size_t line;
};

struct raw_mesh {
  std::unordered_map<long long, std::array<double, 3>> nodes;
  std::vector<long long> node_order;  // tags in file order
  std::vector<raw_tet> tets;
  std::map<long long, std::size_t> ignored;  // element type -> count
};

void add_node(line_reader& r, raw_mesh& m, long long tag, const std::array<double, 3>& x) {
  if (!m.nodes.emplace(tag, x).second) r.error("node tag " + std::to_string(tag) + " is defined twice");
  m.node_order.push_back(tag);
}

void read_nodes_v2(line_reader& r, raw_mesh& m) {
  r.next("the node count");
  r.expect_tokens(1, "node count");
  const std::size_t n = r.count(0, "node count");
  for (std::size_t k = 0; k < n; ++k) {
    r.next("node " + std::to_string(k + 1) + " of " + std::to_string(n));
    r.expect_tokens(4, "tag x y z");
    add_node(r, m, r.integer(0, "node tag"), {r.real(1, "x"), r.real(2, "y"), r.real(3, "z")});
  }
  r.expect_line("$EndNodes");
}

void read_elements_v2(line_reader& r, raw_mesh& m) {
  r.next("the element count");
  r.expect_tokens(1, "element count");
  const std::size_t n = r.count(0, "element count");
  for (std::size_t k = 0; k < n; ++k) {
    r.next("element " + std::to_string(k + 1) + " of " + std::to_string(n));
    r.expect_tokens(3, "tag type tag-count");
    const long long type = r.integer(1, "element type");
    const std::size_t tags = r.count(2, "tag count");
    if (type != gmsh_tet4) {
      ++m.ignored[type];
      continue;
    }
    r.expect_tokens(3 + tags + 4, "tag type tag-count tags... and 4 node tags");
    if (r.tokens().size() != 3 + tags + 4)
      r.error("a 4-node tetrahedron has " + std::to_string(r.tokens().size() - 3 - tags) + " node tags");
    raw_tet t{{0, 0, 0, 0}, r.line()};
    for (std::size_t a = 0; a < 4; ++a) t.tags[a] = r.integer(3 + tags + a, "node tag");
    m.tets.push_back(t);
  }
  r.expect_line("$EndElements");
}

void read_nodes_v4(line_reader& r, raw_mesh& m) {
  r.next("the $Nodes header");
  r.expect_tokens(4, "numEntityBlocks numNodes minNodeTag maxNodeTag");
  const std::size_t blocks = r.count(0, "entity block count"), total = r.count(1, "node count");
  std::size_t seen = 0;
  for (std::size_t b = 0; b < blocks; ++b) {
    r.next("a node block header");
    r.expect_tokens(4, "entityDim entityTag parametric numNodesInBlock");
    const bool parametric = r.integer(2, "parametric flag") != 0;
    const std::size_t n = r.count(3, "numNodesInBlock");
    std::vector<long long> tags(n);
    for (std::size_t k = 0; k < n; ++k) {
      r.next("node tag " + std::to_string(k + 1) + " of a block of " + std::to_string(n));
      r.expect_tokens(1, "node tag");
      tags[k] = r.integer(0, "node tag");
    }
    for (std::size_t k = 0; k < n; ++k) {
      r.next("the coordinates of node " + std::to_string(tags[k]));
      r.expect_tokens(parametric ? 4 : 3, "x y z");
      add_node(r, m, tags[k], {r.real(0, "x"), r.real(1, "y"), r.real(2, "z")});
    }
    seen += n;
  }
  if (seen != total)
    r.error("the $Nodes header announces " + std::to_string(total) + " nodes, the blocks hold " + std::to_string(seen));
  r.expect_line("$EndNodes");
}

void read_elements_v4(line_reader& r, raw_mesh& m) {
  r.next("the $Elements header");
  r.expect_tokens(4, "numEntityBlocks numElements minElementTag maxElementTag");
  const std::size_t blocks = r.count(0, "entity block count"), total = r.count(1, "element count");
  std::size_t seen = 0;
  for (std::size_t b = 0; b < blocks; ++b) {
    r.next("an element block header");
    r.expect_tokens(4, "entityDim entityTag elementType numElementsInBlock");
    const long long type = r.integer(2, "element type");
    const std::size_t n = r.count(3, "numElementsInBlock");
    for (std::size_t k = 0; k < n; ++k) {
      r.next("element " + std::to_string(k + 1) + " of a block of " + std::to_string(n));
      if (type != gmsh_tet4) continue;
      if (r.tokens().size() != 5)
        r.error("a 4-node tetrahedron needs a tag and 4 node tags, found " + std::to_string(r.tokens().size()) + " values");
      raw_tet t{{0, 0, 0, 0}, r.line()};
      for (std::size_t a = 0; a < 4; ++a) t.tags[a] = r.integer(1 + a, "node tag");
      m.tets.push_back(t);
    }
    if (type != gmsh_tet4) m.ignored[type] += n;
    seen += n;
  }
  if (seen != total)
    r.error("the $Elements header announces " + std::to_string(total) + " elements, the blocks hold " + std::to_string(seen));
  r.expect_line("$EndElements");
}

void skip_section(line_reader& r, const std::string& name) {
  const std::string end = "$End" + name.substr(1);
  while (true) {
    r.next(end);
    if (r.tokens().size() == 1 && r.tokens()[0] == end) return;
  }
}

}  // namespace

tet_mesh parse_gmsh(std::istream& in, const std::string& name, std::vector<std::string>* warnings) {
  line_reader r(in, name);
  r.expect_line("$MeshFormat");
  r.next("the format line");
  r.expect_tokens(3, "version file-type data-size");
  const std::string version = r.tokens()[0];
  if (version != "2.2" && version != "4.1")
    r.error("format version " + version + " is not supported (2.2 and 4.1 are)");
  if (r.tokens()[1] != "0") r.error("binary .msh files are not supported (save as ASCII)");
  r.expect_line("$EndMeshFormat");
  const bool v4 = version == "4.1";
  raw_mesh raw;
  bool have_nodes = false, have_elements = false;
  while (!r.at_end()) {
    r.next("a section");
    if (r.tokens().empty()) continue;
    const std::string section = r.tokens()[0];
    if (section == "$Nodes") {
      v4 ? read_nodes_v4(r, raw) : read_nodes_v2(r, raw);
      have_nodes = true;
    } else if (section == "$Elements") {
      v4 ? read_elements_v4(r, raw) : read_elements_v2(r, raw);
      have_elements = true;
    } else if (section.size() > 1 && section[0] == '$') {
      skip_section(r, section);
    } else {
      r.error("expected a section ($Nodes, $Elements, ...), found '" + section + "'");
    }
  }
  if (!have_nodes || !have_elements)
    fail(errc::invalid_argument, "gmsh", name + ": no " + std::string(have_nodes ? "$Elements" : "$Nodes") + " section (truncated?)");
  if (warnings)
    for (const auto& [type, count] : raw.ignored)
      warnings->push_back(name + ": ignored " + std::to_string(count) + " elements of Gmsh type " + std::to_string(type) +
                          " (only 4-node tetrahedra, type 4, are used)");

  // Keep the nodes the tetrahedra use, in file order; resolve tags to indices.
  tet_mesh mesh;
  mesh.source = name;
  std::unordered_map<long long, std::int32_t> index;
  for (const raw_tet& t : raw.tets)
    for (long long tag : t.tags) {
      if (!raw.nodes.count(tag))
        fail(errc::invalid_argument, "gmsh",
             name + ":" + std::to_string(t.line) + ": node tag " + std::to_string(tag) + " is not defined in $Nodes");
      index.emplace(tag, -1);
    }
  for (long long tag : raw.node_order) {
    auto it = index.find(tag);
    if (it == index.end()) continue;
    it->second = std::int32_t(mesh.nodes.size());
    mesh.nodes.push_back(raw.nodes[tag]);
  }
  if (warnings && mesh.nodes.size() < raw.nodes.size())
    warnings->push_back(name + ": dropped " + std::to_string(raw.nodes.size() - mesh.nodes.size()) +
                        " nodes that no tetrahedron uses");
  mesh.tets.reserve(raw.tets.size());
  mesh.tet_lines.reserve(raw.tets.size());
  for (const raw_tet& t : raw.tets) {
    mesh.tets.push_back({index[t.tags[0]], index[t.tags[1]], index[t.tags[2]], index[t.tags[3]]});
    mesh.tet_lines.push_back(t.line);
  }
  validate_mesh(mesh);
  return mesh;
}

tet_mesh read_gmsh(const std::string& path, std::vector<std::string>* warnings) {
  std::ifstream in(path);
  if (!in) fail(errc::invalid_argument, "gmsh", "cannot open '" + path + "'");
  return parse_gmsh(in, path, warnings);
}

}  // namespace coalesce::fe

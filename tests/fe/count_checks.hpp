// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The element pass counted (coalesce-fe --count-accesses) on any backend and layout: the exact counts
// one pass must give, and the same forces as the plain pass.

#include "count_accesses.hpp"
#include "element_record.hpp"
#include "solver.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

namespace coalesce::fe::test {

inline std::vector<std::uint64_t> same_count(std::size_t m, std::uint64_t c) { return std::vector<std::uint64_t>(m, c); }

// Every element reads its 15 values and 4 nodes once, each node's 3 displacements once per element
// (4 nodes per element), and writes its 12 forces once; nothing else.
// make() builds a fresh solver of the layout to check.
template <class Make>
void check_element_pass_counts(const tled_model& model, Make make) {
  tled_solver solver = make();
  const std::uint64_t e = model.elements;
  const analysis::access_counts c = count_element_pass(solver, 128);
  const analysis::array_counts& u = analysis::find_array(c, "u");
  CHECK(u.n == model.nodes);
  CHECK(u.reads == same_count(3, 4 * e));
  CHECK(u.writes == same_count(3, 0));
  const analysis::array_counts& force = analysis::find_array(c, "force");
  CHECK(force.reads == same_count(12, 0));
  CHECK(force.writes == same_count(12, e));
  if (solver.records()) {
    const analysis::record_counts& r = analysis::find_record(c, "element");
    REQUIRE(r.fields.size() == 5);  // dN, V0, mu, kappa, nodes
    for (const analysis::field_counts& f : r.fields) {
      INFO(f.name);
      CHECK(f.reads == same_count(f.reads.size(), e));
      CHECK(f.writes == same_count(f.reads.size(), 0));
    }
    CHECK(r.fields[4].reads.size() == 4);
  } else {
    CHECK(analysis::find_array(c, "element").reads == same_count(15, e));
    CHECK(analysis::find_array(c, "element").writes == same_count(15, 0));
    CHECK(analysis::find_array(c, "connectivity").reads == same_count(4, e));
    CHECK(analysis::find_array(c, "connectivity").type == "int");
  }
  // The counted pass computed the plain pass's forces.
  tled_solver plain = make();
  plain.element_pass();
  plain.synchronize();
  CHECK(solver.element_forces() == plain.element_forces());
}

}  // namespace coalesce::fe::test

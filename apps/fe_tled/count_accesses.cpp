// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include "count_accesses.hpp"

#include "counted_views.hpp"
#include "element_record.hpp"

#include <coalesce/runtime/access_counters.hpp>

#include <string>
#include <vector>

namespace coalesce::fe {

analysis::access_counts count_element_pass(tled_solver& solver, unsigned block) {
  using analysis::element_type;
  using analysis::make_array_counts;
  solver_arrays& a = solver.arrays();
  const bool records = solver.records().has_value(), cuda = solver.rt().kind() == backend::cuda;
  access_counters counters(solver.rt(), pass_counters);
  if (records && cuda) {
    device_counted_record_element_pass(a, counters.data(), block);
  } else if (records) {
    host_counted_record_element_pass(a, counters.data());
  } else if (cuda) {
    device_counted_element_pass(a, counters.data(), block);
  } else {
    host_counted_element_pass(a, counters.data());
  }
  const std::vector<unsigned long long> c = counters.values();  // waits for the kernel
  const std::string layout = to_string(solver.layout());
  const std::size_t elements = a.force.n(), nodes = a.u.n();
  analysis::access_counts out;
  out.source = "coalesce-fe element pass, " + solver.rt().description();
  if (records) {
    out.records.push_back(analysis::make_record_counts("element", to_string(*solver.records()), elements,
                                                       element_record_desc(), c.data() + element_counters));
  } else {
    out.arrays.push_back(
        make_array_counts("element", layout, elements, element_type::float_, element_m, c.data() + element_counters));
    out.arrays.push_back(make_array_counts("connectivity", layout, elements, element_type::int_, connectivity_m,
                                           c.data() + connectivity_counters));
  }
  out.arrays.push_back(make_array_counts("u", layout, nodes, element_type::float_, node_m, c.data() + u_counters));
  out.arrays.push_back(
      make_array_counts("force", layout, elements, element_type::float_, force_m, c.data() + force_counters));
  return out;
}

}  // namespace coalesce::fe

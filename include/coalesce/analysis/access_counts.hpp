// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Access counts: what instrumented views (coalesce/view/counted.hpp, coalesce/record/counted.hpp)
// counted, per array or record, per component, reads and writes apart; written as JSON (the format is
// in docs/analyzer.md) for coalesce-advise --counts and the heatmap script, and turned into the
// advisor's kernel descriptions: a component is read (written) by the kernel when its read (write)
// count is not 0.

#include <coalesce/analysis/kernel_analysis.hpp>
#include <coalesce/analysis/record_advisor.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace coalesce::analysis {

// A vector set's counts: component i was read reads[i] times and written writes[i] times.
struct array_counts {
  std::string name;    // the caller's name for the array ("element")
  std::string layout;  // the layout it was counted in ("blocked:128"), for the record
  std::size_t n = 0;
  std::string type;  // an element type name parse_element_type takes ("float", "int")
  std::size_t element_size = 0;
  std::vector<std::uint64_t> reads, writes;  // m entries each

  std::size_t m() const noexcept { return reads.size(); }
};

// One field of a record and its counts (per component of the field).
struct field_counts {
  std::string name;
  std::size_t offset = 0, width = 0;
  std::vector<std::uint64_t> reads, writes;  // count entries each
};

// A record array's counts, fields in the record's order.
struct record_counts {
  std::string name, layout;
  std::size_t n = 0, stride = 0;
  std::vector<field_counts> fields;
};

struct access_counts {
  std::string source;  // what was counted ("coalesce-fe element pass, host backend")
  std::vector<array_counts> arrays;
  std::vector<record_counts> records;
};

// The counts of a counted_view's counters (2 m: reads, then writes).
array_counts make_array_counts(std::string name, std::string layout, std::size_t n, element_type type, std::size_t m,
                               const unsigned long long* counters);
// The counts of a counted record view's counters (2 T, T = the components of `desc`'s fields in order:
// reads, then writes). @pre the view selected every field of desc, in desc's order
record_counts make_record_counts(std::string name, std::string layout, std::size_t n, const record_desc& desc,
                                 const unsigned long long* counters);

// JSON text of the counts (docs/analyzer.md); read back by coalesce-advise --counts.
std::string to_json(const access_counts& counts);

// The array or record called `name`; with an empty name, the only one there is. Throws invalid_argument
// naming the names there are.
const array_counts& find_array(const access_counts& counts, const std::string& name);
const record_counts& find_record(const access_counts& counts, const std::string& name);

// The advisor's description of a kernel that accesses what the counts saw: one load per component read,
// one store per component written, one thread per vector. Throws invalid_argument naming the array for
// an unknown type, an element size that is not the type's, reads and writes of different lengths, or no
// access at all.
kernel_description kernel_from_counts(const array_counts& counts);
// The same for a record: the record's description from the fields, reads and writes per field.
record_kernel record_kernel_from_counts(const record_counts& counts);

}  // namespace coalesce::analysis

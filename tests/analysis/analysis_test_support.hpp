// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Shorthands for the analyzer tests: a pattern from an expression, analysed on one architecture.

#include <coalesce/analysis/bank_model.hpp>
#include <coalesce/analysis/global_model.hpp>

#include <string>

namespace coalesce::analysis::test {

inline access_pattern pattern(const std::string& type, const std::string& index, std::uint64_t base_offset = 0,
                              std::size_t lanes = warp_size, access_kind kind = access_kind::load) {
  index_options o;
  o.lanes = lanes;
  o.base_offset = base_offset;
  o.kind = kind;
  return pattern_from_index(index_expression::parse(index), parse_element_type(type), o);
}

inline global_report global(const std::string& arch, const std::string& type, const std::string& index,
                            std::uint64_t base_offset = 0, std::size_t lanes = warp_size) {
  return analyze_global(pattern(type, index, base_offset, lanes), parse_arch(arch));
}

inline bank_report banks(const std::string& type, const std::string& index) {
  return analyze_banks(pattern(type, index));
}

}  // namespace coalesce::analysis::test

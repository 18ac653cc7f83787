// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include <coalesce/analysis/element_type.hpp>

#include <coalesce/core/error.hpp>

#include <array>

namespace coalesce::analysis {
namespace {

struct type_info {
  element_type type;
  const char* name;
  std::size_t size;
};

constexpr std::array<type_info, 8> types{{{element_type::char_, "char", 1},
                                          {element_type::short_, "short", 2},
                                          {element_type::int_, "int", 4},
                                          {element_type::float_, "float", 4},
                                          {element_type::float2_, "float2", 8},
                                          {element_type::float4_, "float4", 16},
                                          {element_type::double_, "double", 8},
                                          {element_type::double2_, "double2", 16}}};

}  // namespace

const char* to_string(element_type t) noexcept { return types[static_cast<std::size_t>(t)].name; }

std::size_t size_of(element_type t) noexcept { return types[static_cast<std::size_t>(t)].size; }

element_type parse_element_type(const std::string& text) {
  for (const type_info& t : types)
    if (text == t.name) return t.type;
  fail(errc::invalid_argument, "parse_element_type",
       "unknown element type '" + text + "' (expected char, short, int, float, float2, float4, double or double2)");
}

}  // namespace coalesce::analysis

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The route a vector-set move takes, as explain() names it: "transpose (shifted rows)", "runs (16-byte)";
// the record routes by name only ("records_staged") and the tiled one without its tile ("tiled
// (16-byte)"), since tiles depend on the device and the planner's budgets; and whether a route applies.
#include <coalesce/runtime/explain.hpp>

#include <string>

namespace coalesce::test {

inline std::string route_name(const array_layout& src, const void* src_data, const array_layout& dst,
                              const void* dst_data, std::size_t elem) {
  const route_explanation e = explain(src, src_data, dst, dst_data, elem);
  if (e.route.rfind("records_", 0) == 0) return e.route;
  if (e.route == "tiled") return e.variant.find("16-byte") != std::string::npos ? "tiled (16-byte)" : "tiled";
  return e.name();
}

// Whether `route` applies to the explained move: the chosen route, or one of `also` ("name" or
// "name (why a measurement passed it over)").
inline bool route_applies(const route_explanation& e, const std::string& route) {
  if (e.route == route) return true;
  for (const std::string& other : e.also)
    if (other == route || other.rfind(route + " (", 0) == 0) return true;
  return false;
}

}  // namespace coalesce::test

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The route a vector-set move takes, as explain() names it: "transpose (shifted rows)", "runs (16-byte)";
// the record routes by name only ("records_staged"), since their tile depends on the device.
#include <coalesce/runtime/explain.hpp>

#include <string>

namespace coalesce::test {

inline std::string route_name(const array_layout& src, const void* src_data, const array_layout& dst,
                              const void* dst_data, std::size_t elem) {
  const route_explanation e = explain(src, src_data, dst, dst_data, elem);
  return e.route.rfind("records_", 0) == 0 ? e.route : e.name();
}

}  // namespace coalesce::test

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include <coalesce/layout/spec.hpp>

#include <cstdlib>
#include <string>

namespace coalesce {

layout_spec parse_layout(const std::string& text) {
  if (text == "aos") return aos();
  if (text == "pitched") return pitched_rows();
  if (text == "soa") return soa();
  if (text == "soa:packed") return soa(false);
  const std::string prefix = "blocked:";
  if (text.compare(0, prefix.size(), prefix) == 0) {
    const std::string digits = text.substr(prefix.size());
    char* end = nullptr;
    const unsigned long long bd = digits.empty() ? 0 : std::strtoull(digits.c_str(), &end, 10);
    if (!digits.empty() && *end == '\0' && digits[0] != '-' && bd > 0) return blocked(static_cast<std::size_t>(bd));
    fail(errc::invalid_argument, "parse_layout", "block size '" + digits + "' in '" + text + "' is not a positive integer");
  }
  fail(errc::invalid_argument, "parse_layout",
       "unknown layout '" + text + "' (expected aos, pitched, soa, soa:packed or blocked:<bd>)");
}

std::string to_string(const layout_spec& spec) {
  switch (spec.kind) {
    case layout_kind::row_major: return spec.pitched ? "pitched" : "aos";
    case layout_kind::col_major: return spec.pitched ? "soa" : "soa:packed";
    case layout_kind::blocked: return "blocked:" + std::to_string(spec.block);
  }
  return "unknown";
}

std::string to_string(const array_layout& l) {
  std::string s = std::string(to_string(l.kind)) + " n=" + std::to_string(l.n) + " m=" + std::to_string(l.m);
  if (l.kind == layout_kind::blocked) return s + " bd=" + std::to_string(l.block);
  return s + " pitch=" + std::to_string(l.pitch);
}

std::size_t validate(const array_layout& l, std::size_t elem, const std::string& call) {
  if (l.m == 0) fail(errc::invalid_argument, call, "m = 0: a vector needs at least one component");
  switch (l.kind) {
    case layout_kind::row_major:
      if (l.pitch < l.m)
        fail(errc::invalid_argument, call,
             "pitch = " + std::to_string(l.pitch) + " is less than the row length m = " + std::to_string(l.m));
      break;
    case layout_kind::col_major:
      if (l.pitch < l.n)
        fail(errc::invalid_argument, call,
             "pitch = " + std::to_string(l.pitch) + " is less than the column length n = " + std::to_string(l.n));
      break;
    case layout_kind::blocked:
      if (l.block == 0) fail(errc::invalid_argument, call, "bd = 0: the block size must be positive");
      break;
  }
  if (l.n == 0) return 0;
  // Every factor of the span, checked before it is multiplied.
  std::size_t span = 0;
  switch (l.kind) {
    case layout_kind::row_major:
      span = checked_add(checked_mul(l.n - 1, l.pitch, call, "(n - 1) * pitch"), l.m, call, "span");
      break;
    case layout_kind::col_major:
      span = checked_add(checked_mul(l.m - 1, l.pitch, call, "(m - 1) * pitch"), l.n, call, "span");
      break;
    case layout_kind::blocked:
      span = checked_mul(checked_mul(ceil_div(l.n, l.block), l.block, call, "padded n"), l.m, call, "padded n * m");
      break;
  }
  return checked_mul(span, elem, call, "span * sizeof(T)");
}

}  // namespace coalesce

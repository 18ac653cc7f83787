// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Layouts chosen at run time: what a user asks for (layout_spec), what an array has (array_layout),
// and visit_mapping, which turns the latter back into a concrete mapping type for compiled code.

#include <coalesce/core/error.hpp>
#include <coalesce/core/math.hpp>
#include <coalesce/layout/blocked.hpp>
#include <coalesce/layout/col_major.hpp>
#include <coalesce/layout/row_major.hpp>

#include <cstddef>
#include <string>

namespace coalesce {

enum class layout_kind { row_major, col_major, blocked };

inline const char* to_string(layout_kind k) noexcept {
  switch (k) {
    case layout_kind::row_major: return "row_major";
    case layout_kind::col_major: return "col_major";
    case layout_kind::blocked: return "blocked";
  }
  return "unknown";
}

// A requested layout; the runtime resolves pitch and shape when it allocates.
struct layout_spec {
  layout_kind kind = layout_kind::row_major;
  std::size_t block = 0;  // bd, for blocked
  bool pitched = false;   // row_major / col_major: pad rows to the allocator's pitch
};

// The user's array of structures: row_major, pitch = m.
constexpr layout_spec aos() noexcept { return {layout_kind::row_major, 0, false}; }
// A pitched matrix: row_major, every row starts aligned (cudaMallocPitch).
constexpr layout_spec pitched_rows() noexcept { return {layout_kind::row_major, 0, true}; }
// Structure of arrays: col_major, every component row aligned (cudaMallocPitch) unless pitched = false.
constexpr layout_spec soa(bool pitched = true) noexcept { return {layout_kind::col_major, 0, pitched}; }
// The blocked interleave (AoSoA) with block size bd.
constexpr layout_spec blocked(std::size_t bd) noexcept { return {layout_kind::blocked, bd, false}; }

// "aos", "pitched", "soa", "soa:packed", "blocked:<bd>"; names the bad text otherwise.
layout_spec parse_layout(const std::string& text);
std::string to_string(const layout_spec& spec);

// A resolved layout: kind, shape, pitch (row_major: >= m, col_major: >= n) and block (blocked).
struct array_layout {
  layout_kind kind = layout_kind::row_major;
  std::size_t n = 0;
  std::size_t m = 0;
  std::size_t pitch = 0;
  std::size_t block = 0;

  // The mapping's required_span_size(), in elements.
  std::size_t span() const noexcept {
    if (n == 0 || m == 0) return 0;
    switch (kind) {
      case layout_kind::row_major: return (n - 1) * pitch + m;
      case layout_kind::col_major: return (m - 1) * pitch + n;
      case layout_kind::blocked: return ceil_div(n, block) * block * m;
    }
    return 0;
  }
  friend bool operator==(const array_layout& a, const array_layout& b) noexcept {
    return a.kind == b.kind && a.n == b.n && a.m == b.m && a.pitch == b.pitch && a.block == b.block;
  }
  friend bool operator!=(const array_layout& a, const array_layout& b) noexcept { return !(a == b); }
};

std::string to_string(const array_layout& layout);

// Throws invalid_argument for m = 0, bd = 0 or a pitch below the row length, and size_overflow when
// the span in bytes (elem bytes each) does not fit in size_t. Returns the span in bytes.
std::size_t validate(const array_layout& layout, std::size_t elem, const std::string& call);

// Calls f with the concrete mapping (dynamic extents and block) of a resolved layout.
template <class F>
decltype(auto) visit_mapping(const array_layout& l, F&& f) {
  using E = extents<>;
  const E e(l.n, l.m);
  switch (l.kind) {
    case layout_kind::row_major: return f(layout_row_major::mapping<E>(e, l.pitch));
    case layout_kind::col_major: return f(layout_col_major::mapping<E>(e, l.pitch));
    case layout_kind::blocked: break;
  }
  return f(layout_blocked<>::mapping<E>(e, l.block));
}

}  // namespace coalesce

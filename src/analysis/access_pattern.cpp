// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include <coalesce/analysis/access_pattern.hpp>

#include <coalesce/core/error.hpp>

#include <bitset>
#include <string>

namespace coalesce::analysis {

std::size_t access_pattern::active_lanes() const noexcept { return std::bitset<warp_size>(active).count(); }

access_pattern make_pattern(const std::array<std::optional<std::uint64_t>, warp_size>& addresses, std::size_t width,
                            access_kind kind) {
  constexpr const char* call = "make_pattern";
  if (width != 1 && width != 2 && width != 4 && width != 8 && width != 16)
    fail(errc::invalid_argument, call, "access width " + std::to_string(width) + " is not 1, 2, 4, 8 or 16 bytes");
  access_pattern p;
  p.width = width;
  p.kind = kind;
  for (std::size_t lane = 0; lane < warp_size; ++lane) {
    if (!addresses[lane]) continue;
    const std::uint64_t a = *addresses[lane];
    if (a % width != 0)
      fail(errc::invalid_argument, call,
           "lane " + std::to_string(lane) + " accesses byte address " + std::to_string(a) +
               ", which is not a multiple of the access width " + std::to_string(width));
    p.address[lane] = a;
    p.active |= 1u << lane;
  }
  return p;
}

access_pattern pattern_from_index(const index_expression& e, element_type t, const index_options& options) {
  constexpr const char* call = "pattern_from_index";
  const std::size_t size = size_of(t);
  if (options.lanes == 0 || options.lanes > warp_size)
    fail(errc::invalid_argument, call, "lanes = " + std::to_string(options.lanes) + " is not in 1..32");
  if (options.base_offset % size != 0)
    fail(errc::invalid_argument, call,
         "base offset " + std::to_string(options.base_offset) + " bytes is not a multiple of sizeof(" + to_string(t) +
             ") = " + std::to_string(size));
  std::array<std::optional<std::uint64_t>, warp_size> addresses{};
  for (std::size_t lane = 0; lane < options.lanes; ++lane) {
    const std::int64_t idx = options.first_thread + static_cast<std::int64_t>(lane);
    const std::int64_t index = e.evaluate(idx);
    if (index < 0)
      fail(errc::invalid_argument, call,
           "lane " + std::to_string(lane) + " (idx = " + std::to_string(idx) + ") gets index " + std::to_string(index) +
               " from '" + e.text() + "', which is before the start of the array");
    const auto u = static_cast<std::uint64_t>(index);
    if (u > (UINT64_MAX - options.base_offset) / size)
      fail(errc::invalid_argument, call,
           "lane " + std::to_string(lane) + " gets index " + std::to_string(index) + ", whose byte address overflows");
    addresses[lane] = options.base_offset + u * size;
  }
  return make_pattern(addresses, size, options.kind);
}

std::uint64_t element_offset(const array_layout& l, std::size_t v, std::size_t i) noexcept {
  switch (l.kind) {
    case layout_kind::row_major: return std::uint64_t(v) * l.pitch + i;
    case layout_kind::col_major: return std::uint64_t(i) * l.pitch + v;
    case layout_kind::blocked: break;
  }
  return std::uint64_t(l.m) * l.block * (v / l.block) + std::uint64_t(i) * l.block + v % l.block;
}

void check_layout(const array_layout& l, const char* call) {
  if (l.m == 0) fail(errc::invalid_argument, call, "m = 0: vectors need at least one component");
  if (l.kind == layout_kind::row_major && l.pitch < l.m)
    fail(errc::invalid_argument, call,
         "row_major pitch " + std::to_string(l.pitch) + " is below the row length m = " + std::to_string(l.m));
  if (l.kind == layout_kind::col_major && l.pitch < l.n)
    fail(errc::invalid_argument, call,
         "col_major pitch " + std::to_string(l.pitch) + " is below the column length n = " + std::to_string(l.n));
  if (l.kind == layout_kind::blocked && l.block == 0) fail(errc::invalid_argument, call, "blocked bd = 0");
}

access_pattern pattern_from_layout(const array_layout& layout, element_type t, const lane_to_element& f,
                                   access_kind kind, std::uint64_t base_offset) {
  constexpr const char* call = "pattern_from_layout";
  check_layout(layout, call);
  const std::size_t size = size_of(t);
  std::array<std::optional<std::uint64_t>, warp_size> addresses{};
  for (std::size_t lane = 0; lane < warp_size; ++lane) {
    const std::optional<element_ref> e = f(lane);
    if (!e) continue;
    if (e->v >= layout.n || e->i >= layout.m)
      fail(errc::invalid_argument, call,
           "lane " + std::to_string(lane) + " maps to element (" + std::to_string(e->v) + ", " + std::to_string(e->i) +
               "), outside the " + std::to_string(layout.n) + " x " + std::to_string(layout.m) + " vector set");
    addresses[lane] = base_offset + element_offset(layout, e->v, e->i) * size;
  }
  return make_pattern(addresses, size, kind);
}

access_pattern pattern_one_thread_per_vector(const array_layout& layout, element_type t, std::size_t warp,
                                             std::size_t i, access_kind kind) {
  return pattern_from_layout(
      layout, t,
      [&](std::size_t lane) -> std::optional<element_ref> {
        const std::size_t v = warp * warp_size + lane;
        if (v >= layout.n) return std::nullopt;
        return element_ref{v, i};
      },
      kind);
}

}  // namespace coalesce::analysis

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// From a layout chosen at run time to code compiled per layout: visit_layout calls f with a layout
// tag type. Block sizes in the list are compiled in (v / bd becomes a shift); any other bd gets the
// dynamic layout_blocked<>. The list is the user's choice: block_sizes<> keeps only the dynamic one.

#include <coalesce/layout/blocked.hpp>
#include <coalesce/layout/col_major.hpp>
#include <coalesce/layout/row_major.hpp>
#include <coalesce/layout/spec.hpp>

#include <cstddef>
#include <type_traits>

namespace coalesce {

template <std::size_t... BDs>
struct block_sizes {};

// The block sizes visit() compiles in unless told otherwise: the thread-block sizes kernels use most.
using default_block_sizes = block_sizes<32, 64, 128, 256>;

template <class Layout>
struct is_blocked_layout : std::false_type {};
template <std::size_t BD>
struct is_blocked_layout<layout_blocked<BD>> : std::true_type {};

template <class Layout>
constexpr layout_kind kind_of() noexcept {
  if constexpr (std::is_same_v<Layout, layout_row_major>) {
    return layout_kind::row_major;
  } else if constexpr (std::is_same_v<Layout, layout_col_major>) {
    return layout_kind::col_major;
  } else {
    static_assert(is_blocked_layout<Layout>::value, "coalesce: not a layout type of this library");
    return layout_kind::blocked;
  }
}

// True when a mapping of Layout with extents<M> can describe `l` (M == dynamic matches any m).
template <class Layout, std::size_t M = dynamic>
constexpr bool layout_matches(const array_layout& l) noexcept {
  if (l.kind != kind_of<Layout>() || (M != dynamic && l.m != M)) return false;
  if constexpr (is_blocked_layout<Layout>::value) {
    constexpr std::size_t bd = Layout::template mapping<extents<>>::static_block;
    return bd == dynamic || bd == l.block;
  }
  return true;
}

// The mapping of Layout with extents<M> for `l`. @pre layout_matches<Layout, M>(l)
template <class Layout, std::size_t M = dynamic>
constexpr typename Layout::template mapping<extents<M>> mapping_for(const array_layout& l) noexcept {
  using mapping = typename Layout::template mapping<extents<M>>;
  const auto e = make_extents<extents<M>>(l.n, l.m);
  return mapping(e, l.kind == layout_kind::blocked ? l.block : l.pitch);
}

namespace detail {
template <class F>
decltype(auto) visit_blocked(std::size_t, F&& f, block_sizes<>) {
  return f(layout_blocked<>{});
}
template <class F, std::size_t BD, std::size_t... Rest>
decltype(auto) visit_blocked(std::size_t block, F&& f, block_sizes<BD, Rest...>) {
  if (block == BD) return f(layout_blocked<BD>{});
  return visit_blocked(block, std::forward<F>(f), block_sizes<Rest...>{});
}
}  // namespace detail

// f(tag) with tag one of layout_row_major, layout_col_major, layout_blocked<BD> (BD in Blocks, when
// l.block is one of them) or layout_blocked<> (any other bd). Every call of f must return one type.
template <class Blocks = default_block_sizes, class F>
decltype(auto) visit_layout(const array_layout& l, F&& f) {
  switch (l.kind) {
    case layout_kind::row_major: return f(layout_row_major{});
    case layout_kind::col_major: return f(layout_col_major{});
    case layout_kind::blocked: break;
  }
  return detail::visit_blocked(l.block, std::forward<F>(f), Blocks{});
}

}  // namespace coalesce

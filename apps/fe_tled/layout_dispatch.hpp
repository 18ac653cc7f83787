// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// From a layout chosen at run time to kernels compiled per layout: dispatch_layout calls f with a
// layout tag (block sizes 32, 64, 128 and 256 static, so v / bd is a shift; others dynamic), and
// static_view builds that layout's view of an array with m fixed at compile time.

#include <coalesce/core/error.hpp>
#include <coalesce/runtime/array.hpp>

#include <cstddef>
#include <string>
#include <type_traits>

namespace coalesce::fe {

template <class F>
decltype(auto) dispatch_layout(const array_layout& layout, F&& f) {
  switch (layout.kind) {
    case layout_kind::row_major: return f(layout_row_major{});
    case layout_kind::col_major: return f(layout_col_major{});
    case layout_kind::blocked: break;
  }
  switch (layout.block) {
    case 32: return f(layout_blocked<32>{});
    case 64: return f(layout_blocked<64>{});
    case 128: return f(layout_blocked<128>{});
    case 256: return f(layout_blocked<256>{});
    default: return f(layout_blocked<>{});
  }
}

template <class Layout>
constexpr layout_kind kind_of() {
  if constexpr (std::is_same_v<Layout, layout_row_major>)
    return layout_kind::row_major;
  else if constexpr (std::is_same_v<Layout, layout_col_major>)
    return layout_kind::col_major;
  else
    return layout_kind::blocked;
}

// The array's view in Layout with m = M. Throws invalid_argument if the array holds another layout.
template <class Layout, std::size_t M, class T>
basic_view<T, typename Layout::template mapping<extents<M>>> static_view(array<T>& a) {
  using mapping = typename Layout::template mapping<extents<M>>;
  const array_layout& l = a.layout();
  const bool blocked = l.kind == layout_kind::blocked;
  bool matches = l.kind == kind_of<Layout>() && l.m == M;
  if constexpr (kind_of<Layout>() == layout_kind::blocked)
    matches = matches && (mapping::static_block == dynamic || mapping::static_block == l.block);
  if (!matches)
    fail(errc::invalid_argument, "static_view",
         "the array holds " + to_string(l) + ", not the layout this kernel was compiled for (m = " + std::to_string(M) + ")");
  return {a.data(), mapping(make_extents<extents<M>>(l.n, l.m), blocked ? l.block : l.pitch)};
}

}  // namespace coalesce::fe

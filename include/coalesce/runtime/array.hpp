// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// array<T>: n vectors of m components of T in a layout chosen at run time, owning its memory
// (host or device). visit(array, f) calls f with the concrete view type, so the user's kernel is
// compiled once per layout (and per compiled-in block size) and its index arithmetic stays inlined.

#include <coalesce/core/buffer.hpp>
#include <coalesce/core/error.hpp>
#include <coalesce/layout/dispatch.hpp>
#include <coalesce/layout/spec.hpp>
#include <coalesce/view/view.hpp>

#include <cstddef>
#include <string>
#include <type_traits>
#include <utility>

namespace coalesce {

// The element sizes the transforms move (a transform moves bytes, whatever T is).
template <class T>
inline constexpr bool is_movable_element_v = std::is_trivially_copyable_v<T> &&
                                             (sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 ||
                                              sizeof(T) == 8 || sizeof(T) == 16);

template <class T>
class array {
  static_assert(is_movable_element_v<T>,
                "coalesce::array<T>: T must be trivially copyable and 1, 2, 4, 8 or 16 bytes");

 public:
  using value_type = T;

  array() noexcept = default;
  // Adopts memory that holds `layout` (the runtime builds arrays; this is how it hands them over).
  array(buffer&& memory, const array_layout& layout) noexcept : memory_(std::move(memory)), layout_(layout) {}

  const array_layout& layout() const noexcept { return layout_; }
  layout_kind kind() const noexcept { return layout_.kind; }
  std::size_t n() const noexcept { return layout_.n; }
  std::size_t m() const noexcept { return layout_.m; }
  std::size_t span() const noexcept { return layout_.span(); }
  memory_space space() const noexcept { return memory_.space(); }
  T* data() noexcept { return static_cast<T*>(memory_.data()); }
  const T* data() const noexcept { return static_cast<const T*>(memory_.data()); }

  // The view in Layout (layout_row_major, layout_col_major, layout_blocked<BD> with BD static or
  // dynamic) with m = M (or dynamic); throws invalid_argument naming what the array holds if the
  // array's layout is not one Layout<M> can describe.
  template <class Layout, std::size_t M = dynamic>
  basic_view<T, typename Layout::template mapping<extents<M>>> view() {
    return {data(), mapping_of<Layout, M>()};
  }
  template <class Layout, std::size_t M = dynamic>
  basic_view<const T, typename Layout::template mapping<extents<M>>> view() const {
    return {data(), mapping_of<Layout, M>()};
  }

 private:
  template <class Layout, std::size_t M>
  typename Layout::template mapping<extents<M>> mapping_of() const {
    if (!layout_matches<Layout, M>(layout_)) {
      using mapping = typename Layout::template mapping<extents<M>>;
      std::string wanted = to_string(kind_of<Layout>());
      if constexpr (is_blocked_layout<Layout>::value)
        wanted += mapping::static_block == dynamic ? std::string(":<any bd>") : ":" + std::to_string(mapping::static_block);
      wanted += M == dynamic ? std::string(", any m") : ", m = " + std::to_string(M);
      fail(errc::invalid_argument, "array::view", "the array holds " + to_string(layout_) + ", not " + wanted);
    }
    return mapping_for<Layout, M>(layout_);
  }

  buffer memory_;
  array_layout layout_;
};

// f(view) with the array's concrete view: m dynamic, block sizes in Blocks compiled in (v / bd is a
// shift), any other bd dynamic. Every call of f must return one type.
template <class Blocks = default_block_sizes, class T, class F>
decltype(auto) visit(array<T>& a, F&& f) {
  return visit_layout<Blocks>(a.layout(), [&](auto tag) -> decltype(auto) {
    return f(a.template view<decltype(tag)>());
  });
}
template <class Blocks = default_block_sizes, class T, class F>
decltype(auto) visit(const array<T>& a, F&& f) {
  return visit_layout<Blocks>(a.layout(), [&](auto tag) -> decltype(auto) {
    return f(a.template view<decltype(tag)>());
  });
}

// f(view) with m fixed at compile time to M as well (so loops over components unroll); throws
// invalid_argument if a.m() != M.
template <std::size_t M, class Blocks = default_block_sizes, class A, class F>
decltype(auto) visit(A& a, F&& f) {
  if (a.m() != M)
    fail(errc::invalid_argument, "visit<M>", "M = " + std::to_string(M) + " but the array has m = " + std::to_string(a.m()));
  return visit_layout<Blocks>(a.layout(), [&](auto tag) -> decltype(auto) {
    return f(a.template view<decltype(tag), M>());
  });
}

}  // namespace coalesce

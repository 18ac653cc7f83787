// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// array<T>: n vectors of m components of T in a layout chosen at run time, owning its memory
// (host or device). visit(array, f) calls f with the concrete view type, so the user's kernel is
// compiled once per layout and its index arithmetic stays inlined.

#include <coalesce/core/error.hpp>
#include <coalesce/layout/spec.hpp>
#include <coalesce/runtime/buffer.hpp>
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

  // The view of a known layout (layout_row_major, layout_col_major, layout_blocked<>); throws
  // invalid_argument if the array holds another one.
  template <class Layout>
  basic_view<T, typename Layout::template mapping<extents<>>> view() {
    return {data(), mapping_of<Layout>()};
  }
  template <class Layout>
  basic_view<const T, typename Layout::template mapping<extents<>>> view() const {
    return {data(), mapping_of<Layout>()};
  }

 private:
  template <class Layout>
  typename Layout::template mapping<extents<>> mapping_of() const {
    using M = typename Layout::template mapping<extents<>>;
    return visit_mapping(layout_, [&](auto map) -> M {
      if constexpr (std::is_same_v<decltype(map), M>) {
        return map;
      } else {
        fail(errc::invalid_argument, "array::view", std::string("the array holds ") + to_string(layout_.kind));
      }
    });
  }

  buffer memory_;
  array_layout layout_;
};

// f(view) with the array's concrete view (dynamic m).
template <class T, class F>
decltype(auto) visit(array<T>& a, F&& f) {
  return visit_mapping(a.layout(), [&](auto map) -> decltype(auto) {
    return f(basic_view<T, decltype(map)>(a.data(), map));
  });
}
template <class T, class F>
decltype(auto) visit(const array<T>& a, F&& f) {
  return visit_mapping(a.layout(), [&](auto map) -> decltype(auto) {
    return f(basic_view<const T, decltype(map)>(a.data(), map));
  });
}

// f(view) with m fixed at compile time to M (so loops over components unroll); throws
// invalid_argument if a.m() != M.
template <std::size_t M, class A, class F>
decltype(auto) visit(A& a, F&& f) {
  using T = std::remove_pointer_t<decltype(a.data())>;
  if (a.m() != M)
    fail(errc::invalid_argument, "visit<M>", "M = " + std::to_string(M) + " but the array has m = " + std::to_string(a.m()));
  return visit_mapping(a.layout(), [&](auto map) -> decltype(auto) {
    using Static = typename decltype(map)::layout_type::template mapping<extents<M>>;
    return f(basic_view<T, Static>(a.data(), Static(map)));
  });
}

}  // namespace coalesce

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// A coalesce array as unmanaged Kokkos Views of the standard layouts, in the array's memory space
// (no custom View layout: newer Kokkos removed them):
//   AoS, pitch = m            -> right_view   (n, m)           LayoutRight
//   SoA, pitch = n            -> left_view    (n, m)           LayoutLeft
//   AoS or SoA with a pitch   -> strided_view (n, m)           LayoutStride (pitch, 1) or (1, pitch)
//   blocked bd                -> blocks_view  (blocks, m, bd)  LayoutRight; vector v is (v / bd, i, v % bd)
// The Views alias the array's memory: they are valid while the array lives. The accessors give every
// one of them the same (v, i) interface, and kokkos::visit_accessor picks the right one at run time.

#include <coalesce/interop/kokkos/spaces.hpp>
#include <coalesce/runtime/array.hpp>

#include <Kokkos_Core.hpp>

#include <cstddef>
#include <string>
#include <type_traits>

namespace coalesce::kokkos {

using unmanaged = Kokkos::MemoryTraits<Kokkos::Unmanaged>;

template <class T, class MemorySpace = Kokkos::HostSpace>
using right_view = Kokkos::View<T**, Kokkos::LayoutRight, MemorySpace, unmanaged>;
template <class T, class MemorySpace = Kokkos::HostSpace>
using left_view = Kokkos::View<T**, Kokkos::LayoutLeft, MemorySpace, unmanaged>;
template <class T, class MemorySpace = Kokkos::HostSpace>
using strided_view = Kokkos::View<T**, Kokkos::LayoutStride, MemorySpace, unmanaged>;
template <class T, class MemorySpace = Kokkos::HostSpace>
using blocks_view = Kokkos::View<T***, Kokkos::LayoutRight, MemorySpace, unmanaged>;

// (v, i) over a rank-2 View of extents (n, m).
template <class View>
class vector_accessor {
 public:
  using view_type = View;
  using reference = typename View::reference_type;

  vector_accessor() = default;
  explicit vector_accessor(const View& view) : view_(view) {}

  KOKKOS_INLINE_FUNCTION reference operator()(std::size_t v, std::size_t i) const { return view_(v, i); }
  KOKKOS_INLINE_FUNCTION std::size_t n() const { return view_.extent(0); }
  KOKKOS_INLINE_FUNCTION std::size_t m() const { return view_.extent(1); }
  KOKKOS_INLINE_FUNCTION const View& view() const { return view_; }

 private:
  View view_;
};

// (v, i) over the rank-3 (blocks, m, bd) View of a blocked array. The View also covers the padding of
// the last block; n() is the number of real vectors.
template <class View>
class blocked_accessor {
 public:
  using view_type = View;
  using reference = typename View::reference_type;

  blocked_accessor() = default;
  blocked_accessor(const View& view, std::size_t n) : view_(view), n_(n) {}

  KOKKOS_INLINE_FUNCTION reference operator()(std::size_t v, std::size_t i) const {
    const std::size_t bd = view_.extent(2);
    return view_(v / bd, i, v % bd);
  }
  KOKKOS_INLINE_FUNCTION std::size_t n() const { return n_; }
  KOKKOS_INLINE_FUNCTION std::size_t m() const { return view_.extent(1); }
  KOKKOS_INLINE_FUNCTION std::size_t block() const { return view_.extent(2); }
  KOKKOS_INLINE_FUNCTION const View& view() const { return view_; }

 private:
  View view_;
  std::size_t n_ = 0;
};

namespace detail {
inline std::string layout_text(const array_layout& l) { return to_string(l); }

[[noreturn]] inline void wrong_layout(const array_layout& l, const std::string& call, const char* wanted) {
  fail(errc::invalid_argument, call, "the array is " + layout_text(l) + ", not " + wanted);
}

// Packed row_major (pitch = m) and packed col_major (pitch = n); one row or column is packed either way.
inline bool packed_rows(const array_layout& l) noexcept {
  return l.kind == layout_kind::row_major && (l.pitch == l.m || l.n <= 1);
}
inline bool packed_columns(const array_layout& l) noexcept {
  return l.kind == layout_kind::col_major && (l.pitch == l.n || l.m <= 1);
}

template <class MemorySpace, class T, class A>
right_view<T, MemorySpace> right_of(A& a) {
  require_holds<MemorySpace>(a.space(), "kokkos::as_right_view");
  if (!packed_rows(a.layout())) wrong_layout(a.layout(), "kokkos::as_right_view", "row_major with pitch = m");
  return right_view<T, MemorySpace>(a.data(), a.n(), a.m());
}
template <class MemorySpace, class T, class A>
left_view<T, MemorySpace> left_of(A& a) {
  require_holds<MemorySpace>(a.space(), "kokkos::as_left_view");
  if (!packed_columns(a.layout())) wrong_layout(a.layout(), "kokkos::as_left_view", "col_major with pitch = n");
  return left_view<T, MemorySpace>(a.data(), a.n(), a.m());
}
template <class MemorySpace, class T, class A>
strided_view<T, MemorySpace> strided_of(A& a) {
  require_holds<MemorySpace>(a.space(), "kokkos::as_strided_view");
  const array_layout& l = a.layout();
  if (l.kind == layout_kind::row_major)
    return strided_view<T, MemorySpace>(a.data(), Kokkos::LayoutStride(l.n, l.pitch, l.m, 1));
  if (l.kind == layout_kind::col_major)
    return strided_view<T, MemorySpace>(a.data(), Kokkos::LayoutStride(l.n, 1, l.m, l.pitch));
  wrong_layout(l, "kokkos::as_strided_view", "row_major or col_major");
}
template <class MemorySpace, class T, class A>
blocks_view<T, MemorySpace> blocks_of(A& a) {
  require_holds<MemorySpace>(a.space(), "kokkos::as_blocks_view");
  const array_layout& l = a.layout();
  if (l.kind != layout_kind::blocked) wrong_layout(l, "kokkos::as_blocks_view", "blocked");
  return blocks_view<T, MemorySpace>(a.data(), (l.n + l.block - 1) / l.block, l.m, l.block);
}

// f(accessor) with the accessor of the array's own layout.
template <class MemorySpace, class T, class A, class F>
decltype(auto) visit_accessor_impl(A& a, F&& f) {
  const array_layout& l = a.layout();
  if (l.kind == layout_kind::blocked) return f(blocked_accessor<blocks_view<T, MemorySpace>>(blocks_of<MemorySpace, T>(a), l.n));
  if (packed_rows(l)) return f(vector_accessor<right_view<T, MemorySpace>>(right_of<MemorySpace, T>(a)));
  if (packed_columns(l)) return f(vector_accessor<left_view<T, MemorySpace>>(left_of<MemorySpace, T>(a)));
  return f(vector_accessor<strided_view<T, MemorySpace>>(strided_of<MemorySpace, T>(a)));
}
}  // namespace detail

// The array's memory as a Kokkos View; throws invalid_argument for another layout and
// wrong_memory_space when the array does not live in MemorySpace (HostSpace, or CudaSpace for device arrays).
template <class MemorySpace = Kokkos::HostSpace, class T>
right_view<T, MemorySpace> as_right_view(array<T>& a) { return detail::right_of<MemorySpace, T>(a); }
template <class MemorySpace = Kokkos::HostSpace, class T>
right_view<const T, MemorySpace> as_right_view(const array<T>& a) { return detail::right_of<MemorySpace, const T>(a); }

template <class MemorySpace = Kokkos::HostSpace, class T>
left_view<T, MemorySpace> as_left_view(array<T>& a) { return detail::left_of<MemorySpace, T>(a); }
template <class MemorySpace = Kokkos::HostSpace, class T>
left_view<const T, MemorySpace> as_left_view(const array<T>& a) { return detail::left_of<MemorySpace, const T>(a); }

// Any row_major or col_major array, pitched or not.
template <class MemorySpace = Kokkos::HostSpace, class T>
strided_view<T, MemorySpace> as_strided_view(array<T>& a) { return detail::strided_of<MemorySpace, T>(a); }
template <class MemorySpace = Kokkos::HostSpace, class T>
strided_view<const T, MemorySpace> as_strided_view(const array<T>& a) {
  return detail::strided_of<MemorySpace, const T>(a);
}

// A blocked array as (blocks, m, bd), padding included; blocked_accessor maps (v, i) onto it.
template <class MemorySpace = Kokkos::HostSpace, class T>
blocks_view<T, MemorySpace> as_blocks_view(array<T>& a) { return detail::blocks_of<MemorySpace, T>(a); }
template <class MemorySpace = Kokkos::HostSpace, class T>
blocks_view<const T, MemorySpace> as_blocks_view(const array<T>& a) { return detail::blocks_of<MemorySpace, const T>(a); }

// f(accessor) with the (v, i) accessor over the natural View of the array's layout: LayoutRight for
// packed AoS, LayoutLeft for packed SoA, LayoutStride for pitched ones, rank 3 for blocked. Like
// coalesce::visit, f is compiled once per layout.
template <class MemorySpace = Kokkos::HostSpace, class T, class F>
decltype(auto) visit_accessor(array<T>& a, F&& f) { return detail::visit_accessor_impl<MemorySpace, T>(a, f); }
template <class MemorySpace = Kokkos::HostSpace, class T, class F>
decltype(auto) visit_accessor(const array<T>& a, F&& f) {
  return detail::visit_accessor_impl<MemorySpace, const T>(a, f);
}

}  // namespace coalesce::kokkos

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// A user's rank-2 Kokkos::View (n, m) (LayoutRight, LayoutLeft or LayoutStride; host or device) as a
// coalesce source and destination, moved by the runtime's tiled transforms whatever its layout:
//   - row-major Views (strides (pitch, 1): LayoutRight, and LayoutStride alike) are a vector_set;
//   - column-major Views (strides (1, pitch): LayoutLeft, and LayoutStride alike) are a component_set;
// both without a copy. upload / copy / download below hand them to the runtime, which also moves
// them across memory spaces (a CudaSpace View into a host array, a HostSpace View into a device
// one). No Kokkos kernel runs, and only the n x m elements of a View are ever written: its padding is
// left alone.

#include <coalesce/interop/kokkos/spaces.hpp>
#include <coalesce/runtime/runtime.hpp>

#include <Kokkos_Core.hpp>

#include <cstddef>
#include <string>
#include <type_traits>

namespace coalesce::kokkos {

// The View's memory in coalesce terms: row_major or col_major with the View's pitch; throws
// invalid_argument for a View that is neither (a transposed-and-strided LayoutStride).
template <class View>
array_layout layout_of(const View& view) {
  static_assert(View::rank == 2, "coalesce::kokkos: a vector set is a rank-2 View (n, m)");
  const std::size_t n = view.extent(0), m = view.extent(1);
  const std::size_t s0 = view.stride(0), s1 = view.stride(1);
  if ((m <= 1 || s1 == 1) && (n <= 1 || s0 >= m)) return {layout_kind::row_major, n, m, n <= 1 ? m : s0, 0};
  if ((n <= 1 || s0 == 1) && (m <= 1 || s1 >= n)) return {layout_kind::col_major, n, m, m <= 1 ? n : s1, 0};
  fail(errc::invalid_argument, "kokkos::layout_of",
       "View " + view.label() + " has strides (" + std::to_string(s0) + ", " + std::to_string(s1) +
           "), neither row-major nor column-major");
}

// A row-major View as the vector set it is, without a copy; throws invalid_argument for other Views.
template <class View>
vector_set<typename View::value_type> describe(const View& view) {
  const array_layout l = layout_of(view);
  if (l.kind != layout_kind::row_major)
    fail(errc::invalid_argument, "kokkos::describe",
         "View " + view.label() + " is column-major; use describe_components or visit_memory");
  return {view.data(), l.n, l.m, l.pitch, space_of<typename View::memory_space>()};
}

// A column-major View as the component set it is, without a copy; throws invalid_argument for
// other Views.
template <class View>
component_set<typename View::value_type> describe_components(const View& view) {
  const array_layout l = layout_of(view);
  if (l.kind != layout_kind::col_major)
    fail(errc::invalid_argument, "kokkos::describe_components",
         "View " + view.label() + " is row-major; use describe or visit_memory");
  return {view.data(), l.n, l.m, l.pitch, space_of<typename View::memory_space>()};
}

// f(descriptor): the View's memory as what it is, a vector_set (row-major) or a component_set
// (column-major), picked at run time for a LayoutStride View. f is compiled for both.
template <class View, class F>
decltype(auto) visit_memory(const View& view, F&& f) {
  if (layout_of(view).kind == layout_kind::row_major) return f(describe(view));
  return f(describe_components(view));
}

namespace detail {
template <class View>
void check_shape(const View& view, std::size_t n, std::size_t m, const std::string& call) {
  if (view.extent(0) != n || view.extent(1) != m)
    fail(errc::size_mismatch, call,
         "View " + view.label() + " is (" + std::to_string(view.extent(0)) + ", " + std::to_string(view.extent(1)) +
             ") but the array holds n = " + std::to_string(n) + ", m = " + std::to_string(m));
}
}  // namespace detail

// Copies a user's View into an existing array (any layout, host or device); padding gets `fill`.
// Kokkos work already queued on the View's execution space is waited for first.
template <class View, class T>
void copy(const runtime& rt, const View& src, array<T>& dst, const T& fill = {}) {
  static_assert(std::is_same_v<typename View::non_const_value_type, T>, "coalesce::kokkos::copy: element types differ");
  detail::check_shape(src, dst.n(), dst.m(), "kokkos::copy");
  typename View::execution_space().fence();
  visit_memory(src, [&](const auto& memory) { rt.upload_async(memory, dst, nullptr, fill); });
  rt.synchronize();
}

// A user's View in `spec`, in the runtime's memory.
template <class View>
array<typename View::non_const_value_type> upload(const runtime& rt, const View& src, layout_spec spec,
                                                 const typename View::non_const_value_type& fill = {}) {
  typename View::execution_space().fence();
  return visit_memory(src, [&](const auto& memory) { return rt.upload(memory, spec, fill); });
}

// Writes an array back into a user's View (same n, m); the View's padding is never written.
template <class T, class View>
void download(const runtime& rt, const array<T>& src, const View& dst) {
  static_assert(std::is_same_v<typename View::value_type, T>,
                "coalesce::kokkos::download: the View must hold the array's (non-const) element type");
  detail::check_shape(dst, src.n(), src.m(), "kokkos::download");
  typename View::execution_space().fence();  // nothing of Kokkos' still reads or writes the View
  visit_memory(dst, [&](const auto& memory) { rt.download(src, memory); });
}

}  // namespace coalesce::kokkos

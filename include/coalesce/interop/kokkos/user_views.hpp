// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// A user's rank-2 Kokkos::View (n, m) (LayoutRight, LayoutLeft or LayoutStride; host or device) as a
// coalesce source and destination.
//   - row-major Views (stride (pitch, 1): LayoutRight, and LayoutStride alike) are a vector_set:
//     describe(view) hands them to runtime::upload / download without a copy, and the runtime's tiled
//     transforms move them, across memory spaces too;
//   - column-major Views (stride (1, pitch): LayoutLeft, and LayoutStride alike) are not a vector_set:
//     upload / copy / download below relayout them with one Kokkos loop in the View's execution space,
//     straight into or out of the array when that space can access it, else through a row-major
//     staging View in the View's memory space that the runtime then moves.
// Only the n x m elements of a View are ever written: its padding is left alone.

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

// A row-major View as the vector set it is, without a copy; throws invalid_argument for other Views
// (upload / download below take those).
template <class View>
vector_set<typename View::value_type> describe(const View& view) {
  const array_layout l = layout_of(view);
  if (l.kind != layout_kind::row_major)
    fail(errc::invalid_argument, "kokkos::describe",
         "View " + view.label() + " is column-major; pass it to coalesce::kokkos::upload / download instead");
  return {view.data(), l.n, l.m, l.pitch, space_of<typename View::memory_space>()};
}

namespace detail {
template <class View>
using staging_view = Kokkos::View<typename View::non_const_value_type**, Kokkos::LayoutRight,
                                  typename View::memory_space>;

template <class View>
using exec_range = Kokkos::RangePolicy<typename View::execution_space, Kokkos::IndexType<std::size_t>>;

// Every offset of a coalesce view, from a (v, i)-indexed source; padding gets `fill`.
template <class Source, class Target>
struct fill_view_from {
  Source src;
  Target dst;
  typename Target::value_type fill;
  KOKKOS_INLINE_FUNCTION void operator()(std::size_t offset) const {
    const location at = dst.mapping().locate(offset);
    dst.data()[offset] = at.is_data ? src(at.v, at.i) : fill;
  }
};

// dst(v, i) = src(v, i) for every vector v (one index per vector; the loop over i is inside).
template <class Source, class Target>
struct copy_vectors {
  Source src;
  Target dst;
  KOKKOS_INLINE_FUNCTION void operator()(std::size_t v) const {
    for (std::size_t i = 0; i < dst.extent(1); ++i) dst(v, i) = src(v, i);
  }
};

template <class View>
void check_shape(const View& view, std::size_t n, std::size_t m, const std::string& call) {
  if (view.extent(0) != n || view.extent(1) != m)
    fail(errc::size_mismatch, call,
         "View " + view.label() + " is (" + std::to_string(view.extent(0)) + ", " + std::to_string(view.extent(1)) +
             ") but the array holds n = " + std::to_string(n) + ", m = " + std::to_string(m));
}

// A row-major copy of any rank-2 View, in its own memory space.
template <class View>
staging_view<View> row_major_copy(const View& src) {
  staging_view<View> stage("coalesce::kokkos staging", src.extent(0), src.extent(1));
  Kokkos::parallel_for("coalesce::kokkos::stage", exec_range<View>(0, src.extent(0)),
                       copy_vectors<View, staging_view<View>>{src, stage});
  typename View::execution_space().fence();
  return stage;
}
}  // namespace detail

// Copies a user's View into an existing array (any layout, host or device); padding gets `fill`.
template <class View, class T>
void copy(const runtime& rt, const View& src, array<T>& dst, const T& fill = {}) {
  static_assert(std::is_same_v<typename View::non_const_value_type, T>, "coalesce::kokkos::copy: element types differ");
  detail::check_shape(src, dst.n(), dst.m(), "kokkos::copy");
  if (layout_of(src).kind == layout_kind::row_major) {
    rt.upload_async(describe(src), dst, nullptr, fill);
    rt.synchronize();
  } else if (can_access<typename View::execution_space>(dst.space())) {
    coalesce::visit(dst, [&](auto target) {
      using Target = decltype(target);
      Kokkos::parallel_for("coalesce::kokkos::relayout",
                           detail::exec_range<View>(0, target.mapping().required_span_size()),
                           detail::fill_view_from<View, Target>{src, target, fill});
    });
    typename View::execution_space().fence();
  } else {
    const auto stage = detail::row_major_copy(src);
    rt.upload_async(describe(stage), dst, nullptr, fill);
    rt.synchronize();
  }
}

// A user's View in `spec`, in the runtime's memory: a row-major View goes through runtime::upload
// unchanged, a column-major one is relayouted by a Kokkos loop.
template <class View>
array<typename View::non_const_value_type> upload(const runtime& rt, const View& src, layout_spec spec,
                                                 const typename View::non_const_value_type& fill = {}) {
  using T = typename View::non_const_value_type;
  if (layout_of(src).kind == layout_kind::row_major) return rt.upload(describe(src), spec, fill);
  array<T> dst = rt.allocate<T>(src.extent(0), src.extent(1), spec);
  copy(rt, src, dst, fill);
  return dst;
}

// Writes an array back into a user's View (same n, m); the View's padding is never written.
template <class T, class View>
void download(const runtime& rt, const array<T>& src, const View& dst) {
  static_assert(std::is_same_v<typename View::value_type, T>,
                "coalesce::kokkos::download: the View must hold the array's (non-const) element type");
  detail::check_shape(dst, src.n(), src.m(), "kokkos::download");
  if (layout_of(dst).kind == layout_kind::row_major) {
    rt.download(src, describe(dst));
  } else if (can_access<typename View::execution_space>(src.space())) {
    coalesce::visit(src, [&](auto source) {
      Kokkos::parallel_for("coalesce::kokkos::download", detail::exec_range<View>(0, src.n()),
                           detail::copy_vectors<decltype(source), View>{source, dst});
    });
    typename View::execution_space().fence();
  } else {
    detail::staging_view<View> stage("coalesce::kokkos staging", src.n(), src.m());
    rt.download(src, describe(stage));
    Kokkos::parallel_for("coalesce::kokkos::unstage", detail::exec_range<View>(0, src.n()),
                         detail::copy_vectors<detail::staging_view<View>, View>{stage, dst});
    typename View::execution_space().fence();
  }
}

}  // namespace coalesce::kokkos

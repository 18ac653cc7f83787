// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Components of a vector set as Thrust random-access ranges, in every layout:
//   col_major (SoA)   component i is contiguous:          data + i * pitch + v
//   row_major (AoS)   component i is strided by pitch:     data + i + v * pitch
//   blocked<bd>       component i is block-interleaved:    data + i * bd + (v / bd) * m * bd + v % bd
// so thrust::transform, reduce, sort, ... work on one component whatever the layout, and
// components<M>(view) zips the M components of every vector (sort whole vectors, transform a
// vector into a value). The ranges alias the view's memory and copy nothing.
//
// component(view, i) iterates raw pointers: algorithms run on the host unless given a policy
// (thrust::omp::par, thrust::cuda::par / thrust::device for device memory). device_component(view, i)
// iterates thrust::device_ptr, so algorithms without a policy run on THRUST_DEVICE_SYSTEM.

#include <coalesce/core/config.hpp>
#include <coalesce/core/error.hpp>
#include <coalesce/layout/blocked.hpp>
#include <coalesce/layout/col_major.hpp>
#include <coalesce/layout/row_major.hpp>
#include <coalesce/view/view.hpp>

#include <thrust/device_ptr.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/permutation_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/tuple.h>

#include <cstddef>
#include <string>
#include <type_traits>
#include <utility>

namespace coalesce {

// Offset of vector v's element from vector 0's, along one component.
struct strided_offset {
  std::ptrdiff_t stride = 1;
  COALESCE_HD constexpr std::ptrdiff_t operator()(std::ptrdiff_t v) const noexcept { return v * stride; }
};
struct blocked_offset {
  std::ptrdiff_t block = 1;       // bd
  std::ptrdiff_t block_span = 1;  // m * bd: from one block to the next
  COALESCE_HD constexpr std::ptrdiff_t operator()(std::ptrdiff_t v) const noexcept {
    return (v / block) * block_span + v % block;
  }
};

// Iterators over one component: the contiguous one is the pointer itself.
template <class Pointer, class Offset>
using offset_iterator =
    thrust::permutation_iterator<Pointer,
                                 thrust::transform_iterator<Offset, thrust::counting_iterator<std::ptrdiff_t>>>;
template <class Pointer>
using strided_iterator = offset_iterator<Pointer, strided_offset>;
template <class Pointer>
using blocked_iterator = offset_iterator<Pointer, blocked_offset>;

template <class Iterator>
class component_range {
 public:
  using iterator = Iterator;
  component_range(Iterator first, std::ptrdiff_t size) : first_(first), size_(size) {}
  Iterator begin() const { return first_; }
  Iterator end() const { return first_ + size_; }
  std::ptrdiff_t size() const noexcept { return size_; }

 private:
  Iterator first_;
  std::ptrdiff_t size_;
};

namespace detail {
template <class Pointer, class Offset>
offset_iterator<Pointer, Offset> make_offset_iterator(Pointer base, Offset offset) {
  return offset_iterator<Pointer, Offset>(
      base, thrust::make_transform_iterator(thrust::counting_iterator<std::ptrdiff_t>(0), offset));
}

template <class T, class Mapping>
void check_component(const basic_view<T, Mapping>& view, std::size_t i, const char* call) {
  if (i >= view.m())
    fail(errc::out_of_range, call,
         "component i = " + std::to_string(i) + " of vectors with m = " + std::to_string(view.m()));
}

// Component i of a view, iterated through `base` (view.data() as a raw or fancy pointer).
template <class Pointer, class T, class Mapping>
auto component_through(Pointer base, const basic_view<T, Mapping>& view, std::size_t i) {
  using layout = typename Mapping::layout_type;
  const Mapping& map = view.mapping();
  const auto n = static_cast<std::ptrdiff_t>(view.n());
  // Offset of (0, i), which every layout adds to; none for no vectors (the data may be null).
  const auto first = n == 0 ? std::ptrdiff_t(0) : static_cast<std::ptrdiff_t>(map(0, i));
  if constexpr (std::is_same_v<layout, layout_col_major>) {
    return component_range<Pointer>(base + first, n);
  } else if constexpr (std::is_same_v<layout, layout_row_major>) {
    return component_range<strided_iterator<Pointer>>(
        make_offset_iterator(base + first, strided_offset{static_cast<std::ptrdiff_t>(map.pitch())}), n);
  } else {
    const auto bd = static_cast<std::ptrdiff_t>(map.block());
    return component_range<blocked_iterator<Pointer>>(
        make_offset_iterator(base + first, blocked_offset{bd, bd * static_cast<std::ptrdiff_t>(view.m())}), n);
  }
}

template <class T, class Mapping, std::size_t... I>
auto zip_components(const basic_view<T, Mapping>& view, std::index_sequence<I...>) {
  auto first = thrust::make_zip_iterator(thrust::make_tuple(component_through(view.data(), view, I).begin()...));
  return component_range<decltype(first)>(first, static_cast<std::ptrdiff_t>(view.n()));
}
}  // namespace detail

// Component i of every vector of `view`, in vector order; throws out_of_range for i >= m.
template <class T, class Mapping>
auto component(const basic_view<T, Mapping>& view, std::size_t i) {
  detail::check_component(view, i, "component");
  return detail::component_through(view.data(), view, i);
}

// The same range over thrust::device_ptr: algorithms without a policy run on THRUST_DEVICE_SYSTEM,
// which must be able to access the view's memory.
template <class T, class Mapping>
auto device_component(const basic_view<T, Mapping>& view, std::size_t i) {
  detail::check_component(view, i, "device_component");
  return detail::component_through(thrust::device_pointer_cast(view.data()), view, i);
}

// The M components of every vector zipped: element v is a tuple of references to view(v, 0..M-1).
// Throws invalid_argument when view.m() != M.
template <std::size_t M, class T, class Mapping>
auto components(const basic_view<T, Mapping>& view) {
  static_assert(M > 0, "components<M>: M must be positive");
  if (view.m() != M)
    fail(errc::invalid_argument, "components<M>",
         "M = " + std::to_string(M) + " but the vectors have m = " + std::to_string(view.m()));
  return detail::zip_components(view, std::make_index_sequence<M>{});
}

}  // namespace coalesce

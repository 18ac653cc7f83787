// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Components of a vector set as Thrust random-access ranges, in every layout:
//   col_major (SoA)   component i is contiguous:          data + i * pitch + v
//   row_major (AoS)   component i is strided by pitch:     data + i + v * pitch
//   blocked<bd>       component i is block-interleaved:    data + i * bd + (v / bd) * m * bd + v % bd
// so thrust::transform, reduce, sort, ... work on one component whatever the layout, and
// components<M>(view) zips the M components of every vector (sort whole vectors, transform a
// vector into a value). The ranges alias the view's memory and copy nothing. Record views get the same:
// field_component<&S::x>(view, c) is one component of one field, and zip(...) puts fields side by side.
//
// component(view, i) iterates raw pointers: algorithms run on the host unless given a policy
// (thrust::omp::par, thrust::cuda::par / thrust::device for device memory). device_component(view, i)
// iterates thrust::device_ptr, so algorithms without a policy run on THRUST_DEVICE_SYSTEM.

#include <coalesce/core/config.hpp>
#include <coalesce/core/error.hpp>
#include <coalesce/layout/blocked.hpp>
#include <coalesce/layout/col_major.hpp>
#include <coalesce/layout/row_major.hpp>
#include <coalesce/record/field_mapping.hpp>
#include <coalesce/record/view.hpp>
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

// A record field's component in any of the three forms, picked at run time (a split record's fields).
struct placed_offset {
  field_form form = field_form::rows;
  std::ptrdiff_t a = 1;      // row stride (rows), or block stride (blocks)
  std::ptrdiff_t block = 1;  // bd (blocks)
  COALESCE_HD constexpr std::ptrdiff_t operator()(std::ptrdiff_t v) const noexcept {
    switch (form) {
      case field_form::rows: return v * a;
      case field_form::columns: return v;
      case field_form::blocks: break;
    }
    return (v / block) * a + v % block;
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
template <class Pointer>
using placed_iterator = offset_iterator<Pointer, placed_offset>;

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
template <class Layout>
struct is_field_blocks : std::false_type {};
template <std::size_t BD>
struct is_field_blocks<layout_field_blocks<BD>> : std::true_type {};
template <class Layout>
struct is_field_placed : std::false_type {};
template <std::size_t BD>
struct is_field_placed<layout_field_placed<BD>> : std::true_type {};

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
  } else if constexpr (is_field_blocks<layout>::value) {
    // A blocked record's field: from one block to the next is the whole record block, not m * bd.
    const auto bd = static_cast<std::ptrdiff_t>(map.block());
    return component_range<blocked_iterator<Pointer>>(
        make_offset_iterator(base + first, blocked_offset{bd, static_cast<std::ptrdiff_t>(map.block_stride())}), n);
  } else if constexpr (is_field_placed<layout>::value) {
    const field_place& p = map.place();
    const placed_offset offset{p.form, static_cast<std::ptrdiff_t>(p.a), static_cast<std::ptrdiff_t>(map.block())};
    return component_range<placed_iterator<Pointer>>(make_offset_iterator(base + first, offset), n);
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

// Component c of member P of every record of a record view (record/view.hpp), in record order:
// field_component<&particle::v>(view, 1) is every particle's v[1]. Throws out_of_range for c >= count.
template <auto P, class Fields, class Form, bool Const>
auto field_component(const record_view<Fields, Form, Const>& view, std::size_t c) {
  const auto field = view.template field<P>();
  detail::check_component(field, c, "field_component");
  return detail::component_through(field.data(), field, c);
}
template <auto P, class Fields, class Form, bool Const>
auto device_field_component(const record_view<Fields, Form, Const>& view, std::size_t c) {
  const auto field = view.template field<P>();
  detail::check_component(field, c, "device_field_component");
  return detail::component_through(thrust::device_pointer_cast(field.data()), field, c);
}

// Ranges of equal size zipped: element v is a tuple of their elements v (fields of a record side by
// side: zip(field_component<&S::id>(view, 0), field_component<&S::x>(view, 0))).
template <class... Ranges>
auto zip(const Ranges&... ranges) {
  const std::ptrdiff_t size = (ranges.size(), ...);
  if (((ranges.size() != size) || ...))
    fail(errc::size_mismatch, "zip", "the ranges differ in size");
  auto first = thrust::make_zip_iterator(thrust::make_tuple(ranges.begin()...));
  return component_range<decltype(first)>(first, size);
}

}  // namespace coalesce

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// A view is {pointer, mapping}: trivially copyable, passed by value to a __global__ function, a host
// loop or an OpenMP loop. view(v, i) is component i of vector v; load/store move a whole vector of
// compile-time length M between memory and registers, one thread per vector, so the warp's accesses
// follow the layout (coalesced in col_major and blocked).

#include <coalesce/core/config.hpp>
#include <coalesce/core/extents.hpp>
#include <coalesce/core/vec.hpp>
#include <coalesce/layout/blocked.hpp>
#include <coalesce/layout/col_major.hpp>
#include <coalesce/layout/row_major.hpp>

#include <cstddef>
#include <type_traits>

#if COALESCE_BOUNDS_CHECK && !defined(__CUDA_ARCH__)
#include <coalesce/core/error.hpp>
#include <string>
#endif
#if COALESCE_BOUNDS_CHECK && defined(__CUDA_ARCH__)
#include <cstdio>
#endif

namespace coalesce {

template <class T, class Mapping>
class basic_view {
 public:
  using element_type = T;
  using value_type = std::remove_cv_t<T>;
  using mapping_type = Mapping;
  using extents_type = typename Mapping::extents_type;
  using index_type = typename Mapping::index_type;
  using reference = T&;

  constexpr basic_view() noexcept = default;
  COALESCE_HD constexpr basic_view(T* data, const Mapping& map) noexcept : data_(data), map_(map) {}
  // A view of const T from a view of T.
  template <class U, std::enable_if_t<std::is_same_v<const U, T> && !std::is_same_v<U, T>, int> = 0>
  COALESCE_HD constexpr basic_view(const basic_view<U, Mapping>& o) noexcept : data_(o.data()), map_(o.mapping()) {}

  COALESCE_HD constexpr T* data() const noexcept { return data_; }
  COALESCE_HD constexpr const Mapping& mapping() const noexcept { return map_; }
  COALESCE_HD constexpr const extents_type& extents() const noexcept { return map_.extents(); }
  COALESCE_HD constexpr index_type n() const noexcept { return map_.extents().extent(0); }
  COALESCE_HD constexpr index_type m() const noexcept { return map_.extents().extent(1); }

  // Component i of vector v. Bounds-checked builds throw out_of_range on the host and trap on the device.
  COALESCE_HD constexpr T& operator()(index_type v, index_type i) const {
#if COALESCE_BOUNDS_CHECK
    check(v, i);
#endif
    return data_[map_(v, i)];
  }

 private:
#if COALESCE_BOUNDS_CHECK
  COALESCE_HD constexpr void check(index_type v, index_type i) const {
    if (v < n() && i < m()) return;
#if defined(__CUDA_ARCH__)
    printf("coalesce: view index (v = %llu, i = %llu) outside (n = %llu, m = %llu)\n", (unsigned long long)v,
           (unsigned long long)i, (unsigned long long)n(), (unsigned long long)m());
    __trap();
#else
    fail(errc::out_of_range, "view(v, i)",
         "(v = " + std::to_string(v) + ", i = " + std::to_string(i) + ") is outside (n = " + std::to_string(n()) +
             ", m = " + std::to_string(m()) + ")");
#endif
  }
#endif

  T* data_ = nullptr;
  Mapping map_{};
};

// Vector v in registers. @pre M == view.m()
template <std::size_t M, class T, class Mapping>
COALESCE_HD constexpr vec<std::remove_cv_t<T>, M> load(const basic_view<T, Mapping>& view,
                                                        typename Mapping::index_type v) {
  vec<std::remove_cv_t<T>, M> out{};
  COALESCE_UNROLL
  for (std::size_t i = 0; i < M; ++i) out[i] = view(v, i);
  return out;
}

// Writes vector v from registers. @pre M == view.m()
template <std::size_t M, class T, class Mapping>
COALESCE_HD constexpr void store(const basic_view<T, Mapping>& view, typename Mapping::index_type v,
                                 const vec<std::remove_cv_t<T>, M>& value) {
  COALESCE_UNROLL
  for (std::size_t i = 0; i < M; ++i) view(v, i) = value[i];
}

// The three layouts' views; M is the vector length when known at compile time, BD the block size.
template <class T, std::size_t M = dynamic>
using row_major_view = basic_view<T, layout_row_major::mapping<extents<M>>>;
template <class T, std::size_t M = dynamic>
using col_major_view = basic_view<T, layout_col_major::mapping<extents<M>>>;
template <class T, std::size_t M = dynamic, std::size_t BD = dynamic>
using blocked_view = basic_view<T, typename layout_blocked<BD>::template mapping<extents<M>>>;

}  // namespace coalesce

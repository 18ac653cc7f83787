// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Instrumented views: counted(view, counters) is a view of the same interface whose accesses count,
// per component, reads and writes apart. view(v, i) returns a counted_reference: converting it to a
// value is a read, assigning to it a write, a compound assignment (+=) both. The plain views are not
// touched: counting is a different type that a kernel gets only where the caller asks for it
// (counted_if<false> hands back the plain view), so a build that never counts pays nothing.
//
// Counters are 2 m unsigned long long in memory the kernel can reach (device memory for a CUDA kernel,
// host memory for a host loop): reads of component i at counters[i], writes at counters[m + i], zeroed
// by the caller. On the device, the lanes of a warp that count the same counter add once (one atomicAdd
// per distinct counter per warp instruction, not 32), so an instrumented kernel stays usable; on the
// host, relaxed atomic adds (OpenMP loops are fine). Design after LLAMA's FieldAccessCount mapping: a
// proxy reference counting loads and stores.

#include <coalesce/core/config.hpp>
#include <coalesce/core/vec.hpp>
#include <coalesce/view/view.hpp>

#include <cstddef>
#include <type_traits>

namespace coalesce {

namespace detail {
// Adds one to *counter, from any thread.
COALESCE_HD inline void count_access(unsigned long long* counter) noexcept {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700
  // The active lanes that count this counter elect one to add for all (the programming guide's
  // opportunistic warp aggregation).
  const unsigned peers = __match_any_sync(__activemask(), reinterpret_cast<unsigned long long>(counter));
  unsigned lane;
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
  if (lane == unsigned(__ffs(int(peers)) - 1)) atomicAdd(counter, static_cast<unsigned long long>(__popc(peers)));
#elif defined(__CUDA_ARCH__)
  atomicAdd(counter, 1ull);
#else
  __atomic_fetch_add(counter, 1ull, __ATOMIC_RELAXED);
#endif
}
}  // namespace detail

// An element seen through a counted view: a read when converted to its value, a write when assigned.
template <class T>
class counted_reference {
 public:
  using value_type = std::remove_cv_t<T>;

  COALESCE_HD counted_reference(T& ref, unsigned long long* reads, unsigned long long* writes) noexcept
      : ref_(ref), reads_(reads), writes_(writes) {}
  counted_reference(const counted_reference&) = default;

  COALESCE_HD operator value_type() const noexcept {
    detail::count_access(reads_);
    return ref_;
  }
  template <class U = T, std::enable_if_t<!std::is_const_v<U>, int> = 0>
  COALESCE_HD const counted_reference& operator=(const value_type& x) const noexcept {
    detail::count_access(writes_);
    ref_ = x;
    return *this;
  }
  // a(v, i) = b(w, j): a read of b, a write of a (not a rebinding).
  COALESCE_HD const counted_reference& operator=(const counted_reference& o) const noexcept {
    return *this = static_cast<value_type>(o);
  }
  template <class U = T, std::enable_if_t<!std::is_const_v<U>, int> = 0>
  COALESCE_HD const counted_reference& operator+=(const value_type& x) const noexcept {
    return *this = static_cast<value_type>(*this) + x;
  }
  template <class U = T, std::enable_if_t<!std::is_const_v<U>, int> = 0>
  COALESCE_HD const counted_reference& operator-=(const value_type& x) const noexcept {
    return *this = static_cast<value_type>(*this) - x;
  }
  template <class U = T, std::enable_if_t<!std::is_const_v<U>, int> = 0>
  COALESCE_HD const counted_reference& operator*=(const value_type& x) const noexcept {
    return *this = static_cast<value_type>(*this) * x;
  }
  template <class U = T, std::enable_if_t<!std::is_const_v<U>, int> = 0>
  COALESCE_HD const counted_reference& operator/=(const value_type& x) const noexcept {
    return *this = static_cast<value_type>(*this) / x;
  }

 private:
  T& ref_;
  unsigned long long* reads_;
  unsigned long long* writes_;
};

// Any view with operator()(v, i), n(), m() (basic_view, a record field's view), counting per component.
template <class View>
class counted_view {
 public:
  using view_type = View;
  using element_type = typename View::element_type;
  using value_type = typename View::value_type;
  using mapping_type = typename View::mapping_type;
  using extents_type = typename View::extents_type;
  using index_type = typename View::index_type;
  using reference = counted_reference<element_type>;

  constexpr counted_view() noexcept = default;
  // @pre counters holds 2 view.m() zeroed counters the caller's kernel or loop can reach
  COALESCE_HD constexpr counted_view(const View& view, unsigned long long* counters) noexcept
      : view_(view), counters_(counters) {}

  COALESCE_HD constexpr const View& view() const noexcept { return view_; }
  COALESCE_HD constexpr unsigned long long* counters() const noexcept { return counters_; }
  COALESCE_HD constexpr element_type* data() const noexcept { return view_.data(); }
  COALESCE_HD constexpr const mapping_type& mapping() const noexcept { return view_.mapping(); }
  COALESCE_HD constexpr const extents_type& extents() const noexcept { return view_.extents(); }
  COALESCE_HD constexpr index_type n() const noexcept { return view_.n(); }
  COALESCE_HD constexpr index_type m() const noexcept { return view_.m(); }

  COALESCE_HD reference operator()(index_type v, index_type i) const {
    return reference(view_(v, i), counters_ + i, counters_ + view_.m() + i);
  }

 private:
  View view_{};
  unsigned long long* counters_ = nullptr;
};

template <class View>
COALESCE_HD constexpr counted_view<View> counted(const View& view, unsigned long long* counters) noexcept {
  return counted_view<View>(view, counters);
}

// The compile-time switch: the counted view when On, else the view itself (same type, no counters).
template <bool On, class View>
COALESCE_HD constexpr auto counted_if(const View& view, [[maybe_unused]] unsigned long long* counters) noexcept {
  if constexpr (On) {
    return counted(view, counters);
  } else {
    return view;
  }
}

// load / store of a whole vector through a counted view: M reads, M writes.
template <std::size_t M, class View>
COALESCE_HD vec<typename View::value_type, M> load(const counted_view<View>& view,
                                                   typename View::index_type v) {
  vec<typename View::value_type, M> out{};
  COALESCE_UNROLL
  for (std::size_t i = 0; i < M; ++i) out[i] = view(v, i);
  return out;
}
template <std::size_t M, class View>
COALESCE_HD void store(const counted_view<View>& view, typename View::index_type v,
                       const vec<typename View::value_type, M>& value) {
  COALESCE_UNROLL
  for (std::size_t i = 0; i < M; ++i) view(v, i) = value[i];
}

}  // namespace coalesce

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// KOKKOS_LAMBDA kernels over coalesce arrays whose layout is chosen at run time.
//
// nvcc's extended lambdas (KOKKOS_LAMBDA is [=] __host__ __device__) cannot be generic (no auto
// parameters) and cannot be defined inside another lambda, such as the generic lambda that
// coalesce::visit calls. So the layout is picked here, outside the user's lambda: parallel_for
// switches on the arrays' layout and launches a functor compiled per layout, which calls the
// lambda with one fixed view type, any_view<T>, built from that layout's compile-time constants.
// Inlined into that functor, the lambda's index arithmetic folds to the layout's own (v * pitch + i,
// i * pitch + v, or the blocked shifts for the block sizes of default_block_sizes).
//
//   coalesce::kokkos::parallel_for("scale", coalesce::kokkos::vector_range<exec>(x), x,
//       KOKKOS_LAMBDA(std::size_t v, coalesce::kokkos::any_view<float> x) { x(v, 0) *= 2; });
//   coalesce::kokkos::parallel_for("forces", range, coalesce::kokkos::arrays(element, connectivity, u, force),
//       KOKKOS_LAMBDA(std::size_t e, any_view<const float> d, any_view<const int> c, any_view<const float> u,
//                     any_view<float> f) { ... });
//
// All arrays of one call share one layout kind (row_major, col_major or blocked); each may have its
// own n, pitch and bd (a bd compiled in when they all share it).

#include <coalesce/interop/kokkos/spaces.hpp>
#include <coalesce/runtime/array.hpp>

#include <Kokkos_Core.hpp>

#include <cstddef>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

namespace coalesce::kokkos {

// (v, i) over any layout, one type: component i of vector v at
//   (v / block) * block_stride + (v % block) * lane_stride + i * component_stride.
// row_major: block 1, block_stride pitch, component_stride 1; col_major: block 1, block_stride 1,
// component_stride pitch; blocked: block bd, block_stride m * bd, lane_stride 1, component_stride bd.
template <class T>
class any_view {
 public:
  using value_type = T;
  using reference = T&;

  any_view() = default;
  KOKKOS_INLINE_FUNCTION any_view(T* data, std::size_t n, std::size_t m, std::size_t block, std::size_t block_stride,
                                  std::size_t lane_stride, std::size_t component_stride)
      : data_(data), n_(n), m_(m), block_(block), block_stride_(block_stride), lane_stride_(lane_stride),
        component_stride_(component_stride) {}

  KOKKOS_INLINE_FUNCTION T& operator()(std::size_t v, std::size_t i) const {
    return data_[(v / block_) * block_stride_ + (v % block_) * lane_stride_ + i * component_stride_];
  }
  KOKKOS_INLINE_FUNCTION std::size_t n() const { return n_; }
  KOKKOS_INLINE_FUNCTION std::size_t m() const { return m_; }
  KOKKOS_INLINE_FUNCTION T* data() const { return data_; }

 private:
  T* data_ = nullptr;
  std::size_t n_ = 0, m_ = 0, block_ = 1, block_stride_ = 0, lane_stride_ = 0, component_stride_ = 0;
};

// The arrays of one loop (references; they must outlive the call).
template <class... T>
struct array_refs {
  static_assert(sizeof...(T) > 0, "coalesce::kokkos::arrays: at least one array");
  std::tuple<T*...> arrays;
};
template <class... A>
array_refs<A...> arrays(A&... a) {
  return {std::tuple<A*...>(&a...)};
}

namespace detail {

// One array as the functor holds it: its pointer and layout numbers.
template <class T>
struct held_array {
  T* data = nullptr;
  std::size_t n = 0, m = 0, pitch = 0, block = 1;
};

// The any_view of a held array for layout family (Kind, BD): the constants of the family are
// literals here, so that they fold into the lambda once it is inlined. BD = dynamic: a run-time bd.
template <layout_kind Kind, std::size_t BD, class T>
KOKKOS_INLINE_FUNCTION any_view<T> view_of(const held_array<T>& a) {
  if constexpr (Kind == layout_kind::row_major) {
    return any_view<T>(a.data, a.n, a.m, 1, a.pitch, 0, 1);
  } else if constexpr (Kind == layout_kind::col_major) {
    return any_view<T>(a.data, a.n, a.m, 1, 1, 0, a.pitch);
  } else if constexpr (BD == dynamic) {
    return any_view<T>(a.data, a.n, a.m, a.block, a.m * a.block, 1, a.block);
  } else {
    return any_view<T>(a.data, a.n, a.m, BD, a.m * BD, 1, BD);
  }
}

template <std::size_t I, class T>
struct held_slot {
  held_array<T> held;
};
template <class Indices, class... T>
struct held_arrays;
template <std::size_t... I, class... T>
struct held_arrays<std::index_sequence<I...>, T...> : held_slot<I, T>... {};

// The functor parallel_for launches: f(index, any_view<T>...) for layout family (Kind, BD).
template <layout_kind Kind, std::size_t BD, class F, class Indices, class... T>
struct lambda_for;
template <layout_kind Kind, std::size_t BD, class F, std::size_t... I, class... T>
struct lambda_for<Kind, BD, F, std::index_sequence<I...>, T...> {
  F f;
  held_arrays<std::index_sequence<I...>, T...> held;
  KOKKOS_INLINE_FUNCTION void operator()(std::size_t index) const {
    f(index, view_of<Kind, BD>(static_cast<const held_slot<I, T>&>(held).held)...);
  }
};

// The same for parallel_reduce: f(index, any_view<T>..., value) with a sum reduction into R.
template <layout_kind Kind, std::size_t BD, class R, class F, class Indices, class... T>
struct lambda_reduce;
template <layout_kind Kind, std::size_t BD, class R, class F, std::size_t... I, class... T>
struct lambda_reduce<Kind, BD, R, F, std::index_sequence<I...>, T...> {
  using value_type = R;
  F f;
  held_arrays<std::index_sequence<I...>, T...> held;
  KOKKOS_INLINE_FUNCTION void operator()(std::size_t index, R& value) const {
    f(index, view_of<Kind, BD>(static_cast<const held_slot<I, T>&>(held).held)..., value);
  }
};

template <class A>
using element_of = std::conditional_t<std::is_const_v<A>, const typename A::value_type, typename A::value_type>;

// The held arrays of a loop, after checking that ExecutionSpace can access each and that all share
// the first one's layout kind.
template <class ExecutionSpace, std::size_t... I, class... A>
held_arrays<std::index_sequence<I...>, element_of<A>...> hold(const array_refs<A...>& refs, std::index_sequence<I...>,
                                                              const std::string& call) {
  const array_layout& first = std::get<0>(refs.arrays)->layout();
  const auto check = [&](const array_layout& l, memory_space s, std::size_t k) {
    require_access<ExecutionSpace>(s, call);
    if (l.kind != first.kind)
      fail(errc::invalid_argument, call,
           "array " + std::to_string(k) + " is " + to_string(l) + " but array 0 is " + to_string(first) +
               ": the arrays of one loop share one layout kind");
  };
  (check(std::get<I>(refs.arrays)->layout(), std::get<I>(refs.arrays)->space(), I), ...);
  held_arrays<std::index_sequence<I...>, element_of<A>...> held;
  ((static_cast<held_slot<I, element_of<A>>&>(held).held =
        held_array<element_of<A>>{std::get<I>(refs.arrays)->data(), std::get<I>(refs.arrays)->n(),
                                  std::get<I>(refs.arrays)->m(), std::get<I>(refs.arrays)->layout().pitch,
                                  std::get<I>(refs.arrays)->layout().block}),
   ...);
  return held;
}

// The block size all blocked arrays of a loop share, or dynamic when they differ.
template <std::size_t... I, class... A>
std::size_t common_block(const array_refs<A...>& refs, std::index_sequence<I...>) {
  const std::size_t first = std::get<0>(refs.arrays)->layout().block;
  return ((std::get<I>(refs.arrays)->layout().block == first) && ...) ? first : dynamic;
}

// g(integral_constant<layout_kind>, integral_constant<bd>) for the family of `l` with block size
// `block` (compiled in when it is one of BDs, else dynamic).
template <class G, std::size_t... BDs>
void with_family(const array_layout& l, std::size_t block, G&& g, block_sizes<BDs...>) {
  using rows = std::integral_constant<layout_kind, layout_kind::row_major>;
  using columns = std::integral_constant<layout_kind, layout_kind::col_major>;
  using blocks = std::integral_constant<layout_kind, layout_kind::blocked>;
  if (l.kind == layout_kind::row_major) return g(rows{}, std::integral_constant<std::size_t, 1>{});
  if (l.kind == layout_kind::col_major) return g(columns{}, std::integral_constant<std::size_t, 1>{});
  const bool compiled_in = ((block == BDs ? (g(blocks{}, std::integral_constant<std::size_t, BDs>{}), true) : false) || ...);
  if (!compiled_in) g(blocks{}, std::integral_constant<std::size_t, dynamic>{});
}

}  // namespace detail

// Kokkos::parallel_for(name, policy, ...) calling f(index, any_view<T>...) with one view per array,
// the layout dispatched outside f. Throws wrong_memory_space when the policy's execution space cannot
// access an array, invalid_argument when the arrays' layout kinds differ.
template <class Policy, class F, class... A>
void parallel_for(const std::string& name, const Policy& policy, const array_refs<A...>& refs, const F& f) {
  using exec = typename Policy::execution_space;
  using indices = std::index_sequence_for<A...>;
  const auto held = detail::hold<exec>(refs, indices{}, "kokkos::parallel_for");
  detail::with_family(std::get<0>(refs.arrays)->layout(), detail::common_block(refs, indices{}), [&](auto kind, auto bd) {
    using functor = detail::lambda_for<decltype(kind)::value, decltype(bd)::value, F, indices, detail::element_of<A>...>;
    Kokkos::parallel_for(name, policy, functor{f, held});
  }, default_block_sizes{});
}
template <class Policy, class T, class F>
void parallel_for(const std::string& name, const Policy& policy, array<T>& a, const F& f) {
  parallel_for(name, policy, arrays(a), f);
}
template <class Policy, class T, class F>
void parallel_for(const std::string& name, const Policy& policy, const array<T>& a, const F& f) {
  parallel_for(name, policy, arrays(a), f);
}

// Kokkos::parallel_reduce(name, policy, ..., result) calling f(index, any_view<T>..., R& sum) and
// summing into result (a host scalar; the call waits for it, as Kokkos does for scalars).
template <class Policy, class F, class R, class... A>
void parallel_reduce(const std::string& name, const Policy& policy, const array_refs<A...>& refs, const F& f,
                     R& result) {
  using exec = typename Policy::execution_space;
  using indices = std::index_sequence_for<A...>;
  const auto held = detail::hold<exec>(refs, indices{}, "kokkos::parallel_reduce");
  detail::with_family(std::get<0>(refs.arrays)->layout(), detail::common_block(refs, indices{}), [&](auto kind, auto bd) {
    using functor =
        detail::lambda_reduce<decltype(kind)::value, decltype(bd)::value, R, F, indices, detail::element_of<A>...>;
    Kokkos::parallel_reduce(name, policy, functor{f, held}, result);
  }, default_block_sizes{});
}
template <class Policy, class T, class F, class R>
void parallel_reduce(const std::string& name, const Policy& policy, const array<T>& a, const F& f, R& result) {
  parallel_reduce(name, policy, arrays(a), f, result);
}

}  // namespace coalesce::kokkos

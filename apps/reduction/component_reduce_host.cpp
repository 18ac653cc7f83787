// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Per-component reduction on the host: each OpenMP thread folds a contiguous range of vectors into m
// accumulators, then the threads' accumulators are folded in thread order.

#include "component_reduce.hpp"
#include "reduce_host.hpp"

#include <coalesce/core/error.hpp>
#include <coalesce/view/view.hpp>

#include <algorithm>
#include <string>

namespace coalesce::apps::reduction {

bool supported_length(std::size_t m) noexcept {
  return std::find(std::begin(component_lengths), std::end(component_lengths), m) != std::end(component_lengths);
}

std::string supported_lengths_text() {
  std::string s;
  for (std::size_t m : component_lengths) s += (s.empty() ? "" : ", ") + std::to_string(m);
  return s;
}

namespace {

template <std::size_t M, class T, class Op, class View>
void fold_vectors(const View& view, T* out) {
  std::vector<vec<T, M>> partial(static_cast<std::size_t>(host_threads()));
  for (auto& p : partial)
    for (std::size_t i = 0; i < M; ++i) p[i] = Op::template identity<T>();
  for_each_thread_range(view.n(), [&](std::size_t t, std::size_t begin, std::size_t end) {
    vec<T, M> acc = partial[t];
    for (std::size_t v = begin; v < end; ++v) {
      const vec<T, M> x = load<M>(view, v);
      for (std::size_t i = 0; i < M; ++i) acc[i] = Op{}(acc[i], x[i]);
    }
    partial[t] = acc;
  });
  for (std::size_t i = 0; i < M; ++i) {
    T r = Op::template identity<T>();
    for (const auto& p : partial) r = Op{}(r, p[i]);
    out[i] = r;
  }
}

}  // namespace

template <class T>
std::vector<T> host_component_reduce(op o, const array<T>& a) {
  if (a.space() != memory_space::host)
    fail(errc::wrong_memory_space, "host_component_reduce", "the array lives in device memory");
  std::vector<T> out(a.m());
  with_length(a.m(), [&](auto length) {
    constexpr std::size_t M = decltype(length)::value;
    visit<M>(a, [&](auto view) {
      dispatch_op(o, [&](auto functor) { fold_vectors<M, T, decltype(functor)>(view, out.data()); });
    });
  });
  return out;
}

std::size_t host_component_addition_depth(std::size_t n) {
  int threads = 1;
#if defined(_OPENMP)
  threads = omp_get_max_threads();
#endif
  return ceil_div(n, static_cast<std::size_t>(threads)) + static_cast<std::size_t>(threads);
}

template std::vector<float> host_component_reduce<float>(op, const array<float>&);
template std::vector<double> host_component_reduce<double>(op, const array<double>&);
template std::vector<int> host_component_reduce<int>(op, const array<int>&);

}  // namespace coalesce::apps::reduction

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Host reductions. Each OpenMP thread folds one contiguous chunk (the CPU's caches and prefetchers want
// long unit-stride runs, the opposite of the GPU's interleaved grid stride), then the partials are folded
// in thread order, so a result depends only on n and the thread count.

#include "reduce_host.hpp"

#include <coalesce/core/error.hpp>
#include <coalesce/core/math.hpp>

#include <algorithm>

#if defined(_OPENMP)
#include <omp.h>
#endif

namespace coalesce::apps::reduction {
namespace {

constexpr std::size_t accumulators = 8;

template <class T, class Op>
T fold_serial(const T* in, std::size_t begin, std::size_t end) {
  T acc = Op::template identity<T>();
  for (std::size_t i = begin; i < end; ++i) acc = Op{}(acc, in[i]);
  return acc;
}

// Eight independent chains: the adds of different chains overlap in the pipeline and vectorize.
template <class T, class Op>
T fold_unrolled(const T* in, std::size_t begin, std::size_t end) {
  T acc[accumulators];
  for (auto& a : acc) a = Op::template identity<T>();
  std::size_t i = begin;
  for (; i + accumulators <= end; i += accumulators)
    for (std::size_t j = 0; j < accumulators; ++j) acc[j] = Op{}(acc[j], in[i + j]);
  for (std::size_t j = 0; i < end; ++i, ++j) acc[j] = Op{}(acc[j], in[i]);
  T r = acc[0];
  for (std::size_t j = 1; j < accumulators; ++j) r = Op{}(r, acc[j]);
  return r;
}

template <class T, class Op>
T fold_parallel(const T* in, std::size_t n, bool unrolled) {
  std::vector<T> partial(static_cast<std::size_t>(host_threads()), Op::template identity<T>());
  for_each_thread_range(n, [&](std::size_t t, std::size_t begin, std::size_t end) {
    partial[t] = unrolled ? fold_unrolled<T, Op>(in, begin, end) : fold_serial<T, Op>(in, begin, end);
  });
  return fold_serial<T, Op>(partial.data(), 0, partial.size());
}

}  // namespace

const std::vector<host_method_info>& all_host_methods() {
  static const std::vector<host_method_info> list = {
      {host_method::serial, "serial", "one thread, one dependent chain of adds"},
      {host_method::openmp, "openmp", "one contiguous chunk per thread"},
      {host_method::openmp_unrolled, "openmp_unrolled", "8 independent accumulators per thread: pipelined, vectorized"},
  };
  return list;
}

host_method parse_host_method(const std::string& text) {
  for (const auto& m : all_host_methods())
    if (text == m.name) return m.id;
  fail(errc::invalid_argument, "reduction::parse_host_method",
       "unknown host method '" + text + "' (serial, openmp, openmp_unrolled)");
}

int host_threads() {
#if defined(_OPENMP)
  return omp_get_max_threads();
#else
  return 1;
#endif
}

template <class T>
T host_reduce(host_method method, op o, const T* in, std::size_t n) {
  if (n > 0 && in == nullptr) fail(errc::invalid_argument, "host_reduce", "input is null with n = " + std::to_string(n));
  return dispatch_op(o, [&](auto functor) {
    using Op = decltype(functor);
    switch (method) {
      case host_method::openmp: return fold_parallel<T, Op>(in, n, false);
      case host_method::openmp_unrolled: return fold_parallel<T, Op>(in, n, true);
      case host_method::serial: break;
    }
    return fold_serial<T, Op>(in, 0, n);
  });
}

std::size_t host_addition_depth(host_method method, std::size_t n) {
  const auto threads = static_cast<std::size_t>(host_threads());
  switch (method) {
    case host_method::openmp: return ceil_div(n, threads) + threads;
    case host_method::openmp_unrolled: return ceil_div(ceil_div(n, threads), accumulators) + 1 + accumulators + threads;
    case host_method::serial: break;
  }
  return n;
}

template float host_reduce<float>(host_method, op, const float*, std::size_t);
template double host_reduce<double>(host_method, op, const double*, std::size_t);
template int host_reduce<int>(host_method, op, const int*, std::size_t);

}  // namespace coalesce::apps::reduction

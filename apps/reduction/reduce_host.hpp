// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The host backend of the reductions (OpenMP when the build has it, else serial): the same ops and
// types, and the same size classes, so the app and its tests run on machines without a GPU.

#include "reduce_ops.hpp"

#include <coalesce/core/math.hpp>

#include <algorithm>
#include <cstddef>
#include <string>
#include <vector>

#if defined(_OPENMP)
#include <omp.h>
#endif

namespace coalesce::apps::reduction {

enum class host_method {
  serial,           // one thread, one accumulator: a dependent chain of adds
  openmp,           // one contiguous chunk per thread, partials folded in thread order
  openmp_unrolled,  // as openmp, with 8 independent accumulators per thread (the CPU's "elements per thread")
};

struct host_method_info {
  host_method id;
  const char* name;
  const char* lesson;
};

const std::vector<host_method_info>& all_host_methods();
host_method parse_host_method(const std::string& text);

// Threads the OpenMP methods use (1 without OpenMP).
int host_threads();

// Calls f(t, begin, end) on each of up to host_threads() threads: thread t gets the t-th contiguous
// part of [0, n). The t are below host_threads(), so per-thread partials can be indexed by them.
template <class F>
void for_each_thread_range(std::size_t n, F&& f) {
#if defined(_OPENMP)
#pragma omp parallel num_threads(host_threads())
#endif
  {
#if defined(_OPENMP)
    const auto t = static_cast<std::size_t>(omp_get_thread_num());
    const auto count = static_cast<std::size_t>(omp_get_num_threads());
#else
    const std::size_t t = 0, count = 1;
#endif
    const std::size_t chunk = ceil_div(n, count);
    const std::size_t begin = std::min(n, t * chunk), end = std::min(n, begin + chunk);
    f(t, begin, end);
  }
}

// Reduces in[0, n); n = 0 gives the op's identity.
template <class T>
T host_reduce(host_method method, op o, const T* in, std::size_t n);

// The d of the error bound gamma_d * sum|x| for a method (see reference.hpp).
std::size_t host_addition_depth(host_method method, std::size_t n);

extern template float host_reduce<float>(host_method, op, const float*, std::size_t);
extern template double host_reduce<double>(host_method, op, const double*, std::size_t);
extern template int host_reduce<int>(host_method, op, const int*, std::size_t);

}  // namespace coalesce::apps::reduction

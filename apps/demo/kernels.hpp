// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The demo's user kernels, one thread (or loop iteration) per vector and written once for every
// layout, and their timing on the host (std::chrono) and on the GPU (CUDA events).

#include <coalesce/coalesce.hpp>

#include "common/timing.hpp"

#include <cstddef>

namespace coalesce::demo {

enum class kernel {
  scale,  // every component times s: the README's kernel
  pair,   // x(v, 0) += s * x(v, 1): a kernel that touches 2 of the m components
};

template <class View>
COALESCE_HD void scale_vector(const View& x, std::size_t v, float s) {
  for (std::size_t i = 0; i < x.m(); ++i) x(v, i) *= s;  // unrolled when m is static (visit<3>)
}

template <class View>
COALESCE_HD void pair_vector(const View& x, std::size_t v, float s) {
  x(v, 0) += s * x(v, 1);
}

// f(view) with m = 3 compiled in when the array has 3 components, as the README's visit<3> does.
template <class F>
decltype(auto) visit_any_m(array<float>& a, F&& f) {
  if (a.m() == 3) return visit<3>(a, f);
  return visit(a, f);
}

// Median of `reps` runs of kernel k over a, after a warm-up; the array is updated in place.
bench::stats time_on_host(kernel k, array<float>& a, int reps);
#if defined(COALESCE_BENCH_WITH_CUDA)
bench::stats time_on_gpu(kernel k, array<float>& a, int reps);
#endif

}  // namespace coalesce::demo

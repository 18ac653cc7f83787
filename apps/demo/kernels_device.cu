// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The demo's kernels on the GPU, user-style (see the README), timed with CUDA events.
#include "kernels.hpp"

namespace coalesce::demo {
namespace {

template <class View>
__global__ void scale(View x, float s) {
  const std::size_t v = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
  if (v < x.n()) scale_vector(x, v, s);
}

template <class View>
__global__ void pair(View x, float s) {
  const std::size_t v = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
  if (v < x.n()) pair_vector(x, v, s);
}

}  // namespace

bench::stats time_on_gpu(kernel k, array<float>& a, int reps) {
  constexpr unsigned threads = 128;
  const unsigned blocks = unsigned((a.n() + threads - 1) / threads);
  return visit_any_m(a, [&](auto x) {
    // Launched on the default stream, which bench::time_gpu brackets with events.
    return bench::time_gpu(
        [&] {
          if (k == kernel::scale) {
            scale<<<blocks, threads>>>(x, 2.0f);
          } else {
            pair<<<blocks, threads>>>(x, 0.5f);
          }
        },
        3, reps);
  });
}

}  // namespace coalesce::demo

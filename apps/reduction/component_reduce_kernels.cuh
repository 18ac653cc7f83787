// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Per-component reduction kernels, templated on the coalesce view type: the layout's index arithmetic
// is inlined, and the same source runs over AoS, SoA and blocked arrays.

#include "reduce_kernels.cuh"

#include <coalesce/core/vec.hpp>
#include <coalesce/view/view.hpp>

#include <cstddef>

namespace coalesce::apps::reduction::kernels {

// Pass 1: a grid-stride loop over vectors, one vector per thread per iteration (load<M> reads its M
// components), M accumulators in registers; then each warp folds its lanes and warp 0's first M
// threads fold the warps. partials[block * M + i] is the block's value of component i.
template <unsigned Block, std::size_t M, class T, class Op, class View>
__global__ void __launch_bounds__(Block) component_partials(View view, T* partials) {
  static_assert(Block % 32 == 0 && Block <= 1024, "Block: a multiple of 32 up to 1024");
  constexpr unsigned warps = Block / 32;
  __shared__ T warp_values[warps][M];
  vec<T, M> acc;
#pragma unroll
  for (std::size_t i = 0; i < M; ++i) acc[i] = Op::template identity<T>();
  const std::size_t n = view.n();
  for (std::size_t v = std::size_t(blockIdx.x) * Block + threadIdx.x; v < n; v += std::size_t(gridDim.x) * Block) {
    const vec<T, M> x = load<M>(view, v);
#pragma unroll
    for (std::size_t i = 0; i < M; ++i) acc[i] = Op{}(acc[i], x[i]);
  }
  const unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32;
#pragma unroll
  for (std::size_t i = 0; i < M; ++i) {
    const T r = warp_reduce<T, Op>(acc[i]);
    if (lane == 0) warp_values[warp][i] = r;
  }
  __syncthreads();
  if (threadIdx.x < M) {
    T r = Op::template identity<T>();
    for (unsigned w = 0; w < warps; ++w) r = Op{}(r, warp_values[w][threadIdx.x]);
    partials[std::size_t(blockIdx.x) * M + threadIdx.x] = r;
  }
}

// Pass 2: block i folds component i of the pass-1 partials (blocks x m values, row-major).
template <unsigned Block, class T, class Op>
__global__ void __launch_bounds__(Block) fold_component_partials(const T* partials, std::size_t blocks, std::size_t m,
                                                                  T* out) {
  const std::size_t i = blockIdx.x;
  T acc = Op::template identity<T>();
  for (std::size_t b = threadIdx.x; b < blocks; b += Block) acc = Op{}(acc, partials[b * m + i]);
  acc = block_reduce_shuffle<Block, T, Op>(acc);
  if (threadIdx.x == 0) out[i] = acc;
}

}  // namespace coalesce::apps::reduction::kernels

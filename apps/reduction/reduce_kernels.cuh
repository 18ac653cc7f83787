// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The classic reduction progression (Harris, "Optimizing Parallel Reduction in CUDA"), one kernel per
// step, then two modern variants. Every kernel reduces in[0, n) with Op and writes one value per block
// to out[blockIdx.x]; threads past n contribute Op's identity, so any n (0, 1, odd, not a multiple of
// the block) is handled. Kernels 1-5 need a power-of-two blockDim.x >= 64 and blockDim.x * sizeof(T)
// bytes of dynamic shared memory.

#include "reduce_ops.hpp"
#include "vector_load.cuh"

#include <cstddef>
#include <cstdint>

namespace coalesce::apps::reduction::kernels {

constexpr unsigned full_mask = 0xffffffffu;

// Dynamic shared memory seen as T[]; one raw declaration serves every T.
template <class T>
__device__ T* shared_array() {
  extern __shared__ __align__(16) unsigned char shared_raw[];
  return reinterpret_cast<T*>(shared_raw);
}

template <class T, class Op>
__device__ T load_or_identity(const T* in, std::size_t i, std::size_t n) {
  return i < n ? in[i] : Op::template identity<T>();
}

// (1) Interleaved addressing, divergent branching: in step s only threads with tid % 2s == 0 work,
// so every warp stays active (and diverges) while fewer and fewer of its lanes do anything; % is slow.
template <class T, class Op>
__global__ void interleaved_divergent(const T* in, std::size_t n, T* out) {
  T* data = shared_array<T>();
  const unsigned tid = threadIdx.x;
  data[tid] = load_or_identity<T, Op>(in, std::size_t(blockIdx.x) * blockDim.x + tid, n);
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    if (tid % (2 * s) == 0) data[tid] = Op{}(data[tid], data[tid + s]);
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = data[0];
}

// (2) Interleaved addressing with a strided index: the working threads are contiguous (no divergence),
// but lane k touches word 2*s*k, so in step s lanes 0 and 16/s share a bank: 2-, 4-, 8-...-way conflicts.
template <class T, class Op>
__global__ void interleaved_bank_conflicts(const T* in, std::size_t n, T* out) {
  T* data = shared_array<T>();
  const unsigned tid = threadIdx.x;
  data[tid] = load_or_identity<T, Op>(in, std::size_t(blockIdx.x) * blockDim.x + tid, n);
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    const unsigned index = 2 * s * tid;
    if (index < blockDim.x) data[index] = Op{}(data[index], data[index + s]);
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = data[0];
}

// (3) Sequential addressing: partners are s apart, so the 32 lanes of a warp read 32 consecutive words
// (32 banks, no conflict), and the active threads stay contiguous. Half the threads idle from step 1.
template <class T, class Op>
__global__ void sequential(const T* in, std::size_t n, T* out) {
  T* data = shared_array<T>();
  const unsigned tid = threadIdx.x;
  data[tid] = load_or_identity<T, Op>(in, std::size_t(blockIdx.x) * blockDim.x + tid, n);
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) data[tid] = Op{}(data[tid], data[tid + s]);
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = data[0];
}

// (4) First add during the global load: each block covers 2 * blockDim.x elements, so no thread idles in
// the first step and half as many blocks are launched.
template <class T, class Op>
__global__ void first_add_on_load(const T* in, std::size_t n, T* out) {
  T* data = shared_array<T>();
  const unsigned tid = threadIdx.x;
  const std::size_t i = std::size_t(blockIdx.x) * (2 * blockDim.x) + tid;
  data[tid] = Op{}(load_or_identity<T, Op>(in, i, n), load_or_identity<T, Op>(in, i + blockDim.x, n));
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) data[tid] = Op{}(data[tid], data[tid + s]);
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = data[0];
}

// The last 32 values, held one per lane of warp 0, folded with register shuffles: no shared memory,
// no __syncthreads, and correct under independent thread scheduling (Volta and later). The old
// "volatile shared memory, no sync" warp-synchronous trick is not: it races since Volta.
template <class T, class Op>
__device__ T warp_reduce(T v) {
  for (unsigned offset = 16; offset > 0; offset >>= 1) v = Op{}(v, __shfl_down_sync(full_mask, v, offset));
  return v;
}

// (5) Kernel 4 with the last warp unrolled: the loop stops at s = 64, then warp 0 finishes with shuffles.
template <class T, class Op>
__global__ void warp_shuffle(const T* in, std::size_t n, T* out) {
  T* data = shared_array<T>();
  const unsigned tid = threadIdx.x;
  const std::size_t i = std::size_t(blockIdx.x) * (2 * blockDim.x) + tid;
  T v = Op{}(load_or_identity<T, Op>(in, i, n), load_or_identity<T, Op>(in, i + blockDim.x, n));
  data[tid] = v;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 32; s >>= 1) {
    if (tid < s) data[tid] = v = Op{}(v, data[tid + s]);
    __syncthreads();
  }
  if (tid < 32) {
    v = warp_reduce<T, Op>(Op{}(v, data[tid + 32]));
    if (tid == 0) out[blockIdx.x] = v;
  }
}

// The block's value in thread 0, from one value per thread, with every step's bound a compile-time
// constant: the compiler drops the steps the block size does not need and unrolls the rest.
template <unsigned Block, class T, class Op>
__device__ T block_reduce_unrolled(T v, T* data) {
  static_assert(Block >= 64 && Block <= 1024 && (Block & (Block - 1)) == 0, "Block: a power of two in [64, 1024]");
  const unsigned tid = threadIdx.x;
  data[tid] = v;
  __syncthreads();
  if (Block >= 1024) { if (tid < 512) data[tid] = v = Op{}(v, data[tid + 512]); __syncthreads(); }
  if (Block >= 512) { if (tid < 256) data[tid] = v = Op{}(v, data[tid + 256]); __syncthreads(); }
  if (Block >= 256) { if (tid < 128) data[tid] = v = Op{}(v, data[tid + 128]); __syncthreads(); }
  if (Block >= 128) { if (tid < 64) data[tid] = v = Op{}(v, data[tid + 64]); __syncthreads(); }
  if (tid < 32) v = warp_reduce<T, Op>(Op{}(v, data[tid + 32]));
  return v;
}

// (6) Block size as a template parameter, fully unrolled; otherwise kernel 5.
template <unsigned Block, class T, class Op>
__global__ void __launch_bounds__(Block) unrolled(const T* in, std::size_t n, T* out) {
  __shared__ T data[Block];
  const std::size_t i = std::size_t(blockIdx.x) * (2 * Block) + threadIdx.x;
  const T v = Op{}(load_or_identity<T, Op>(in, i, n), load_or_identity<T, Op>(in, i + Block, n));
  const T r = block_reduce_unrolled<Block, T, Op>(v, data);
  if (threadIdx.x == 0) out[blockIdx.x] = r;
}

// (7) Several elements per thread: a grid of about one wave strides over the input, so each thread adds
// many elements in registers before the (now rare) shared-memory tree, and the launch is a fixed size.
template <unsigned Block, class T, class Op>
__global__ void __launch_bounds__(Block) grid_stride(const T* in, std::size_t n, T* out) {
  __shared__ T data[Block];
  const std::size_t step = std::size_t(2) * Block * gridDim.x;
  T v = Op::template identity<T>();
  for (std::size_t i = std::size_t(blockIdx.x) * (2 * Block) + threadIdx.x; i < n; i += step) {
    v = Op{}(v, in[i]);
    if (i + Block < n) v = Op{}(v, in[i + Block]);
  }
  const T r = block_reduce_unrolled<Block, T, Op>(v, data);
  if (threadIdx.x == 0) out[blockIdx.x] = r;
}

// The block's value in thread 0 with shuffles only: each warp folds its 32 values, warp 0 folds the
// Block / 32 warp results. One __syncthreads instead of log2(Block).
template <unsigned Block, class T, class Op>
__device__ T block_reduce_shuffle(T v) {
  static_assert(Block >= 32 && Block <= 1024 && Block % 32 == 0, "Block: a multiple of 32 up to 1024");
  constexpr unsigned warps = Block / 32;
  __shared__ T warp_results[warps];
  const unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  v = warp_reduce<T, Op>(v);
  if (lane == 0) warp_results[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = lane < warps ? warp_results[lane] : Op::template identity<T>();
    v = warp_reduce<T, Op>(v);
  }
  return v;
}

// This thread's share of in[0, n) with 16-byte loads: the scalar head up to the first 16-byte boundary
// and the scalar tail go to the first threads; Unroll independent vector loads are in flight per thread
// per iteration (each its own accumulator) so a wave of threads keeps enough bytes in flight to cover
// DRAM latency. Every warp-wide load reads 512 contiguous bytes.
// @pre in is aligned to sizeof(T)
template <unsigned Unroll, class T, class Op>
__device__ T thread_reduce_vectorized(const T* in, std::size_t n, std::size_t thread, std::size_t threads) {
  using traits = vector16<T>;
  using V = typename traits::type;
  constexpr std::size_t lanes = traits::lanes;
  const std::size_t misaligned = (reinterpret_cast<std::uintptr_t>(in) % 16) / sizeof(T);
  const std::size_t head = misaligned == 0 ? 0 : (lanes - misaligned < n ? lanes - misaligned : n);
  const std::size_t vectors = (n - head) / lanes;
  const std::size_t tail = head + vectors * lanes;  // first element of the scalar tail

  T acc = Op::template identity<T>();
  if (thread < head) acc = in[thread];
  if (tail + thread < n) acc = Op{}(acc, in[tail + thread]);

  const V* vin = reinterpret_cast<const V*>(in + head);
  T part[Unroll];
#pragma unroll
  for (unsigned u = 0; u < Unroll; ++u) part[u] = Op::template identity<T>();
  std::size_t k = thread;
  for (; k + (Unroll - 1) * threads < vectors; k += Unroll * threads) {
    V x[Unroll];
#pragma unroll
    for (unsigned u = 0; u < Unroll; ++u) x[u] = __ldg(vin + k + u * threads);
#pragma unroll
    for (unsigned u = 0; u < Unroll; ++u) part[u] = traits::fold(part[u], x[u], Op{});
  }
  for (; k < vectors; k += threads) part[0] = traits::fold(part[0], __ldg(vin + k), Op{});
#pragma unroll
  for (unsigned u = 0; u < Unroll; ++u) acc = Op{}(acc, part[u]);
  return acc;
}

// (8) 16-byte vector loads, several per thread, shuffle-based block reduction; two launches in all.
template <unsigned Block, unsigned Unroll, class T, class Op>
__global__ void __launch_bounds__(Block) vector_loads(const T* in, std::size_t n, T* out) {
  const T v = thread_reduce_vectorized<Unroll, T, Op>(in, n, std::size_t(blockIdx.x) * Block + threadIdx.x,
                                                      std::size_t(gridDim.x) * Block);
  const T r = block_reduce_shuffle<Block, T, Op>(v);
  if (threadIdx.x == 0) out[blockIdx.x] = r;
}

// (9) Single pass: kernel 8, after which the last block to finish folds all blocks' partials. Each block
// publishes its partial, fences (so the partial is visible device-wide before the ticket), and takes a
// ticket; the block that draws gridDim.x - 1 knows every partial is written. It resets the counter for
// the next launch. @pre *counter == 0; partials holds gridDim.x values
template <unsigned Block, unsigned Unroll, class T, class Op>
__global__ void __launch_bounds__(Block) single_pass(const T* in, std::size_t n, T* partials, unsigned* counter,
                                                     T* out) {
  __shared__ bool is_last;
  const T v = thread_reduce_vectorized<Unroll, T, Op>(in, n, std::size_t(blockIdx.x) * Block + threadIdx.x,
                                                      std::size_t(gridDim.x) * Block);
  const T r = block_reduce_shuffle<Block, T, Op>(v);
  if (threadIdx.x == 0) {
    partials[blockIdx.x] = r;
    __threadfence();
    is_last = atomicAdd(counter, 1u) == gridDim.x - 1;
  }
  __syncthreads();
  if (!is_last) return;
  __threadfence();  // acquire: the other blocks' partials are read after their tickets
  T acc = Op::template identity<T>();
  for (unsigned b = threadIdx.x; b < gridDim.x; b += Block) acc = Op{}(acc, __ldcg(partials + b));  // L2, not L1
  acc = block_reduce_shuffle<Block, T, Op>(acc);
  if (threadIdx.x == 0) {
    *out = acc;
    *counter = 0;
  }
}

}  // namespace coalesce::apps::reduction::kernels

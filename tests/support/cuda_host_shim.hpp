// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Just enough of CUDA for the transform kernels' headers (src/cuda/*.cuh) to compile as host C++, so
// a host test can run their index arithmetic thread by thread: the attributes are empty, the thread
// indices are globals the test sets, __ldg is a load. uint4 keeps its 16-byte alignment, so that
// UBSan (the asan-ubsan preset) reports any 16-byte access the kernels would make misaligned. Include
// it first, and in no translation unit that sees the real CUDA headers.

#include <cstdint>

#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
#define __launch_bounds__(...)
#define __shared__
#define __align__(n)

struct alignas(16) uint4 {
  unsigned x, y, z, w;
};
inline uint4 make_uint4(unsigned x, unsigned y, unsigned z, unsigned w) { return {x, y, z, w}; }
struct alignas(8) uint2 {
  unsigned x, y;
};

struct host_thread_index {
  unsigned x = 0, y = 0, z = 0;
};
inline host_thread_index threadIdx, blockIdx, gridDim;

template <class T>
T __ldg(const T* p) {
  return *p;
}
inline unsigned __funnelshift_r(unsigned lo, unsigned hi, unsigned shift) {
  return unsigned(((std::uint64_t(hi) << 32) | lo) >> (shift & 31));
}
template <class A, class B>
auto min(A a, B b) {
  return a < b ? a : b;
}
template <class A, class B>
auto max(A a, B b) {
  return a < b ? b : a;
}
// A kernel with one barrier whose work before it is idempotent (it fills shared memory from global
// memory it does not write) runs a block as run_block_in_two_passes does: every thread up to the
// barrier, where __syncthreads() throws, then every thread whole.
struct host_barrier_reached {};
inline bool host_barrier_throws = false;
inline void __syncthreads() {
  if (host_barrier_throws) throw host_barrier_reached{};
}
template <class F>
void run_block_in_two_passes(unsigned threads, F&& thread) {
  host_barrier_throws = true;
  for (threadIdx.x = 0; threadIdx.x < threads; ++threadIdx.x) {
    try {
      thread();
    } catch (const host_barrier_reached&) {
    }
  }
  host_barrier_throws = false;
  for (threadIdx.x = 0; threadIdx.x < threads; ++threadIdx.x) thread();
}

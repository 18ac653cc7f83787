// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include "device_copy.hpp"

#include "../relayout_plan.hpp"
#include "cuda_check.hpp"

#include <coalesce/core/math.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <utility>

namespace coalesce::detail {
namespace {

constexpr unsigned copy_threads = 256;
constexpr unsigned copy_unroll = 4;  // chunks per thread and pass: loads in flight before the stores
// Blocks per SM, at most: 32 (four times as many as are resident) measured faster than 8, than fewer
// or more chunks per thread, and than a block per pass (BENCHMARKS.md, Every transform path).
constexpr unsigned copy_blocks_per_sm = 32;

// The middle of the copy: destination chunk k (aligned) takes the 16 bytes at byte R of source chunks
// k and k + 1 (aligned, both within the source), the second from the next lane. The bytes before and
// after the middle (under 48 each) go one a thread in block 0.
struct shifted_copy_args {
  const uint4* from;  // source chunk 0 of the middle
  uint4* to;          // destination chunk 0 of the middle
  std::size_t chunks;
  const unsigned char* src;
  unsigned char* dst;
  std::uint32_t head;     // bytes before the middle
  std::uint32_t tail;     // bytes after it
  std::size_t tail_at;    // where they start
};

__device__ __forceinline__ uint4 shuffle_down(const uint4& x, unsigned lanes) {
  return {__shfl_down_sync(0xffffffffu, x.x, lanes), __shfl_down_sync(0xffffffffu, x.y, lanes),
          __shfl_down_sync(0xffffffffu, x.z, lanes), __shfl_down_sync(0xffffffffu, x.w, lanes)};
}
__device__ __forceinline__ uint4 shuffle_from(const uint4& x, int lane) {
  return {__shfl_sync(0xffffffffu, x.x, lane), __shfl_sync(0xffffffffu, x.y, lane),
          __shfl_sync(0xffffffffu, x.z, lane), __shfl_sync(0xffffffffu, x.w, lane)};
}

// The 16 bytes at byte R of lo, hi (R not a multiple of 4: words q and q + 1 funnel-shifted).
template <unsigned R>
__device__ __forceinline__ uint4 bytes_at(const uint4& lo, const uint4& hi) {
  const std::uint32_t w[8] = {lo.x, lo.y, lo.z, lo.w, hi.x, hi.y, hi.z, hi.w};
  constexpr unsigned q = R / 4, b = 8 * (R % 4);
  return {__funnelshift_r(w[q], w[q + 1], b), __funnelshift_r(w[q + 1], w[q + 2], b),
          __funnelshift_r(w[q + 2], w[q + 3], b), __funnelshift_r(w[q + 3], w[q + 4], b)};
}

template <unsigned R>
__global__ void __launch_bounds__(copy_threads) shifted_copy_kernel(const shifted_copy_args a) {
  const unsigned lane = threadIdx.x % 32;
  if (blockIdx.x == 0 && threadIdx.x < a.head + a.tail) {
    const std::size_t at = threadIdx.x < a.head ? threadIdx.x : a.tail_at + (threadIdx.x - a.head);
    a.dst[at] = a.src[at];
  }
  const std::size_t per_warp = 32 * copy_unroll, warps = std::size_t(gridDim.x) * (copy_threads / 32);
  for (std::size_t base = (blockIdx.x * std::size_t(copy_threads / 32) + threadIdx.x / 32) * per_warp;
       base < a.chunks; base += warps * per_warp) {
    uint4 chunk[copy_unroll] = {}, after = {};
#pragma unroll
    for (unsigned j = 0; j < copy_unroll; ++j) {
      const std::size_t k = base + j * 32 + lane;
      if (k <= a.chunks) chunk[j] = a.from[k];  // chunk `chunks` is the last one's second half
    }
    const std::size_t last = base + per_warp;
    if (lane == 31 && last <= a.chunks) after = a.from[last];
#pragma unroll
    for (unsigned j = 0; j < copy_unroll; ++j) {
      uint4 next = shuffle_down(chunk[j], 1);
      const uint4 first_of_next = j + 1 < copy_unroll ? shuffle_from(chunk[j + 1], 0) : after;
      if (lane == 31) next = first_of_next;
      const std::size_t k = base + j * 32 + lane;
      if (k < a.chunks) a.to[k] = bytes_at<R>(chunk[j], next);
    }
  }
}

// The kernel for each shift (those a multiple of 4 are never launched: cudaMemcpyAsync copies them
// at full speed).
using shifted_copy = void (*)(shifted_copy_args);
template <unsigned... R>
constexpr std::array<shifted_copy, sizeof...(R)> shifted_copies(std::integer_sequence<unsigned, R...>) {
  return {&shifted_copy_kernel<R>...};
}

}  // namespace

void copy_device_bytes(void* dst, const void* src, std::size_t bytes, cudaStream_t stream, const std::string& call) {
  if (!shifted_copy_pays(dst, src, bytes)) {
    check_cuda(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToDevice, stream), call,
               "cudaMemcpyAsync(" + std::to_string(bytes) + " bytes)");
    return;
  }
  const auto d = reinterpret_cast<std::uintptr_t>(dst), s = reinterpret_cast<std::uintptr_t>(src);
  // The middle: destination chunks from the first aligned one, each reading source chunks c and c + 1,
  // which start at or after src and end by src + bytes.
  const std::uintptr_t d0 = round_up(d, 16), s0 = s + (d0 - d);
  const unsigned shift = unsigned(s0 % 16);
  std::uintptr_t from = s0 - shift, to = d0;
  if (from < s) from += 16, to += 16;
  const std::size_t chunks = (s + bytes - from) / 16 - 1;  // chunk `chunks` ends within the source
  shifted_copy_args a{reinterpret_cast<const uint4*>(from), reinterpret_cast<uint4*>(to), chunks,
                      static_cast<const unsigned char*>(src), static_cast<unsigned char*>(dst),
                      std::uint32_t(to - d), 0, 0};
  a.tail_at = (to - d) + chunks * 16;
  a.tail = std::uint32_t(bytes - a.tail_at);
  const std::size_t passes = ceil_div(chunks, std::size_t(copy_threads) * copy_unroll);
  const int sms = device_attribute(cudaDevAttrMultiProcessorCount, call);
  const unsigned grid =
      unsigned(std::max<std::size_t>(1, std::min<std::size_t>(passes, std::size_t(sms) * copy_blocks_per_sm)));
  static constexpr auto kernels = shifted_copies(std::make_integer_sequence<unsigned, 16>{});
  kernels[shift]<<<grid, copy_threads, 0, stream>>>(a);
  check_cuda(cudaGetLastError(), call, "shifted copy kernel launch");
}

}  // namespace coalesce::detail

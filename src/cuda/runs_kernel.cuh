// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Between two columnar layouts (col_major with any pitch, blocked with any bd, in any pairing):
// component i of consecutive vectors lies in runs on both sides (a col_major row, or a block's bd
// lanes), so the move is a strided copy: no shared memory, no transposing. blockIdx.y walks the
// components; along x, chunks of W words of consecutive vectors, consecutive across a warp on both
// sides, the grid covering them in one pass. A chunk is whole where W divides both sides' run lengths
// (bd, and every chunk start of a col_major row); the end of a component goes word by word, and a
// blocked destination's padding lanes get the fill.

#include "fast_divmod.cuh"

#include <cstddef>
#include <type_traits>

namespace coalesce::detail {

inline constexpr int runs_threads = 256;
inline constexpr int runs_unroll = 4;  // chunks each thread has in flight

// One columnar side: col_major (Blocked = false) puts (v, i) at i * pitch + v; blocked at
// (v / bd) * bd * m + i * bd + v % bd, with pitch = bd and block_span = bd * m.
struct column_side {
  std::size_t pitch;
  std::size_t block_span;
  fast_divmod by_block;  // v -> (v / bd, v % bd); v < 2^31

  template <bool Blocked>
  __device__ __forceinline__ std::size_t at(std::size_t v, std::size_t i) const {
    if constexpr (!Blocked) {
      return i * pitch + v;
    } else {
      unsigned b, r;
      by_block(unsigned(v), b, r);
      return std::size_t(b) * block_span + i * pitch + r;
    }
  }
};

struct runs_shape {
  std::size_t n;      // vectors
  std::size_t cover;  // vectors walked per component: n, or the blocked destination's padded count
  std::size_t m;
  column_side src, dst;
};

template <class Word, unsigned W, bool SrcBlocked, bool DstBlocked>
__global__ void __launch_bounds__(runs_threads)
    runs_kernel(const Word* __restrict__ src, Word* __restrict__ dst, runs_shape s, bool write_padding, Word fill) {
  const unsigned chunks = unsigned((s.cover + W - 1) / W);
  const unsigned q0 = blockIdx.x * runs_threads * runs_unroll + threadIdx.x;
  for (std::size_t i = blockIdx.y; i < s.m; i += gridDim.y) {
    // One pass: runs_unroll chunks per thread, all loaded before any is stored; each chunk's
    // destination offset is worked out once. The end of a component (a chunk past n: data, then
    // padding) moves word by word first, in a loop kept rolled: unrolled, it and the held chunks'
    // words took 206 registers for 1-byte words.
    using raw = std::conditional_t<W * sizeof(Word) == 16, uint4, Word>;  // a whole chunk, never split
    static_assert(sizeof(raw) == W * sizeof(Word), "a chunk is 16 bytes or one word");
    raw held[runs_unroll];
    std::size_t to[runs_unroll];
#pragma unroll
    for (int j = 0; j < runs_unroll; ++j) {
      const unsigned q = q0 + unsigned(j * runs_threads);
      const std::size_t v = std::size_t(q) * W;
      if (q >= chunks || v + W <= s.n) continue;
#pragma unroll 1
      for (unsigned e = 0; e < W; ++e) {
        if (v + e < s.n) {
          dst[s.dst.at<DstBlocked>(v + e, i)] = src[s.src.at<SrcBlocked>(v + e, i)];
        } else if (write_padding && v + e < s.cover) {
          dst[s.dst.at<DstBlocked>(v + e, i)] = fill;
        }
      }
    }
#pragma unroll
    for (int j = 0; j < runs_unroll; ++j) {
      const std::size_t v = std::size_t(q0 + unsigned(j * runs_threads)) * W;
      if (v + W > s.n) continue;
      to[j] = s.dst.at<DstBlocked>(v, i);
      held[j] = __ldg(reinterpret_cast<const raw*>(src + s.src.at<SrcBlocked>(v, i)));
    }
#pragma unroll
    for (int j = 0; j < runs_unroll; ++j) {
      const std::size_t v = std::size_t(q0 + unsigned(j * runs_threads)) * W;
      if (v + W <= s.n) *reinterpret_cast<raw*>(dst + to[j]) = held[j];
    }
  }
}

}  // namespace coalesce::detail

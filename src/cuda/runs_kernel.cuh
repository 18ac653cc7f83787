// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// col_major <-> blocked(bd): component i of block b is a run of bd consecutive vectors on both sides
// (part of the col_major array's row i, row i of the block), so the move is a strided copy: no
// shared memory, no transposing. blockIdx.y is the component; along x, chunks of W words go in
// address order, consecutive across a warp on both sides, the grid covering them in one pass. The
// last block's padding gets the fill where blocked is the destination.

#include "chunk.cuh"
#include "fast_divmod.cuh"

#include <cstddef>

namespace coalesce::detail {

inline constexpr int runs_threads = 256;
inline constexpr int runs_unroll = 4;  // chunks each thread has in flight

struct runs_shape {
  std::size_t n;       // vectors
  std::size_t cover;   // vectors walked per component: n, or the blocked span's vectors when padding is written
  std::size_t pitch;   // col_major pitch (elements)
  std::size_t block;   // bd
  std::size_t m;
  fast_divmod by_run;  // chunk index along a component -> (block, chunk within the block): bd / W chunks
};

template <class Word, unsigned W, bool BlockedFirst>
__global__ void __launch_bounds__(runs_threads)
    runs_kernel(const Word* __restrict__ src, Word* __restrict__ dst, runs_shape s, bool write_padding, Word fill) {
  const std::size_t i = blockIdx.y;
  const unsigned chunks = unsigned((s.cover + W - 1) / W);
  const std::size_t blocked_row = i * s.block, col_row = i * s.pitch, block_span = s.m * s.block;
  // One pass: runs_unroll chunks per thread, all loaded before any is stored.
  const unsigned q0 = blockIdx.x * runs_threads * runs_unroll + threadIdx.x;
  chunk_of<Word, W> held[runs_unroll];
  std::size_t blocked_at[runs_unroll], col_at[runs_unroll], v[runs_unroll];
#pragma unroll
  for (int j = 0; j < runs_unroll; ++j) {
    const unsigned q = q0 + unsigned(j * runs_threads);
    unsigned b, c;
    s.by_run(q, b, c);
    v[j] = std::size_t(q) * W;
    blocked_at[j] = std::size_t(b) * block_span + blocked_row + c * W;
    col_at[j] = col_row + v[j];
    if (q >= chunks) continue;
    const std::size_t from = BlockedFirst ? blocked_at[j] : col_at[j];
    if (v[j] + W <= s.n) {
      held[j] = load_chunk<Word, W>(src + from);
    } else {  // the last block: data, then padding
#pragma unroll
      for (unsigned e = 0; e < W; ++e) held[j].w[e] = v[j] + e < s.n ? src[from + e] : fill;
    }
  }
#pragma unroll
  for (int j = 0; j < runs_unroll; ++j) {
    if (q0 + unsigned(j * runs_threads) >= chunks) continue;
    Word* to = dst + (BlockedFirst ? col_at[j] : blocked_at[j]);
    if (v[j] + W <= s.n) {
      store_chunk(to, held[j]);
    } else {
#pragma unroll
      for (unsigned e = 0; e < W; ++e)
        if (v[j] + e < s.n || (!BlockedFirst && write_padding && v[j] + e < s.cover)) to[e] = held[j].w[e];
    }
  }
}

}  // namespace coalesce::detail

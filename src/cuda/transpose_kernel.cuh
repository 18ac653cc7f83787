// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The fast transposing kernel between a row_major side (pitch == m) and a columnar side (col_major,
// or blocked with a power-of-two bd), for whole tiles of T vectors, a tile per thread block.
//
// Every global access is a 16-byte chunk of G = 16 / sizeof(Word) consecutive words, consecutive
// across a warp's lanes, on both sides. The shared tile holds component i of vector v at v * S + i,
// S = m | 1. Each thread owns at most four chunks per side, and where they lie (offset from the
// tile's start, shared slot) depends on the thread alone: a few divisions up front, then nothing but
// loads, shared stores, shared loads and stores. (The kernel this replaces worked out each element's
// place with a division and 64-bit arithmetic and ran float at 73-92% of a device copy, bound by
// instructions.) One tile per block, the grid covering the array in one pass: a grid of resident
// blocks striding over the tiles held every pair near 90% of a device copy, one pass 90-98%.
// On the columnar side a warp's lanes hold 32 consecutive chunks of a run; were every lane to move
// its word e at step e, the odd stride would spread them over only 8 banks (4-byte words). Each lane
// instead starts at word r = (lane / 8) mod G, which makes the 32 accesses of a step hit 32 banks
// (4- and 8-byte words; narrower words share banks anyway).

#include "../relayout_plan.hpp"
#include "chunk.cuh"
#include "fast_divmod.cuh"

#include <cstddef>

namespace coalesce::detail {

inline constexpr int transpose_threads = 256;
inline constexpr int transpose_chunks = 4;  // chunks per thread per side: transpose_tile_bytes / 256 / 16

struct transpose_shape {
  unsigned m;          // components (the kernel's StaticM where that is not 0); the tile's row stride is m | 1
  unsigned tile;       // T vectors per tile
  unsigned chunks;     // T * m / G: chunks of a tile, on either side
  fast_divmod by_m;
  fast_divmod by_tile;
};

// col_major (pitch), or blocked with the tile inside one block (pitch = bd = 2^log2_block): the tile's
// component i is a run of T words at i * pitch from the tile's start.
struct strided_columns {
  std::size_t pitch;
  bool in_blocks;
  unsigned log2_block;

  __device__ __forceinline__ std::size_t start(std::size_t v0, unsigned m) const {
    if (!in_blocks) return v0;
    return (v0 >> log2_block) * pitch * m + (v0 & (pitch - 1));
  }
  // Element k of the tile in address order: vector v, component i, offset from the tile's start.
  template <class DivMod>
  __device__ __forceinline__ std::size_t at(unsigned k, const fast_divmod& by_tile, const DivMod&, unsigned& v,
                                            unsigned& i) const {
    by_tile(k, i, v);
    return std::size_t(i) * pitch + v;
  }
};

// blocked with bd = 2^log2_block dividing T: the tile is T / bd whole blocks, contiguous.
struct block_columns {
  unsigned log2_block;

  __device__ __forceinline__ std::size_t start(std::size_t v0, unsigned m) const { return v0 * m; }
  template <class DivMod>
  __device__ __forceinline__ std::size_t at(unsigned k, const fast_divmod&, const DivMod& by_m, unsigned& v,
                                            unsigned& i) const {
    const unsigned run = k >> log2_block;
    unsigned b;
    by_m(run, b, i);
    v = (b << log2_block) + (k & ((1u << log2_block) - 1));
    return k;
  }
};

// Division by a compile-time m (what the compiler turns into a multiply and a shift).
template <unsigned M>
struct static_divmod {
  __device__ __forceinline__ void operator()(unsigned k, unsigned& quotient, unsigned& remainder) const {
    quotient = k / M, remainder = k % M;
  }
};

// Shared slot of word e of a row chunk whose first word sits at `slot`; `wrap` is the word at which
// the chunk enters the next vector (wrap mode).
template <row_mode Mode, unsigned StaticM>
__device__ __forceinline__ unsigned row_slot(unsigned slot, unsigned wrap, unsigned e) {
  if constexpr (Mode == row_mode::wrap) return slot + e + (e >= wrap ? 1u : 0u);
  if constexpr (Mode == row_mode::periodic) return slot + e / StaticM * (StaticM | 1) + e % StaticM;
  return slot + e;
}

// c.w[e] <- c.w[(e + r) mod G], by selects rather than indexing (which would go through local memory).
template <class Word>
__device__ __forceinline__ void rotate_words(chunk_of<Word>& c, unsigned r) {
  constexpr unsigned G = chunk_words<Word>;
#pragma unroll
  for (unsigned b = 1; b < G; b *= 2) {
    const chunk_of<Word> t = c;
    const bool take = (r & b) != 0;
#pragma unroll
    for (unsigned e = 0; e < G; ++e) c.w[e] = take ? t.w[(e + b) % G] : t.w[e];
  }
}

// 5 blocks of 256 per SM: the occupancy the kernel had before the word rotation took registers.
template <class Word, class Columns, bool RowsFirst, row_mode Mode, unsigned StaticM>
__global__ void __launch_bounds__(transpose_threads, 5)
    transpose_kernel(const Word* __restrict__ src, Word* __restrict__ dst, transpose_shape shape, Columns columns) {
  constexpr unsigned G = chunk_words<Word>;
  static_assert(Mode != row_mode::periodic || (StaticM != 0 && G % StaticM == 0), "periodic needs m | G, static");
  extern __shared__ __align__(16) unsigned char shared_bytes[];
  Word* tile = reinterpret_cast<Word*>(shared_bytes);
  const unsigned m = StaticM != 0 ? StaticM : shape.m;
  const unsigned stride = m | 1;

  // Where this thread's chunks lie: chunk j is the (threadIdx.x + 256 j)-th of the tile on either
  // side. Row chunks lie 16 * 256 bytes apart, from G * threadIdx.x.
  unsigned row_first[transpose_chunks], row_wrap[transpose_chunks], col_first[transpose_chunks];
  std::size_t col_offset[transpose_chunks];
  auto by_m = [&](unsigned k, unsigned& q, unsigned& r) {
    if constexpr (StaticM != 0) {
      static_divmod<StaticM>{}(k, q, r);
    } else {
      shape.by_m(k, q, r);
    }
  };
#pragma unroll
  for (int j = 0; j < transpose_chunks; ++j) {
    const unsigned k = G * (threadIdx.x + unsigned(j * transpose_threads));
    unsigned v, i;
    by_m(k, v, i);
    row_first[j] = v * stride + i;
    row_wrap[j] = m - i;
    col_offset[j] = columns.at(k, shape.by_tile, by_m, v, i);
    col_first[j] = v * stride + i;
  }
  // The columnar side's word order: this lane moves word (e + turn) mod G of a chunk at step e.
  constexpr bool rotated = G == 2 || G == 4;
  const unsigned turn = rotated ? ((threadIdx.x % 32) / 8) % G : 0;
  unsigned col_step[G];
#pragma unroll
  for (unsigned e = 0; e < G; ++e) col_step[e] = (e + turn) % G * stride;
  auto owns = [&](int j) { return threadIdx.x + unsigned(j * transpose_threads) < shape.chunks; };
  constexpr unsigned row_step = G * transpose_threads;
  const std::size_t v0 = std::size_t(blockIdx.x) * shape.tile;
  const std::size_t rows_at = v0 * m + G * threadIdx.x;

  chunk_of<Word> held[transpose_chunks];
  if constexpr (RowsFirst) {
#pragma unroll
    for (int j = 0; j < transpose_chunks; ++j)
      if (owns(j)) held[j] = load_chunk(src + rows_at + j * row_step);
  } else {
    const Word* from = src + columns.start(v0, m);
#pragma unroll
    for (int j = 0; j < transpose_chunks; ++j)
      if (owns(j)) held[j] = load_chunk(from + col_offset[j]);
  }
#pragma unroll
  for (int j = 0; j < transpose_chunks; ++j) {
    if (!owns(j)) continue;
    if constexpr (RowsFirst && Mode == row_mode::packed) {
      *reinterpret_cast<chunk_of<Word>*>(tile + row_first[j]) = held[j];
    } else if constexpr (RowsFirst) {
#pragma unroll
      for (unsigned e = 0; e < G; ++e) tile[row_slot<Mode, StaticM>(row_first[j], row_wrap[j], e)] = held[j].w[e];
    } else {
      if constexpr (rotated) rotate_words(held[j], turn);
#pragma unroll
      for (unsigned e = 0; e < G; ++e) tile[col_first[j] + col_step[e]] = held[j].w[e];
    }
  }
  __syncthreads();
#pragma unroll
  for (int j = 0; j < transpose_chunks; ++j) {
    if (!owns(j)) continue;
    chunk_of<Word> out;
    if constexpr (!RowsFirst && Mode == row_mode::packed) {
      out = *reinterpret_cast<const chunk_of<Word>*>(tile + row_first[j]);
    } else if constexpr (!RowsFirst) {
#pragma unroll
      for (unsigned e = 0; e < G; ++e) out.w[e] = tile[row_slot<Mode, StaticM>(row_first[j], row_wrap[j], e)];
    } else {
#pragma unroll
      for (unsigned e = 0; e < G; ++e) out.w[e] = tile[col_first[j] + col_step[e]];
      if constexpr (rotated) rotate_words(out, (G - turn) % G);
    }
    if constexpr (RowsFirst) {
      store_chunk(dst + columns.start(v0, m) + col_offset[j], out);
    } else {
      store_chunk(dst + rows_at + j * row_step, out);
    }
  }
}

}  // namespace coalesce::detail

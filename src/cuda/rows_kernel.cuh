// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Rows of one width between two pitches, device to device (row_major with another pitch): each
// block takes a group of whole rows and walks its words in address order, consecutive across a
// warp on both sides, four words in flight per thread. The word is the widest (up to 16 bytes) that
// divides the row width, both pitches and both addresses. cudaMemcpy2DAsync moves such rows (a few
// to a few hundred bytes) at a small fraction of a device copy's rate (BENCHMARKS.md, Every transform
// path).

#include "fast_divmod.cuh"

#include <coalesce/layout/spec.hpp>

#include <algorithm>
#include <cstddef>

namespace coalesce::detail {

inline constexpr int rows_threads = 256;
inline constexpr int rows_unroll = 4;

struct rows_shape {
  std::size_t rows;
  std::size_t src_pitch, dst_pitch;  // in words
  unsigned width;                    // words per row
  unsigned rows_per_block;           // rows_per_block * width < 2^31
  fast_divmod by_width;
};

// The shape of a move of sl's rows into dl's in words of `word` bytes (rows_word_bytes): rows per
// block about 8 Ki words, at least one row.
inline rows_shape rows_shape_for(const array_layout& sl, const array_layout& dl, std::size_t elem, std::size_t word) {
  const std::size_t width = sl.m * elem / word;
  const unsigned rows_per_block = unsigned(std::max<std::size_t>(1, std::min<std::size_t>(8192 / width, sl.n)));
  return {sl.n, sl.pitch * elem / word, dl.pitch * elem / word, unsigned(width), rows_per_block,
          fast_divmod(unsigned(width))};
}

template <class Word>
__global__ void __launch_bounds__(rows_threads) rows_kernel(const Word* __restrict__ src, Word* __restrict__ dst, rows_shape s) {
  for (std::size_t r0 = std::size_t(blockIdx.x) * s.rows_per_block; r0 < s.rows; r0 += std::size_t(gridDim.x) * s.rows_per_block) {
    const unsigned rows = unsigned(min(std::size_t(s.rows_per_block), s.rows - r0));
    const unsigned total = rows * s.width;
    const Word* from = src + r0 * s.src_pitch;
    Word* to = dst + r0 * s.dst_pitch;
    for (unsigned k0 = threadIdx.x; k0 < total; k0 += rows_threads * rows_unroll) {
      Word held[rows_unroll];
      std::size_t at[rows_unroll];
#pragma unroll
      for (int j = 0; j < rows_unroll; ++j) {
        const unsigned k = k0 + unsigned(j * rows_threads);
        if (k >= total) continue;
        unsigned r, c;
        s.by_width(k, r, c);
        held[j] = from[std::size_t(r) * s.src_pitch + c];
        at[j] = std::size_t(r) * s.dst_pitch + c;
      }
#pragma unroll
      for (int j = 0; j < rows_unroll; ++j)
        if (k0 + unsigned(j * rows_threads) < total) to[at[j]] = held[j];
    }
  }
}

}  // namespace coalesce::detail

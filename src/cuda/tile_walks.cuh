// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// How a tile of T consecutive vectors (v0 .. v0 + T - 1, all m components) lies in each layout, walked
// in address order: size() elements, and for the k-th of them the vector v (within the tile), the
// component i and the element offset. Walking both sides in address order keeps every warp's
// global accesses contiguous; the shared-memory tile in between does the transposing.

#include "fast_divmod.cuh"

#include <cstddef>

namespace coalesce::detail {

// row_major: vector v at row v; k -> (v, i) = divmod(k, m). The tile is T rows of m (contiguous when pitch == m).
struct rows_walk {
  std::size_t pitch;
  unsigned m;
  fast_divmod by_m;

  __device__ __forceinline__ std::size_t base(std::size_t v0) const { return v0 * pitch; }
  __device__ __forceinline__ unsigned size(unsigned count, unsigned) const { return count * m; }
  __device__ __forceinline__ std::size_t at(unsigned k, std::size_t base_offset, unsigned& v, unsigned& i) const {
    by_m(k, v, i);
    return base_offset + std::size_t(v) * pitch + i;
  }
  // The next element in address order (pitch == m).
  __device__ __forceinline__ void advance(unsigned& v, unsigned& i) const {
    if (++i == m) i = 0, ++v;
  }
  // Elements k .. k+G-1 all hold data of vectors below `limit`.
  template <unsigned G>
  __device__ __forceinline__ bool group_within(unsigned k, unsigned, unsigned total, unsigned) const {
    return k + G - 1 < total;
  }
};

// col_major, and blocked with T dividing bd (the tile lies inside one block, whose components are rows
// of pitch bd): k -> (i, v) = divmod(k, T); runs of T contiguous elements.
struct cols_walk {
  std::size_t pitch;  // col_major: its pitch; blocked: bd
  std::size_t block;  // 0 for col_major; bd for blocked
  unsigned m;
  fast_divmod by_tile;

  __device__ __forceinline__ std::size_t base(std::size_t v0) const {
    return block == 0 ? v0 : (v0 / block) * block * m + v0 % block;
  }
  __device__ __forceinline__ unsigned size(unsigned, unsigned tile) const { return tile * m; }
  __device__ __forceinline__ std::size_t at(unsigned k, std::size_t base_offset, unsigned& v, unsigned& i) const {
    by_tile(k, i, v);
    return base_offset + std::size_t(i) * pitch + v;
  }
  __device__ __forceinline__ void advance(unsigned& v, unsigned&) const { ++v; }  // runs of T, T % G == 0
  template <unsigned G>
  __device__ __forceinline__ bool group_within(unsigned, unsigned v, unsigned, unsigned limit) const {
    return v + G - 1 < limit;
  }
};

// blocked with bd dividing T: the tile is T / bd whole blocks, contiguous from v0 * m.
// size() covers the last block whole, padding vectors included.
struct blocks_walk {
  unsigned m;
  unsigned bd;
  fast_divmod by_block;  // m * bd
  fast_divmod by_bd;

  __device__ __forceinline__ std::size_t base(std::size_t v0) const { return v0 * m; }
  __device__ __forceinline__ unsigned size(unsigned count, unsigned) const { return (count + bd - 1) / bd * bd * m; }
  __device__ __forceinline__ std::size_t at(unsigned k, std::size_t base_offset, unsigned& v, unsigned& i) const {
    unsigned b, r, t;
    by_block(k, b, r);
    by_bd(r, i, t);
    v = b * bd + t;
    return base_offset + k;
  }
  __device__ __forceinline__ void advance(unsigned& v, unsigned&) const { ++v; }  // bd % G == 0
  template <unsigned G>
  __device__ __forceinline__ bool group_within(unsigned, unsigned v, unsigned, unsigned limit) const {
    return v + G - 1 < limit;
  }
};

}  // namespace coalesce::detail

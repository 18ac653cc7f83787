// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// How a tile of T consecutive vectors (v0 .. v0 + T - 1, all m components) lies in each layout, walked
// in address order: size() elements, and for the k-th of them the vector v (within the tile), the
// component i and the element offset. Walking both sides in address order keeps every warp's
// global accesses contiguous; the shared-memory tile in between does the transposing.

#include "fast_divmod.cuh"

#include <coalesce/layout/spec.hpp>

#include <algorithm>
#include <cstddef>

namespace coalesce::detail {

// A 16-byte side walks its tile as aligned groups of G elements: group g's first element k (before
// lo where its run starts misaligned) and its run [lo, hi) in address order. groups<G>(total, tile,
// skew) counts them; skew is the tile's first element's address in words, mod G (0 where aligned).
struct tile_group {
  int k;
  unsigned lo, hi;
};

// row_major: vector v at row v; k -> (v, i) = divmod(k, m). The tile is T rows of m (contiguous when pitch == m).
struct rows_walk {
  std::size_t pitch;
  unsigned m;
  fast_divmod by_m;
  fast_divmod by_row_groups;  // pitch != m: a row's 16-byte groups, m / G rounded up, + 1

  __device__ __forceinline__ std::size_t base(std::size_t v0) const { return v0 * pitch; }
  __device__ __forceinline__ unsigned size(unsigned count, unsigned) const { return count * m; }
  __device__ __forceinline__ std::size_t at(unsigned k, std::size_t base_offset, unsigned& v, unsigned& i) const {
    by_m(k, v, i);
    return base_offset + std::size_t(v) * pitch + i;
  }
  // The next element in address order (within a row, or pitch == m).
  __device__ __forceinline__ void advance(unsigned& v, unsigned& i) const {
    if (++i == m) i = 0, ++v;
  }
  // Elements k .. k+G-1 all hold data of vectors below `limit`.
  template <unsigned G>
  __device__ __forceinline__ bool group_within(unsigned k, unsigned, unsigned total, unsigned) const {
    return k + G - 1 < total;
  }
  // pitch == m: the tile is one run; else a run per row, each with its own misalignment. skew is the
  // tile's first element's.
  template <unsigned G>
  __device__ __forceinline__ unsigned groups(unsigned total, unsigned, unsigned skew) const {
    return pitch == m ? (total + skew + G - 1) / G : total / m * by_row_groups.divisor;
  }
  template <unsigned G>
  __device__ __forceinline__ tile_group group(unsigned g, unsigned total, unsigned, unsigned skew) const {
    if (pitch == m) return {int(g * G) - int(skew), 0, total};
    unsigned v, j;
    by_row_groups(g, v, j);
    const unsigned lo = v * m;
    return {int(lo + j * G) - int((skew + v * pitch) % G), lo, lo + m};
  }
};

// col_major, and blocked with T dividing bd (the tile lies inside one block, whose components are rows
// of pitch bd): k -> (i, v) = divmod(k, T); runs of T contiguous elements.
struct cols_walk {
  std::size_t pitch;  // col_major: its pitch; blocked: bd
  std::size_t block;  // 0 for col_major; bd for blocked
  unsigned m;
  fast_divmod by_tile;
  fast_divmod by_run_groups;  // T / G + 1: a run's 16-byte groups, the first and last maybe partial

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
  // A run per component, each with its own misalignment (an odd pitch): skew is component 0's.
  template <unsigned G>
  __device__ __forceinline__ unsigned groups(unsigned, unsigned, unsigned) const {
    return m * by_run_groups.divisor;
  }
  template <unsigned G>
  __device__ __forceinline__ tile_group group(unsigned g, unsigned, unsigned tile, unsigned skew) const {
    unsigned i, j;
    by_run_groups(g, i, j);
    const unsigned lo = i * tile;
    return {int(lo + j * G) - int((skew + i * pitch) % G), lo, lo + tile};
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
  // One run, always aligned (a 16-byte side of this walk has bd % G == 0 and an aligned pointer).
  template <unsigned G>
  __device__ __forceinline__ unsigned groups(unsigned total, unsigned, unsigned) const {
    return (total + G - 1) / G;
  }
  template <unsigned G>
  __device__ __forceinline__ tile_group group(unsigned g, unsigned total, unsigned, unsigned) const {
    return {int(g * G), 0, total};
  }
};

// Calls f with the tile walk of one side of a tiled plan, for elements of elem bytes.
template <class F>
void with_walk(const array_layout& l, unsigned tile, std::size_t elem, F&& f) {
  const unsigned words = unsigned(std::max<std::size_t>(1, 16 / elem));
  const fast_divmod run_groups(tile / words + 1);
  switch (l.kind) {
    case layout_kind::row_major:
      f(rows_walk{l.pitch, unsigned(l.m), fast_divmod(unsigned(l.m)), fast_divmod(unsigned(ceil_div(l.m, words)) + 1)});
      return;
    case layout_kind::col_major: f(cols_walk{l.pitch, 0, unsigned(l.m), fast_divmod(tile), run_groups}); return;
    case layout_kind::blocked: break;
  }
  if (tile % l.block == 0) {
    f(blocks_walk{unsigned(l.m), unsigned(l.block), fast_divmod(unsigned(l.m * l.block)), fast_divmod(unsigned(l.block))});
  } else {
    f(cols_walk{l.block, l.block, unsigned(l.m), fast_divmod(tile), run_groups});
  }
}

}  // namespace coalesce::detail

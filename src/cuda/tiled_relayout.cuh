// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The tiled transform: each block moves tiles of T vectors. It reads the tile from the source in
// address order into shared memory (row stride odd, so a warp's lanes hit distinct banks whichever
// side walks it), then writes it to the destination in address order. Both global sides are thus
// contiguous runs; loads are batched tile_unroll deep to keep enough bytes in flight.

#include "../relayout_plan.hpp"
#include "tile_walks.cuh"

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace coalesce::detail {

inline constexpr int tile_threads = 256;
// Loads each thread keeps in flight: about 32 bytes, so the SM holds enough to cover DRAM latency
// while half its tiles are in their store phase (4-byte words at 4 deep reached only 55-75% of copy).
template <class Word>
inline constexpr int tile_unroll = sizeof(Word) >= 16 ? 2 : sizeof(Word) >= 8 ? 4 : 8;

// A 16-byte side's groups (tile_walks.cuh): where a run starts misaligned (a col_major row of odd
// pitch, a user pointer one element off), the groups follow the addresses, not the run: each whole
// group is one aligned 16-byte access holding G elements of the run, and the partial groups at the
// run's ends go element by element. Only the run's own elements are accessed. The aligned case is
// skew 0, where the groups are those of the run.
template <unsigned G, class Word>
__device__ __forceinline__ unsigned word_skew(const Word* p) {
  return unsigned(reinterpret_cast<std::uintptr_t>(p) / sizeof(Word) % G);
}
__device__ __forceinline__ bool inside(const tile_group& g, unsigned words) {
  return g.k >= int(g.lo) && unsigned(g.k) + words <= g.hi;
}
__device__ __forceinline__ unsigned first_in(const tile_group& g) { return g.k < int(g.lo) ? g.lo : unsigned(g.k); }
__device__ __forceinline__ unsigned end_in(const tile_group& g, unsigned words) {
  return min(unsigned(g.k + int(words)), g.hi);
}

// Loads the tile: element k of the source's address order goes to shared row v, column i.
// Vec = 16 / sizeof(Word): groups of Vec consecutive words move as one 16-byte load where all are data.
template <int Vec, class Word, class Walk>
__device__ __forceinline__ void load_tile(const Word* __restrict__ src, const Walk& walk, std::size_t base,
                                          unsigned total, unsigned count, unsigned tile, unsigned stride,
                                          Word* shared_tile) {
  if constexpr (Vec == 1) {
    constexpr int unroll = tile_unroll<Word>;
    for (unsigned k0 = threadIdx.x; k0 < total; k0 += tile_threads * unroll) {
      Word value[unroll];
      unsigned slot[unroll];
#pragma unroll
      for (int j = 0; j < unroll; ++j) {
        const unsigned k = k0 + unsigned(j * tile_threads);
        slot[j] = ~0u;
        if (k < total) {
          unsigned v, i;
          const std::size_t offset = walk.at(k, base, v, i);
          if (v < count) {
            value[j] = src[offset];
            slot[j] = v * stride + i;
          }
        }
      }
#pragma unroll
      for (int j = 0; j < unroll; ++j)
        if (slot[j] != ~0u) shared_tile[slot[j]] = value[j];
    }
  } else {
    static_assert(Vec * sizeof(Word) == 16, "16-byte groups of Vec words");
    constexpr int unroll = 2;  // 32 bytes in flight per thread
    const unsigned skew = word_skew<Vec>(src + base);
    const unsigned groups = walk.template groups<Vec>(total, tile, skew);
    for (unsigned g0 = threadIdx.x; g0 < groups; g0 += tile_threads * unroll) {
      uint4 value[unroll];
      unsigned first_v[unroll], first_i[unroll];
      bool whole[unroll];
#pragma unroll
      for (int j = 0; j < unroll; ++j) {
        const unsigned g = g0 + unsigned(j * tile_threads);
        whole[j] = false;
        if (g >= groups) continue;
        const tile_group group = walk.template group<Vec>(g, total, tile, skew);
        unsigned v = 0, i = 0;
        if (inside(group, Vec)) {
          const std::size_t offset = walk.at(unsigned(group.k), base, v, i);
          if (walk.template group_within<Vec>(unsigned(group.k), v, total, count)) {
            value[j] = *reinterpret_cast<const uint4*>(src + offset);
            first_v[j] = v, first_i[j] = i, whole[j] = true;
            continue;
          }
        }
        // The ragged ends of a run (a misaligned start, the last vectors): element by element.
#pragma unroll 1
        for (unsigned e = first_in(group); e < end_in(group, Vec); ++e) {
          const std::size_t o = walk.at(e, base, v, i);
          if (v < count) shared_tile[v * stride + i] = src[o];
        }
      }
#pragma unroll
      for (int j = 0; j < unroll; ++j) {
        if (!whole[j]) continue;
        unsigned v = first_v[j], i = first_i[j];
        Word parts[Vec];
        std::memcpy(parts, &value[j], sizeof value[j]);
#pragma unroll
        for (int e = 0; e < int(Vec); ++e) {
          shared_tile[v * stride + i] = parts[e];
          walk.advance(v, i);
        }
      }
    }
  }
}

// Stores the tile in the destination's address order; padding vectors (count <= v < extent) get fill.
template <int Vec, class Word, class Walk>
__device__ __forceinline__ void store_tile(Word* __restrict__ dst, const Walk& walk, std::size_t base, unsigned total,
                                           unsigned count, unsigned extent, unsigned tile, unsigned stride,
                                           bool write_padding, Word fill, const Word* shared_tile) {
  auto one = [&](unsigned k) {
    unsigned v, i;
    const std::size_t offset = walk.at(k, base, v, i);
    if (v < count) {
      dst[offset] = shared_tile[v * stride + i];
    } else if (write_padding && v < extent) {
      dst[offset] = fill;
    }
  };
  if constexpr (Vec == 1) {
    for (unsigned k = threadIdx.x; k < total; k += tile_threads) one(k);
  } else {
    static_assert(Vec * sizeof(Word) == 16, "16-byte groups of Vec words");
    const unsigned skew = word_skew<Vec>(dst + base);
    const unsigned groups = walk.template groups<Vec>(total, tile, skew);
    for (unsigned g = threadIdx.x; g < groups; g += tile_threads) {
      const tile_group group = walk.template group<Vec>(g, total, tile, skew);
      if (inside(group, Vec)) {
        unsigned v, i;
        const std::size_t offset = walk.at(unsigned(group.k), base, v, i);
        // Whole groups of data, or of data and padding that is written: one 16-byte store.
        if (walk.template group_within<Vec>(unsigned(group.k), v, total, write_padding ? extent : count)) {
          Word parts[Vec];
#pragma unroll
          for (int e = 0; e < int(Vec); ++e) {
            parts[e] = v < count ? shared_tile[v * stride + i] : fill;
            walk.advance(v, i);
          }
          uint4 value;
          std::memcpy(&value, parts, sizeof value);
          *reinterpret_cast<uint4*>(dst + offset) = value;
          continue;
        }
      }
#pragma unroll 1
      for (unsigned e = first_in(group); e < end_in(group, Vec); ++e) one(e);
    }
  }
}

template <class Word, class SrcWalk, class DstWalk, int SrcVec, int DstVec>
__global__ void __launch_bounds__(tile_threads)
    tiled_relayout_kernel(const Word* __restrict__ src, SrcWalk src_walk, Word* __restrict__ dst, DstWalk dst_walk,
                          tile_range range, unsigned tile, unsigned stride, bool write_padding, Word fill) {
  extern __shared__ __align__(16) unsigned char shared_bytes[];
  Word* shared_tile = reinterpret_cast<Word*>(shared_bytes);
  const std::size_t tiles = (range.dst_extent + tile - 1) / tile;
  for (std::size_t t = blockIdx.x; t < tiles; t += gridDim.x) {
    const std::size_t v0 = t * tile;
    const unsigned count = v0 < range.count ? unsigned(min(std::size_t(tile), range.count - v0)) : 0u;
    const unsigned extent = unsigned(min(std::size_t(tile), range.dst_extent - v0));
    load_tile<SrcVec>(src, src_walk, src_walk.base(range.src_first + v0), src_walk.size(count, tile), count, tile,
                      stride, shared_tile);
    __syncthreads();
    store_tile<DstVec>(dst, dst_walk, dst_walk.base(range.dst_first + v0), dst_walk.size(extent, tile), count, extent,
                       tile, stride, write_padding, fill, shared_tile);
    __syncthreads();
  }
}

}  // namespace coalesce::detail

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
#include <cstring>

namespace coalesce::detail {

inline constexpr int tile_threads = 256;
// Loads each thread keeps in flight: about 32 bytes, so the SM holds enough to cover DRAM latency
// while half its tiles are in their store phase (4-byte words at 4 deep measured well below a copy).
template <class Word>
inline constexpr int tile_unroll = sizeof(Word) >= 16 ? 2 : sizeof(Word) >= 8 ? 4 : 8;

// Loads the tile: element k of the source's address order goes to shared row v, column i.
// Vec = 16 / sizeof(Word): groups of Vec consecutive words move as one 16-byte load where all are data.
template <int Vec, class Word, class Walk>
__device__ __forceinline__ void load_tile(const Word* __restrict__ src, const Walk& walk, std::size_t base,
                                          unsigned total, unsigned count, unsigned stride, Word* shared_tile) {
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
    const unsigned groups = (total + Vec - 1) / Vec;
    for (unsigned g0 = threadIdx.x; g0 < groups; g0 += tile_threads * unroll) {
      uint4 value[unroll];
      unsigned first_v[unroll], first_i[unroll];
      bool whole[unroll];
#pragma unroll
      for (int j = 0; j < unroll; ++j) {
        const unsigned k = Vec * (g0 + unsigned(j * tile_threads));
        whole[j] = false;
        if (k >= total) continue;
        unsigned v, i;
        const std::size_t offset = walk.at(k, base, v, i);
        if (walk.template group_within<Vec>(k, v, total, count)) {
          value[j] = *reinterpret_cast<const uint4*>(src + offset);
          first_v[j] = v, first_i[j] = i, whole[j] = true;
        } else {  // the ragged end of a run: element by element
#pragma unroll 1
          for (unsigned e = k; e < k + Vec && e < total; ++e) {
            const std::size_t o = walk.at(e, base, v, i);
            if (v < count) shared_tile[v * stride + i] = src[o];
          }
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
                                           unsigned count, unsigned extent, unsigned stride, bool write_padding,
                                           Word fill, const Word* shared_tile) {
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
    const unsigned groups = (total + Vec - 1) / Vec;
    for (unsigned g = threadIdx.x; g < groups; g += tile_threads) {
      const unsigned k = Vec * g;
      unsigned v, i;
      const std::size_t offset = walk.at(k, base, v, i);
      // Whole groups of data, or of data and padding that is written: one 16-byte store.
      if (walk.template group_within<Vec>(k, v, total, write_padding ? extent : count)) {
        Word parts[Vec];
#pragma unroll
        for (int e = 0; e < int(Vec); ++e) {
          parts[e] = v < count ? shared_tile[v * stride + i] : fill;
          walk.advance(v, i);
        }
        uint4 value;
        std::memcpy(&value, parts, sizeof value);
        *reinterpret_cast<uint4*>(dst + offset) = value;
      } else {
#pragma unroll 1
        for (unsigned e = k; e < k + Vec && e < total; ++e) one(e);
      }
    }
  }
}

// Calls f with the tile walk of one side of a tiled plan (the launch, and the host test that runs
// the kernel's phases).
template <class F>
void with_walk(const array_layout& l, unsigned tile, F&& f) {
  switch (l.kind) {
    case layout_kind::row_major: f(rows_walk{l.pitch, unsigned(l.m), fast_divmod(unsigned(l.m))}); return;
    case layout_kind::col_major: f(cols_walk{l.pitch, 0, unsigned(l.m), fast_divmod(tile)}); return;
    case layout_kind::blocked: break;
  }
  if (tile % l.block == 0) {
    const unsigned bd = unsigned(l.block);
    f(blocks_walk{unsigned(l.m), bd, fast_divmod(unsigned(l.m) * bd), fast_divmod(bd)});
  } else {
    f(cols_walk{l.block, l.block, unsigned(l.m), fast_divmod(tile)});
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
    load_tile<SrcVec>(src, src_walk, src_walk.base(range.src_first + v0), src_walk.size(count, tile), count, stride,
                      shared_tile);
    __syncthreads();
    store_tile<DstVec>(dst, dst_walk, dst_walk.base(range.dst_first + v0), dst_walk.size(extent, tile), count, extent,
                       stride, write_padding, fill, shared_tile);
    __syncthreads();
  }
}

}  // namespace coalesce::detail

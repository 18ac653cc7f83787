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

namespace coalesce::detail {

inline constexpr int tile_threads = 256;
// Loads each thread keeps in flight: about 32 bytes, so the SM holds enough to cover DRAM latency
// while half its tiles are in their store phase (4-byte words at 4 deep reached only 55-75% of copy).
template <class Word>
inline constexpr int tile_unroll = sizeof(Word) >= 16 ? 2 : sizeof(Word) >= 8 ? 4 : 8;

template <class Word, class SrcWalk, class DstWalk>
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

    const std::size_t src_base = src_walk.base(range.src_first + v0);
    const unsigned src_total = src_walk.size(count, tile);
    constexpr int unroll = tile_unroll<Word>;
    for (unsigned k0 = threadIdx.x; k0 < src_total; k0 += tile_threads * unroll) {
      Word value[unroll];
      unsigned slot[unroll];
#pragma unroll
      for (int j = 0; j < unroll; ++j) {
        const unsigned k = k0 + unsigned(j * tile_threads);
        slot[j] = ~0u;
        if (k < src_total) {
          unsigned v, i;
          const std::size_t offset = src_walk.at(k, src_base, v, i);
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
    __syncthreads();

    const std::size_t dst_base = dst_walk.base(range.dst_first + v0);
    const unsigned dst_total = dst_walk.size(extent, tile);
    for (unsigned k = threadIdx.x; k < dst_total; k += tile_threads) {
      unsigned v, i;
      const std::size_t offset = dst_walk.at(k, dst_base, v, i);
      if (v < count) {
        dst[offset] = shared_tile[v * stride + i];
      } else if (write_padding && v < extent) {
        dst[offset] = fill;
      }
    }
    __syncthreads();
  }
}

}  // namespace coalesce::detail

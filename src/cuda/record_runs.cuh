// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The record runs kernel: every component in runs on both sides (soa, blocked of any bd whose runs are
// whole 16-byte chunks, in any pairing), so component k of consecutive records is a contiguous run on
// both sides and the move is a copy of 16-byte chunks, global to global: no shared memory, no
// transposing, a load and a store per chunk. The chunks are numbered tile by tile (2^s records, every
// component of them, so that a blocked side is walked a block of runs at a time) and within a tile
// component by component, a component of width w owning w "units" of tile / 16 chunks; a byte table
// maps a unit to its component, so that a warp (one unit from tiles of 512) finds its component with
// one uniform parameter load. The grid is one wave of resident blocks, each thread looping over its
// chunks 4 loads at a time. Chunks that reach past the records with data go element by element; a
// blocked destination's padding lanes get the fill. The lanes kernel (record_lanes.cuh) spent 28-40
// instructions a component per record on these pairs (Nsight Compute, H200: mixed16 soa ->
// blocked:96, 70% of DRAM peak); here a 16-byte chunk costs about as many.
// These functions take the thread index, so that a host test can run them thread by thread
// (tests/unit/record_kernels_on_host_tests.cpp).

#include <coalesce/record/record.hpp>

#include "../record/record_move.hpp"
#include "fast_divmod.cuh"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <optional>

namespace coalesce::detail {

inline constexpr unsigned record_runs_threads = 256;
inline constexpr unsigned record_runs_unroll = 4;          // chunks each thread has in flight
inline constexpr unsigned record_runs_default_shift = 9;   // tiles of 512 records
inline constexpr std::size_t record_runs_components = 64;  // 16 fields of 4: 3.7 KiB of parameter
inline constexpr std::size_t record_runs_units = 512;      // fields' bytes per record the unit table holds

struct record_runs_component {
  std::uint64_t src = 0, dst = 0;              // bytes from each data pointer to the component's record 0
  std::uint32_t src_block = 0, dst_block = 0;  // bytes per block on a blocked side; 0: columns
  std::uint16_t unit0 = 0;                     // its first unit: the fields' bytes of the components before it
  std::uint8_t shift = 0;                      // log2 of its width
};

struct record_runs_params {
  std::uint64_t count = 0, dst_count = 0;  // records with data; records written (a last block's padding lanes too)
  std::uint64_t src_first = 0, dst_first = 0;
  std::uint32_t chunks = 0;                              // of every tile: tiles * units * tile / 16
  std::uint32_t tile_shift = record_runs_default_shift;  // tiles of 2^tile_shift records (at least 16)
  std::uint32_t units = 0;                               // fields' bytes per record
  std::uint32_t components = 0;
  fast_divmod per_tile;        // chunks per tile
  fast_divmod src_bd, dst_bd;  // the blocked sides' bd (1: columns)
  // Chunk g is chunk q of tile t.
  __host__ __device__ __forceinline__ void tile_chunks(unsigned g, unsigned& t, unsigned& q) const { per_tile(g, t, q); }
  record_runs_component component[record_runs_components];
  std::uint8_t unit_component[record_runs_units] = {};
  alignas(16) std::uint8_t fill[record_runs_components][16] = {};
};
static_assert(sizeof(record_runs_params) <= 4096, "a kernel parameter of every CUDA version we support");

// The tile size for A/B runs: COALESCE_RECORD_RUNS_TILE=<log2 records> (4 to 12), else the default.
unsigned record_runs_tile_shift();

// The plan, or none where some component lies in rows on either side, a run is not whole 16-byte
// chunks at 16-byte aligned addresses, the range does not start on 16 records, or the record has more
// components or fields' bytes than the plan holds.
inline std::optional<record_runs_params> plan_record_runs(const record_move& move, const record_range& range,
                                                          const void* src, const void* dst,
                                                          unsigned tile_shift = record_runs_default_shift) {
  const std::size_t comps = move.width.size();
  if (comps == 0 || comps > record_runs_components || tile_shift < 4 || tile_shift > 12) return std::nullopt;
  if (range.src_first % 16 || range.dst_first % 16) return std::nullopt;
  const std::uint64_t limit = std::uint64_t(1) << 31;  // fast_divmod's dividends
  if (range.src_first + range.dst_count >= limit || range.dst_first + range.dst_count >= limit) return std::nullopt;
  const auto s = reinterpret_cast<std::uintptr_t>(src), d = reinterpret_cast<std::uintptr_t>(dst);
  std::optional<record_runs_params> plan(std::in_place);
  record_runs_params& p = *plan;
  // A side's component is whole 16-byte chunks: columns from an aligned start (every chunk of 16 / w
  // records from a multiple of 16 records); blocks whose runs are multiples of 16 bytes in aligned blocks.
  auto fits = [](const component_place& c, std::uintptr_t data, std::size_t w) {
    if (c.block == 1 || (data + c.base) % 16) return false;
    return c.block == 0 || (c.a % 16 == 0 && c.block * w % 16 == 0 && c.a < (std::size_t(1) << 32));
  };
  std::size_t units = 0;
  for (std::size_t k = 0; k < comps; ++k) {
    const std::size_t w = move.width[k];
    if (!fits(move.src[k], s, w) || !fits(move.dst[k], d, w) || units + w > record_runs_units) return std::nullopt;
    record_runs_component& c = p.component[k];
    c.src = move.src[k].base;
    c.dst = move.dst[k].base;
    c.src_block = move.src[k].block ? std::uint32_t(move.src[k].a) : 0;
    c.dst_block = move.dst[k].block ? std::uint32_t(move.dst[k].a) : 0;
    c.unit0 = std::uint16_t(units);
    c.shift = std::uint8_t(w == 1 ? 0 : w == 2 ? 1 : w == 4 ? 2 : w == 8 ? 3 : 4);
    std::fill(p.unit_component + units, p.unit_component + units + w, std::uint8_t(k));
    std::memcpy(p.fill[k], move.fill[k].data(), 16);
    units += w;
  }
  p.count = range.count;
  p.dst_count = range.dst_count;
  p.src_first = range.src_first;
  p.dst_first = range.dst_first;
  p.tile_shift = tile_shift;
  const std::uint64_t tiles = (range.dst_count + (std::uint64_t(1) << tile_shift) - 1) >> tile_shift;
  const std::uint64_t per_tile = std::uint64_t(units) << (tile_shift - 4);
  if (tiles * per_tile >= limit) return std::nullopt;  // fast_divmod's dividends: 32 GiB of fields
  p.chunks = std::uint32_t(tiles * per_tile);
  p.per_tile = fast_divmod(unsigned(per_tile));
  p.units = std::uint32_t(units);
  p.components = std::uint32_t(comps);
  const std::size_t src_bd = side_block(move.src), dst_bd = side_block(move.dst);
  p.src_bd = fast_divmod(unsigned(src_bd ? src_bd : 1));
  p.dst_bd = fast_divmod(unsigned(dst_bd ? dst_bd : 1));
  return plan;
}

// Byte offset of record v of component c on one side (block: bytes per block, 0: columns).
__device__ __forceinline__ std::uint64_t runs_side_offset(std::uint64_t base, std::uint32_t block,
                                                          const fast_divmod& bd, unsigned v, unsigned shift) {
  if (block == 0) return base + (std::uint64_t(v) << shift);
  unsigned b, lane;
  bd(v, b, lane);
  return base + std::uint64_t(b) * block + (std::uint64_t(lane) << shift);
}

// Chunk g of the move: its component, its first record (of the range), and its addresses.
struct runs_chunk {
  unsigned component, record;
  std::uint64_t from, to;
};

__device__ __forceinline__ runs_chunk locate_runs_chunk(const record_runs_params& p, unsigned g) {
  unsigned t, q;
  p.tile_chunks(g, t, q);
  const unsigned per_unit_shift = p.tile_shift - 4;  // tile / 16 chunks per unit
  const unsigned k = p.unit_component[q >> per_unit_shift];
  const record_runs_component& c = p.component[k];
  const unsigned byte = (q - (unsigned(c.unit0) << per_unit_shift)) * 16;  // within the component's tile
  const unsigned v = (t << p.tile_shift) + (byte >> c.shift);
  return {k, v, runs_side_offset(c.src, c.src_block, p.src_bd, unsigned(p.src_first) + v, c.shift),
          runs_side_offset(c.dst, c.dst_block, p.dst_bd, unsigned(p.dst_first) + v, c.shift)};
}

// A chunk that reaches past the records with data: element by element, the destination's padding
// lanes (records in [count, dst_count)) the component's fill, nothing past dst_count.
__device__ inline void runs_chunk_edge(const record_runs_params& p, const runs_chunk& x,
                                       const unsigned char* __restrict__ src, unsigned char* __restrict__ dst) {
  const unsigned w = 1u << p.component[x.component].shift;
  for (unsigned e = 0; e < 16 / w && x.record + e < p.dst_count; ++e) {
    const unsigned char* from = x.record + e < p.count ? src + x.from + e * w : p.fill[x.component];
    for (unsigned b = 0; b < w; ++b) dst[x.to + e * w + b] = from[b];
  }
}

// The chunks g = first, first + stride, ... of the move, record_runs_unroll loads in flight before
// their stores: a grid-stride loop, so that every thread keeps its loads in flight to the end.
__device__ inline void record_runs_chunks(const record_runs_params& p, unsigned first, unsigned stride,
                                          const unsigned char* __restrict__ src, unsigned char* __restrict__ dst) {
  for (unsigned g0 = first; g0 < p.chunks; g0 += stride * record_runs_unroll) {
    std::uint64_t to[record_runs_unroll];  // 0: the chunk is not whole (or past the move); only addresses kept
    uint4 word[record_runs_unroll];
#pragma unroll
    for (unsigned j = 0; j < record_runs_unroll; ++j) {
      const unsigned g = g0 + j * stride;
      to[j] = ~std::uint64_t(0);
      if (g >= p.chunks) continue;
      const runs_chunk x = locate_runs_chunk(p, g);
      if (x.record + (16u >> p.component[x.component].shift) > p.count) continue;
      to[j] = x.to;
      word[j] = *reinterpret_cast<const uint4*>(src + x.from);
    }
#pragma unroll
    for (unsigned j = 0; j < record_runs_unroll; ++j) {
      const unsigned g = g0 + j * stride;
      if (to[j] != ~std::uint64_t(0)) *reinterpret_cast<uint4*>(dst + to[j]) = word[j];
      else if (g < p.chunks) runs_chunk_edge(p, locate_runs_chunk(p, g), src, dst);  // rare: the last records
    }
  }
}

}  // namespace coalesce::detail

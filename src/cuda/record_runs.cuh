// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The record runs kernel: every component in runs on both sides (soa, blocked of any bd whose runs are
// whole 16-byte chunks, in any pairing), so component k of consecutive records is a contiguous run on
// both sides and the move is a copy of 16-byte chunks, global to global: no shared memory, no
// transposing, a load and a store per chunk. A block moves a tile of 2^s records (every component of
// them, so that a blocked side is walked a block of runs at a time); its chunks are numbered component
// by component, a component of width w owning w "units" of tile / 16 chunks, and a byte table maps a
// unit to its component, so that a lane finds its component with one uniform parameter load. Chunks
// of the range's last tile that reach past its records go element by element; a blocked destination's
// padding lanes get the fill. The lanes kernel (record_lanes.cuh) spent 28-40 instructions a
// component per record on these pairs (Nsight Compute, H200: mixed16 soa -> blocked:96, 70% of DRAM
// peak); here a 16-byte chunk costs about as many.
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
  std::uint64_t tiles = 0;
  std::uint32_t tile_shift = record_runs_default_shift;  // tiles of 2^tile_shift records (at least 16)
  std::uint32_t units = 0;                               // fields' bytes per record
  std::uint32_t components = 0;
  fast_divmod src_bd, dst_bd;  // the blocked sides' bd (1: columns)
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
  p.tiles = (range.dst_count + (std::uint64_t(1) << tile_shift) - 1) >> tile_shift;
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

// Chunk q of tile t: its component, its first record within the tile, and its addresses.
struct runs_chunk {
  unsigned component, record;
  std::uint64_t from, to;
};

__device__ __forceinline__ runs_chunk locate_runs_chunk(const record_runs_params& p, std::uint64_t t,
                                                                 unsigned q) {
  const unsigned per_unit_shift = p.tile_shift - 4;  // tile / 16 chunks per unit
  const unsigned k = p.unit_component[q >> per_unit_shift];
  const record_runs_component& c = p.component[k];
  const unsigned byte = (q - (unsigned(c.unit0) << per_unit_shift)) * 16;  // within the component's tile
  const unsigned record = byte >> c.shift;
  const std::uint64_t v = (t << p.tile_shift) + record;
  return {k, record, runs_side_offset(c.src, c.src_block, p.src_bd, unsigned(p.src_first + v), c.shift),
          runs_side_offset(c.dst, c.dst_block, p.dst_bd, unsigned(p.dst_first + v), c.shift)};
}

// A chunk of the last tile that reaches past its records: element by element, the destination's
// padding lanes (records in [valid, runs_valid)) the component's fill.
__device__ inline void runs_chunk_edge(const record_runs_params& p, const runs_chunk& x, unsigned valid,
                                                unsigned runs_valid, const unsigned char* __restrict__ src,
                                                unsigned char* __restrict__ dst) {
  const unsigned w = 1u << p.component[x.component].shift;
  for (unsigned e = 0; e < 16 / w; ++e) {
    const unsigned r = x.record + e;
    if (r >= runs_valid) break;
    const unsigned char* from = r < valid ? src + x.from + e * w : p.fill[x.component];
    for (unsigned b = 0; b < w; ++b) dst[x.to + e * w + b] = from[b];
  }
}

// Tile t, the chunks q = tid, tid + threads, ... of it: record_runs_unroll loads in flight before
// their stores.
__device__ inline void record_runs_tile(const record_runs_params& p, std::uint64_t t, unsigned tid,
                                                 unsigned threads, const unsigned char* __restrict__ src,
                                                 unsigned char* __restrict__ dst) {
  const std::uint64_t v0 = t << p.tile_shift, tile = std::uint64_t(1) << p.tile_shift;
  const unsigned valid = unsigned(p.count > v0 ? (p.count - v0 < tile ? p.count - v0 : tile) : 0);
  const unsigned runs_valid = unsigned(p.dst_count - v0 < tile ? p.dst_count - v0 : tile);
  const unsigned chunks = p.units << (p.tile_shift - 4);
  for (unsigned q0 = tid; q0 < chunks; q0 += threads * record_runs_unroll) {
    runs_chunk x[record_runs_unroll];
    uint4 word[record_runs_unroll];
    bool whole[record_runs_unroll];
#pragma unroll
    for (unsigned j = 0; j < record_runs_unroll; ++j) {
      const unsigned q = q0 + j * threads;
      whole[j] = false;
      if (q >= chunks) continue;
      x[j] = locate_runs_chunk(p, t, q);
      whole[j] = x[j].record + (16u >> p.component[x[j].component].shift) <= valid;
      if (whole[j]) word[j] = *reinterpret_cast<const uint4*>(src + x[j].from);
    }
#pragma unroll
    for (unsigned j = 0; j < record_runs_unroll; ++j) {
      if (whole[j]) *reinterpret_cast<uint4*>(dst + x[j].to) = word[j];
      else if (q0 + j * threads < chunks && x[j].record < runs_valid) runs_chunk_edge(p, x[j], valid, runs_valid, src, dst);
    }
  }
}

}  // namespace coalesce::detail

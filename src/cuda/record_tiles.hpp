// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The tiled record kernel's plan: T records per thread block pass through shared memory, where
// component k of tile record r sits at image[k] + r * w_k (a "tile SoA"). Each side of the move is
// read or written in 16-byte chunks of its own memory:
//   rows     the rows-form components share one stride: a tile is one contiguous byte range whose
//            chunks repeat every lcm(stride, 16) bytes; a table says which elements each chunk holds
//   runs     every other component is a run of consecutive records per tile (a soa row's piece, or
//            a blocked run of bd lanes): its chunks hold 16 / w consecutive lanes
// The plan is built once per move on the host and passed by value (kernel parameters, up to 32 KB).

#include <coalesce/record/layout.hpp>

#include "../record/record_move.hpp"
#include "fast_divmod.cuh"

#include <cstddef>
#include <cstdint>
#include <optional>

namespace coalesce::detail {

inline constexpr unsigned record_tile_threads = 256;
inline constexpr unsigned max_row_positions = 256;
inline constexpr unsigned max_row_entries = 1024;
inline constexpr std::size_t record_tile_budget = 32 * 1024;  // image bytes per tile

struct row_entry {
  std::int16_t delta;  // record within the period (-1: the one before, cut by the chunk grid)
  std::uint8_t comp;
  std::uint8_t offset;  // byte in the chunk
};

struct row_group {
  std::uint64_t base = 0;         // bytes: record 0's first byte of the group
  std::uint32_t stride = 0;       // bytes per record
  std::uint32_t misalign = 0;     // (data + base) % 16, the same for every tile
  std::uint32_t records_per_period = 0, chunks_per_period = 0;
  std::uint32_t chunks = 0;       // chunks a full tile touches
  std::uint32_t entries = 0;
  std::uint16_t first[max_row_positions + 1] = {};  // entries of position p: [first[p], first[p + 1])
  std::uint8_t gapless[max_row_positions] = {};     // every byte of the chunk belongs to a field
  row_entry entry[max_row_entries] = {};
};

struct run_side {
  std::uint32_t comps = 0;                          // components in runs
  std::uint8_t comp[max_record_components] = {};    // which component each run list is
  std::uint32_t first_chunk[max_record_components + 1] = {};  // prefix of chunks per tile
  std::uint64_t base[max_record_components] = {};   // bytes at record 0
  std::uint64_t block_stride = 0;                   // bytes (blocks)
  std::uint32_t block = 0;                          // bd, or 0 for soa rows
  std::uint32_t run_records = 0;                    // records per run: min(T, bd), or T
  fast_divmod chunks_per_run[5];                    // by log2(width)
};

struct tile_side {
  bool has_rows = false;
  row_group rows;
  run_side runs;
  std::uint32_t chunks = 0;  // rows.chunks + the runs' chunks, per full tile
};

struct record_tile_params {
  std::uint32_t tile = 0, comps = 0, image_bytes = 0;
  std::uint64_t count = 0, dst_count = 0, src_first = 0, dst_first = 0;
  bool preserve_gaps = false;  // the destination's rows have bytes no field covers, which are the user's
  std::uint32_t image[max_record_components] = {};
  std::uint8_t width[max_record_components] = {};
  std::uint8_t fill[max_record_components][16] = {};
  tile_side src, dst;
};

// The plan for moving `range` between the layouts of `move` with the data at src and dst, or none
// when no tile fits (a blocked side whose bd and the other side's admit no common tile, a table too
// large): then the move takes one thread per destination element.
std::optional<record_tile_params> plan_record_tiles(const record_move& move, const record_range& range,
                                                    const void* src, const void* dst);

}  // namespace coalesce::detail

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The tiled record kernel's plan. T records per thread block pass through shared memory, where
// component k of tile record r sits at image[k] + r * w_k (a "tile SoA"). Each side of the move is
// read or written in 16-byte chunks of its own memory:
//   rows   the rows-form components (aos, packed, a split's cold part) share one stride, so a tile of
//          them is one contiguous byte range: it is copied whole into a staging buffer ("raw"), and
//          the components move between raw and the image one element per thread, a component per warp
//   runs   every other component is a run of consecutive records per tile (a piece of a soa row, or a
//          blocked run of bd lanes): its 16-byte chunks go straight to or from the image
// The plan is built once per move on the host and passed by value (kernel parameters, up to 32 KB).

#include <coalesce/record/layout.hpp>

#include "../record/record_move.hpp"
#include "fast_divmod.cuh"

#include <cstddef>
#include <cstdint>
#include <optional>

namespace coalesce::detail {

inline constexpr unsigned record_tile_threads = 256;
inline constexpr std::size_t record_tile_budget = 48 * 1024;  // image and raw bytes per tile
inline constexpr std::size_t bulk_run_bytes = 2048;            // shorter runs cost a bulk copy more than they move

struct rows_side {
  bool present = false;
  std::uint64_t base = 0;       // bytes: record 0 of the rows
  std::uint32_t stride = 0;     // bytes per record
  std::uint32_t misalign = 0;   // (data + base + first * stride) % 16, the same for every tile
  std::uint32_t comps = 0;      // rows-form components
  std::uint8_t comp[max_record_components] = {};
  std::uint16_t offset[max_record_components] = {};  // byte in the record
  fast_divmod comps_div;  // divides by comps
};

struct runs_side {
  std::uint32_t lists = 0;  // components in runs
  std::uint8_t comp[max_record_components] = {};
  std::uint64_t base[max_record_components] = {};  // bytes at record 0
  std::uint32_t first_chunk[max_record_components + 1] = {};  // prefix of chunks per tile
  std::uint64_t block_stride = 0;  // bytes (blocks)
  std::uint32_t block = 0;         // bd, or 0 for soa rows
  std::uint32_t run_records = 0;   // records per run: min(T, bd), or T
  bool exact = false;              // every run is whole 16-byte chunks (full tiles need no lane checks)
  bool bulk = false;               // runs long enough for bulk copies (sm_90), else moved by the threads
  fast_divmod chunks_per_run[5];   // by log2(width)
};

struct tile_side {
  rows_side rows;
  runs_side runs;
};

struct record_tile_params {
  std::uint32_t tile = 0, comps = 0, image_bytes = 0, raw_bytes = 0;
  fast_divmod tile_div;  // divides by T
  std::uint64_t count = 0, dst_count = 0, src_first = 0, dst_first = 0;
  bool preserve_gaps = false;  // the destination's rows have bytes no field covers, which are the user's
  bool zero_gaps = false;      // the destination's rows have such bytes, ours: written as zeros
  std::uint32_t image[max_record_components] = {};
  std::uint8_t width[max_record_components] = {};
  alignas(16) std::uint8_t fill[max_record_components][16] = {};  // aligned: read as elements
  tile_side src, dst;
};

// The plan for moving `range` between the layouts of `move` with the data at src and dst, or none
// when no tile fits (a blocked side whose bd and the other side's admit no common tile, runs that
// would start misaligned): then the move takes one thread per destination element.
std::optional<record_tile_params> plan_record_tiles(const record_move& move, const record_range& range,
                                                    const void* src, const void* dst);

}  // namespace coalesce::detail

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The dispatch table of device transforms: which kernel moves a (source, destination, element size).
//   same layout          -> a copy (cudaMemcpy2DAsync of the data rows; the whole span for blocked)
//   row->row, col->col   -> cudaMemcpy2DAsync (only the pitch differs)
//   tile fits            -> the tiled kernel: T vectors x m components through shared memory
//   otherwise            -> the straightforward kernel (one thread per destination offset)
// The tile T is the largest that keeps the shared tile within budget and meets each blocked side
// (bd divides T, or T divides bd).

#include <coalesce/layout/spec.hpp>

#include <cstddef>

namespace coalesce::detail {

enum class relayout_method { copy_2d, tiled, simple };

struct relayout_plan {
  relayout_method method = relayout_method::simple;
  unsigned tile = 0;    // T, vectors per tile (tiled)
  unsigned stride = 0;  // shared-memory row stride in elements: odd, so lanes hit distinct banks
  std::size_t shared_bytes = 0;
};

// Vectors [src_first, src_first + count) of a source go to [dst_first, ...) of a destination; the
// destination part covers dst_extent vectors (more than count where blocked padding is written).
struct tile_range {
  std::size_t count;
  std::size_t dst_extent;
  std::size_t src_first;
  std::size_t dst_first;
};

// Bytes of shared memory one tile may use: 32 KiB keeps about 7 tiles resident per Hopper SM.
inline constexpr std::size_t tile_budget_bytes = 32 * 1024;
inline constexpr std::size_t max_tile_bytes = 48 * 1024;  // the most a block gets without opting in
inline constexpr unsigned min_tile = 32, max_tile = 8192;  // small m wants long tiles: fewer barriers per byte

relayout_plan plan_relayout(const array_layout& src, const array_layout& dst, std::size_t elem);

}  // namespace coalesce::detail

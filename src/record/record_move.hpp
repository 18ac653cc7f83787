// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// A move of records between two record layouts, flattened to field components: what the host loops
// and the CUDA kernels run on. Component k of record v lies at
//   base + v * a                          rows     (block == 1)
//   base + v * w                          columns  (block == 0)
//   base + (v / bd) * a + (v % bd) * w    blocks   (block == bd)
// on each side (bytes), whatever the record layout was.

#include <coalesce/core/config.hpp>
#include <coalesce/layout/spec.hpp>
#include <coalesce/record/layout.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace coalesce::detail {

struct component_place {
  std::size_t base = 0;   // bytes
  std::size_t a = 0;      // bytes: record stride (rows) or block stride (blocks)
  std::size_t block = 1;  // 1 rows, 0 columns, bd blocks
};

COALESCE_HD constexpr std::size_t component_offset(const component_place& p, std::size_t w, std::size_t v) noexcept {
  if (p.block == 1) return p.base + v * p.a;
  if (p.block == 0) return p.base + v * w;
  return p.base + (v / p.block) * p.a + (v % p.block) * w;
}

// Records [src_first, src_first + count) of the source go to [dst_first, dst_first + count) of the
// destination, and destination records [dst_first + count, dst_first + dst_count) get the fill (the
// padding lanes of a last block).
struct record_range {
  std::size_t count = 0;
  std::size_t dst_count = 0;
  std::size_t src_first = 0;
  std::size_t dst_first = 0;
};

struct record_move {
  std::vector<std::uint8_t> width;                     // per component
  std::vector<component_place> src, dst;               // per component
  std::vector<std::array<unsigned char, 16>> fill;     // per component: the fill value's bytes
  std::size_t src_rows_base = 0, dst_rows_base = 0;    // record 0 of each side's rows-form fields
  // The destination's rows have bytes no field covers and they are the user's (a padded struct being
  // written back): those bytes are never written. Elsewhere such gaps are written as zero bytes.
  bool preserve_gaps = false;
  // Bytes at the end of the source's last record, past its last field, that need not exist: a vector
  // set's row padding (pitch > m), where the user's array may end at the last row's m-th element.
  // Never loaded. (A struct array owns its records' padding: 0.)
  std::size_t src_rows_tail = 0;
};

// The block size of a side's blocks-form components, or 0 when it has none (a layout has one bd).
inline std::size_t side_block(const std::vector<component_place>& side) {
  for (const component_place& p : side)
    if (p.block > 1) return p.block;
  return 0;
}

// The block stride of a side's blocked components (the same for all of them), or 0 without blocks.
inline std::size_t side_block_stride(const std::vector<component_place>& side) {
  for (const component_place& p : side)
    if (p.block > 1) return p.a;
  return 0;
}

// Where a side's blocks start: the smallest base of its blocked components (0 without blocks).
inline std::size_t side_blocks_base(const std::vector<component_place>& side) {
  std::size_t lo = SIZE_MAX;
  for (const component_place& p : side)
    if (p.block > 1) lo = std::min(lo, p.base);
  return lo == SIZE_MAX ? 0 : lo;
}

// The record stride of a side's rows-form components, or 0 when it has none (they share one).
inline std::size_t side_stride(const std::vector<component_place>& side) {
  for (const component_place& p : side)
    if (p.block == 1) return p.a;
  return 0;
}

// Whether a side's rows-form components (block == 1) are one array of structs: one record stride, and
// every component within [rows_base, rows_base + stride). What the staged and lanes kernels assume of
// rows. A split layout whose hot fields lie in blocks of one record is not: those blocks are rows of
// the hot fields' stride beside the cold fields' rows.
inline bool one_rows_region(const std::vector<component_place>& side, const std::vector<std::uint8_t>& width,
                            std::size_t rows_base) {
  const std::size_t stride = side_stride(side);
  for (std::size_t k = 0; k < side.size(); ++k)
    if (side[k].block == 1 &&
        (side[k].a != stride || side[k].base < rows_base || side[k].base - rows_base + width[k] > stride))
      return false;
  return true;
}

// The places of every component of `layout`, in field order.
std::vector<component_place> component_places(const record_desc& desc, const record_layout& layout);

// `fill`: one record in the user's struct layout (desc's offsets), or nullptr for zero bytes.
// dst_is_user: the destination is the user's memory (its gaps are theirs).
record_move plan_record_move(const record_desc& desc, const record_layout& src, const record_layout& dst,
                             const void* fill, bool dst_is_user);

// Where component i of a vector set lies in array layout l (words of `elem` bytes): its place moves on
// by a fixed step per component (i * elem in rows, i * pitch * elem in columns, i * bd * elem in blocks).
component_place vector_component_place(const array_layout& l, std::size_t i, std::size_t elem);

// A vector set's move (n vectors of m words of `elem` bytes, any two array layouts) as a record move:
// component i of the vectors is record component i, at the places its layout gives it. A row_major
// destination with a pitch above m keeps its row padding (never written). fill: one word, or null.
record_move vector_record_move(const array_layout& src, const array_layout& dst, std::size_t elem, const void* fill);

// True when the layout's rows-form fields do not cover their stride.
bool has_row_gaps(const record_desc& desc, const record_layout& layout);

// The whole move: n records, and dst's padding lanes.
inline record_range whole(const record_layout& src, const record_layout& dst) {
  return {src.n, dst.extent(), 0, 0};
}

// Host backend (OpenMP over tiles of records): any two layouts in host memory.
void move_records_host(const void* src, void* dst, const record_move& move, const record_range& range);

}  // namespace coalesce::detail

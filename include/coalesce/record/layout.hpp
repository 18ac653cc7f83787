// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Record layouts: where component c of field f of record v lives, in bytes from the array's start.
//   aos      the struct as the user has it (the user's offsets and stride, padding kept)
//   packed   an array of structs without padding to spare: fields by decreasing width, each aligned,
//            the stride rounded up to the widest field
//   soa      every field component a row of n elements, each row starting on a 256-byte boundary
//   blocked  blocks of bd records; in a block every field component's bd lanes are one run that
//            starts on a 32-byte sector, blocks are whole 128-byte lines; the last block is padded
//            with each field's fill value
//   split    the hot fields (named) in soa or blocked, the rest packed (LLAMA's Split mapping)
// Each field ends up in one of three forms, so kernels and transforms see three formulas (w = width):
//   rows     (v, c) at base + (v * a + c) * w              a = the row's stride in elements
//   columns  (v, c) at base + (c * a + v) * w              a = the row pitch in elements
//   blocks   (v, c) at base + ((v / bd) * a + c * b + v % bd) * w
//                                                         a = block stride, b = run stride (elements)

#include <coalesce/core/config.hpp>
#include <coalesce/record/record.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace coalesce {

enum class record_kind { aos, packed, soa, blocked, split };
const char* to_string(record_kind kind) noexcept;

// A requested record layout; the runtime resolves it against a record and n.
struct record_layout_spec {
  record_kind kind = record_kind::aos;
  std::size_t block = 0;         // bd: blocked, or split with blocked hot fields
  std::vector<std::string> hot;  // split: the hot fields, by name
  bool hot_blocked = false;      // split: hot fields blocked (else soa)
};

inline record_layout_spec record_aos() { return {record_kind::aos, 0, {}, false}; }
inline record_layout_spec record_packed() { return {record_kind::packed, 0, {}, false}; }
inline record_layout_spec record_soa() { return {record_kind::soa, 0, {}, false}; }
inline record_layout_spec record_blocked(std::size_t bd) { return {record_kind::blocked, bd, {}, false}; }
// The named fields in soa (bd == 0) or blocked(bd); the others packed.
inline record_layout_spec record_split(std::vector<std::string> hot, std::size_t bd = 0) {
  return {record_kind::split, bd, std::move(hot), bd != 0};
}

// "aos", "packed", "soa", "blocked:<bd>", "split:<f1>,<f2>[:blocked:<bd>]"; names the bad text otherwise.
record_layout_spec parse_record_layout(const std::string& text);
std::string to_string(const record_layout_spec& spec);

enum class field_form : std::uint8_t { rows, columns, blocks };

struct field_place {
  field_form form = field_form::rows;
  std::size_t base = 0;  // bytes from the array's start
  std::size_t a = 0;     // elements: row stride (rows), row pitch (columns), block stride (blocks)
  std::size_t b = 0;     // elements: run stride (blocks)

  COALESCE_HD friend constexpr bool operator==(const field_place& x, const field_place& y) noexcept {
    return x.form == y.form && x.base == y.base && x.a == y.a && x.b == y.b;
  }
};

// Byte offset of element (v, c) of a field placed at p with element width w and block size bd.
COALESCE_HD constexpr std::size_t place_offset(const field_place& p, std::size_t w, std::size_t bd, std::size_t v,
                                               std::size_t c) noexcept {
  switch (p.form) {
    case field_form::rows: return p.base + (v * p.a + c) * w;
    case field_form::columns: return p.base + (c * p.a + v) * w;
    case field_form::blocks: break;
  }
  return p.base + ((v / bd) * p.a + c * p.b + v % bd) * w;
}

// A resolved record layout: every field's place, the block size and the bytes the array spans.
struct record_layout {
  record_kind kind = record_kind::aos;
  std::size_t n = 0;
  std::size_t block = 0;  // bd of the blocks-form fields (0: none)
  std::vector<field_place> places;
  std::size_t span_bytes = 0;
  std::size_t rows_base = 0;  // where record 0 of the rows-form fields starts (split: the cold region)

  // The vectors a move writes: n, or whole blocks when some field is blocked (the padding gets fill).
  std::size_t extent() const noexcept { return block == 0 ? n : (n + block - 1) / block * block; }
  friend bool operator==(const record_layout& a, const record_layout& b) noexcept {
    return a.kind == b.kind && a.n == b.n && a.block == b.block && a.places == b.places && a.span_bytes == b.span_bytes &&
           a.rows_base == b.rows_base;
  }
};

// Alignments of the resolved layouts (bytes).
inline constexpr std::size_t record_row_alignment = 256;   // soa rows, split regions
inline constexpr std::size_t record_run_alignment = 32;    // blocked runs: one sector
inline constexpr std::size_t record_block_alignment = 128; // blocked blocks: whole lines

// Throws invalid_argument for bd = 0 where blocks are asked for, an unknown hot field (named), a split
// without hot fields, and size_overflow when the span does not fit in size_t.
record_layout resolve_record_layout(const record_desc& desc, std::size_t n, const record_layout_spec& spec,
                                    const std::string& call = "resolve_record_layout");

// Byte offset of component c of field f of record v. @pre v < extent(), f < desc.size(), c < count
inline std::size_t byte_offset(const record_desc& desc, const record_layout& l, std::size_t v, std::size_t f,
                               std::size_t c) noexcept {
  return place_offset(l.places[f], desc[f].width, l.block, v, c);
}

// The layout as a grid of byte offsets: one row per record (the first `records`), one column per field
// component, and a line saying what each form and stride is.
std::string print_record_layout(const record_desc& desc, const record_layout& layout, std::size_t records = 8);

}  // namespace coalesce

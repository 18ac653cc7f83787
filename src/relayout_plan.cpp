// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include "relayout_plan.hpp"

#include "device_api.hpp"

#include <coalesce/runtime/runtime.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <numeric>
#include <string>

namespace coalesce::detail {
namespace {

bool same_shape_and_layout(const array_layout& a, const array_layout& b) {
  if (a.kind != b.kind || a.n != b.n || a.m != b.m) return false;
  return a.kind == layout_kind::blocked ? a.block == b.block : a.pitch == b.pitch;
}

// A blocked side accepts a tile that holds whole blocks or lies inside one.
bool tile_fits_block(const array_layout& l, unsigned tile) {
  return l.kind != layout_kind::blocked || tile % l.block == 0 || l.block % tile == 0;
}

// The largest divisor of x that is at most `most` and a multiple of `multiple`; 0 if none.
std::size_t largest_divisor_within(std::size_t x, std::size_t most, std::size_t multiple) {
  std::size_t best = 0;
  const auto consider = [&](std::size_t d) {
    if (d <= most && d % multiple == 0) best = std::max(best, d);
  };
  for (std::size_t d = 1; d * d <= x; ++d)
    if (x % d == 0) consider(d), consider(x / d);
  return best;
}

// m == 1 and the side's n elements form one contiguous run.
bool single_run(const array_layout& l) { return l.m == 1 && (l.kind != layout_kind::row_major || l.pitch == 1); }

bool pick_row_mode(std::size_t m, std::size_t words, row_mode& mode) {
  if (m % 2 == 1) {
    mode = row_mode::packed;
  } else if (m % words == 0) {
    mode = row_mode::contiguous;
  } else if (m > words) {
    mode = row_mode::wrap;
  } else if (m < words && words % m == 0 && has_static_m(m)) {
    mode = row_mode::periodic;
  } else {
    return false;
  }
  return true;
}


// The rows the transpose kernel takes in a mode of its own, where plan_transpose asks whether the
// other kernels measured faster (BENCHMARKS.md, Every transform path).
enum class rows_case {
  shifted_source,       // rows of pitch m off 16 bytes (shifted rows), as the source
  shifted_destination,  // the same, as the destination
  shifted_span_source,  // a source's rows of another pitch off 16 bytes (the span mode, shifted)
  pitched_source,       // a source's rows of a pitch that is a multiple of G (the pitched mode)
  span_source,          // a source's rows of a pitch under m + G, off the chunk grid (the span mode)
  pitched_destination,  // a destination's rows of another pitch, or off 16 bytes (the pitched mode)
};

// The measured thresholds of the row modes, one table: whether the record, tiled or word-by-word
// kernels ran faster than the transpose kernel for rows of this case, words of `elem` bytes, m
// components and a pitch of `pitch` words, so that plan_transpose declines them (BENCHMARKS.md,
// Every transform path).
bool transpose_rows_measured_slower(rows_case c, std::size_t elem, std::size_t m, std::size_t pitch) {
  const bool long_8_byte = elem == 8 && m >= 16;  // 8-byte words from m = 16
  switch (c) {
    case rows_case::shifted_source: return long_8_byte || (elem == 8 && m % 2 == 0);
    case rows_case::shifted_destination: return long_8_byte;
    case rows_case::shifted_span_source: return !(elem == 4 || (elem == 2 && m >= 48));
    case rows_case::pitched_source: return (elem == 1 && m < 48) || long_8_byte;
    case rows_case::span_source: return (elem == 1 && m == 1) || long_8_byte;
    case rows_case::pitched_destination: return m == 1 && pitch * elem < 8;
  }
  return false;
}

fast_plan plan_transpose(const array_layout& src, const array_layout& dst, std::size_t elem, bool rows_aligned,
                         bool columns_aligned, bool measured) {
  // measured: decline where the measured table says another route ran faster (off: where the kernel can)
  const auto slower = [&](rows_case c, std::size_t m, std::size_t pitch) {
    return measured && transpose_rows_measured_slower(c, elem, m, pitch);
  };
  fast_plan plan;
  const bool rows_first = src.kind == layout_kind::row_major;
  const array_layout& rows = rows_first ? src : dst;
  const array_layout& other = rows_first ? dst : src;
  const std::size_t words = 16 / elem, m = rows.m;
  if (rows.kind != layout_kind::row_major || other.kind == layout_kind::row_major) return plan;
  // Rows of another pitch, or (as a destination) not on 16 bytes: the pitched and span modes, but for
  // the classes where the tiled kernel measured faster (transpose_rows_measured_slower).
  // Shifted rows: rows of pitch m whose pointer lies off 16 bytes (a user's array one element in), in
  // the packed row modes, each chunk G * q - lead words from the tile's start (lead: the pointer's
  // words past a 16-byte boundary), one chunk more a tile (moved word by word); the shared tile
  // placed lead words past a 16-byte boundary so that a chunk lies there as it does in memory
  // (packed mode: one 16-byte store). Not for the classes where the record, tiled and word-by-word
  // kernels measured faster (8-byte words from m = 16, and as a source of even m).
  const bool slower_shifted =
      slower(rows_first ? rows_case::shifted_source : rows_case::shifted_destination, m, rows.pitch);
  row_mode probe;  // nor for rows of no row mode (1-byte words of m = 6, 10, 12): the other kernels
  const bool shifted_rows = !rows_aligned && rows.pitch == m && words > 1 && !slower_shifted &&
                            pick_row_mode(m, words, probe);
  const bool pitched = rows.pitch != m || (!rows_aligned && !shifted_rows);
  // The most rows a tile's 1024 row chunks (four per thread) hold: ceil(m / G) chunks a row (pitched),
  // or the whole span's pitch / G (span); none for packed rows (T * m / G chunks, like the columns).
  // (Shifted rows have one chunk more, which the kernel moves apart: the tile stays as long.)
  std::size_t chunk_rows = pitched ? transpose_tile_bytes / 16 / ceil_div(m, words) : 0;
  if (pitched && rows_first && !rows_aligned) {
    // Shifted span rows (an odd pitch, one element in): the span mode from the boundary below the
    // tile's first word; the kernel has it for 2- and 4-byte words only (with_shifted_rows), and only
    // 4-byte words, and 2-byte ones from m = 48, measured faster there than the record and tiled
    // kernels (transpose_rows_measured_slower).
    if (rows.pitch - m >= words || (elem != 2 && elem != 4) || slower(rows_case::shifted_span_source, m, rows.pitch))
      return plan;
    plan.mode = row_mode::span;
    chunk_rows = transpose_tile_bytes / 16 * words / rows.pitch;
  } else if (pitched && rows_first) {
    if (rows.pitch % words == 0) {
      if (slower(rows_case::pitched_source, m, rows.pitch)) return plan;
      plan.mode = row_mode::pitched;
    } else if (rows.pitch - m < words) {  // less than a chunk of padding per row: read it too
      if (slower(rows_case::span_source, m, rows.pitch)) return plan;
      plan.mode = row_mode::span;
      chunk_rows = transpose_tile_bytes / 16 * words / rows.pitch;
    } else {
      return plan;
    }
  } else if (pitched) {
    if (slower(rows_case::pitched_destination, m, rows.pitch)) return plan;
    plan.mode = row_mode::pitched;  // a destination: whole chunks, or word by word (any pitch, any address)
    plan.rows_by_word = m % words != 0 || rows.pitch % words != 0 || !rows_aligned;
  }
  // A col_major pitch off the chunk grid (odd n): the kernel's shifted columns (16-byte chunks still,
  // but m * (T / G + 1) of them on that side), for 1- to 8-byte words. Where vectors are longer than
  // 64 bytes, a tile's runs are so short that its partial chunks cost more than the tiled kernel's
  // element-by-element side: 4- and 8-byte words, and 1-byte words into the columns, go there; 2-byte
  // words, and 1-byte words out of the columns, measured faster here at every m (BENCHMARKS.md, Every
  // transform path).
  // A col_major side whose pointer is off 16 bytes is shifted columns too (a blocked one goes generic).
  if (!columns_aligned && other.kind != layout_kind::col_major) return plan;
  plan.shifted = other.kind == layout_kind::col_major && (other.pitch % words != 0 || !columns_aligned);
  if (measured && plan.shifted && m * elem > 64 && (elem > 2 || (elem == 1 && rows_first))) return plan;
  if (other.kind == layout_kind::blocked && other.block % words != 0) return plan;
  if (!pitched && !pick_row_mode(m, words, plan.mode)) return plan;
  if (shifted_rows && plan.mode == row_mode::contiguous) plan.mode = row_mode::wrap;  // chunks across two vectors
  // The most vectors that fit the tile bytes, in steps of 64 bytes down a component (whole chunks,
  // runs of at least two sectors that start sector-aligned); a blocked side needs bd | T, or T | bd
  // when a block is larger than a tile (then T's runs must still be whole sectors: bd = 1000 of
  // 4-byte words takes T = 200 or 40).
  std::size_t most = transpose_tile_bytes / (m * elem);
  if (chunk_rows != 0) most = std::min(most, chunk_rows);
  const std::size_t step = 64 / elem;
  std::size_t tile = 0;
  if (other.kind == layout_kind::blocked && other.block > most) {
    tile = largest_divisor_within(other.block, most, std::max<std::size_t>(words, 32 / elem));
  } else if (other.kind == layout_kind::blocked) {
    const std::size_t both = std::lcm(step, other.block);
    const std::size_t unit = both <= most ? both : other.block;
    tile = most / unit * unit;
  } else {
    tile = most / step * step;
  }
  while (plan.shifted && tile >= step && m * (tile / words + 1) > transpose_tile_bytes / 16) tile -= step;
  if (tile < step || tile * rows.pitch >= (std::size_t(1) << 31)) return plan;  // 32-bit offsets in a tile
  // Whole tiles (and whole blocks of a blocked side); the kernel's first blocks move the rest. A
  // partial row chunk reads up to G - 1 words past its row's m: within the next row's pitch, so the
  // last row (whose allocation may end at its m-th word) is left to the tail.
  const std::size_t unit = other.kind == layout_kind::blocked ? std::max(tile, other.block) : tile;
  const bool past_rows = rows_first && pitched && rows_aligned && (plan.mode == row_mode::span || m % words != 0);
  const std::size_t whole = past_rows ? src.n - 1 : src.n;
  plan.split = whole / unit * unit;
  if (plan.split == 0) return plan;
  plan.tile = unsigned(tile);
  // Shifted rows: the tile G + lead words into the shared memory, the first and last chunks' words
  // outside the tile landing before and after it (a periodic chunk's up to G + lead words before).
  plan.shared_bytes = tile * (m | 1) * elem + (pitched || rows_aligned ? 0 : 64);
  plan.method = fast_method::transpose;
  return plan;
}

}  // namespace

bool has_static_m(std::size_t m) {
  for (unsigned s : static_ms)
    if (s == m) return true;
  return false;
}

fast_plan plan_fast_relayout(const array_layout& src, const array_layout& dst, std::size_t elem, bool src_aligned,
                             bool dst_aligned, bool measured) {
  fast_plan plan;
  const bool word_size = elem == 1 || elem == 2 || elem == 4 || elem == 8 || elem == 16;
  if (src.n == 0 || src.n != dst.n || src.m != dst.m || !word_size) return plan;
  if (single_run(src) && single_run(dst)) {
    plan.method = fast_method::flat;
    return plan;
  }
  const std::size_t words = 16 / elem;
  const auto columnar = [](const array_layout& l) { return l.kind != layout_kind::row_major; };
  if (columnar(src) && columnar(dst)) {
    // Vector indices (and the padded cover) stay below 2^31 (fast_divmod).
    const std::size_t block =
        std::max(src.kind == layout_kind::blocked ? src.block : 1, dst.kind == layout_kind::blocked ? dst.block : 1);
    if (src.n + block >= (std::size_t(1) << 31)) return plan;
    // Chunks of `bytes` where every run on both sides starts on one: bd, or the pitch, a multiple of
    // the chunk's words, and both pointers aligned.
    const auto runs_on = [&](const array_layout& l, std::size_t bytes) {
      return (l.kind == layout_kind::blocked ? l.block : l.pitch) * elem % bytes == 0;
    };
    plan.method = fast_method::runs;
    const bool both_aligned = src_aligned && dst_aligned;
    if (both_aligned && runs_on(src, 16) && runs_on(dst, 16)) {
      plan.chunk = 16;
      return plan;
    }
    // Otherwise 16-byte words still, shifted: a col_major row may start anywhere (odd pitch, a user
    // pointer one element off), a blocked side needs runs of whole aligned chunks (so that a
    // destination word crossing its block boundary takes the tail of one aligned chunk and the head
    // of the next: the same shift).
    const auto shiftable = [&](const array_layout& l, bool aligned, std::size_t bytes) {
      return l.kind == layout_kind::col_major || (aligned && runs_on(l, bytes));
    };
    plan.shifted = words > 1 && shiftable(src, src_aligned, 16) && shiftable(dst, dst_aligned, 16);
    if (plan.shifted) {
      plan.chunk = 16;
      return plan;
    }
    // Else narrower chunks of several words (1-byte words in blocks of 1000: runs on 8 bytes): straight
    // where both sides' runs start on them, else 8-byte ones shifted (the other side a col_major row
    // anywhere), rather than one word at a time.
    for (const std::size_t bytes : {8, 4, 2}) {
      if (bytes <= elem) break;
      const bool straight = both_aligned && runs_on(src, bytes) && runs_on(dst, bytes);
      plan.shifted = !straight && bytes == 8 && shiftable(src, src_aligned, 8) && shiftable(dst, dst_aligned, 8);
      if (straight || plan.shifted) {
        plan.chunk = unsigned(bytes);
        break;
      }
    }
    return plan;
  }
  // A blocked side needs 16 bytes (a col_major one off them is shifted columns); rows too, but as a
  // destination stored word by word.
  const bool rows_first = src.kind == layout_kind::row_major;
  return plan_transpose(src, dst, elem, rows_first ? src_aligned : dst_aligned, rows_first ? dst_aligned : src_aligned,
                        measured);
}

std::size_t rows_word_bytes(const array_layout& src, const void* src_data, const array_layout& dst,
                            const void* dst_data, std::size_t elem) {
  if (src.kind != layout_kind::row_major || dst.kind != layout_kind::row_major || src.n <= 1) return 0;
  if (src.pitch == src.m && dst.pitch == dst.m) return 0;
  if (src.m * elem >= (std::size_t(1) << 31)) return 0;  // the kernel's word index within a row group
  const std::uintptr_t bits = (src.m * elem) | (src.pitch * elem) | (dst.pitch * elem) |
                              reinterpret_cast<std::uintptr_t>(src_data) | reinterpret_cast<std::uintptr_t>(dst_data);
  std::size_t word = 16;
  while (bits % word != 0) word /= 2;
  return word;
}

bool tile_side_vectorizable(const array_layout& l, std::size_t elem, unsigned tile, const void* data,
                            std::size_t first) {
  if (elem >= 16) return false;
  const std::size_t words = 16 / elem;
  if (tile % words != 0 || first % words != 0 || reinterpret_cast<std::uintptr_t>(data) % 16 != 0) return false;
  switch (l.kind) {
    case layout_kind::row_major:
      return l.pitch == l.m;
    case layout_kind::col_major:
      return l.pitch % words == 0;
    case layout_kind::blocked:
      return l.block % words == 0;
  }
  return false;
}

bool copies_rows(const array_layout& src, const array_layout& dst) {
  // A blocked span with padding lanes is not copied whole: the destination's padding gets the fill, or
  // stays as it was (the runs route moves the data lanes).
  if (src.kind == layout_kind::blocked && src.n % src.block != 0) return false;
  return same_shape_and_layout(src, dst) ||
         (src.kind == layout_kind::row_major && dst.kind == layout_kind::row_major && src.n == dst.n && src.m == dst.m);
}

std::size_t contiguous_copy_bytes(const array_layout& src, const array_layout& dst, std::size_t elem) {
  if (!copies_rows(src, dst)) return 0;
  switch (src.kind) {
    case layout_kind::row_major:
      return (src.n <= 1 || (src.pitch == src.m && dst.pitch == dst.m)) ? src.n * src.m * elem : 0;
    case layout_kind::col_major:
      return (src.m <= 1 || (src.pitch == src.n && dst.pitch == dst.n)) ? src.n * src.m * elem : 0;
    case layout_kind::blocked:
      return src.span() * elem;
  }
  return 0;
}

bool shifted_copy_pays(const void* dst, const void* src, std::size_t bytes) {
  const auto distance = reinterpret_cast<std::uintptr_t>(dst) - reinterpret_cast<std::uintptr_t>(src);
  return bytes >= 4096 && distance % 4 != 0;
}

namespace {

// The longest tile of at most `budget` bytes that both sides' blocks allow, a multiple of 32 (whole
// warps: aligned runs on both sides) where one fits; 0 if none. Only the multiples and divisors of a
// blocked side's bd can fit it, so those are the candidates (of the larger bd where both are blocked):
// scanning every length would take longer on the host than the copy it plans where nothing fits (bd
// 1000 against 128).
unsigned longest_tile(const array_layout& src, const array_layout& dst, std::size_t row_bytes, std::size_t budget) {
  const std::size_t limit = std::min<std::size_t>(max_tile, budget / row_bytes);
  std::size_t best = 0, best_warps = 0;
  const auto consider = [&](std::size_t t) {
    if (t < min_tile || t > limit || !tile_fits_block(src, unsigned(t)) || !tile_fits_block(dst, unsigned(t))) return;
    best = std::max(best, t);
    if (t % 32 == 0) best_warps = std::max(best_warps, t);
  };
  const auto bd_of = [](const array_layout& l) { return l.kind == layout_kind::blocked ? l.block : 0; };
  const std::size_t bd = std::max(bd_of(src), bd_of(dst));
  if (bd == 0) {
    consider(limit / 32 * 32);
    consider(limit);
  } else {
    // Multiples, longest first: the first of whole warps wins (a divisor of bd is no longer).
    for (std::size_t t = limit / bd * bd; t >= bd && best_warps == 0; t -= bd) consider(t);
    for (std::size_t d = 1; d * d <= bd; ++d)
      if (bd % d == 0) {
        consider(d);
        consider(bd / d);
      }
  }
  return unsigned(best_warps != 0 ? best_warps : best);
}

}  // namespace

relayout_plan plan_relayout(const array_layout& src, const array_layout& dst, std::size_t elem) {
  relayout_plan plan;
  if (copies_rows(src, dst)) {
    plan.method = relayout_method::copy_2d;
    return plan;
  }
  plan.stride = unsigned(src.m | 1);
  const std::size_t row_bytes = std::size_t(plan.stride) * elem;
  // Tiles within the budget first; then up to the 48 KiB a block gets without opting in.
  for (std::size_t budget : {tile_budget_bytes, max_tile_bytes}) {
    // k < T * m stays far below 2^31 (fast_divmod's range): T * m * elem <= 48 KiB.
    if (const unsigned tile = longest_tile(src, dst, row_bytes, budget); tile != 0) {
      plan.method = relayout_method::tiled;
      plan.tile = tile;
      plan.shared_bytes = tile * row_bytes;
      return plan;
    }
  }
  return plan;  // no tile fits (large m or awkward block sizes): the straightforward kernel
}

}  // namespace coalesce::detail

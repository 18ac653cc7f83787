// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The plans of the vector-set routes of the route table (move_routes.hpp): the copies (copy_2d), the
// fast routes (plan_fast_relayout: flat, runs, transpose) and the generic tiled kernel (plan_relayout).
// The generic tile T is the largest that keeps the shared tile within budget and meets each blocked
// side (bd divides T, or T divides bd).

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
// Vectors of dst that a move writes: n, or the blocked span's whole blocks when their padding gets
// the fill value.
inline std::size_t dst_extent(const array_layout& dst, bool write_padding) {
  return dst.kind == layout_kind::blocked && write_padding ? ceil_div(dst.n, dst.block) * dst.block : dst.n;
}

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
// Whether plan_relayout makes a copy_2d plan: the same layout (a blocked one without padding lanes), or
// row_major on both sides.
bool copies_rows(const array_layout& src, const array_layout& dst);

// The bytes of a copies_rows move that lie in one contiguous span on both sides (pitches with no
// gaps, or a blocked span whole), or 0 where the rows have gaps.
std::size_t contiguous_copy_bytes(const array_layout& src, const array_layout& dst, std::size_t elem);

// Whether a device to device copy of `bytes` goes through the shifted copy kernel (device_copy.hpp)
// rather than cudaMemcpyAsync: where the addresses differ by other than a multiple of 4 bytes, which
// cudaMemcpyAsync copies well below its aligned rate (a user's bytes or halves one element off;
// BENCHMARKS.md, Every transform path), and the copy is long enough for a kernel to pay.
bool shifted_copy_pays(const void* dst, const void* src, std::size_t bytes);

// Device to device, row_major to row_major with other pitches (a copy_2d plan): the word size in
// bytes the rows kernel moves (the widest of 16, 8, 4, 2, 1 dividing the row's bytes, both pitches'
// bytes and both addresses), or 0 where one cudaMemcpyAsync does it (contiguous rows, or one row).
std::size_t rows_word_bytes(const array_layout& src, const void* src_data, const array_layout& dst,
                            const void* dst_data, std::size_t elem);

// The tiled kernel's side l moves 16-byte groups of G = 16 / elem words: a 16-byte aligned pointer, a
// tile and a range start that are multiples of G, and runs that keep that. Misaligned runs go element
// by element here (shifted groups measured slower: BENCHMARKS.md, Tried and not kept); the runs
// kernel shifts them.
bool tile_side_vectorizable(const array_layout& l, std::size_t elem, unsigned tile, const void* data,
                            std::size_t first);

enum class fast_method { none, flat, runs, transpose };

// How a 16-byte chunk of G consecutive words of the row_major side falls into the shared tile,
// where component i of vector v sits at v * S + i, S = m | 1:
//   packed:     m odd, so S == m and the chunk is G consecutive slots, 16-byte aligned
//   contiguous: m a multiple of G: the chunk lies inside one vector
//   wrap:       m even, above G and not a multiple of it: the chunk spans two vectors, the slots
//               after the boundary shift by one
//   periodic:   m even and dividing G (compile-time m only): the chunk holds G / m whole vectors
//   pitched:    rows of pitch p > m: as a source p is a multiple of G (cudaMallocPitch's rows) and
//               each row ceil(m / G) chunks from its start, the last one partial (its words past m
//               are the row's padding: read, never written); as a destination any p and any
//               address, stored by whole chunks where rows are whole chunks, else word by word
//   span:       a source's rows of pitch p < m + G, off the chunk grid: the tile's whole span of
//               T * p words in chunks, padding words read and dropped; or rows (a source of such a
//               pitch) whose pointer lies off 16 bytes (shifted rows, as in the other modes: the
//               tile's chunks from the boundary below its first word, T * p / G + 1 of them, the ones
//               it shares with the neighbouring tiles moved word by word)
enum class row_mode { packed, contiguous, wrap, periodic, pitched, span };

struct fast_plan {
  fast_method method = fast_method::none;
  unsigned chunk = 0;           // runs: bytes of a chunk moved by one access, 16 (of one or more words), or
                                // 8, 4, 2 (several words) where the runs start on no more; 0: word by word
  bool shifted = false;         // runs: chunk-sized (16 or 8 bytes) destination words, each shifted out of
                                // the two aligned source words that cover it (runs aligned differently on
                                // the two sides);
                                // transpose: a col_major side whose runs start off 16-byte boundaries
  unsigned tile = 0;            // transpose: T vectors per tile
  std::size_t split = 0;        // transpose: vectors [0, split) as whole tiles, the rest by its tail blocks
  row_mode mode = row_mode::packed;
  bool rows_by_word = false;    // transpose, pitched destination rows: stored word by word in row order
  std::size_t shared_bytes = 0;  // transpose: T * S * elem
};

// Vector lengths compiled into the transpose kernel for the periodic mode (a 16-byte chunk holds
// several whole vectors). Elsewhere m is a kernel argument: the kernel works out its indices once, so
// a compiled-in m measured within noise of passing it (BENCHMARKS.md, Every transform path).
inline constexpr unsigned static_ms[] = {2, 4, 8};
bool has_static_m(std::size_t m);

// Bytes of one transpose tile on either side: each of the 256 threads holds four 16-byte chunks.
inline constexpr std::size_t transpose_tile_bytes = 16 * 1024;

// The fast method for moving the whole of src into dst, or none. src_aligned / dst_aligned: the
// data pointers are 16-byte aligned. measured: none also where the measured table
// (transpose_rows_measured_slower, relayout_plan.cpp) found another route faster; false: the plan
// wherever the kernel can run it (COALESCE_FORCE_ROUTE).
fast_plan plan_fast_relayout(const array_layout& src, const array_layout& dst, std::size_t elem, bool src_aligned,
                             bool dst_aligned, bool measured = true);

}  // namespace coalesce::detail

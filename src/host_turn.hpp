// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The turn of a transpose tile: len rows of m words (j, i at j * rs + i, rs >= m) to m component runs
// (i, j at i * cs + j, cs >= len) and back. 4- and 8-byte words go 4 x 4 (2 x 2) at a time through
// SSE2 registers; other sizes, and the rows left over, one word at a time. The rows side must have
// turn_slack bytes readable (rows_to_columns) or writable (columns_to_rows) past its last row: the
// last group of components reads or writes up to one register past the row's end. Where the rows are
// packed (rs = m) that spill lands in the next row, which is written afterwards.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace coalesce::detail {

inline constexpr std::size_t turn_slack = 16;

namespace turn {

using byte = unsigned char;

// One element as a W through memcpy: the buffers hold bytes.
template <class W>
inline void move_word(byte* dst, const byte* src) {
  W w;
  std::memcpy(&w, src, sizeof(W));
  std::memcpy(dst, &w, sizeof(W));
}

// The strides of one turn, in words.
struct turn_shape {
  std::size_t m, len;
  std::size_t rs;  // from one row to the next
  std::size_t cs;  // from one component's run to the next
};

template <class W>
void rows_to_columns_scalar(byte* out, const byte* in, const turn_shape& t, std::size_t j0) {
  constexpr std::size_t e = sizeof(W);
  for (std::size_t j = j0; j < t.len; ++j)
    for (std::size_t i = 0; i < t.m; ++i) move_word<W>(out + (i * t.cs + j) * e, in + (j * t.rs + i) * e);
}

template <class W>
void columns_to_rows_scalar(byte* out, const byte* in, const turn_shape& t, std::size_t j0) {
  constexpr std::size_t e = sizeof(W);
  for (std::size_t j = j0; j < t.len; ++j)
    for (std::size_t i = 0; i < t.m; ++i) move_word<W>(out + (j * t.rs + i) * e, in + (i * t.cs + j) * e);
}

#if defined(__SSE2__)
inline __m128i load(const byte* p) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)); }
inline void store(byte* p, __m128i x) { _mm_storeu_si128(reinterpret_cast<__m128i*>(p), x); }

// Rows r0..r3 (4 words each) in, columns c0..c3 out: the 4 x 4 transpose of 32-bit lanes.
inline void transpose4(__m128i& a, __m128i& b, __m128i& c, __m128i& d) {
  const __m128i ab_lo = _mm_unpacklo_epi32(a, b), ab_hi = _mm_unpackhi_epi32(a, b);
  const __m128i cd_lo = _mm_unpacklo_epi32(c, d), cd_hi = _mm_unpackhi_epi32(c, d);
  a = _mm_unpacklo_epi64(ab_lo, cd_lo);
  b = _mm_unpackhi_epi64(ab_lo, cd_lo);
  c = _mm_unpacklo_epi64(ab_hi, cd_hi);
  d = _mm_unpackhi_epi64(ab_hi, cd_hi);
}

// m = 2 of packed rows on its own: pairs interleave exactly, where the 4 x 4 transpose would move half
// its lanes for nothing (and, from columns to rows, store every row twice).
inline void rows_to_columns4_pairs(byte* out, const byte* in, const turn_shape& t) {
  const std::size_t groups = t.len / 4 * 4;
  for (std::size_t j = 0; j < groups; j += 4) {
    const __m128i a = _mm_shuffle_epi32(load(in + j * 8), _MM_SHUFFLE(3, 1, 2, 0));       // x0 x1 y0 y1
    const __m128i b = _mm_shuffle_epi32(load(in + j * 8 + 16), _MM_SHUFFLE(3, 1, 2, 0));  // x2 x3 y2 y3
    store(out + j * 4, _mm_unpacklo_epi64(a, b));
    store(out + (t.cs + j) * 4, _mm_unpackhi_epi64(a, b));
  }
  rows_to_columns_scalar<std::uint32_t>(out, in, t, groups);
}

inline void columns_to_rows4_pairs(byte* out, const byte* in, const turn_shape& t) {
  const std::size_t groups = t.len / 4 * 4;
  for (std::size_t j = 0; j < groups; j += 4) {
    const __m128i x = load(in + j * 4), y = load(in + (t.cs + j) * 4);
    store(out + j * 8, _mm_unpacklo_epi32(x, y));
    store(out + j * 8 + 16, _mm_unpackhi_epi32(x, y));
  }
  columns_to_rows_scalar<std::uint32_t>(out, in, t, groups);
}

// Rows [j, j + 4) x components [i, i + 4) turned: component c's 16 bytes to put(c, x). Past m the
// loads read the next row: those lanes are dropped.
template <class Put>
inline void turn_group4(const byte* in, const turn_shape& t, std::size_t i, std::size_t j, Put&& put) {
  __m128i r[4];
  for (std::size_t k = 0; k < 4; ++k) r[k] = load(in + ((j + k) * t.rs + i) * 4);
  transpose4(r[0], r[1], r[2], r[3]);
  for (std::size_t k = 0; k < 4 && i + k < t.m; ++k) put(i + k, r[k]);
}

// Rows [j, j + 2) x components [i, i + 2) of 8-byte words, the same way.
template <class Put>
inline void turn_group8(const byte* in, const turn_shape& t, std::size_t i, std::size_t j, Put&& put) {
  const __m128i a = load(in + (j * t.rs + i) * 8), b = load(in + ((j + 1) * t.rs + i) * 8);
  put(i, _mm_unpacklo_epi64(a, b));
  if (i + 1 < t.m) put(i + 1, _mm_unpackhi_epi64(a, b));
}

inline void rows_to_columns4(byte* out, const byte* in, const turn_shape& t) {
  if (t.m == 2 && t.rs == 2) return rows_to_columns4_pairs(out, in, t);
  const std::size_t groups = t.len / 4 * 4;
  for (std::size_t j = 0; j < groups; j += 4)
    for (std::size_t i = 0; i < t.m; i += 4)
      turn_group4(in, t, i, j, [&](std::size_t c, __m128i x) { store(out + (c * t.cs + j) * 4, x); });
  rows_to_columns_scalar<std::uint32_t>(out, in, t, groups);
}

inline void columns_to_rows4(byte* out, const byte* in, const turn_shape& t) {
  if (t.m == 2 && t.rs == 2) return columns_to_rows4_pairs(out, in, t);
  const std::size_t groups = t.len / 4 * 4, m = t.m;
  // Four components at a time over all rows: memory sees four streams, however many components
  // there are. The last group goes first: its stores run past component m - 1 into the next row's
  // first components, which the groups after it (or the rows after these) then write correctly.
  for (std::size_t g = (m + 3) / 4; g-- > 0;) {
    const std::size_t i = g * 4;
    for (std::size_t j = 0; j < groups; j += 4) {
      __m128i c[4];
      for (std::size_t k = 0; k < 4; ++k) c[k] = load(in + (std::min(i + k, m - 1) * t.cs + j) * 4);
      transpose4(c[0], c[1], c[2], c[3]);
      for (std::size_t k = 0; k < 4; ++k) store(out + ((j + k) * t.rs + i) * 4, c[k]);
    }
  }
  columns_to_rows_scalar<std::uint32_t>(out, in, t, groups);
}

inline void rows_to_columns8(byte* out, const byte* in, const turn_shape& t) {
  const std::size_t groups = t.len / 2 * 2;
  for (std::size_t j = 0; j < groups; j += 2)
    for (std::size_t i = 0; i < t.m; i += 2)
      turn_group8(in, t, i, j, [&](std::size_t c, __m128i x) { store(out + (c * t.cs + j) * 8, x); });
  rows_to_columns_scalar<std::uint64_t>(out, in, t, groups);
}

inline void columns_to_rows8(byte* out, const byte* in, const turn_shape& t) {
  const std::size_t groups = t.len / 2 * 2, m = t.m;
  for (std::size_t g = (m + 1) / 2; g-- > 0;) {  // pairs of components, the last first, as in columns_to_rows4
    const std::size_t i = g * 2;
    for (std::size_t j = 0; j < groups; j += 2) {
      const __m128i a = load(in + (i * t.cs + j) * 8), b = load(in + (std::min(i + 1, m - 1) * t.cs + j) * 8);
      store(out + (j * t.rs + i) * 8, _mm_unpacklo_epi64(a, b));
      store(out + ((j + 1) * t.rs + i) * 8, _mm_unpackhi_epi64(a, b));
    }
  }
  columns_to_rows_scalar<std::uint64_t>(out, in, t, groups);
}

// Rows straight into the destination's component runs (out 16-byte aligned, cs * sizeof(W) a multiple
// of 16), without the L1 buffer: four components (two of 8-byte words) at a time over all the rows,
// so that memory sees that many streams of whole lines, which non-temporal stores (Stream) write
// without reading them. The rows stay in L1 between the groups of components (a tile is 16 KiB).
template <bool Stream>
inline void store_run(byte* p, __m128i x) {
  if constexpr (Stream) {
    _mm_stream_si128(reinterpret_cast<__m128i*>(p), x);
  } else {
    _mm_store_si128(reinterpret_cast<__m128i*>(p), x);
  }
}

// The groups component-outer, rows-inner (rows_to_columns goes the other way round).
template <bool Stream>
inline void rows_to_runs4(byte* out, const byte* in, const turn_shape& t) {
  const std::size_t groups = t.len / 4 * 4;
  for (std::size_t i = 0; i < t.m; i += 4)
    for (std::size_t j = 0; j < groups; j += 4)
      turn_group4(in, t, i, j, [&](std::size_t c, __m128i x) { store_run<Stream>(out + (c * t.cs + j) * 4, x); });
  rows_to_columns_scalar<std::uint32_t>(out, in, t, groups);
}

template <bool Stream>
inline void rows_to_runs8(byte* out, const byte* in, const turn_shape& t) {
  const std::size_t groups = t.len / 2 * 2;
  for (std::size_t i = 0; i < t.m; i += 2)
    for (std::size_t j = 0; j < groups; j += 2)
      turn_group8(in, t, i, j, [&](std::size_t c, __m128i x) { store_run<Stream>(out + (c * t.cs + j) * 8, x); });
  rows_to_columns_scalar<std::uint64_t>(out, in, t, groups);
}
#endif

}  // namespace turn

// Whether rows_to_runs takes W (4- and 8-byte words, where SSE2 is).
template <class W>
inline constexpr bool turns_to_runs =
#if defined(__SSE2__)
    sizeof(W) == 4 || sizeof(W) == 8;
#else
    false;
#endif

// @pre turns_to_runs<W>, out 16-byte aligned, t.cs * sizeof(W) a multiple of 16.
template <class W, bool Stream>
void rows_to_runs(unsigned char* out, const unsigned char* in, const turn::turn_shape& t) {
#if defined(__SSE2__)
  if constexpr (sizeof(W) == 4) turn::rows_to_runs4<Stream>(out, in, t);
  if constexpr (sizeof(W) == 8) turn::rows_to_runs8<Stream>(out, in, t);
#else
  (void)out, (void)in, (void)t;
#endif
}

template <class W>
void rows_to_columns(unsigned char* out, const unsigned char* in, const turn::turn_shape& t) {
#if defined(__SSE2__)
  if constexpr (sizeof(W) == 4) return turn::rows_to_columns4(out, in, t);
  if constexpr (sizeof(W) == 8) return turn::rows_to_columns8(out, in, t);
#endif
  turn::rows_to_columns_scalar<W>(out, in, t, 0);
}

template <class W>
void columns_to_rows(unsigned char* out, const unsigned char* in, const turn::turn_shape& t) {
#if defined(__SSE2__)
  if constexpr (sizeof(W) == 4) return turn::columns_to_rows4(out, in, t);
  if constexpr (sizeof(W) == 8) return turn::columns_to_rows8(out, in, t);
#endif
  turn::columns_to_rows_scalar<W>(out, in, t, 0);
}

}  // namespace coalesce::detail

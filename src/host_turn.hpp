// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The turn of a transpose tile: len rows of m words (j, i at j * rs + i, rs >= m) to m component runs
// (i, j at i * cs + j, cs >= len) and back. Words of 1 to 8 bytes go N x N at a time through SSE2
// registers (N = 16 / size: 16 x 16 bytes, 8 x 8 halves, 4 x 4, 2 x 2), short rows of 1- and 2-byte
// words by SSSE3 byte shuffles where the CPU has them; 16-byte words, and the rows left over, one
// word at a time. The rows side must have
// turn_slack bytes readable (rows_to_columns) or writable (columns_to_rows) past its last row: the
// last group of components reads or writes up to one register past the row's end. Where the rows are
// packed (rs = m) that spill lands in the next row, which is written afterwards.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "relayout_plan.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
// SSSE3's byte shuffle, for short vectors of 1- and 2-byte words, where the compiler can build it for
// this function alone and the CPU has it (asked at run time: the library is built for baseline x86-64).
#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__)
#define COALESCE_HOST_SHUFFLE_BUILT 1
#include <tmmintrin.h>
#else
#define COALESCE_HOST_SHUFFLE_BUILT 0
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

// Interleaving the E-byte lanes of two registers: their low halves, their high halves.
template <std::size_t E>
inline __m128i unpack_lo(__m128i a, __m128i b) {
  if constexpr (E == 1) {
    return _mm_unpacklo_epi8(a, b);
  } else if constexpr (E == 2) {
    return _mm_unpacklo_epi16(a, b);
  } else if constexpr (E == 4) {
    return _mm_unpacklo_epi32(a, b);
  } else {
    return _mm_unpacklo_epi64(a, b);
  }
}
template <std::size_t E>
inline __m128i unpack_hi(__m128i a, __m128i b) {
  if constexpr (E == 1) {
    return _mm_unpackhi_epi8(a, b);
  } else if constexpr (E == 2) {
    return _mm_unpackhi_epi16(a, b);
  } else if constexpr (E == 4) {
    return _mm_unpackhi_epi32(a, b);
  } else {
    return _mm_unpackhi_epi64(a, b);
  }
}

// Lanes of E bytes in one register: 16, 8, 4, 2.
template <std::size_t E>
inline constexpr std::size_t lanes = 16 / E;

// Rows r[0..N) (N lanes each) in, columns out: the N x N transpose of E-byte lanes, in log2(N) rounds
// that each interleave register k with register k + N / 2 (N log2 N unpacks: 4 x 4 of 4-byte words 8).
template <std::size_t E>
inline void transpose_square(__m128i (&r)[lanes<E>]) {
  constexpr std::size_t N = lanes<E>;
  for (std::size_t round = 1; round < N; round *= 2) {
    __m128i t[N];
    for (std::size_t k = 0; k < N / 2; ++k) {
      t[2 * k] = unpack_lo<E>(r[k], r[k + N / 2]);
      t[2 * k + 1] = unpack_hi<E>(r[k], r[k + N / 2]);
    }
    for (std::size_t k = 0; k < N; ++k) r[k] = t[k];
  }
}

// m = 2 of packed rows of 4-byte words on its own: pairs interleave exactly, where the 4 x 4 transpose
// would move half its lanes for nothing (and, from columns to rows, store every row twice).
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

// Rows [j, j + N) x components [i, i + N) of E-byte words turned: component c's 16 bytes to put(c, x).
// Past m the loads read the next row: those lanes are dropped.
template <std::size_t E, class Put>
inline void turn_group(const byte* in, const turn_shape& t, std::size_t i, std::size_t j, Put&& put) {
  constexpr std::size_t N = lanes<E>;
  __m128i r[N];
  for (std::size_t k = 0; k < N; ++k) r[k] = load(in + ((j + k) * t.rs + i) * E);
  transpose_square<E>(r);
  for (std::size_t k = 0; k < N && i + k < t.m; ++k) put(i + k, r[k]);
}

template <class W>
inline void rows_to_columns_sse(byte* out, const byte* in, const turn_shape& t) {
  constexpr std::size_t E = sizeof(W), N = lanes<E>;
  if constexpr (E == 4)
    if (t.m == 2 && t.rs == 2) return rows_to_columns4_pairs(out, in, t);
  const std::size_t groups = t.len / N * N;
  for (std::size_t j = 0; j < groups; j += N)
    for (std::size_t i = 0; i < t.m; i += N)
      turn_group<E>(in, t, i, j, [&](std::size_t c, __m128i x) { store(out + (c * t.cs + j) * E, x); });
  rows_to_columns_scalar<W>(out, in, t, groups);
}

template <class W>
inline void columns_to_rows_sse(byte* out, const byte* in, const turn_shape& t) {
  constexpr std::size_t E = sizeof(W), N = lanes<E>;
  if constexpr (E == 4)
    if (t.m == 2 && t.rs == 2) return columns_to_rows4_pairs(out, in, t);
  const std::size_t groups = t.len / N * N, m = t.m;
  // N components at a time over all rows: memory sees N streams, however many components there are.
  // The last group goes first: its stores run past component m - 1 into the next rows' first
  // components, which the groups after it (or the rows after these) then write correctly.
  for (std::size_t g = (m + N - 1) / N; g-- > 0;) {
    const std::size_t i = g * N;
    for (std::size_t j = 0; j < groups; j += N) {
      __m128i c[N];
      for (std::size_t k = 0; k < N; ++k) c[k] = load(in + (std::min(i + k, m - 1) * t.cs + j) * E);
      transpose_square<E>(c);
      for (std::size_t k = 0; k < N; ++k) store(out + ((j + k) * t.rs + i) * E, c[k]);
    }
  }
  columns_to_rows_scalar<W>(out, in, t, groups);
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
template <class W, bool Stream>
inline void rows_to_runs_sse(byte* out, const byte* in, const turn_shape& t) {
  constexpr std::size_t E = sizeof(W), N = lanes<E>;
  const std::size_t groups = t.len / N * N;
  for (std::size_t i = 0; i < t.m; i += N)
    for (std::size_t j = 0; j < groups; j += N)
      turn_group<E>(in, t, i, j, [&](std::size_t c, __m128i x) { store_run<Stream>(out + (c * t.cs + j) * E, x); });
  rows_to_columns_scalar<W>(out, in, t, groups);
}
#endif

#if COALESCE_HOST_SHUFFLE_BUILT
// Short vectors of 1- and 2-byte words turned by byte shuffles: the N = 16 / E rows of a group are rs
// whole registers (16 * rs bytes), and each component's register is the OR of one shuffle of each
// (m * rs shuffles a group, against N log2 N unpacks for the N x N transpose, which also turns
// components past m: 9 against 64 for 3 components of bytes). Rows of at most shuffle_most words (the
// longest shuffles_turn takes).
inline constexpr std::size_t shuffle_most = 4;

// The shuffles' masks, worked out once per word size: byte x of component c's register from rows
// register q (rows of rs words), and byte x of rows register q from component c's register (rows of m
// words); 0x80: none.
template <std::size_t E>
struct shuffle_masks {
  __m128i to_columns[shuffle_most + 1][shuffle_most][shuffle_most];  // [rs][c][q]
  __m128i to_rows[shuffle_most + 1][shuffle_most][shuffle_most];     // [m][q][c]
  shuffle_masks() {
    for (std::size_t rs = 1; rs <= shuffle_most; ++rs)
      for (std::size_t c = 0; c < rs; ++c)
        for (std::size_t q = 0; q < rs; ++q) {
          alignas(16) unsigned char a[16], b[16];
          for (std::size_t x = 0; x < 16; ++x) {
            const std::size_t o = (x / E * rs + c) * E + x % E;  // row x / E, byte x % E of its word c
            a[x] = o / 16 == q ? static_cast<unsigned char>(o % 16) : 0x80;
            const std::size_t word = (16 * q + x) / E;  // byte x of rows register q: row word / rs, word word % rs
            b[x] = word % rs == c ? static_cast<unsigned char>(word / rs * E + x % E) : 0x80;
          }
          to_columns[rs][c][q] = _mm_load_si128(reinterpret_cast<const __m128i*>(a));
          to_rows[rs][q][c] = _mm_load_si128(reinterpret_cast<const __m128i*>(b));
        }
  }
};
template <std::size_t E>
const shuffle_masks<E>& masks() {
  static const shuffle_masks<E> all;
  return all;
}

template <class W>
__attribute__((target("ssse3"))) void rows_to_columns_shuffle(byte* out, const byte* in, const turn_shape& t) {
  constexpr std::size_t E = sizeof(W), N = lanes<E>;
  const auto& mask = masks<E>().to_columns[t.rs];
  const std::size_t groups = t.len / N * N;
  for (std::size_t j = 0; j < groups; j += N) {
    __m128i r[shuffle_most];
    for (std::size_t q = 0; q < t.rs; ++q) r[q] = load(in + j * t.rs * E + 16 * q);
    for (std::size_t c = 0; c < t.m; ++c) {
      __m128i x = _mm_shuffle_epi8(r[0], mask[c][0]);
      for (std::size_t q = 1; q < t.rs; ++q) x = _mm_or_si128(x, _mm_shuffle_epi8(r[q], mask[c][q]));
      store(out + (c * t.cs + j) * E, x);
    }
  }
  rows_to_columns_scalar<W>(out, in, t, groups);
}

// The other way, into rows of pitch m: row register q is the OR of one shuffle of each component's.
template <class W>
__attribute__((target("ssse3"))) void columns_to_rows_shuffle(byte* out, const byte* in, const turn_shape& t) {
  constexpr std::size_t E = sizeof(W), N = lanes<E>;
  const std::size_t m = t.m;
  const auto& mask = masks<E>().to_rows[m];
  const std::size_t groups = t.len / N * N;
  for (std::size_t j = 0; j < groups; j += N) {
    __m128i col[shuffle_most];
    for (std::size_t c = 0; c < m; ++c) col[c] = load(in + (c * t.cs + j) * E);
    for (std::size_t q = 0; q < m; ++q) {
      __m128i x = _mm_shuffle_epi8(col[0], mask[q][0]);
      for (std::size_t c = 1; c < m; ++c) x = _mm_or_si128(x, _mm_shuffle_epi8(col[c], mask[q][c]));
      store(out + (j * t.rs) * E + 16 * q, x);
    }
  }
  columns_to_rows_scalar<W>(out, in, t, groups);
}
#endif

}  // namespace turn

// Whether the byte shuffles turn t, on this CPU: rows of at most 3 bytes into columns, and columns into
// rows of at most 4 bytes or 3 halves (of pitch m): there they measured faster than the unpacks, which
// keep longer rows and rows of 2-byte words into columns (BENCHMARKS.md, Host backend).
template <class W>
inline bool shuffles_turn(const turn::turn_shape& t, bool to_rows) {
#if COALESCE_HOST_SHUFFLE_BUILT
  static const bool available = __builtin_cpu_supports("ssse3");
  const std::size_t most = to_rows ? (sizeof(W) == 1 ? 4 : 3) : (sizeof(W) == 1 ? 3 : 0);
  static_assert(turn::shuffle_most >= 4, "the masks cover every length taken");
  return available && t.m <= most && t.rs <= most && (!to_rows || t.rs == t.m);
#else
  (void)t, (void)to_rows;
  return false;
#endif
}

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
  turn::rows_to_runs_sse<W, Stream>(out, in, t);
#else
  (void)out, (void)in, (void)t;
#endif
}

// Whether W turns in SSE2 registers (1- to 8-byte words, where SSE2 is); else word by word.
template <class W>
inline constexpr bool turns_in_registers =
#if defined(__SSE2__)
    sizeof(W) <= 8;
#else
    false;
#endif

template <class W>
void rows_to_columns(unsigned char* out, const unsigned char* in, const turn::turn_shape& t) {
#if COALESCE_HOST_SHUFFLE_BUILT
  if constexpr (sizeof(W) <= 2)
    if (shuffles_turn<W>(t, false)) return turn::rows_to_columns_shuffle<W>(out, in, t);
#endif
#if defined(__SSE2__)
  if constexpr (turns_in_registers<W>) return turn::rows_to_columns_sse<W>(out, in, t);
#endif
  turn::rows_to_columns_scalar<W>(out, in, t, 0);
}

template <class W>
void columns_to_rows(unsigned char* out, const unsigned char* in, const turn::turn_shape& t) {
#if COALESCE_HOST_SHUFFLE_BUILT
  if constexpr (sizeof(W) <= 2)
    if (shuffles_turn<W>(t, true)) return turn::columns_to_rows_shuffle<W>(out, in, t);
#endif
#if defined(__SSE2__)
  if constexpr (turns_in_registers<W>) return turn::columns_to_rows_sse<W>(out, in, t);
#endif
  turn::columns_to_rows_scalar<W>(out, in, t, 0);
}

}  // namespace coalesce::detail

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include "host_gather.hpp"

#include "host_columnar.hpp"
#include "host_omp.hpp"
#include "host_stream.hpp"

#include <coalesce/core/math.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <vector>

#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__)
#define COALESCE_HOST_GATHER_BUILT 1
#include <immintrin.h>
#else
#define COALESCE_HOST_GATHER_BUILT 0
#endif

namespace coalesce::detail {
namespace {

using byte = unsigned char;

// The largest offset, in words, that one gather reaches from its base.
std::size_t widest_gather(const host_plan& plan, std::size_t elem) {
  const std::size_t lanes = 64 / elem;
  if (plan.src.kind == layout_kind::row_major) return (lanes - 1) * plan.src.pitch;  // lane l: row l
  const columnar side(plan.src);  // word f of a group: component f % m of its vector f / m
  return (side.m - 1) * side.stride() + lanes;
}

#if COALESCE_HOST_GATHER_BUILT
// Only the functions between here and the pop are built for AVX-512F (and called only where the CPU
// has it); the headers above, whose inline functions other files share, keep the baseline target.
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx512f"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx512f")
#endif

// One 64-byte line of E-byte words: 16 or 8 lanes.
template <std::size_t E>
struct lanes;

template <>
struct lanes<4> {
  static constexpr std::size_t count = 16;
  using index = __m512i;
  static index load_index(const std::int32_t* p) { return _mm512_loadu_si512(p); }
  static __mmask16 first(std::size_t k) { return static_cast<__mmask16>((1u << k) - 1); }
  static __m512i gather(std::size_t k, index ix, const byte* base) {
    return _mm512_mask_i32gather_epi32(_mm512_setzero_si512(), first(k), ix, base, 4);
  }
  static void store_first(byte* p, std::size_t k, __m512i x) { _mm512_mask_storeu_epi32(p, first(k), x); }
};

template <>
struct lanes<8> {
  static constexpr std::size_t count = 8;
  using index = __m256i;
  static index load_index(const std::int32_t* p) { return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)); }
  static __mmask8 first(std::size_t k) { return static_cast<__mmask8>((1u << k) - 1); }
  static __m512i gather(std::size_t k, index ix, const byte* base) {
    return _mm512_mask_i32gather_epi64(_mm512_setzero_si512(), first(k), ix, base, 8);
  }
  static void store_first(byte* p, std::size_t k, __m512i x) { _mm512_mask_storeu_epi64(p, first(k), x); }
};

// The first k words of x to p: a whole line on its 64-byte boundary non-temporally where the plan
// streams, anything else through the caches.
template <std::size_t E>
inline void put(byte* p, std::size_t k, __m512i x, bool stream) {
  if (k < lanes<E>::count) {
    lanes<E>::store_first(p, k, x);
  } else if (stream && reinterpret_cast<std::uintptr_t>(p) % 64 == 0) {
    _mm512_stream_si512(reinterpret_cast<__m512i*>(p), x);
  } else {
    _mm512_storeu_si512(p, x);
  }
}

// lane * step for every lane: the offsets of one gather down a column of rows.
template <std::size_t E>
std::vector<std::int32_t> lane_steps(std::size_t step) {
  std::vector<std::int32_t> ix(lanes<E>::count);
  for (std::size_t l = 0; l < ix.size(); ++l) ix[l] = static_cast<std::int32_t>(l * step);
  return ix;
}

// Component i of the r vectors from `in` (the first one's word i; rows rs words apart) to the run at
// out: up to out's next line first where the plan streams, so that the rest are whole lines.
template <std::size_t E>
void gather_run(byte* out, const byte* in, std::size_t r, std::size_t rs, typename lanes<E>::index down,
                bool stream) {
  constexpr std::size_t L = lanes<E>::count;
  std::size_t j = 0;
  const std::uintptr_t at = reinterpret_cast<std::uintptr_t>(out);
  if (stream && at % E == 0) {
    const std::size_t head = std::min(r, (64 - at % 64) % 64 / E);
    if (head > 0) put<E>(out, head, lanes<E>::gather(head, down, in), false);
    j = head;
  }
  for (; j < r; j += L) {
    const std::size_t k = std::min(L, r - j);
    put<E>(out + j * E, k, lanes<E>::gather(k, down, in + j * rs * E), stream);
  }
}

// Asks for the lines of `count` rows of `row` bytes, `pitch` bytes apart (only the rows' own lines
// where the padding holds whole lines).
inline void prefetch_rows(const byte* p, std::size_t count, std::size_t pitch, std::size_t row) {
  if (pitch < row + 128) {
    for (std::size_t k = 0; k < (count - 1) * pitch + row; k += 64) __builtin_prefetch(p + k);
  } else {
    for (std::size_t j = 0; j < count; ++j)
      for (std::size_t k = 0; k < row; k += 64) __builtin_prefetch(p + j * pitch + k);
  }
}

// Rows to a columnar side, tile by tile, each component's runs of the tile in turn: the tile's rows
// (host_tile_bytes of data) stay in L1 while the m runs are written.
template <std::size_t E>
void rows_to_columnar(const host_plan& plan, const byte* s, byte* d) {
  const columnar side(plan.dst);
  const std::size_t n = plan.src.n, m = plan.src.m, rs = plan.src.pitch, tile = plan.tile;
  const std::vector<std::int32_t> steps = lane_steps<E>(rs);
  const auto tiles = static_cast<std::int64_t>(ceil_div(n, tile));
  COALESCE_OMP("omp parallel if (n * m >= parallel_threshold)")
  {
    const typename lanes<E>::index down = lanes<E>::load_index(steps.data());
    COALESCE_OMP("omp for schedule(dynamic, 4)")
    for (std::int64_t t = 0; t < tiles; ++t) {
      const std::size_t v0 = std::size_t(t) * tile, end = std::min(n, v0 + tile);
      if (end < n) prefetch_rows(s + end * rs * E, std::min(tile, n - end), rs * E, m * E);
      for (std::size_t v = v0, r = 0; v < end; v += r) {
        r = side.run(v, end);
        byte* out = d + side.offset(v, 0) * E;
        for (std::size_t i = 0; i < m; ++i)
          gather_run<E>(out + i * side.stride() * E, s + (v * rs + i) * E, r, rs, down, plan.stream);
      }
    }
    if (plan.stream) stream_fence();
  }
}

// A columnar side to rows: a group of L vectors within one run is m lines of packed rows, word f of
// them component f % m of vector f / m, at (f % m) * stride + f / m from the group's first word. Each
// group first asks for the m lines of the group a tile later: without that, the gathers from a
// blocked side measured slower than the SSE2 turn, which copies whole blocks in first (BENCHMARKS.md,
// Host backend).
// Rows of another pitch are gathered into an L1 buffer and copied out row by row (their padding
// stays as it is).
template <std::size_t E>
void columnar_to_rows(const host_plan& plan, const byte* s, byte* d) {
  constexpr std::size_t L = lanes<E>::count;
  const columnar side(plan.src);
  const std::size_t n = plan.dst.n, m = plan.dst.m, pitch = plan.dst.pitch, tile = plan.tile, stride = side.stride();
  std::vector<std::int32_t> words(L * m);
  for (std::size_t f = 0; f < words.size(); ++f) words[f] = static_cast<std::int32_t>(f % m * stride + f / m);
  const auto tiles = static_cast<std::int64_t>(ceil_div(n, tile));
  const bool packed_rows = pitch == m;
  COALESCE_OMP("omp parallel if (n * m >= parallel_threshold)")
  {
    alignas(64) byte buffer[host_tile_bytes];
    COALESCE_OMP("omp for schedule(dynamic, 4)")
    for (std::int64_t t = 0; t < tiles; ++t) {
      const std::size_t v0 = std::size_t(t) * tile, end = std::min(n, v0 + tile);
      byte* out0 = packed_rows ? d + v0 * m * E : buffer;
      const bool stream = packed_rows && plan.stream;
      for (std::size_t v = v0, r = 0; v < end; v += r) {
        r = side.run(v, end);
        const byte* run = s + side.offset(v, 0) * E;
        for (std::size_t g = 0; g < r; g += L) {
          if (v + g + tile < n) {
            const byte* ahead = s + side.offset(v + g + tile, 0) * E;
            for (std::size_t i = 0; i < m; ++i) __builtin_prefetch(ahead + i * stride * E);
          }
          const std::size_t count = std::min(L, r - g) * m;
          byte* out = out0 + (v + g - v0) * m * E;
          for (std::size_t q = 0; q < count; q += L) {
            const std::size_t k = std::min(L, count - q);
            put<E>(out + q * E, k, lanes<E>::gather(k, lanes<E>::load_index(words.data() + q), run + g * E), stream);
          }
        }
      }
      if (!packed_rows)
        for (std::size_t v = v0; v < end; ++v)
          copy_bytes(d + v * pitch * E, buffer + (v - v0) * m * E, m * E, plan.stream);
    }
    if (plan.stream) stream_fence();
  }
}

template <std::size_t E>
void gather_transpose_of(const host_plan& plan, const byte* s, byte* d) {
  if (plan.src.kind == layout_kind::row_major) {
    rows_to_columnar<E>(plan, s, d);
  } else {
    columnar_to_rows<E>(plan, s, d);
  }
}

#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif

#endif  // COALESCE_HOST_GATHER_BUILT

}  // namespace

bool host_gathers_available() noexcept {
#if COALESCE_HOST_GATHER_BUILT
  static const bool available = __builtin_cpu_supports("avx512f");
  return available;
#else
  return false;
#endif
}

bool gathers_cover(const host_plan& plan, std::size_t elem) noexcept {
  if (plan.method != host_method::transpose || (elem != 4 && elem != 8)) return false;
  // Not where the SSE2 turn measured faster: vectors of more than 16 words, and 4-byte words from
  // more than 12 col_major rows, whose m streams the turn's four at a time read better than a
  // gather's m lines at once (BENCHMARKS.md, Host backend).
  const std::size_t m = plan.src.m;
  if (m > 16 || (elem == 4 && m > 12 && plan.src.kind == layout_kind::col_major)) return false;
  return widest_gather(plan, elem) <= std::size_t(std::numeric_limits<std::int32_t>::max());
}

void gather_transpose(const host_plan& plan, const unsigned char* src, unsigned char* dst, std::size_t elem) {
#if COALESCE_HOST_GATHER_BUILT
  if (elem == 4) return gather_transpose_of<4>(plan, src, dst);
  if (elem == 8) return gather_transpose_of<8>(plan, src, dst);
#endif
  (void)plan, (void)src, (void)dst, (void)elem;
}

}  // namespace coalesce::detail

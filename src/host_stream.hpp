// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Copies for the host backend's fast paths: cached (memcpy) or with non-temporal stores, which write
// whole lines to memory without first reading them (host_plan.hpp says when).

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace coalesce::detail {

inline void stream_copy(unsigned char* dst, const unsigned char* src, std::size_t bytes) {
#if defined(__SSE2__)
  // The bytes before dst's first 16-byte boundary and after its last one go through memcpy.
  const std::size_t head = std::min<std::size_t>(bytes, (16 - reinterpret_cast<std::uintptr_t>(dst) % 16) % 16);
  std::memcpy(dst, src, head);
  std::size_t k = head;
  for (; k + 64 <= bytes; k += 64) {
    const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + k));
    const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + k + 16));
    const __m128i c = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + k + 32));
    const __m128i d = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + k + 48));
    _mm_stream_si128(reinterpret_cast<__m128i*>(dst + k), a);
    _mm_stream_si128(reinterpret_cast<__m128i*>(dst + k + 16), b);
    _mm_stream_si128(reinterpret_cast<__m128i*>(dst + k + 32), c);
    _mm_stream_si128(reinterpret_cast<__m128i*>(dst + k + 48), d);
  }
  for (; k + 16 <= bytes; k += 16)
    _mm_stream_si128(reinterpret_cast<__m128i*>(dst + k), _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + k)));
  std::memcpy(dst + k, src + k, bytes - k);
#else
  std::memcpy(dst, src, bytes);
#endif
}

// Orders this thread's non-temporal stores before what follows (the end of its share of the work).
inline void stream_fence() {
#if defined(__SSE2__)
  _mm_sfence();
#endif
}

// Pieces shorter than two lines go through the caches even where the plan streams: a non-temporal
// store that leaves part of its line unwritten (a pitched row of 12-96 bytes) costs the memory a read
// and a write of the line: streaming such rows measured many times slower than writing them through
// the caches (BENCHMARKS.md, Host backend).
inline constexpr std::size_t stream_min_bytes = 128;

// Rows of at most this many bytes are copied by copy_small, in the loop: a call of memcpy per row of
// 12 bytes (pitched rows of 3 floats) costs more than the row's line.
inline constexpr std::size_t small_row_bytes = 64;
static_assert(small_row_bytes < stream_min_bytes, "small rows are never streamed");

template <std::size_t N>
inline void copy_fixed(unsigned char* dst, const unsigned char* src) {
  unsigned char x[N];
  std::memcpy(x, src, N);
  std::memcpy(dst, x, N);
}

// bytes <= small_row_bytes, as whole moves of 16, 8, 4 or 1 bytes, the last one overlapping the one
// before (dst and src do not overlap each other).
inline void copy_small(unsigned char* dst, const unsigned char* src, std::size_t bytes) {
  if (bytes >= 16) {
    for (std::size_t k = 0; k + 16 < bytes; k += 16) copy_fixed<16>(dst + k, src + k);
    copy_fixed<16>(dst + bytes - 16, src + bytes - 16);
  } else if (bytes >= 8) {
    copy_fixed<8>(dst, src);
    copy_fixed<8>(dst + bytes - 8, src + bytes - 8);
  } else if (bytes >= 4) {
    copy_fixed<4>(dst, src);
    copy_fixed<4>(dst + bytes - 4, src + bytes - 4);
  } else {
    for (std::size_t k = 0; k < bytes; ++k) dst[k] = src[k];
  }
}

inline void copy_bytes(unsigned char* dst, const unsigned char* src, std::size_t bytes, bool stream) {
  if (stream && bytes >= stream_min_bytes) {
    stream_copy(dst, src, bytes);
  } else {
    std::memcpy(dst, src, bytes);
  }
}

}  // namespace coalesce::detail

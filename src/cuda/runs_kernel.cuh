// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Between two columnar layouts (col_major with any pitch, blocked with any bd, in any pairing):
// component i of consecutive vectors lies in runs on both sides (a col_major row, or a block's bd
// lanes), so the move is a strided copy: no shared memory, no transposing. Each block moves one
// component (blockIdx.y, or blockIdx.x % m: runs_grid) of chunks of W words of consecutive vectors,
// consecutive across a warp on both sides, the grid covering them in one pass. A chunk (16 bytes, or
// 8, 4 or 2 where the runs start on no more: plan.chunk) is whole where W divides both sides' run
// lengths (bd, and every chunk start of a col_major row); the end of a component goes word by word,
// and a blocked destination's padding lanes get the fill.

#include "chunk.cuh"
#include "fast_divmod.cuh"

#include <coalesce/layout/spec.hpp>

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace coalesce::detail {

inline constexpr int runs_threads = 256;
inline constexpr int runs_unroll = 4;  // chunks each thread has in flight

// One columnar side: col_major (Blocked = false) puts (v, i) at i * pitch + v; blocked at
// (v / bd) * bd * m + i * bd + v % bd, with pitch = bd and block_span = bd * m.
struct column_side {
  std::size_t pitch;
  std::size_t block_span;
  fast_divmod by_block;  // v -> (v / bd, v % bd); v < 2^31

  template <bool Blocked>
  __device__ __forceinline__ std::size_t at(std::size_t v, std::size_t i) const {
    if constexpr (!Blocked) {
      return i * pitch + v;
    } else {
      unsigned b, r;
      by_block(unsigned(v), b, r);
      return std::size_t(b) * block_span + i * pitch + r;
    }
  }
};

struct runs_shape {
  std::size_t n;      // vectors
  std::size_t cover;  // vectors walked per component: n, or the blocked destination's padded count
  std::size_t m;
  column_side src, dst;
};

inline column_side columns_of(const array_layout& l) {
  if (l.kind == layout_kind::col_major) return {l.pitch, 0, fast_divmod(1)};
  return {l.block, l.block * l.m, fast_divmod(unsigned(l.block))};
}

// Blocks along x: chunks of W words covering `cover` vectors (shifted: one more, the head chunk).
inline unsigned runs_blocks(std::size_t cover, unsigned W, bool shifted) {
  return unsigned(ceil_div(ceil_div(cover, W) + (shifted ? 1 : 0), std::size_t(runs_threads * runs_unroll)));
}

// Aligned 16-byte chunks go component-inner: consecutive blocks take the m components of the same
// vectors, so a blocked side is read or written a whole block of m runs at a time rather than one
// run per block span in m passes (faster for the blocked pairs). The shifted and word-by-word kernels
// measured slower that way and keep the components along y (BENCHMARKS.md, Every transform path).
constexpr bool runs_components_inner(unsigned W, bool shifted) { return W > 1 && !shifted; }

struct runs_grid_size {
  unsigned x, y;
};
// x = chunk blocks x m components, less than 2^31 for any array a GPU holds: each block moves
// runs_threads * runs_unroll 16-byte chunks, 16 KiB.
inline runs_grid_size runs_grid(const runs_shape& s, unsigned W, bool shifted) {
  const unsigned blocks = runs_blocks(s.cover, W, shifted);
  if (runs_components_inner(W, shifted)) return {unsigned(blocks * s.m), 1};
  return {blocks, unsigned(s.m < 65535 ? s.m : 65535)};
}

// The unsigned type of a whole chunk of Bytes bytes, moved by one access.
template <unsigned Bytes>
struct chunk_raw_of;
template <>
struct chunk_raw_of<1> { using type = unsigned char; };
template <>
struct chunk_raw_of<2> { using type = unsigned short; };
template <>
struct chunk_raw_of<4> { using type = unsigned; };
template <>
struct chunk_raw_of<8> { using type = unsigned long long; };
template <>
struct chunk_raw_of<16> { using type = uint4; };

// Calls f(W, Shifted) (integral constants): the runs kernel's instantiation for a runs plan's chunk
// (16, 8, 4 or 2 bytes: W = chunk / sizeof(Word) words; 0: one word) and shift (chunks of 16 or 8
// bytes of several words).
template <class Word, unsigned Bytes = 16, class F>
void with_runs_chunk(unsigned chunk, bool shifted, F&& f) {
  if constexpr (Bytes >= sizeof(Word) && Bytes >= 2) {
    constexpr unsigned W = unsigned(Bytes / sizeof(Word));
    if (chunk != Bytes) return with_runs_chunk<Word, Bytes / 2>(chunk, shifted, f);
    if constexpr (W > 1 && Bytes >= 8) {
      if (shifted) return f(std::integral_constant<unsigned, W>{}, std::true_type{});
    }
    f(std::integral_constant<unsigned, W>{}, std::false_type{});
  } else {
    f(std::integral_constant<unsigned, 1>{}, std::false_type{});
  }
}

// Bytes [b, b + 16) of the 32 bytes lo:hi (little-endian, so element order): whole 4-byte words by
// selects (an index into a register array would go to local memory), the rest by funnel shifts.
__device__ __forceinline__ uint4 funnel(uint4 lo, uint4 hi, unsigned b) {
  unsigned a0 = lo.x, a1 = lo.y, a2 = lo.z, a3 = lo.w, a4 = hi.x, a5 = hi.y, a6 = hi.z, a7 = hi.w;
  if (b & 8) a0 = a2, a1 = a3, a2 = a4, a3 = a5, a4 = a6, a5 = a7;
  if (b & 4) a0 = a1, a1 = a2, a2 = a3, a3 = a4, a4 = a5;
  const unsigned r = (b & 3) * 8;
  return make_uint4(__funnelshift_r(a0, a1, r), __funnelshift_r(a1, a2, r), __funnelshift_r(a2, a3, r),
                    __funnelshift_r(a3, a4, r));
}

// Bytes [b, b + 8) of the 16 bytes lo:hi, 0 < b < 8.
__device__ __forceinline__ unsigned long long funnel(unsigned long long lo, unsigned long long hi, unsigned b) {
  return (lo >> (8 * b)) | (hi << (64 - 8 * b));
}

// The aligned word of type Raw (16 or 8 bytes) holding the byte at p.
template <class Raw = uint4>
__device__ __forceinline__ const Raw* aligned_word(const void* p) {
  return reinterpret_cast<const Raw*>(reinterpret_cast<std::uintptr_t>(p) & ~std::uintptr_t(sizeof(Raw) - 1));
}

// Shifted = false: chunk q is vectors [qW, qW + W), aligned to its bytes (plan.chunk: 16, 8, 4 or 2;
// W = 1: one word) on both sides.
// Shifted = true (plan.shifted: chunks of 16 bytes, or 8 where a blocked side's runs start on no more;
// 16-byte ones of 4-byte words with a blocked side have shifted_runs_kernel.cuh): chunks follow the
// destination's alignment instead. Component i's destination row starts `lead` words before its
// first aligned chunk; chunk q is vectors [lead - W + qW, ...) (chunk 0 the head, clipped at 0), and a
// whole chunk's destination word is the chunk's bytes from b on of the two aligned source words
// holding its first and last element (b = its first element's byte offset in the first word). A col_major source row is contiguous, so these are
// adjacent; a blocked source's runs are whole aligned chunks, so a chunk crossing a block boundary
// takes the tail of one run's last word and the head of the next run's first: the same shift. Both
// loads are aligned and hold an element of the chunk; a col_major source also keeps them inside its
// row (a chunk whose words would reach past the row's ends goes word by word), so nothing outside the
// user's elements is read: no access that memcheck could flag, though an aligned load holding a valid
// byte could not fault anyway (it cannot cross a 16-byte boundary, and pages are at least 4 KiB).
template <class Word, unsigned W, bool SrcBlocked, bool DstBlocked, bool Shifted = false>
__global__ void __launch_bounds__(runs_threads)
    runs_kernel(const Word* __restrict__ src, Word* __restrict__ dst, runs_shape s, bool write_padding, Word fill) {
  using raw = typename chunk_raw_of<W * sizeof(Word)>::type;  // a whole chunk, never split
  static_assert(!Shifted || ((sizeof(raw) == 16 || sizeof(raw) == 8) && W > 1), "a shifted chunk: 16 or 8 bytes");
  constexpr bool components_inner = runs_components_inner(W, Shifted);
  const unsigned m = unsigned(s.m);  // components_inner: fewer than 2^31 blocks (runs_grid)
  const unsigned q0 = (components_inner ? blockIdx.x / m : blockIdx.x) * runs_threads * runs_unroll + threadIdx.x;
  const std::size_t i0 = components_inner ? blockIdx.x % m : blockIdx.y;
  const std::size_t di = components_inner ? s.m : gridDim.y;
  for (std::size_t i = i0; i < s.m; i += di) {
    // Shifted: chunk 0's first vector (<= 0: the destination row's misalignment, in words), and the
    // byte offset of each chunk's first element in its first source word: the same for the whole
    // component (a col_major row is contiguous, a blocked source's runs are whole chunks).
    using index = std::conditional_t<Shifted, long long, std::size_t>;  // a head chunk starts below 0
    index first = 0;
    unsigned shift = 0;
    if constexpr (Shifted) {
      const auto words_at = [](const Word* p) { return unsigned(reinterpret_cast<std::uintptr_t>(p) / sizeof(Word)); };
      const unsigned lead = (W - words_at(dst + s.dst.at<DstBlocked>(0, i)) % W) % W;
      first = lead == 0 ? 0 : index(lead) - index(W);
      shift = (words_at(src + s.src.at<SrcBlocked>(0, i)) + lead) % W;
    }
    const unsigned chunks = unsigned((s.cover - first + W - 1) / W);
    // A chunk moves as one 16-byte word: all data; for a shifted col_major source, both source words
    // inside the row (`shift` words of the first precede v, the second ends W - shift past v + W).
    const auto whole = [&](index v) {
      if constexpr (!Shifted) {
        return v + W <= s.n;
      } else {
        if (v < 0 || std::size_t(v) + W > s.n) return false;
        return SrcBlocked || (v >= shift && (shift == 0 || std::size_t(v) + 2 * W - shift <= s.n));
      }
    };
    // One pass: runs_unroll chunks per thread, all loaded before any is stored; each chunk's
    // destination offset is worked out once. The ends of a component (the head, a chunk past n: data,
    // then padding) move word by word first, in a loop kept rolled: unrolled, it and the held
    // chunks' words would take over 200 registers for 1-byte words.
    raw held[runs_unroll];
    [[maybe_unused]] raw next[runs_unroll];  // Shifted: the second source word
    std::size_t to[runs_unroll];
#pragma unroll
    for (int j = 0; j < runs_unroll; ++j) {
      const unsigned q = q0 + unsigned(j * runs_threads);
      const index v = first + index(q) * W;
      if (q >= chunks || whole(v)) continue;
#pragma unroll 1
      for (unsigned e = 0; e < W; ++e) {
        if constexpr (Shifted) {
          if (v + index(e) < 0) continue;
        }
        const std::size_t u = std::size_t(v + index(e));
        if (u < s.n) {
          dst[s.dst.at<DstBlocked>(u, i)] = src[s.src.at<SrcBlocked>(u, i)];
        } else if (write_padding && u < s.cover) {
          dst[s.dst.at<DstBlocked>(u, i)] = fill;
        }
      }
    }
#pragma unroll
    for (int j = 0; j < runs_unroll; ++j) {
      const index v = first + index(q0 + unsigned(j * runs_threads)) * W;
      if (!whole(v)) continue;
      to[j] = s.dst.at<DstBlocked>(std::size_t(v), i);
      const Word* from = src + s.src.at<SrcBlocked>(std::size_t(v), i);
      if constexpr (Shifted) {
        held[j] = __ldg(aligned_word<raw>(from));
        if (shift != 0) {
          // The word holding the chunk's last element: the next one, or the start of a blocked
          // source's next run (the same component of the next block) where the chunk crosses a block.
          const Word* last = from + (W - 1);
          if constexpr (SrcBlocked) {
            unsigned b, r;  // the same division as at()'s, which the compiler shares
            s.src.by_block(unsigned(v), b, r);
            if (r + W > s.src.pitch) last = from - r + s.src.block_span;
          }
          next[j] = __ldg(aligned_word<raw>(last));
        }
      } else {
        held[j] = __ldg(reinterpret_cast<const raw*>(from));
      }
    }
#pragma unroll
    for (int j = 0; j < runs_unroll; ++j) {
      const index v = first + index(q0 + unsigned(j * runs_threads)) * W;
      if (!whole(v)) continue;
      if constexpr (Shifted) {
        if (shift != 0) held[j] = funnel(held[j], next[j], shift * unsigned(sizeof(Word)));
      }
      *reinterpret_cast<raw*>(dst + to[j]) = held[j];
    }
  }
}

}  // namespace coalesce::detail

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The runs kernel's shifted chunks (plan.shifted: a col_major row off the 16-byte grid, odd n or a
// pointer one element off) staged through shared memory, for 4-byte words with a blocked side. A
// chunk's destination word is bytes [b, b + 16) of the two aligned source words holding its first
// and last element, and the second of those is the next chunk's first (shift != 0: a chunk does not
// end on a source word; a blocked source's runs are whole aligned chunks, so a chunk crossing a block
// also ends in the word the next one starts in). So each block copies the aligned source words of
// its chunks once, by cp.async (no registers held while they fly), into shared memory, and after a
// barrier every thread shifts its chunk out of two neighbouring words there.
//
// Only there: against runs_kernel's shifted branch, which holds both words in registers (and so runs
// at half occupancy), staging measured faster for 4-byte words with a blocked side, and slower for
// col_major to col_major and for 1-, 2- and 8-byte words, which keep the register kernel
// (BENCHMARKS.md, Every transform path).
//
// The two phases are device functions of their own so that a host test (cuda_host_shim.hpp) can run
// every thread's load before any thread's store, as the barrier orders them on the GPU.

#include "chunk.cuh"
#include "runs_kernel.cuh"

namespace coalesce::detail {

// A component's chunk grid (16-byte chunks of W = chunk_words<Word>), as runs_kernel's shifted
// branch works it out inline (it does not call these functions: with them its 4-byte col_major pairs
// measured slower). first: chunk 0's first vector (<= 0, minus the destination row's
// misalignment in words); shift: words of each chunk's first element into its first aligned source
// word, the same for the whole component (a col_major row is contiguous, a blocked source's runs are
// whole chunks).
struct shifted_component {
  long long first;
  unsigned shift;
  unsigned chunks;
};

template <class Word, bool SrcBlocked, bool DstBlocked>
__device__ __forceinline__ shifted_component shifted_component_at(const Word* src, const Word* dst, const runs_shape& s,
                                                                  std::size_t i) {
  constexpr unsigned W = chunk_words<Word>;
  const auto words_at = [](const Word* p) { return unsigned(reinterpret_cast<std::uintptr_t>(p) / sizeof(Word)); };
  const unsigned lead = (W - words_at(dst + s.dst.at<DstBlocked>(0, i)) % W) % W;
  shifted_component c;
  c.first = lead == 0 ? 0 : (long long)lead - (long long)W;
  c.shift = (words_at(src + s.src.at<SrcBlocked>(0, i)) + lead) % W;
  c.chunks = unsigned((s.cover - c.first + W - 1) / W);
  return c;
}

// A shifted chunk moves as one 16-byte word: all data, and for a col_major source both source words
// inside the row (`shift` words of the first precede v, the second ends W - shift past v + W).
template <class Word, bool SrcBlocked>
__device__ __forceinline__ bool shifted_whole(const runs_shape& s, const shifted_component& c, long long v) {
  constexpr unsigned W = chunk_words<Word>;
  if (v < 0 || std::size_t(v) + W > s.n) return false;
  return SrcBlocked || (v >= c.shift && (c.shift == 0 || std::size_t(v) + 2 * W - c.shift <= s.n));
}

// The aligned source word holding the last element of the shifted chunk at vector v (from: its
// first element): the word after from's, or the start of a blocked source's next run (the same
// component of the next block) where the chunk crosses a block.
template <class Word, bool SrcBlocked>
__device__ __forceinline__ const uint4* shifted_second_word(const column_side& src, const Word* from, std::size_t v) {
  const Word* last = from + (chunk_words<Word> - 1);
  if constexpr (SrcBlocked) {
    unsigned b, r;  // the same division as at()'s, which the compiler shares
    src.by_block(unsigned(v), b, r);
    if (r + chunk_words<Word> > src.pitch) last = from - r + src.block_span;
  }
  return aligned_word(last);
}

// Whether runs_kernel's shifted chunks of W words go through this kernel instead: 16-byte chunks of
// 4-byte words with a blocked side.
template <class Word, unsigned W, bool SrcBlocked, bool DstBlocked>
inline constexpr bool shifted_runs_staged = sizeof(Word) == 4 && W == chunk_words<Word> && (SrcBlocked || DstBlocked);

inline constexpr unsigned shifted_chunks = runs_threads * runs_unroll;  // per block and component

// Components inner, as runs_kernel's aligned chunks: block x moves chunks [x / m * shifted_chunks,
// ...) of component x % m, so that a blocked side is walked a whole block of m runs at a time
// (within noise of components along y either way; BENCHMARKS.md, Every transform path).
// Fewer than 2^31 blocks for any array a GPU holds (each moves 16 KiB).
template <class Word>
inline unsigned shifted_runs_blocks(const runs_shape& s) {
  return unsigned(runs_blocks(s.cover, chunk_words<Word>, true) * s.m);
}

// cp.async (sm_80 and later) by PTX: cuda_pipeline.h turns nvcc's #179 on for the code after it
// (the transpose kernel's static_asserts), which --Werror=all-warnings then fails.
#if defined(__CUDACC__)
__device__ __forceinline__ void stage_copy16(uint4* to, const uint4* from) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(unsigned(__cvta_generic_to_shared(to))), "l"(from)
               : "memory");
#else
  *to = __ldg(from);
#endif
}
__device__ __forceinline__ void stage_wait() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm volatile("cp.async.wait_all;\n" ::: "memory");
#endif
}
#else  // the host test (cuda_host_shim.hpp): a copy at once
inline void stage_copy16(uint4* to, const uint4* from) { *to = *from; }
inline void stage_wait() {}
#endif

// Phase 1, thread threadIdx.x of the block whose first chunk is qb, component i: the ends of the
// component (the head, chunks past n: data, then padding) word by word straight to dst; each whole
// chunk's first aligned source word into stage[k] (k: the chunk's index in the block), and the word after it into
// stage[k + 1] where no thread loads that (the block's last chunk, or a next chunk not whole).
template <class Word, bool SrcBlocked, bool DstBlocked>
__device__ __forceinline__ void shifted_runs_load(const Word* __restrict__ src, Word* __restrict__ dst,
                                                  const runs_shape& s, std::size_t i, const shifted_component& c,
                                                  unsigned qb, uint4* stage, bool write_padding, Word fill) {
  constexpr unsigned W = chunk_words<Word>;
#pragma unroll
  for (int j = 0; j < runs_unroll; ++j) {
    const unsigned k = unsigned(j * runs_threads) + threadIdx.x;
    if (qb + k >= c.chunks) continue;
    const long long v = c.first + (long long)(qb + k) * W;
    if (shifted_whole<Word, SrcBlocked>(s, c, v)) {
      const Word* from = src + s.src.at<SrcBlocked>(std::size_t(v), i);
      stage_copy16(stage + k, aligned_word(from));
      if (c.shift != 0 && (k + 1 == shifted_chunks || !shifted_whole<Word, SrcBlocked>(s, c, v + W)))
        stage_copy16(stage + k + 1, shifted_second_word<Word, SrcBlocked>(s.src, from, std::size_t(v)));
      continue;
    }
    // Kept rolled: unrolled, the ends' words would take the registers of the whole kernel.
#pragma unroll 1
    for (unsigned e = 0; e < W; ++e) {
      if (v + (long long)e < 0) continue;
      const std::size_t u = std::size_t(v + (long long)e);
      if (u < s.n) {
        dst[s.dst.at<DstBlocked>(u, i)] = src[s.src.at<SrcBlocked>(u, i)];
      } else if (write_padding && u < s.cover) {
        dst[s.dst.at<DstBlocked>(u, i)] = fill;
      }
    }
  }
}

// Phase 2, after the barrier: each whole chunk shifted out of stage[k] and stage[k + 1], stored aligned.
template <class Word, bool SrcBlocked, bool DstBlocked>
__device__ __forceinline__ void shifted_runs_store(Word* __restrict__ dst, const runs_shape& s, std::size_t i,
                                                   const shifted_component& c, unsigned qb, const uint4* stage) {
  constexpr unsigned W = chunk_words<Word>;
#pragma unroll
  for (int j = 0; j < runs_unroll; ++j) {
    const unsigned k = unsigned(j * runs_threads) + threadIdx.x;
    const long long v = c.first + (long long)(qb + k) * W;
    if (qb + k >= c.chunks || !shifted_whole<Word, SrcBlocked>(s, c, v)) continue;
    uint4 word = stage[k];
    if (c.shift != 0) word = funnel(word, stage[k + 1], c.shift * unsigned(sizeof(Word)));
    *reinterpret_cast<uint4*>(dst + s.dst.at<DstBlocked>(std::size_t(v), i)) = word;
  }
}

// Grid: shifted_runs_blocks<Word>(shape) blocks of runs_threads.
template <class Word, bool SrcBlocked, bool DstBlocked>
__global__ void __launch_bounds__(runs_threads)
    shifted_runs_kernel(const Word* __restrict__ src, Word* __restrict__ dst, runs_shape s, bool write_padding,
                        Word fill) {
  __shared__ uint4 stage[shifted_chunks + 1];
  const unsigned m = unsigned(s.m);
  const unsigned qb = blockIdx.x / m * shifted_chunks;
  const std::size_t i = blockIdx.x % m;
  const shifted_component c = shifted_component_at<Word, SrcBlocked, DstBlocked>(src, dst, s, i);
  shifted_runs_load<Word, SrcBlocked, DstBlocked>(src, dst, s, i, c, qb, stage, write_padding, fill);
  stage_wait();
  __syncthreads();
  shifted_runs_store<Word, SrcBlocked, DstBlocked>(dst, s, i, c, qb, stage);
}

}  // namespace coalesce::detail

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The vector-set transform kernels' code (src/cuda/rows_kernel.cuh, runs_kernel.cuh,
// shifted_runs_kernel.cuh, tiled_relayout.cuh, transpose_kernel.cuh) run on the host, one thread after
// another (cuda_host_shim.hpp), each from its plan in the instantiation and over the grid its launch
// (relayout.cu, fast_relayout.cu) gives it. Include it first, and compile the file with the options of
// kernels_on_host_tests.cpp (tests/CMakeLists.txt: the kernels' `#pragma unroll`s, -O1).
#include "cuda_host_shim.hpp"

// The host compiler cannot see that each held chunk is stored only where it was loaded (the
// kernels' `#pragma unroll`s: tests/CMakeLists.txt).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include "../../src/cuda/rows_kernel.cuh"
#include "../../src/cuda/runs_kernel.cuh"
// The record kernels (record_stage.cuh) name their cp.async wait stage_wait too: on the device the two
// never share a translation unit; here the shifted runs kernel's is renamed, so that one file may run both.
#define stage_wait shifted_runs_stage_wait
#include "../../src/cuda/shifted_runs_kernel.cuh"
#undef stage_wait
#include "../../src/cuda/tiled_relayout.cuh"
#include "../../src/cuda/transpose_kernel.cuh"
#pragma GCC diagnostic pop
#include "../../src/relayout_plan.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

// The transpose kernel's `extern __shared__` tile (one block runs at a time here).
namespace coalesce::detail {
alignas(16) inline unsigned char shared_bytes[48 * 1024];
}

namespace coalesce::test {

using namespace coalesce::detail;

// The runs kernels' grid, block by block, thread by thread. The staged shifted kernel's barrier is
// its two phases: every thread's load, then every thread's store, the shared words poisoned first.
template <class Word, unsigned W, bool Shifted, bool SrcBlocked, bool DstBlocked>
void run_runs(const Word* src, const runs_shape& shape, Word* dst, bool write_padding, const Word& fill) {
  if constexpr (Shifted && shifted_runs_staged<Word, W, SrcBlocked, DstBlocked>) {
    std::vector<uint4> stage(shifted_chunks + 1);
    gridDim = {shifted_runs_blocks<Word>(shape), 1, 1};
    for (blockIdx.x = 0; blockIdx.x < gridDim.x; ++blockIdx.x) {
      std::fill(stage.begin(), stage.end(), uint4{0xdeadbeefu, 0xdeadbeefu, 0xdeadbeefu, 0xdeadbeefu});
      const unsigned qb = blockIdx.x / unsigned(shape.m) * shifted_chunks;
      const std::size_t i = blockIdx.x % shape.m;
      const shifted_component c = shifted_component_at<Word, SrcBlocked, DstBlocked>(src, dst, shape, i);
      for (threadIdx.x = 0; threadIdx.x < unsigned(runs_threads); ++threadIdx.x)
        shifted_runs_load<Word, SrcBlocked, DstBlocked>(src, dst, shape, i, c, qb, stage.data(), write_padding, fill);
      for (threadIdx.x = 0; threadIdx.x < unsigned(runs_threads); ++threadIdx.x)
        shifted_runs_store<Word, SrcBlocked, DstBlocked>(dst, shape, i, c, qb, stage.data());
    }
  } else {
    const runs_grid_size size = runs_grid(shape, W, Shifted);
    gridDim = {size.x, size.y, 1};
    for (blockIdx.y = 0; blockIdx.y < gridDim.y; ++blockIdx.y)
      for (blockIdx.x = 0; blockIdx.x < gridDim.x; ++blockIdx.x)
        for (threadIdx.x = 0; threadIdx.x < unsigned(runs_threads); ++threadIdx.x)
          runs_kernel<Word, W, SrcBlocked, DstBlocked, Shifted>(src, dst, shape, write_padding, fill);
  }
}

// A runs plan's move (fast_relayout.cu's move_runs): fill null leaves a blocked destination's padding alone.
template <class Word>
void run_runs_plan(const fast_plan& plan, const Word* src, const array_layout& sl, Word* dst, const array_layout& dl,
                   const Word* fill) {
  const runs_shape shape{sl.n, dst_extent(dl, fill != nullptr), sl.m, columns_of(sl), columns_of(dl)};
  const bool write_padding = fill != nullptr;
  const Word fill_word = write_padding ? *fill : Word{};
  const bool sb = sl.kind == layout_kind::blocked, db = dl.kind == layout_kind::blocked;
  with_runs_chunk<Word>(plan.chunk, plan.shifted, [&](auto words, auto shifted) {
    constexpr unsigned W = decltype(words)::value;
    constexpr bool Shifted = decltype(shifted)::value;
    if (sb && db) return run_runs<Word, W, Shifted, true, true>(src, shape, dst, write_padding, fill_word);
    if (sb) return run_runs<Word, W, Shifted, true, false>(src, shape, dst, write_padding, fill_word);
    if (db) return run_runs<Word, W, Shifted, false, true>(src, shape, dst, write_padding, fill_word);
    run_runs<Word, W, Shifted, false, false>(src, shape, dst, write_padding, fill_word);
  });
}

// The transpose kernel's whole grid for a transpose plan, as move_transpose launches it (the leads of
// the rows and of the columns from the pointers), a block in two passes (cuda_host_shim.hpp: its loads
// and shared stores before the barrier are idempotent): the tiles (shared memory poisoned first) and
// the tail blocks (the vectors after the last whole tile, and a blocked destination's padding where
// fill is given).
template <class Word>
void run_transpose(const fast_plan& plan, const Word* src, const array_layout& sl, Word* dst, const array_layout& dl,
                   const Word* fill) {
  REQUIRE(plan.shared_bytes <= sizeof(shared_bytes));
  constexpr unsigned G = unsigned(16 / sizeof(Word));
  const bool rows_first = sl.kind == layout_kind::row_major;
  const auto lead_of = [](const void* p) { return unsigned(reinterpret_cast<std::uintptr_t>(p) % 16 / sizeof(Word)); };
  const unsigned lead = lead_of(rows_first ? static_cast<const void*>(dst) : src);
  const unsigned row_lead = lead_of(rows_first ? static_cast<const void*>(src) : dst);
  const transpose_shape shape = transpose_shape_for(plan, sl, dl, fill != nullptr, G, row_lead);
  const Word fill_word = fill ? *fill : Word{};
  with_transpose_columns<G>(plan, rows_first ? dl : sl, lead, [&](auto columns) {
    using Columns = decltype(columns);
    gridDim.x = unsigned(plan.split / plan.tile + shape.tail);
    with_row_mode<G>(plan, sl.m, [&](auto mode, auto static_m) {  // the launch's instantiation
      constexpr row_mode Mode = decltype(mode)::value;
      constexpr unsigned StaticM = decltype(static_m)::value;
      const auto run = [&](auto first) {
        constexpr bool RowsFirst = decltype(first)::value;
        with_turn<Word, Columns, RowsFirst, Mode>(shape, [&](auto turn) {
          with_shifted_rows<G, Mode>(shape, [&](auto shifted) {
            const auto kernel = [&] {
              transpose_kernel<Word, Columns, RowsFirst, Mode, StaticM, decltype(turn)::value, decltype(shifted)::value>(
                  src, dst, shape, columns, fill_word);
            };
            for (unsigned b = 0; b < gridDim.x; ++b) {
              std::memset(shared_bytes, 0xa5, sizeof(shared_bytes));
              blockIdx.x = b;
              run_block_in_two_passes(transpose_threads, kernel);
            }
          });
        });
      };
      if (rows_first) run(std::true_type{});
      else run(std::false_type{});
    });
  });
}

// The generic tiled kernel (tiled_relayout.cuh) for a tiled plan over `range`, its loop body tile by
// tile: every thread's load_tile, then every thread's store_tile (the kernel's barrier between them),
// shared memory poisoned first, the walks and 16-byte variants as launch_tiled picks them. Returns
// whether a side moved 16-byte groups.
template <class Word>
bool run_tiled(const relayout_plan& plan, const Word* src, const array_layout& sl, Word* dst, const array_layout& dl,
               const tile_range& range, bool write_padding, const Word& fill) {
  const bool sv = tile_side_vectorizable(sl, sizeof(Word), plan.tile, src, range.src_first);
  const bool dv = tile_side_vectorizable(dl, sizeof(Word), plan.tile, dst, range.dst_first);
  std::vector<uint4> shared((plan.shared_bytes + 15) / 16);
  Word* const tile = reinterpret_cast<Word*>(shared.data());
  with_walk(sl, plan.tile, [&](auto src_walk) {
    with_walk(dl, plan.tile, [&](auto dst_walk) {
      const auto run = [&](auto src_vec, auto dst_vec) {
        constexpr int SrcVec = decltype(src_vec)::value, DstVec = decltype(dst_vec)::value;
        for (std::size_t v0 = 0; v0 < range.dst_extent; v0 += plan.tile) {  // tiled_relayout_kernel's loop
          std::fill(shared.begin(), shared.end(), uint4{0xdeadbeefu, 0xdeadbeefu, 0xdeadbeefu, 0xdeadbeefu});
          const unsigned count = v0 < range.count ? unsigned(std::min<std::size_t>(plan.tile, range.count - v0)) : 0u;
          const unsigned extent = unsigned(std::min<std::size_t>(plan.tile, range.dst_extent - v0));
          const std::size_t src_base = src_walk.base(range.src_first + v0);
          const std::size_t dst_base = dst_walk.base(range.dst_first + v0);
          for (threadIdx.x = 0; threadIdx.x < unsigned(tile_threads); ++threadIdx.x)
            load_tile<SrcVec>(src, src_walk, src_base, src_walk.size(count, plan.tile), count, plan.stride, tile);
          for (threadIdx.x = 0; threadIdx.x < unsigned(tile_threads); ++threadIdx.x)
            store_tile<DstVec>(dst, dst_walk, dst_base, dst_walk.size(extent, plan.tile), count, extent, plan.stride,
                               write_padding, fill, tile);
        }
      };
      using one = std::integral_constant<int, 1>;
      if constexpr (sizeof(Word) < 16) {
        using group = std::integral_constant<int, int(16 / sizeof(Word))>;
        if (sv && dv) return run(group{}, group{});
        if (sv) return run(group{}, one{});
        if (dv) return run(one{}, group{});
      }
      run(one{}, one{});
    });
  });
  return sv || dv;
}

// The rows kernel (row_major to row_major of another pitch) in words of `word` bytes
// (rows_word_bytes), over a grid of three blocks (each takes every third group of rows).
inline void run_rows(const void* src, const array_layout& sl, void* dst, const array_layout& dl, std::size_t elem,
                     std::size_t word) {
  const rows_shape shape = rows_shape_for(sl, dl, elem, word);
  const auto run = [&](auto zero) {
    using W = decltype(zero);
    gridDim.x = 3;
    for (blockIdx.x = 0; blockIdx.x < gridDim.x; ++blockIdx.x)
      for (threadIdx.x = 0; threadIdx.x < unsigned(rows_threads); ++threadIdx.x)
        rows_kernel<W>(static_cast<const W*>(src), static_cast<W*>(dst), shape);
  };
  switch (word) {
    case 1: run(std::uint8_t{}); break;
    case 2: run(std::uint16_t{}); break;
    case 4: run(std::uint32_t{}); break;
    case 8: run(std::uint64_t{}); break;
    default: run(uint4{}); break;
  }
}

}  // namespace coalesce::test

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The flat, runs and transpose routes (plan_fast_relayout), each instantiated per word size and (for
// the transpose) direction and m.
#include "fast_relayout.hpp"

#include "../relayout_one.hpp"
#include "cuda_check.hpp"
#include "device_copy.hpp"
#include "runs_kernel.cuh"
#include "shifted_runs_kernel.cuh"
#include "transpose_kernel.cuh"

#include <algorithm>
#include <cstdint>
#include <type_traits>

namespace coalesce::detail {
namespace {

template <class Word>
__global__ void fill_kernel(Word* dst, std::size_t count, Word value) {
  const std::size_t stride = std::size_t(gridDim.x) * blockDim.x;
  for (std::size_t k = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; k < count; k += stride) dst[k] = value;
}

// ---- flat: m == 1, both sides one run of n words; a blocked destination's padding follows them.
template <class Word>
void move_flat(const Word* src, Word* dst, const array_layout& dl, const Word* fill, cudaStream_t stream,
               const std::string& call) {
  copy_device_bytes(dst, src, dl.n * sizeof(Word), stream, call);
  const std::size_t padding = dl.kind == layout_kind::blocked && fill ? dl.span() - dl.n : 0;
  if (padding == 0) return;
  fill_kernel<<<unsigned(ceil_div(padding, 256)), 256, 0, stream>>>(dst + dl.n, padding, *fill);
  check_cuda(cudaGetLastError(), call, "fill kernel launch");
}

// ---- runs: between two columnar layouts.
template <class Word, unsigned W, bool Shifted = false>
void launch_runs(const Word* src, const array_layout& sl, Word* dst, const array_layout& dl, const runs_shape& shape,
                 const Word* fill, cudaStream_t stream, const std::string& call) {
  const runs_grid_size size = runs_grid(shape, W, Shifted);
  const dim3 grid(size.x, size.y);
  const bool write_padding = fill != nullptr;
  const Word fill_word = write_padding ? *fill : Word{};
  auto go = [&](auto src_blocked, auto dst_blocked) {
    constexpr bool from_blocks = decltype(src_blocked)::value, to_blocks = decltype(dst_blocked)::value;
    if constexpr (Shifted && shifted_runs_staged<Word, W, from_blocks, to_blocks>) {
      shifted_runs_kernel<Word, from_blocks, to_blocks>
          <<<shifted_runs_blocks<Word>(shape), runs_threads, 0, stream>>>(src, dst, shape, write_padding, fill_word);
    } else {
      runs_kernel<Word, W, from_blocks, to_blocks, Shifted>
          <<<grid, runs_threads, 0, stream>>>(src, dst, shape, write_padding, fill_word);
    }
  };
  using yes = std::true_type;
  using no = std::false_type;
  const bool sb = sl.kind == layout_kind::blocked, db = dl.kind == layout_kind::blocked;
  sb ? (db ? go(yes{}, yes{}) : go(yes{}, no{})) : (db ? go(no{}, yes{}) : go(no{}, no{}));
  check_cuda(cudaGetLastError(), call, "runs kernel launch");
}

template <class Word>
void move_runs(const Word* src, const array_layout& sl, Word* dst, const array_layout& dl, const fast_plan& plan,
               const Word* fill, cudaStream_t stream, const std::string& call) {
  const runs_shape shape{sl.n, dst_extent(dl, fill != nullptr), sl.m, columns_of(sl), columns_of(dl)};
  with_runs_chunk<Word>(plan.chunk, plan.shifted, [&](auto words, auto shifted) {
    launch_runs<Word, decltype(words)::value, decltype(shifted)::value>(src, sl, dst, dl, shape, fill, stream, call);
  });
}

// ---- transpose: row_major (any pitch) <-> col_major or blocked.
template <class Word>
void move_transpose(const Word* src, const array_layout& sl, Word* dst, const array_layout& dl, const fast_plan& plan,
                    const Word* fill, cudaStream_t stream, const std::string& call) {
  constexpr unsigned G = chunk_words<Word>;
  const bool rows_first = sl.kind == layout_kind::row_major;
  const array_layout& other = rows_first ? dl : sl;
  const unsigned m = unsigned(sl.m);
  const Word* rows_data = rows_first ? src : dst;
  const unsigned row_lead = unsigned(reinterpret_cast<std::uintptr_t>(rows_data) % 16 / sizeof(Word));
  const transpose_shape shape = transpose_shape_for(plan, sl, dl, fill != nullptr, G, row_lead);
  const Word fill_word = fill ? *fill : Word{};
  auto launch = [&](auto columns) {
    with_row_mode<G>(plan, m, [&](auto mode, auto static_m) {
      auto go = [&](auto first) {
        using Columns = decltype(columns);
        constexpr bool RowsFirst = decltype(first)::value;
        constexpr row_mode Mode = decltype(mode)::value;
        with_turn<Word, Columns, RowsFirst, Mode>(shape, [&](auto turn) {
          with_shifted_rows<G, Mode>(shape, [&](auto shifted) {
            auto kernel = transpose_kernel<Word, Columns, RowsFirst, Mode, decltype(static_m)::value,
                                           decltype(turn)::value, decltype(shifted)::value>;
            kernel<<<unsigned(plan.split / plan.tile + shape.tail), transpose_threads, plan.shared_bytes, stream>>>(
                src, dst, shape, columns, fill_word);
          });
        });
        check_cuda(cudaGetLastError(), call, "transpose kernel launch");
      };
      if constexpr (decltype(mode)::value == row_mode::span) {
        go(std::true_type{});  // span rows are only ever a source
      } else {
        rows_first ? go(std::true_type{}) : go(std::false_type{});
      }
    });
  };
  const Word* columns_data = rows_first ? dst : src;
  const unsigned lead = unsigned(reinterpret_cast<std::uintptr_t>(columns_data) % 16 / sizeof(Word));
  with_transpose_columns<G>(plan, other, lead, launch);
}

}  // namespace

void relayout_fast(const void* src, const array_layout& sl, void* dst, const array_layout& dl, std::size_t elem,
                   const void* fill, const fast_plan& plan, const std::string& call, cudaStream_t stream) {
  with_word(elem, call, [&](auto word) {
    using W = decltype(word);
    const W* from = static_cast<const W*>(src);
    W* to = static_cast<W*>(dst);
    const W* fill_word = static_cast<const W*>(fill);
    switch (plan.method) {
      case fast_method::flat: return move_flat(from, to, dl, fill_word, stream, call);
      case fast_method::runs: return move_runs(from, sl, to, dl, plan, fill_word, stream, call);
      case fast_method::transpose: return move_transpose(from, sl, to, dl, plan, fill_word, stream, call);
      case fast_method::none: break;
    }
    // A route's launch with a plan that declines the move would leave the destination as it was.
    fail(errc::invalid_argument, call, "the fast routes have no plan for this move (a route chosen against its plan)");
  });
}

}  // namespace coalesce::detail

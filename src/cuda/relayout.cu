// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Device transforms of vector sets: the route the table chooses (move_routes.hpp) and the tiled kernel;
// what no other route takes goes to the element kernel of records and vector sets (record_element.cuh).
#include "../device_api.hpp"
#include "../relayout_one.hpp"  // with_word
#include "copy_rows.hpp"
#include "device_copy.hpp"
#include "fast_relayout.hpp"
#include "cuda_check.hpp"
#include "../move_routes.hpp"
#include "../record/record_device.hpp"
#include "record_element.cuh"
#include "../relayout_plan.hpp"
#include "rows_kernel.cuh"
#include "tiled_relayout.cuh"

#include <algorithm>
#include <cstdint>
#include <type_traits>

namespace coalesce::detail {
namespace {

int multiprocessors(const std::string& call) { return device_attribute(cudaDevAttrMultiProcessorCount, call); }

template <class Word, int SrcVec, int DstVec, class SrcWalk, class DstWalk>
void launch_tiled_kernel(const Word* src, const SrcWalk& src_walk, Word* dst, const DstWalk& dst_walk,
                         const relayout_plan& plan, const tile_range& range, bool write_padding, Word fill,
                         cudaStream_t stream, const std::string& call) {
  auto kernel = tiled_relayout_kernel<Word, SrcWalk, DstWalk, SrcVec, DstVec>;
  int per_sm = 0;
  check_cuda(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, tile_threads, plan.shared_bytes), call,
             "cudaOccupancyMaxActiveBlocksPerMultiprocessor");
  const std::size_t tiles = ceil_div(range.dst_extent, plan.tile);
  const std::size_t grid = std::min(tiles, std::size_t(std::max(per_sm, 1)) * multiprocessors(call));
  kernel<<<unsigned(grid), tile_threads, plan.shared_bytes, stream>>>(src, src_walk, dst, dst_walk, range, plan.tile,
                                                                      plan.stride, write_padding, fill);
  check_cuda(cudaGetLastError(), call, "tiled relayout kernel launch");
}

template <class Word>
void launch_tiled(const Word* src, const array_layout& sl, Word* dst, const array_layout& dl, const relayout_plan& plan,
                  const tile_range& range, bool write_padding, Word fill, cudaStream_t stream, const std::string& call) {
  with_walk(sl, plan.tile, [&](auto src_walk) {
    with_walk(dl, plan.tile, [&](auto dst_walk) {
      auto go = [&](auto src_vec, auto dst_vec) {
        launch_tiled_kernel<Word, decltype(src_vec)::value, decltype(dst_vec)::value>(
            src, src_walk, dst, dst_walk, plan, range, write_padding, fill, stream, call);
      };
      using one = std::integral_constant<int, 1>;
      if constexpr (sizeof(Word) < 16) {  // 16-byte accesses where each side allows
        using group = std::integral_constant<int, int(16 / sizeof(Word))>;
        const bool sv = tile_side_vectorizable(sl, sizeof(Word), plan.tile, src, range.src_first);
        const bool dv = tile_side_vectorizable(dl, sizeof(Word), plan.tile, dst, range.dst_first);
        if (sv && dv) return go(group{}, group{});
        if (sv) return go(group{}, one{});
        if (dv) return go(one{}, group{});
      }
      go(one{}, one{});
    });
  });
}

// row_major to row_major with other pitches, in words of `word` bytes (rows_word_bytes).
void move_rows(const void* src, const array_layout& sl, void* dst, const array_layout& dl, std::size_t elem,
               std::size_t word, cudaStream_t stream, const std::string& call) {
  with_word(word, call, [&](auto w) {
    using W = decltype(w);
    const rows_shape shape = rows_shape_for(sl, dl, elem, word);
    const std::size_t groups = ceil_div(sl.n, std::size_t(shape.rows_per_block));
    const std::size_t grid = std::min(groups, std::size_t(multiprocessors(call)) * 16);
    rows_kernel<W><<<unsigned(grid), rows_threads, 0, stream>>>(static_cast<const W*>(src), static_cast<W*>(dst), shape);
    check_cuda(cudaGetLastError(), call, "rows kernel launch");
  });
}

}  // namespace

void relayout_device(const void* src, const array_layout& sl, void* dst, const array_layout& dl, std::size_t elem,
                     const void* fill, const std::string& call, stream_t stream) {
  if (sl.n == 0) return;
  const device_move move = vector_device_move(sl, src, dl, dst, elem, fill);
  const route_choice route = choose_route(move, false, call);
  switch (route.id) {
    case route_id::copy: return copy_device_bytes(dst, src, contiguous_copy_bytes(sl, dl, elem), stream, call);
    case route_id::rows:
      return move_rows(src, sl, dst, dl, elem, rows_word_bytes(sl, src, dl, dst, elem), stream, call);
    case route_id::copy_2d: return copy_same_kind(src, sl, dst, dl, elem, stream, call);
    case route_id::flat:
    case route_id::runs:
    case route_id::transpose:
      return relayout_fast(src, sl, dst, dl, elem, fill, fast_plan_of(move, !route.own_plan), call, stream);
    case route_id::records_lanes:
    case route_id::records_staged:
      return move_records_by_route(route.id, record_form(move), record_range_of(move), src, dst, call, stream,
                                   !route.own_plan);
    case route_id::tiled:
    case route_id::elements: {
      relayout_plan plan;  // not tiled: the element kernel
      if (route.id == route_id::tiled) plan = plan_relayout(sl, dl, elem);
      return relayout_device_range(src, sl, dst, dl, elem, fill, plan,
                                   tile_range{sl.n, dst_extent(dl, fill != nullptr), 0, 0}, call, stream);
    }
  }
}

void relayout_device_range(const void* src, const array_layout& sl, void* dst, const array_layout& dl,
                           std::size_t elem, const void* fill, const relayout_plan& plan, const tile_range& range,
                           const std::string& call, stream_t stream) {
  // Only a blocked destination's padding lanes take the fill; pitch gaps are never written.
  const bool write_padding = fill != nullptr && dl.kind == layout_kind::blocked;
  with_word(elem, call, [&](auto word) {
    using W = decltype(word);
    if (plan.method != relayout_method::tiled) {  // the element kernel
      const record_range records{range.count, write_padding ? range.dst_extent : range.count, range.src_first,
                                 range.dst_first};
      return move_elements_device(*plan_vector_elements(sl, dl, elem, fill, records), src, dst, call, stream);
    }
    const W fill_word = write_padding ? *static_cast<const W*>(fill) : W{};
    launch_tiled(static_cast<const W*>(src), sl, static_cast<W*>(dst), dl, plan, range, write_padding, fill_word,
                 stream, call);
  });
}

}  // namespace coalesce::detail

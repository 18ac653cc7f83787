// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include "relayout_plan.hpp"

namespace coalesce::detail {
namespace {

bool same_shape_and_layout(const array_layout& a, const array_layout& b) {
  if (a.kind != b.kind || a.n != b.n || a.m != b.m) return false;
  return a.kind == layout_kind::blocked ? a.block == b.block : a.pitch == b.pitch;
}

// A blocked side accepts a tile that holds whole blocks or lies inside one.
bool tile_fits_block(const array_layout& l, unsigned tile) {
  return l.kind != layout_kind::blocked || tile % l.block == 0 || l.block % tile == 0;
}

}  // namespace

relayout_plan plan_relayout(const array_layout& src, const array_layout& dst, std::size_t elem) {
  relayout_plan plan;
  if (same_shape_and_layout(src, dst) ||
      (src.kind == dst.kind && src.kind != layout_kind::blocked && src.n == dst.n && src.m == dst.m)) {
    plan.method = relayout_method::copy_2d;
    return plan;
  }
  plan.stride = unsigned(src.m | 1);
  const std::size_t row_bytes = std::size_t(plan.stride) * elem;
  // Prefer tiles of whole warps (aligned runs on both sides) within the budget; then any tile that
  // meets awkward block sizes; then up to the 48 KiB a block gets without opting in.
  for (std::size_t budget : {tile_budget_bytes, max_tile_bytes}) {
    for (unsigned step : {32u, 1u}) {
      for (unsigned tile = max_tile / step * step; tile >= min_tile; tile -= step) {
        if (tile * row_bytes > budget) continue;
        if (!tile_fits_block(src, tile) || !tile_fits_block(dst, tile)) continue;
        // k < T * m stays far below 2^31 (fast_divmod's range): T * m * elem <= 48 KiB.
        plan.method = relayout_method::tiled;
        plan.tile = tile;
        plan.shared_bytes = tile * row_bytes;
        return plan;
      }
    }
  }
  return plan;  // no tile fits (large m or awkward block sizes): the straightforward kernel
}

}  // namespace coalesce::detail

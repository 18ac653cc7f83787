// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include "host_plan.hpp"

#include "host_gather.hpp"

#include <algorithm>
#include <numeric>

namespace coalesce::detail {

const char* to_string(host_method m) noexcept {
  switch (m) {
    case host_method::rows: return "rows";
    case host_method::runs: return "runs";
    case host_method::transpose: return "transpose";
    case host_method::simple: return "simple";
  }
  return "unknown";
}

array_layout plainest(const array_layout& l) {
  array_layout p = l;
  if (l.m == 1) {  // offset v * pitch on a row_major side, v elsewhere
    if (l.kind != layout_kind::row_major) p = {layout_kind::row_major, l.n, 1, 1, 0};
  } else if (l.kind == layout_kind::blocked && l.block == 1) {
    p = {layout_kind::row_major, l.n, l.m, l.m, 0};
  } else if (l.kind == layout_kind::blocked && l.n <= l.block) {
    p = {layout_kind::col_major, l.n, l.m, l.block, 0};
  }
  return p;
}

host_plan plan_host_relayout(const array_layout& src, const array_layout& dst, std::size_t elem) {
  host_plan plan;
  plan.src = plainest(src);
  plan.dst = plainest(dst);
  plan.stream = dst.span() * elem >= host_stream_bytes;
  const bool src_rows = plan.src.kind == layout_kind::row_major, dst_rows = plan.dst.kind == layout_kind::row_major;
  if (src_rows && dst_rows) {
    plan.method = host_method::rows;
  } else if (!src_rows && !dst_rows) {
    plan.method = host_method::runs;
  } else {
    // T vectors fill the buffer. A multiple of a blocked side's bd makes every run a whole block, and
    // a multiple of a 64-byte line's words starts every tile's runs on a line of their own, where the
    // array's rows are aligned: a line half written by non-temporal stores costs a read of memory.
    std::size_t tile = host_tile_bytes / (src.m * elem);
    const array_layout& columnar = src_rows ? plan.dst : plan.src;
    std::size_t unit = std::max<std::size_t>(1, 64 / elem);
    if (columnar.kind == layout_kind::blocked && columnar.block <= tile)
      unit = std::lcm(unit, columnar.block) <= tile ? std::lcm(unit, columnar.block) : columnar.block;
    if (unit <= tile) tile -= tile % unit;
    tile = std::min(tile, src.n);
    if (tile >= std::min(host_min_tile, src.n)) {
      plan.method = host_method::transpose;
      plan.tile = tile;
      plan.gather = host_gathers_available() && gathers_cover(plan, elem);
    }
  }
  return plan;
}

}  // namespace coalesce::detail

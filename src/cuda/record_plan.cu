// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The host side of the tiled record kernel: the tile size and each side's rows and runs.
#include "record_tiles.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdint>
#include <cstring>
#include <numeric>
#include <vector>

namespace coalesce::detail {
namespace {

unsigned log2_width(unsigned w) { return w == 1 ? 0 : w == 2 ? 1 : w == 4 ? 2 : w == 8 ? 3 : 4; }

// The block size of a side's blocks-form components (0: none).

// The stride of a side's rows-form components (0: none).
std::size_t side_stride(const std::vector<component_place>& side) {
  for (const component_place& p : side)
    if (p.block == 1) return p.a;
  return 0;
}

// T: a multiple of 16 (so every tile keeps the rows' alignment and the runs' 16-byte chunks), a
// multiple or a divisor of each blocked side's bd, within the shared-memory budget. 0 when none fits.
std::size_t pick_tile(std::size_t bytes_per_record, std::size_t src_bd, std::size_t dst_bd) {
  const std::size_t most = std::min<std::size_t>(2048, record_tile_budget / bytes_per_record);
  auto meets = [](std::size_t t, std::size_t bd) { return bd == 0 || t % bd == 0 || bd % t == 0; };
  for (std::size_t t = most / 16 * 16; t >= 16; t -= 16)
    if (meets(t, src_bd) && meets(t, dst_bd)) return t;
  return 0;
}

void plan_rows(const std::vector<component_place>& side, std::size_t rows_base, std::uintptr_t data,
               std::size_t first, rows_side& r) {
  const std::size_t stride = side_stride(side);
  r.present = stride != 0;
  if (!r.present) return;
  r.base = rows_base;
  r.stride = std::uint32_t(stride);
  r.misalign = std::uint32_t((data + rows_base + first * stride) % 16);
  for (std::size_t k = 0; k < side.size(); ++k) {
    if (side[k].block != 1) continue;
    r.comp[r.comps] = std::uint8_t(k);
    r.offset[r.comps] = std::uint16_t(side[k].base - rows_base);
    ++r.comps;
  }
  r.comps_div = fast_divmod(r.comps);
}

// Runs move 16-byte chunks: every run of every tile must start 16-byte aligned.
bool plan_runs(const record_move& move, const std::vector<component_place>& side, std::uintptr_t data,
               std::size_t first, std::size_t tile, runs_side& r) {
  const std::size_t bd = side_block(side);
  r.block = std::uint32_t(bd);
  r.run_records = std::uint32_t(bd == 0 ? tile : std::min(tile, bd));
  const std::size_t runs_per_tile = bd == 0 ? 1 : std::max<std::size_t>(1, tile / bd);
  for (unsigned l = 0; l < 5; ++l) r.chunks_per_run[l] = fast_divmod(unsigned(((r.run_records << l) + 15) / 16));
  r.exact = true;
  std::size_t shortest = SIZE_MAX;
  std::uint32_t chunks = 0;
  for (std::size_t k = 0; k < side.size(); ++k) {
    const component_place& c = side[k];
    if (c.block == 1) continue;
    const std::size_t w = move.width[k];
    const std::uintptr_t start = data + c.base + (bd == 0 ? first * w : (first / bd) * c.a + (first % bd) * w);
    const std::size_t step = bd == 0 ? tile * w : (tile >= bd ? c.a : tile * w);
    if (start % 16 != 0 || step % 16 != 0 || (bd != 0 && c.a % 16 != 0)) return false;
    r.exact = r.exact && (r.run_records * w) % 16 == 0;
    shortest = std::min<std::size_t>(shortest, r.run_records * w);
    r.comp[r.lists] = std::uint8_t(k);
    r.base[r.lists] = c.base;
    if (bd) r.block_stride = c.a;
    r.first_chunk[r.lists] = chunks;
    chunks += std::uint32_t(runs_per_tile * r.chunks_per_run[log2_width(unsigned(w))].divisor);
    ++r.lists;
  }
  r.first_chunk[r.lists] = chunks;
  r.bulk = r.exact && r.lists > 0 && shortest >= bulk_run_bytes;
  return true;
}

}  // namespace

std::optional<record_tile_params> plan_record_tiles(const record_move& move, const record_range& range,
                                                    const void* src, const void* dst) {
  const std::size_t comps = move.width.size();
  const std::size_t data_bytes = std::accumulate(move.width.begin(), move.width.end(), std::size_t(0));
  const std::size_t raw_per_record = std::max(side_stride(move.src), side_stride(move.dst));
  const std::size_t src_bd = side_block(move.src), dst_bd = side_block(move.dst);
  const std::size_t tile = pick_tile(data_bytes + raw_per_record, src_bd, dst_bd);
  if (tile == 0 || comps > max_record_components || raw_per_record > 65535) return std::nullopt;
  // Whole blocks start a tile at a block's first lane; a divisor of bd starts at a multiple of T.
  auto starts_well = [&](std::size_t first, std::size_t bd) { return bd == 0 || first % std::min(tile, bd) == 0; };
  if (!starts_well(range.src_first, src_bd) || !starts_well(range.dst_first, dst_bd)) return std::nullopt;
  std::optional<record_tile_params> plan(std::in_place);
  record_tile_params& p = *plan;
  p.tile = std::uint32_t(tile);
  p.tile_div = fast_divmod(unsigned(tile));
  p.comps = std::uint32_t(comps);
  p.count = range.count;
  p.dst_count = range.dst_count;
  p.src_first = range.src_first;
  p.dst_first = range.dst_first;
  p.preserve_gaps = move.preserve_gaps;
  std::uint32_t image = 0;
  for (std::size_t k = 0; k < comps; ++k) {
    p.image[k] = image;
    image += std::uint32_t(tile * move.width[k]);  // a multiple of 16: T is
    p.width[k] = move.width[k];
    std::memcpy(p.fill[k], move.fill[k].data(), 16);
  }
  p.image_bytes = image;
  p.raw_bytes = std::uint32_t(raw_per_record ? tile * raw_per_record + 32 : 0);
  const auto s = reinterpret_cast<std::uintptr_t>(src), d = reinterpret_cast<std::uintptr_t>(dst);
  plan_rows(move.src, move.src_rows_base, s, range.src_first, p.src.rows);
  plan_rows(move.dst, move.dst_rows_base, d, range.dst_first, p.dst.rows);
  if (!plan_runs(move, move.src, s, range.src_first, tile, p.src.runs)) return std::nullopt;
  if (!plan_runs(move, move.dst, d, range.dst_first, tile, p.dst.runs)) return std::nullopt;
  if (p.dst.rows.present && !move.preserve_gaps) {
    std::size_t covered = 0;
    for (std::size_t q = 0; q < p.dst.rows.comps; ++q) covered += move.width[p.dst.rows.comp[q]];
    p.zero_gaps = covered != p.dst.rows.stride;
  }
  return plan;
}

}  // namespace coalesce::detail

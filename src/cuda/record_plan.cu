// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The host side of the tiled record kernel: the tile size and each side's chunk tables.
#include "record_tiles.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <numeric>
#include <vector>

namespace coalesce::detail {
namespace {

unsigned log2_width(unsigned w) { return w == 1 ? 0 : w == 2 ? 1 : w == 4 ? 2 : w == 8 ? 3 : 4; }

// The block size of a side's blocks-form components (0: none).
std::size_t side_block(const std::vector<component_place>& side) {
  for (const component_place& p : side)
    if (p.block > 1) return p.block;
  return 0;
}

// T: a multiple of 16 (so every tile keeps the rows' alignment and the runs' 16-byte chunks), a
// multiple or a divisor of each blocked side's bd, within the image budget. 0 when none fits.
std::size_t pick_tile(std::size_t bytes_per_record, std::size_t src_bd, std::size_t dst_bd) {
  const std::size_t most = std::min<std::size_t>(2048, record_tile_budget / bytes_per_record);
  auto meets = [](std::size_t t, std::size_t bd) { return bd == 0 || t % bd == 0 || bd % t == 0; };
  for (std::size_t t = most / 16 * 16; t >= 16; t -= 16)
    if (meets(t, src_bd) && meets(t, dst_bd)) return t;
  return 0;
}

// The rows-form components of a side as one chunked byte range per tile.
bool plan_rows(const record_move& move, const std::vector<component_place>& side, std::size_t rows_base,
               std::uintptr_t data, std::size_t first, std::size_t tile, row_group& g) {
  std::vector<std::size_t> comps;
  for (std::size_t k = 0; k < side.size(); ++k)
    if (side[k].block == 1) comps.push_back(k);
  const std::size_t stride = side[comps.front()].a;
  g.base = rows_base;
  g.stride = std::uint32_t(stride);
  g.misalign = std::uint32_t((data + rows_base + first * stride) % 16);
  const std::size_t period = std::lcm(stride, std::size_t(16));
  g.records_per_period = std::uint32_t(period / stride);
  g.chunks_per_period = std::uint32_t(period / 16);
  g.chunks = std::uint32_t((g.misalign + tile * stride + 15) / 16);
  if (g.chunks_per_period > max_row_positions) return false;
  std::size_t entries = 0;
  for (std::size_t p = 0; p < g.chunks_per_period; ++p) {
    g.first[p] = std::uint16_t(entries);
    const std::ptrdiff_t lo = std::ptrdiff_t(16 * p) - std::ptrdiff_t(g.misalign);  // bytes from record 0
    unsigned covered = 0;
    for (std::ptrdiff_t r = -1; r <= std::ptrdiff_t(g.records_per_period); ++r)
      for (std::size_t k : comps) {
        const std::ptrdiff_t at = r * std::ptrdiff_t(stride) + std::ptrdiff_t(side[k].base - rows_base);
        if (at < lo || at >= lo + 16) continue;
        if (entries == max_row_entries) return false;
        g.entry[entries++] = {std::int16_t(r), std::uint8_t(k), std::uint8_t(at - lo)};
        covered += move.width[k];
      }
    g.gapless[p] = covered == 16;
  }
  g.first[g.chunks_per_period] = std::uint16_t(entries);
  g.entries = std::uint32_t(entries);
  return true;
}

// Runs move 16-byte chunks: every run of every tile must start 16-byte aligned.
bool runs_aligned(const record_move& move, const std::vector<component_place>& side, std::uintptr_t data,
                  std::size_t first, std::size_t tile) {
  for (std::size_t k = 0; k < side.size(); ++k) {
    const component_place& c = side[k];
    if (c.block == 1) continue;
    const std::size_t w = move.width[k];
    const std::uintptr_t start = data + c.base + (c.block == 0 ? first * w : (first / c.block) * c.a + (first % c.block) * w);
    const std::size_t step = c.block == 0 ? tile * w : (tile >= c.block ? c.a : tile * w);
    if (start % 16 != 0 || step % 16 != 0 || (c.block > 1 && c.a % 16 != 0)) return false;
  }
  return true;
}

void plan_runs(const record_move& move, const std::vector<component_place>& side, std::size_t tile, run_side& r) {
  const std::size_t bd = side_block(side);
  r.block = std::uint32_t(bd);
  r.run_records = std::uint32_t(bd == 0 ? tile : std::min(tile, bd));
  const std::size_t runs_per_tile = bd == 0 ? 1 : std::max<std::size_t>(1, tile / bd);
  for (unsigned l = 0; l < 5; ++l) r.chunks_per_run[l] = fast_divmod(unsigned(((r.run_records << l) + 15) / 16));
  std::uint32_t chunks = 0;
  for (std::size_t k = 0; k < side.size(); ++k) {
    if (side[k].block == 1) continue;
    r.comp[r.comps] = std::uint8_t(k);
    r.base[r.comps] = side[k].base;
    if (bd) r.block_stride = side[k].a;
    r.first_chunk[r.comps] = chunks;
    chunks += std::uint32_t(runs_per_tile * r.chunks_per_run[log2_width(move.width[k])].divisor);
    ++r.comps;
  }
  r.first_chunk[r.comps] = chunks;
}

bool plan_side(const record_move& move, const std::vector<component_place>& side, std::size_t rows_base,
               const void* data, std::size_t first, std::size_t tile, tile_side& s) {
  s.has_rows = std::any_of(side.begin(), side.end(), [](const component_place& p) { return p.block == 1; });
  if (s.has_rows && !plan_rows(move, side, rows_base, reinterpret_cast<std::uintptr_t>(data), first, tile, s.rows))
    return false;
  if (!runs_aligned(move, side, reinterpret_cast<std::uintptr_t>(data), first, tile)) return false;
  plan_runs(move, side, tile, s.runs);
  s.chunks = (s.has_rows ? s.rows.chunks : 0) + s.runs.first_chunk[s.runs.comps];
  return true;
}

}  // namespace

std::optional<record_tile_params> plan_record_tiles(const record_move& move, const record_range& range,
                                                    const void* src, const void* dst) {
  const std::size_t comps = move.width.size();
  const std::size_t bytes_per_record = std::accumulate(move.width.begin(), move.width.end(), std::size_t(0));
  const std::size_t src_bd = side_block(move.src), dst_bd = side_block(move.dst);
  const std::size_t tile = pick_tile(bytes_per_record, src_bd, dst_bd);
  if (tile == 0 || comps > max_record_components) return std::nullopt;
  // Whole blocks start a tile at a block's first lane; a divisor of bd starts at a multiple of T.
  auto starts_well = [&](std::size_t first, std::size_t bd) { return bd == 0 || first % std::min(tile, bd) == 0; };
  if (!starts_well(range.src_first, src_bd) || !starts_well(range.dst_first, dst_bd)) return std::nullopt;
  std::optional<record_tile_params> plan(std::in_place);
  record_tile_params& p = *plan;
  p.tile = std::uint32_t(tile);
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
  if (!plan_side(move, move.src, move.src_rows_base, src, range.src_first, tile, p.src)) return std::nullopt;
  if (!plan_side(move, move.dst, move.dst_rows_base, dst, range.dst_first, tile, p.dst)) return std::nullopt;
  return plan;
}

}  // namespace coalesce::detail

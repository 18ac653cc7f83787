// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include "record_move.hpp"

#include "../host_stream.hpp"

#include <coalesce/build_config.hpp>

#include <algorithm>
#include <cstring>
#include <utility>
#include <vector>

namespace coalesce::detail {

std::vector<component_place> component_places(const record_desc& desc, const record_layout& l) {
  std::vector<component_place> out;
  out.reserve(desc.components());
  for (std::size_t f = 0; f < desc.size(); ++f) {
    const field_place& p = l.places[f];
    const std::size_t w = desc[f].width;
    for (std::size_t c = 0; c < desc[f].count; ++c) {
      switch (p.form) {
        case field_form::rows: out.push_back({p.base + c * w, p.a * w, 1}); break;
        case field_form::columns: out.push_back({p.base + c * p.a * w, 0, 0}); break;
        case field_form::blocks: out.push_back({p.base + c * p.b * w, p.a * w, l.block}); break;
      }
    }
  }
  return out;
}

bool has_row_gaps(const record_desc& desc, const record_layout& l) {
  std::size_t covered = 0, stride = 0;
  for (std::size_t f = 0; f < desc.size(); ++f)
    if (l.places[f].form == field_form::rows) {
      covered += desc[f].bytes();
      stride = l.places[f].a * desc[f].width;
    }
  return covered != stride;
}

record_move plan_record_move(const record_desc& desc, const record_layout& src, const record_layout& dst,
                             const void* fill, bool dst_is_user) {
  record_move m;
  m.src = component_places(desc, src);
  m.dst = component_places(desc, dst);
  m.src_rows_base = src.rows_base;
  m.dst_rows_base = dst.rows_base;
  const auto* fill_bytes = static_cast<const unsigned char*>(fill);
  for (std::size_t f = 0; f < desc.size(); ++f)
    for (std::size_t c = 0; c < desc[f].count; ++c) {
      m.width.push_back(std::uint8_t(desc[f].width));
      std::array<unsigned char, 16> value{};
      if (fill_bytes) std::memcpy(value.data(), fill_bytes + desc[f].offset + c * desc[f].width, desc[f].width);
      m.fill.push_back(value);
    }
  m.preserve_gaps = dst_is_user && has_row_gaps(desc, dst);
  return m;
}

component_place vector_component_place(const array_layout& l, std::size_t i, std::size_t elem) {
  switch (l.kind) {
    case layout_kind::row_major: return {i * elem, l.pitch * elem, 1};
    case layout_kind::col_major: return {i * l.pitch * elem, 0, 0};
    case layout_kind::blocked: break;
  }
  return {i * l.block * elem, l.m * l.block * elem, l.block};
}

record_move vector_record_move(const array_layout& src, const array_layout& dst, std::size_t elem, const void* fill) {
  record_move m;
  std::array<unsigned char, 16> value{};
  if (fill) std::memcpy(value.data(), fill, elem);
  for (std::size_t i = 0; i < src.m; ++i) {
    m.src.push_back(vector_component_place(src, i, elem));
    m.dst.push_back(vector_component_place(dst, i, elem));
    m.width.push_back(std::uint8_t(elem));
    m.fill.push_back(value);
  }
  m.preserve_gaps = dst.kind == layout_kind::row_major && dst.pitch > dst.m;
  if (src.kind == layout_kind::row_major) m.src_rows_tail = (src.pitch - src.m) * elem;
  return m;
}

namespace {

// A component's places for records v, v + 1, ...: one add per record within a block (or a side without
// blocks), a jump past the rest of the block after its last lane (no division per element).
struct component_cursor {
  std::size_t offset, step, lane = 0, block = 0, jump = 0;
  component_cursor(const component_place& p, std::size_t w, std::size_t v)
      : offset(component_offset(p, w, v)), step(p.block == 1 ? p.a : w) {
    if (p.block > 1) block = p.block, lane = v % p.block, jump = p.a - p.block * w;
  }
  // Records from here to the end of the block (or `most`).
  std::size_t span(std::size_t most) const { return block != 0 ? std::min(most, block - lane) : most; }
  // Past r records of one block (r <= span).
  void advance(std::size_t r) {
    offset += r * step;
    if (block != 0 && (lane += r) == block) lane = 0, offset += jump;
  }
};

// Records [first, last) of one component, in stretches that no block boundary of either side cuts:
// within a stretch both places advance by a constant step, a copy where both are contiguous.
template <std::size_t W>
void move_component(const unsigned char* src, unsigned char* dst, const component_place& s, const component_place& d,
                    std::size_t src_first, std::size_t dst_first, std::size_t first, std::size_t last) {
  component_cursor from(s, W, src_first + first), to(d, W, dst_first + first);
  for (std::size_t v = first; v < last;) {
    const std::size_t r = to.span(from.span(last - v));
    const unsigned char* f = src + from.offset;
    unsigned char* t = dst + to.offset;
    if (from.step == W && to.step == W) {
      std::memcpy(t, f, r * W);
    } else {
      const std::size_t fs = from.step, ts = to.step;
      for (const unsigned char* end = f + r * fs; f != end; f += fs, t += ts) copy_fixed<W>(t, f);
    }
    from.advance(r);
    to.advance(r);
    v += r;
  }
}

void move_one(std::size_t w, const unsigned char* src, unsigned char* dst, const component_place& s,
              const component_place& d, std::size_t src_first, std::size_t dst_first, std::size_t first, std::size_t last) {
  switch (w) {
    case 1: return move_component<1>(src, dst, s, d, src_first, dst_first, first, last);
    case 2: return move_component<2>(src, dst, s, d, src_first, dst_first, first, last);
    case 4: return move_component<4>(src, dst, s, d, src_first, dst_first, first, last);
    case 8: return move_component<8>(src, dst, s, d, src_first, dst_first, first, last);
    default: return move_component<16>(src, dst, s, d, src_first, dst_first, first, last);
  }
}

// Rows to rows of one stride with every component at the same place in the record (a download's
// staged structs into the user's, an upload's the other way): the byte runs the fields cover,
// adjacent components merged, in order; empty where the move is not such a copy.
std::vector<std::pair<std::size_t, std::size_t>> same_struct_runs(const record_move& move) {
  std::vector<std::pair<std::size_t, std::size_t>> runs;  // (offset in the record, bytes)
  if (!one_rows_region(move.src, move.width, move.src_rows_base) ||
      !one_rows_region(move.dst, move.width, move.dst_rows_base))
    return runs;
  for (std::size_t k = 0; k < move.width.size(); ++k) {
    const component_place &a = move.src[k], &b = move.dst[k];
    if (a.block != 1 || b.block != 1 || a.a != b.a || a.a != move.src[0].a ||
        a.base - move.src_rows_base != b.base - move.dst_rows_base)
      return {};
    runs.emplace_back(a.base - move.src_rows_base, move.width[k]);
  }
  std::sort(runs.begin(), runs.end());
  std::vector<std::pair<std::size_t, std::size_t>> merged;
  for (const auto& r : runs) {
    if (!merged.empty() && merged.back().first + merged.back().second == r.first) merged.back().second += r.second;
    else merged.push_back(r);
  }
  return merged;
}

void move_structs_host(const unsigned char* s, unsigned char* d, const record_move& move, const record_range& range,
                       const std::vector<std::pair<std::size_t, std::size_t>>& runs) {
  const std::size_t stride = move.src[0].a;
  const unsigned char* from = s + move.src_rows_base + range.src_first * stride;
  unsigned char* to = d + move.dst_rows_base + range.dst_first * stride;
#if COALESCE_WITH_OPENMP
#pragma omp parallel for schedule(static) if (range.count * runs.size() > 65536)
#endif
  for (std::ptrdiff_t v = 0; v < std::ptrdiff_t(range.count); ++v)
    for (const auto& [offset, bytes] : runs)
      std::memcpy(to + std::size_t(v) * stride + offset, from + std::size_t(v) * stride + offset, bytes);
}

}  // namespace

void move_records_host(const void* src, void* dst, const record_move& move, const record_range& range) {
  const auto* s = static_cast<const unsigned char*>(src);
  auto* d = static_cast<unsigned char*>(dst);
  if (const auto runs = same_struct_runs(move); !runs.empty()) return move_structs_host(s, d, move, range, runs);
  // Tiles of records, every component of a tile before the next tile: both sides' lines stay in cache.
  constexpr std::size_t tile = 512;
  const std::size_t tiles = (range.dst_count + tile - 1) / tile;
  const std::size_t components = move.width.size();
#if COALESCE_WITH_OPENMP
#pragma omp parallel for schedule(static) if (range.dst_count * components > 65536)
#endif
  for (std::ptrdiff_t t = 0; t < std::ptrdiff_t(tiles); ++t) {
    const std::size_t first = std::size_t(t) * tile, last = std::min(first + tile, range.dst_count);
    const std::size_t data_last = std::min(last, range.count);
    for (std::size_t k = 0; k < components; ++k) {
      const std::size_t w = move.width[k];
      if (first < data_last)
        move_one(w, s, d, move.src[k], move.dst[k], range.src_first, range.dst_first, first, data_last);
      if (move.dst[k].block <= 1) continue;  // only blocks have padding lanes
      for (std::size_t v = std::max(first, data_last); v < last; ++v)
        std::memcpy(d + component_offset(move.dst[k], w, range.dst_first + v), move.fill[k].data(), w);
    }
  }
}

}  // namespace coalesce::detail

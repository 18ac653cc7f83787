// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The lanes kernel: destinations of runs only (soa, blocked), a thread per record. Each thread
// computes its record's terms once per side (the rows' v * stride; the blocks' (v / bd) * a and
// lane v % bd), then moves its components width by width, 8 loads (or 32 bytes) in flight before
// their stores, each component one parameter load, a select and an add from its address. The stores
// of a warp are then contiguous runs, and the source's rows (strided loads) are read whole lines at a
// time through L1, which the thread's other components hit: what a hand-written typed kernel does,
// and near a device copy's rate for these pairs (BENCHMARKS.md, Records). A destination with rows, or
// a source with long rows, needs the staged kernel (record_stage.cuh): per-record stores into rows
// are partial sectors, per-record loads from long rows one line each.

#include <coalesce/record/record.hpp>

#include "../record/record_move.hpp"
#include "fast_divmod.cuh"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <optional>
#include <vector>

namespace coalesce::detail {

inline constexpr unsigned lanes_threads = 256;
// Loads in flight per thread before their stores: eight, or 32 bytes of the wider words, so that 8
// registers hold them and the SM holds 2048 threads.
template <class Word>
inline constexpr unsigned lanes_batch = sizeof(Word) <= 4 ? 8 : 32 / sizeof(Word);
inline constexpr std::size_t lanes_max_rows_components = 20;
inline constexpr std::uint64_t lanes_rows_bit = std::uint64_t(1) << 63;  // in a base: the component is in rows

struct lanes_side {
  std::uint64_t first = 0;
  std::uint64_t stride = 0;        // rows: bytes per record
  std::uint64_t block_stride = 0;  // blocks: bytes per block
  fast_divmod block;               // bd, or 1 without blocks (then the lane is the record)
  bool blocks = false;
};

struct lanes_header {
  std::uint64_t count = 0, dst_count = 0;
  bool narrow = false;  // every byte offset of the move below 2^32: 32-bit address arithmetic
  lanes_side src, dst;
  std::uint32_t group[6] = {};  // components of width 16 in [group[0], group[1]), 8 in [group[1], group[2]), ... 1
};

// Sized for the plan's class, as the staged kernel's (record_stage.cuh: the launch uploads all of it).
template <std::size_t Components>
struct basic_lanes_params : lanes_header {
  static constexpr std::size_t max_components = Components;
  std::uint64_t src_base[Components] = {}, dst_base[Components] = {};  // lanes_rows_bit: rows
  alignas(16) std::uint8_t fill[Components][16] = {};
};
using record_lanes_params = basic_lanes_params<max_record_components>;
using compact_lanes_params = basic_lanes_params<32>;

// The plan in class C, or none where it has more components.
template <class C>
std::optional<C> lanes_plan_in(const record_lanes_params& p, std::size_t components) {
  if (components > C::max_components) return std::nullopt;
  std::optional<C> c(std::in_place);
  static_cast<lanes_header&>(*c) = p;
  std::copy(p.src_base, p.src_base + components, c->src_base);
  std::copy(p.dst_base, p.dst_base + components, c->dst_base);
  std::memcpy(c->fill, p.fill, components * 16);
  return c;
}

inline bool runs_only(const std::vector<component_place>& side) {
  for (const component_place& c : side)
    if (c.block == 1) return false;
  return true;
}

inline bool rows_only(const std::vector<component_place>& side) {
  for (const component_place& c : side)
    if (c.block != 1) return false;
  return true;
}

// The move's components in the plan's order: by width, 16 bytes first, ties in the move's order.
inline std::vector<std::size_t> lanes_order(const record_move& move) {
  std::vector<std::size_t> order;
  for (const unsigned w : {16u, 8u, 4u, 2u, 1u})
    for (std::size_t k = 0; k < move.width.size(); ++k)
      if (move.width[k] == w) order.push_back(k);
  return order;
}

// The range's last record has every component's largest offset.
inline std::uint64_t lanes_largest_offset(const record_move& move, const record_range& range) {
  std::uint64_t largest = 0;
  for (std::size_t k = 0; k < move.width.size(); ++k) {
    largest = std::max<std::uint64_t>(largest, component_offset(move.src[k], move.width[k], range.src_first + range.dst_count - 1));
    largest = std::max<std::uint64_t>(largest, component_offset(move.dst[k], move.width[k], range.dst_first + range.dst_count - 1));
  }
  return largest;
}

// Where the lanes kernel takes a move but the staged kernel measured faster (BENCHMARKS.md, Records),
// the reason; else null. A source all in rows (the user's structs, packed): the staged kernel reads
// rows as 16-byte chunks, faster in every such pair (runs sources, and rows beside runs (split), stay
// with the lanes kernel, faster for most of them). Source rows of more than 96 bytes a record: a warp's
// load of one component touches a line per record (28-32 of them), which holds the lanes kernel to the
// L1's tag rate. More than lanes_max_rows_components components in rows: one load each.
inline const char* lanes_measured_slower(const record_move& move) {
  if (rows_only(move.src)) return "a source all in rows, which the staged kernel reads as 16-byte chunks, faster";
  std::size_t rows_components = 0;
  for (const component_place& c : move.src) {
    if (c.block == 1 && c.a > 96) return "source rows of more than 96 bytes a record: the L1's tag rate";
    rows_components += c.block == 1;
  }
  if (rows_components > lanes_max_rows_components) return "more components in rows than it loads fast, one each";
  return nullptr;
}

// The plan for a destination of runs only with every record index below 2^31 (the fast division), and
// source rows (if any) of one record stride: the thread's rows term serves them all (not a split
// layout's hot fields in blocks of one record beside its cold rows).
inline std::optional<record_lanes_params> plan_record_lanes(const record_move& move, const record_range& range) {
  if (!runs_only(move.dst) || move.width.size() > max_record_components) return std::nullopt;
  for (const component_place& c : move.src)
    if (c.block == 1 && c.a != side_stride(move.src)) return std::nullopt;
  const std::uint64_t limit = std::uint64_t(1) << 31;
  if (range.src_first + range.dst_count >= limit || range.dst_first + range.dst_count >= limit) return std::nullopt;
  std::optional<record_lanes_params> plan(std::in_place);
  record_lanes_params& p = *plan;
  p.count = range.count;
  p.dst_count = range.dst_count;
  auto side = [](const std::vector<component_place>& places, std::size_t first, lanes_side& s) {
    s.first = first;
    const std::size_t bd = side_block(places);
    s.blocks = bd != 0;
    s.block = fast_divmod(unsigned(bd ? bd : 1));
    s.stride = side_stride(places);
    s.block_stride = side_block_stride(places);
  };
  side(move.src, range.src_first, p.src);
  side(move.dst, range.dst_first, p.dst);
  const std::vector<std::size_t> order = lanes_order(move);
  for (std::uint32_t at = 0; at < order.size(); ++at) {
    const std::size_t k = order[at];
    p.src_base[at] = move.src[k].base | (move.src[k].block == 1 ? lanes_rows_bit : 0);
    p.dst_base[at] = move.dst[k].base;
    std::memcpy(p.fill[at], move.fill[k].data(), 16);
  }
  for (std::uint32_t g = 0, at = 0; g < 6; ++g) {  // group g: the components of width 16 >> g
    p.group[g] = at;
    while (g < 5 && at < order.size() && move.width[order[at]] == (16u >> g)) ++at;
  }
  p.narrow = lanes_largest_offset(move, range) + 16 < (std::uint64_t(1) << 32);
  return plan;
}

// Why the lanes kernel would misplace or overrun the plan's move, or null: each plan entry's width is
// its group's, and each side's address as the kernel works it out (lanes_of_width: the rows term, or
// the runs' block and lane) is the component's place in the move; record indices stay below 2^31 (the
// fast division), and a narrow plan's offsets below 2^32.
inline const char* lanes_plan_violation(const record_lanes_params& p, const record_move& move, const record_range& range) {
  const std::vector<std::size_t> order = lanes_order(move);
  if (order.size() != move.width.size() || order.size() > max_record_components || p.group[0] != 0 ||
      p.group[5] != order.size())
    return "components outside the plan's width groups";
  const std::uint64_t limit = std::uint64_t(1) << 31;
  if (p.src.first + p.dst_count >= limit || p.dst.first + p.dst_count >= limit || p.dst_count != range.dst_count ||
      p.count != range.count)
    return "record indices past the fast division's range";
  if (p.narrow && lanes_largest_offset(move, range) + 16 >= (std::uint64_t(1) << 32))
    return "32-bit offsets for a move past 4 GiB";
  const auto same_place = [](const component_place& c, std::uint64_t base, bool rows, const lanes_side& s) {
    if (rows) return c.block == 1 && c.a == s.stride;
    if (c.block == 0) return !s.blocks;
    return c.block > 1 && s.blocks && s.block.divisor == c.block && s.block_stride == c.a && base == c.base;
  };
  for (std::uint32_t g = 0; g < 5; ++g)
    for (std::uint32_t at = p.group[g]; at < p.group[g + 1]; ++at) {
      const std::size_t k = order[at];
      const std::uint64_t src_base = p.src_base[at] & ~lanes_rows_bit;
      if (move.width[k] != (16u >> g)) return "a component in another width's group";
      if (src_base != move.src[k].base || p.dst_base[at] != move.dst[k].base ||
          !same_place(move.src[k], src_base, (p.src_base[at] & lanes_rows_bit) != 0, p.src) ||
          !same_place(move.dst[k], p.dst_base[at], false, p.dst))
        return "a component whose address the kernel would work out elsewhere";
    }
  return nullptr;
}

// Record v's terms on one side: rows (v * stride) and runs of width 1 (blocks: (v / bd) * a + lane).
template <class Offset>
struct lanes_terms {
  Offset rows, block, lane;
};

template <class Offset>
__device__ __forceinline__ lanes_terms<Offset> lanes_terms_of(const lanes_side& s, std::uint32_t v) {
  lanes_terms<Offset> t;
  t.rows = Offset(v) * Offset(s.stride);
  if (s.blocks) {
    unsigned b, l;
    s.block(v, b, l);
    t.block = Offset(b) * Offset(s.block_stride), t.lane = l;
  } else {
    t.block = 0, t.lane = v;
  }
  return t;
}

template <class Word, class Offset, class P>
__device__ __forceinline__ void lanes_of_width(const P& p, std::uint32_t first, std::uint32_t last,
                                               const unsigned char* __restrict__ src, unsigned char* __restrict__ dst,
                                               bool data, const lanes_terms<Offset>& s, const lanes_terms<Offset>& d) {
  constexpr unsigned w = sizeof(Word);
  const Offset src_runs = s.block + s.lane * w, dst_runs = d.block + d.lane * w;
  constexpr unsigned batch = lanes_batch<Word>;
  for (std::uint32_t k0 = first; k0 < last; k0 += batch) {
    Word x[batch] = {};
#pragma unroll
    for (unsigned u = 0; u < batch; ++u) {
      const std::uint32_t k = k0 + u;
      if (k >= last) continue;
      const std::uint64_t base = p.src_base[k];
      const Offset at = Offset(base & ~lanes_rows_bit) + ((base & lanes_rows_bit) ? s.rows : src_runs);
      x[u] = data ? *reinterpret_cast<const Word*>(src + at) : *reinterpret_cast<const Word*>(p.fill[k]);
    }
#pragma unroll
    for (unsigned u = 0; u < batch; ++u) {
      const std::uint32_t k = k0 + u;
      if (k >= last) continue;
      *reinterpret_cast<Word*>(dst + (Offset(p.dst_base[k]) + dst_runs)) = x[u];
    }
  }
}

// Record v of the move (v < dst_count): its data (v < count) or the fill (a last block's padding lanes).
// Offset: std::uint32_t where the plan is narrow, else std::uint64_t.
template <class Offset, class P>
__device__ __forceinline__ void lanes_record(const P& p, std::uint32_t v,
                                             const unsigned char* __restrict__ src, unsigned char* __restrict__ dst) {
  const bool data = v < p.count;
  const auto s = lanes_terms_of<Offset>(p.src, std::uint32_t(p.src.first) + v);
  const auto d = lanes_terms_of<Offset>(p.dst, std::uint32_t(p.dst.first) + v);
  lanes_of_width<uint4>(p, p.group[0], p.group[1], src, dst, data, s, d);
  lanes_of_width<uint2>(p, p.group[1], p.group[2], src, dst, data, s, d);
  lanes_of_width<std::uint32_t>(p, p.group[2], p.group[3], src, dst, data, s, d);
  lanes_of_width<std::uint16_t>(p, p.group[3], p.group[4], src, dst, data, s, d);
  lanes_of_width<std::uint8_t>(p, p.group[4], p.group[5], src, dst, data, s, d);
}

}  // namespace coalesce::detail

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The staged record kernel. Each thread block moves tiles of T records, stage_depth of them in flight:
//   load      the source's bytes of tile t + G go to shared memory as they lie in memory (the rows'
//             contiguous range, each run of consecutive records, or a blocked source's whole blocks
//             where nothing of them is stored from where it was loaded), 16-byte asynchronous copies, while
//   elements  the components with rows on either side move element by element, a warp per
//             component, from the source image of tile t to the destination image (the user's
//             padded structs: straight to their memory, so their padding is never written); runs on
//             both sides need no move: the destination reads them where they were loaded; rows images
//             are swizzled in 16-byte chunks where the bank model finds that the element pass gains;
//   store     the destination image goes out as 16-byte stores.
// Load and store walk "units" of up to 128 chunks (2 KiB) of one contiguous range, one unit per
// warp at a time, so every warp's accesses are one contiguous piece on both sides. The plan is built
// on the host once per move and passed by value (kernel parameters); these functions take the
// thread index so that a host test can run them thread by thread (tests/unit/record_kernels_on_host_tests.cpp).

#include <coalesce/record/record.hpp>

#include "../record/record_move.hpp"
#include "../relayout_plan.hpp"
#include "fast_divmod.cuh"

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <vector>

namespace coalesce::detail {

inline constexpr unsigned stage_threads = 256;
inline constexpr unsigned stage_unit_chunks = 128;  // 16-byte chunks per unit: four per lane
// Source buffers per block: tile t + G loads while tile t moves. Two buffers, and 3 blocks per SM of
// 72 KiB tiles, measured faster than 4 buffers of smaller tiles and than 4 blocks of 48 KiB
// (BENCHMARKS.md, Records).
inline constexpr unsigned stage_depth = 2;
inline constexpr std::size_t stage_budget = 72 * 1024;  // shared bytes: the source buffers and the destination's
inline constexpr unsigned max_stage_segments = 192, max_stage_units = 640, max_stage_elements = 256;
static_assert(stage_unit_chunks <= 255, "a unit's chunks fit its byte");

// A contiguous range of one side in one tile: the rows (width 0), or run `run` of a component.
struct alignas(16) stage_segment {
  std::uint64_t base = 0;   // bytes from the data pointer, without the tile's term
  std::uint32_t image = 0;  // bytes from its buffer's start (rows: where the aligned chunk before them starts)
  std::uint16_t run = 0;    // the run within the tile
  std::uint8_t width = 0;   // 0: the rows; stage_blocks: the side's blocks, block-major
  std::uint8_t in_source = 0;  // destination runs read where the source's were loaded (the current source image)
};
static_assert(sizeof(stage_segment) == 16, "one 16-byte parameter load");
inline constexpr std::uint8_t stage_blocks = 255;  // no component is 255 bytes wide

// A unit also carries what a whole tile needs (stage_load, stage_store): where its first chunk lies,
// less the tile's term (the rows' or the runs'), its image offset and its chunk count.
struct alignas(16) stage_unit {
  std::uint64_t global = 0;  // bytes from the data pointer, without the tile's term
  std::uint32_t image = 0;   // bytes from its buffer's start (rows: before the swizzle)
  std::uint8_t chunks = 0;   // in a whole tile: 1 to stage_unit_chunks
  std::uint8_t width = 0;    // its segment's: the tile's term is the rows' (0) or x.blocks + x.lane * width
  std::uint8_t segment = 0;
  std::uint8_t in_source = 0;  // its segment's
};
static_assert(sizeof(stage_unit) == 16 && max_stage_segments <= 256, "one 16-byte parameter load");

struct stage_side {
  std::uint64_t first = 0;         // the range's first record
  std::uint64_t rows_base = 0;     // bytes: record 0 of the rows
  std::uint64_t block_stride = 0;  // bytes (blocks)
  std::uint64_t first_block = 0;   // first / bd (bd dividing T)
  std::uint64_t first_tile = 0;    // first / T (T dividing bd)
  std::uint32_t block = 0;         // bd, 0 without blocks
  std::uint32_t run_records = 0;   // records per run: T, or bd when it divides T
  std::uint32_t blocks_per_tile = 0;  // T / bd (bd dividing T), else 0
  fast_divmod tiles_per_block;     // bd / T (T dividing bd)
  std::uint32_t stride = 0;        // rows: bytes per record (0: no rows)
  std::uint32_t misalign = 0;      // rows: (data + rows_base + first * stride) % 16, every tile's
  std::uint32_t rows_tail = 0;     // rows: bytes of the range's last record never loaded (record_move's src_rows_tail)
  // Block-major (a source whose blocks load whole): bytes of a block from its first component's lanes
  // to the end of its last's (rounded to 16, within the block stride), and where the tile's image starts.
  std::uint32_t block_extent = 0, block_image = 0;
  std::uint32_t segment0 = 0, segments = 0, unit0 = 0, units = 0;
};

// Component moves between images: element r from src + r * src_step to dst + r * dst_step; to_global:
// dst is a byte offset into the destination's rows of the tile (the user's padded structs).
struct stage_element {
  std::uint32_t src = 0, dst = 0;
  std::uint16_t src_step = 0, dst_step = 0;
  std::uint8_t width = 0, to_global = 0;
  std::uint8_t src_rows = 0, dst_rows = 0;  // the element lies in a rows image (swizzled); src_rows ==
                                            // stage_in_blocks: in the source's block-major image
};
inline constexpr std::uint8_t stage_in_blocks = 2;

// Destination runs whose lanes past the data (a last block's) get the component's fill.
struct stage_fill {
  std::uint32_t image = 0;
  std::uint8_t width = 0, in_source = 0;
  std::uint16_t component = 0;
};

// The plan's scalars; the arrays follow in basic_stage_params, sized for the plan's class.
struct stage_header {
  std::uint32_t tile = 0;
  std::uint32_t depth = stage_depth;  // source buffers: stage_depth (a grid of resident blocks), or 1 (a tile per block)
  std::uint32_t threads = stage_threads;  // per block
  std::uint64_t tiles = 0, count = 0, dst_count = 0;
  std::uint32_t src_bytes = 0, dst_bytes = 0;  // each source buffer, the destination buffer
  std::uint32_t dst_rows_bytes = 0;            // the destination image's rows region, zeroed once (0: no gaps)
  std::uint32_t elements = 0, fills = 0;
  // Rows images swizzled in 16-byte chunks (stage_swizzled) where that gives the element pass fewer
  // bank conflicts (stage_plan::rows_swizzle): records 128 bytes apart put a component's every element
  // in one bank (32-way conflicts), 96 bytes apart on 4 banks (8-way).
  std::uint32_t swizzle = 0;
  // The user's padded structs as the destination (record_move::preserve_gaps), of a stride up to
  // stage_kept_stride: their image is built like any rows image and stored chunk by chunk, each chunk's
  // bytes that no field covers left out (dst_kept bit i: byte i mod stride of a struct is a field's).
  // Larger strides store each element straight into the structs (stage_element::to_global).
  std::uint32_t dst_masked = 0;
  std::uint32_t dst_kept[8] = {};
  stage_side src, dst;
};
inline constexpr std::size_t stage_kept_stride = 128;

// The kernels get the plan as their parameter, and a launch uploads all of it: a large parameter
// measurably slows a copy kernel (benchmarks/probes/staged_copy_probe.cu; BENCHMARKS.md, Records).
// So the plan is built at the largest size and
// launched in the smallest class that holds it (compact_stage_params for most records, the medium
// class for the resident grids of wide records).
template <std::size_t Segments, std::size_t Units, std::size_t Components>
struct basic_stage_params : stage_header {
  static constexpr std::size_t max_segments = Segments, max_units = Units, max_components = Components;
  stage_segment segment[Segments];
  stage_unit unit[Units];
  stage_element element[Components];  // at most one per component
  stage_fill fill[Components];
  alignas(16) std::uint8_t fill_value[Components][16] = {};
};
using record_stage_params = basic_stage_params<max_stage_segments, max_stage_units, max_stage_elements>;
using compact_stage_params = basic_stage_params<32, 48, 32>;   // 2.8 KiB: most plans
using medium_stage_params = basic_stage_params<128, 128, 32>;  // 5.6 KiB: resident grids of wide records

// The plan in class C, or none where it does not fit.
template <class C>
std::optional<C> stage_plan_in(const record_stage_params& p, std::size_t components) {
  const std::size_t segments = p.src.segments + p.dst.segments, units = p.src.units + p.dst.units;
  if (segments > C::max_segments || units > C::max_units || components > C::max_components) return std::nullopt;
  std::optional<C> c(std::in_place);
  static_cast<stage_header&>(*c) = p;
  std::copy(p.segment, p.segment + segments, c->segment);
  std::copy(p.unit, p.unit + units, c->unit);
  std::copy(p.element, p.element + p.elements, c->element);
  std::copy(p.fill, p.fill + p.fills, c->fill);
  std::memcpy(c->fill_value, p.fill_value, components * 16);
  return c;
}

// Shared memory: stage_depth source buffers, then the destination's.
__host__ __device__ inline std::uint32_t stage_source_bytes(const stage_header& p) {
  return (p.src_bytes + 15) / 16 * 16;
}
__host__ __device__ inline std::uint32_t stage_shared_bytes(const stage_header& p) {
  return p.depth * stage_source_bytes(p) + p.dst_bytes;
}

// ---- What a plan's entries reach in shared memory -------------------------------------------------
// One past the last byte of its buffer each entry touches in a tile, for the host's check of every plan
// before it launches (stage_plan_violation) and the kernels' asserts in debug builds. Rows images
// swizzled in 16-byte chunks stay within their 128-byte groups (stage_swizzled).

__host__ __device__ inline std::uint64_t stage_swizzled_end(std::uint64_t end, bool rows, std::uint32_t swizzle) {
  return rows && swizzle ? (end + 127) / 128 * 128 : end;
}

// A unit's chunks, in its side's buffer (the source buffer for in_source units).
__host__ __device__ inline std::uint64_t stage_unit_end(const stage_header& p, const stage_unit& u) {
  return stage_swizzled_end(std::uint64_t(u.image) + 16u * u.chunks, u.width == 0, p.swizzle);
}

// Element e's reads of tile records 0..tile-1 in the source buffer.
__host__ __device__ inline std::uint64_t stage_element_src_end(const stage_header& p, const stage_element& e) {
  const std::uint64_t last = p.tile - 1;
  if (e.src_rows == stage_in_blocks)
    return e.src + (last / p.src.block) * p.src.block_stride + (last % p.src.block + 1) * e.width;
  return stage_swizzled_end(e.src + last * e.src_step + e.width, e.src_rows != 0, p.swizzle);
}

// Element e's writes: in the destination buffer, or (to_global) within each of the user's structs.
__host__ __device__ inline std::uint64_t stage_element_dst_end(const stage_header& p, const stage_element& e) {
  if (e.to_global) return std::uint64_t(e.dst) + e.width;
  return stage_swizzled_end(e.dst + std::uint64_t(p.tile - 1) * e.dst_step + e.width, e.dst_rows != 0, p.swizzle);
}

// The bytes of the buffer an in_source entry (the source buffer) or another destination entry lies in.
__host__ __device__ inline std::uint64_t stage_buffer_bytes(const stage_header& p, bool in_source) {
  return in_source ? stage_source_bytes(p) : p.dst_bytes;
}

// Debug builds: the kernels check each entry against its buffer before they use it.
#if !defined(NDEBUG)
#define COALESCE_STAGE_ASSERT(condition) assert(condition)
#else
#define COALESCE_STAGE_ASSERT(condition) ((void)0)
#endif

// ---- The plan (host) --------------------------------------------------------------------------

namespace stage_plan {

// The first segment of a side that holds the runs of the component at `base` (its run 0), or null.
inline const stage_segment* runs_segment(const record_stage_params& p, const stage_side& side, std::size_t base) {
  for (std::uint32_t g = 0; g < side.segments; ++g) {
    const stage_segment& sg = p.segment[side.segment0 + g];
    if (sg.width != 0 && sg.base == base && sg.run == 0) return &sg;
  }
  return nullptr;
}

// Lays out one side: its segments and units from `segment0`, its buffer bytes; false where the tile
// does not fit the side (runs that would not start 16-byte aligned, too many pieces).
inline bool plan_side(const record_move& move, const std::vector<component_place>& side, std::size_t rows_base,
                      std::uintptr_t data, std::size_t first, std::size_t tile, bool is_dst, bool preserve,
                      bool block_major, record_stage_params& p, stage_side& s, std::uint32_t& bytes) {
  const std::size_t bd = side_block(side), stride = side_stride(side);
  s = stage_side{};
  s.first = first;
  s.rows_base = rows_base;
  s.block = std::uint32_t(bd);
  s.block_stride = side_block_stride(side);  // the same for every blocked component of a side
  if (bd != 0) {
    if (tile % bd == 0) {
      if (first % bd) return false;
      s.blocks_per_tile = std::uint32_t(tile / bd);
      s.first_block = first / bd;
      s.run_records = std::uint32_t(bd);
    } else {
      if (first % tile) return false;
      s.tiles_per_block = fast_divmod(unsigned(bd / tile));
      s.first_tile = first / tile;
      s.run_records = std::uint32_t(tile);
    }
  } else {
    s.run_records = std::uint32_t(tile);
  }
  const std::size_t runs = bd != 0 && s.blocks_per_tile ? s.blocks_per_tile : 1;
  s.segment0 = is_dst ? p.src.segments : 0;
  s.unit0 = is_dst ? p.src.units : 0;
  std::uint32_t at = 0, segments = 0, units = 0;
  auto add = [&](const stage_segment& g, std::size_t bytes_in_segment) {
    if (s.segment0 + segments >= max_stage_segments) return false;
    p.segment[s.segment0 + segments] = g;
    const std::size_t chunks = (bytes_in_segment + 15) / 16;
    for (std::size_t c = 0; c < chunks; c += stage_unit_chunks) {
      if (s.unit0 + units >= max_stage_units) return false;
      stage_unit& u = p.unit[s.unit0 + units++];
      u.global = (g.width == 0 ? 0 : g.base + (g.width == stage_blocks ? 0 : g.run * s.block_stride)) + 16 * c;
      u.image = std::uint32_t(g.image + 16 * c);
      u.chunks = std::uint8_t(std::min<std::size_t>(stage_unit_chunks, chunks - c));
      u.width = g.width;
      u.segment = std::uint8_t(segments);
      u.in_source = g.in_source;
    }
    ++segments;
    return true;
  };
  s.stride = std::uint32_t(stride);
  if (!is_dst) s.rows_tail = std::uint32_t(move.src_rows_tail);
  if (stride != 0 && !(is_dst && preserve)) {
    s.misalign = std::uint32_t((data + rows_base + first * stride) % 16);
    if (!add({rows_base, 0, 0, 0, 0}, s.misalign + tile * stride)) return false;
    // Swizzled rows (p.swizzle) stay within whole 128-byte groups of their region.
    const std::size_t region = p.swizzle ? 128 : 16;
    at = std::uint32_t((s.misalign + tile * stride + region - 1) / region * region);
    if (is_dst) p.dst_rows_bytes = at;
  }
  if (block_major) {  // one segment: the tile's T / bd blocks as they lie
    const std::size_t lo = side_blocks_base(side);
    std::size_t hi = 0;
    for (std::size_t k = 0; k < side.size(); ++k)
      if (side[k].block > 1) hi = std::max(hi, side[k].base + bd * move.width[k]);
    const std::size_t a = s.block_stride, extent = std::min(a, (hi - lo + 15) / 16 * 16);
    if (!s.blocks_per_tile || a % 16 || hi - lo > a || (data + lo + (first / bd) * a) % 16) return false;
    s.block_extent = std::uint32_t(extent);
    s.block_image = at;
    if (!add({lo, at, 0, stage_blocks, 0}, (s.blocks_per_tile - 1) * a + extent)) return false;
    at += std::uint32_t(s.blocks_per_tile * a);
  }
  for (std::size_t k = 0; k < side.size(); ++k) {
    const component_place& c = side[k];
    if (c.block == 1 || (block_major && c.block > 1)) continue;
    const std::size_t w = move.width[k];
    const std::size_t run_bytes = s.run_records * w;
    const std::uintptr_t start =
        data + c.base + (bd == 0 ? first * w : (first / bd) * c.a + (first % bd) * w);
    if (start % 16 || run_bytes % 16 || (bd != 0 && c.a % 16)) return false;
    // A destination component that is also in runs on the source is read where it was loaded.
    const bool alias = is_dst && move.src[k].block != 1;
    std::uint32_t image = at;
    if (alias) {
      const stage_segment* loaded = runs_segment(p, p.src, move.src[k].base);
      if (!loaded) return false;
      image = loaded->image;
    } else {
      at += std::uint32_t(tile * w);
    }
    for (std::size_t j = 0; j < runs; ++j)
      if (!add({c.base, std::uint32_t(image + j * run_bytes), std::uint16_t(j), std::uint8_t(w), std::uint8_t(alias)},
               run_bytes))
        return false;
  }
  s.segments = segments;
  s.units = units;
  bytes = at;
  return true;
}

// The bytes of a destination row (its stride) that a field covers.
inline std::vector<bool> covered_bytes(const record_move& move) {
  std::vector<bool> covered(side_stride(move.dst), false);
  for (std::size_t k = 0; k < move.width.size(); ++k)
    if (move.dst[k].block == 1)
      for (std::size_t b = 0; b < move.width[k]; ++b) covered[move.dst[k].base - move.dst_rows_base + b] = true;
  return covered;
}

// Whether the destination's rows have bytes that no field covers (padding, which gets zeros).
inline bool has_gaps(const record_move& move) {
  const std::vector<bool> covered = covered_bytes(move);
  return std::find(covered.begin(), covered.end(), false) != covered.end();
}

// Shared-memory wavefronts of the element pass on a rows image of `stride` bytes, for one component
// `width` bytes wide at byte `at` of each record: four warp steps (records 0-127, a record per lane)
// with the image swizzled by `mask` (stage_swizzled). The bank model of the analyzer
// (src/analysis/bank_model.cpp; the kernels' library does not link it): 32 banks of 4 bytes, 8- and
// 16-byte words served by half and quarter warps, each phase as many wavefronts as its busiest bank has
// distinct words (tests/analysis/stage_swizzle_test.cpp checks the two agree).
inline std::size_t rows_wavefronts(std::size_t stride, std::size_t at, unsigned width, std::uint32_t mask) {
  const unsigned per_phase = width <= 4 ? 32 : 128 / width;
  std::size_t total = 0;
  for (std::size_t first = 0; first < 128; first += per_phase) {
    std::vector<std::uint64_t> words;  // (bank, word) of each word the phase touches, bank first
    for (std::size_t r = first; r < first + per_phase; ++r) {
      const std::size_t a = (r * stride + at) ^ (((r * stride + at) >> 3) & mask);  // stage_swizzled
      for (std::uint64_t w = a / 4; w <= (a + width - 1) / 4; ++w) words.push_back((w % 32) << 32 | w);
    }
    std::sort(words.begin(), words.end());
    words.erase(std::unique(words.begin(), words.end()), words.end());
    std::size_t busiest = 0, run = 0;
    for (std::size_t i = 0; i < words.size(); ++i) {
      run = i > 0 && words[i] >> 32 == words[i - 1] >> 32 ? run + 1 : 1;
      busiest = std::max(busiest, run);
    }
    total += busiest;
  }
  return total;
}

// The swizzle of the rows images (0x70, or 0: none), whichever the bank model gives the element pass
// fewer wavefronts: strides that are multiples of 32 bytes put a component of records 32 or 64
// bytes apart on 8 or 4 of the 32 banks, which the swizzle spreads over 8 groups of 16 bytes; other
// strides spread by themselves, and the swizzle would only cluster them.
inline std::uint32_t rows_swizzle(const record_move& move, std::uintptr_t src_rows, std::uintptr_t dst_rows,
                                  bool dst_rows_image) {
  const std::size_t src_stride = side_stride(move.src), dst_stride = side_stride(move.dst);
  std::size_t plain = 0, swizzled = 0;
  auto add = [&](std::size_t stride, std::size_t at, unsigned width) {
    plain += rows_wavefronts(stride, at, width, 0);
    swizzled += rows_wavefronts(stride, at, width, 0x70);
  };
  for (std::size_t k = 0; k < move.width.size(); ++k) {
    const component_place &a = move.src[k], &b = move.dst[k];
    if (a.block == 1 && src_stride) add(src_stride, src_rows % 16 + (a.base - move.src_rows_base), move.width[k]);
    if (b.block == 1 && dst_rows_image) add(dst_stride, dst_rows % 16 + (b.base - move.dst_rows_base), move.width[k]);
  }
  return swizzled < plain ? 0x70 : 0;
}

}  // namespace stage_plan

// The plan for moving `range` within `most` shared bytes per block (the device's opt-in limit), or
// none where no tile fits (then one thread per destination element).
inline std::optional<record_stage_params> plan_record_stage(const record_move& move, const record_range& range,
                                                            const void* src, const void* dst,
                                                            std::size_t most = 160 * 1024, unsigned depth = stage_depth,
                                                            std::size_t budget = stage_budget, unsigned threads = stage_threads) {
  using namespace stage_plan;
  budget = std::min(budget, most);
  const std::size_t comps = move.width.size();
  if (comps == 0 || comps > max_stage_elements) return std::nullopt;
  const std::size_t src_stride = side_stride(move.src), dst_stride = side_stride(move.dst);
  if (src_stride > 65535 || dst_stride > 65535) return std::nullopt;
  if (!one_rows_region(move.src, move.width, move.src_rows_base) ||
      !one_rows_region(move.dst, move.width, move.dst_rows_base))
    return std::nullopt;  // each side's rows images hold one array of structs
  std::size_t src_runs = 0, dst_runs = 0;
  for (std::size_t k = 0; k < comps; ++k) {
    if (move.src[k].block != 1) src_runs += move.width[k];
    if (move.dst[k].block != 1 && move.src[k].block == 1) dst_runs += move.width[k];
  }
  // The user's padded structs: an image stored with its gaps left out, where their stride allows.
  const bool masked = move.preserve_gaps && dst_stride != 0 && dst_stride <= stage_kept_stride;
  const bool to_global = move.preserve_gaps && !masked;
  const bool dst_rows_image = dst_stride != 0 && !to_global;
  const std::size_t src_bd = side_block(move.src), dst_bd = side_block(move.dst);
  // A blocked source loads whole blocks (one segment a tile, instead of a run per component and block)
  // where every blocked component goes to rows: nothing is stored from where it was loaded, and the
  // element pass reads the blocks image. Tiles of whole blocks only.
  bool blocks_to_rows = src_bd != 0;
  for (std::size_t k = 0; k < comps; ++k)
    if (move.src[k].block > 1 && move.dst[k].block != 1) blocks_to_rows = false;
  const std::size_t src_block_stride = side_block_stride(move.src);
  auto block_major = [&](std::size_t t) { return blocks_to_rows && t % src_bd == 0; };
  auto shared = [&](std::size_t t) {
    const std::size_t src_runs_bytes = block_major(t) ? t / src_bd * src_block_stride : t * src_runs;
    return depth * ((src_stride ? t * src_stride + 144 : 0) + src_runs_bytes) +
           (dst_rows_image ? t * dst_stride + 144 : 0) + t * dst_runs;
  };
  auto meets = [](std::size_t t, std::size_t bd) { return bd == 0 || t % bd == 0 || bd % t == 0; };
  const auto s = reinterpret_cast<std::uintptr_t>(src), d = reinterpret_cast<std::uintptr_t>(dst);
  // Tile sizes in order of preference: the largest of at least 128 records within the budget; else
  // (blocked sides whose bd have a large common multiple, 96 and 128: 384) the smallest of at least 128
  // within 160 KiB and `most` (fewer blocks per SM), since tiles dividing both (32) spend more on their
  // setup than they move; else the largest within the budget.
  auto fits_blocks = [&](std::size_t t) { return meets(t, src_bd) && meets(t, dst_bd); };
  const std::size_t large = std::min<std::size_t>(most, 160 * 1024);
  std::vector<std::size_t> order;
  for (std::size_t t = 2048; t >= 128; t -= 16)
    if (fits_blocks(t) && shared(t) <= budget) order.push_back(t);
  for (std::size_t t = 128; t <= 2048; t += 16)
    if (fits_blocks(t) && shared(t) > budget && shared(t) <= large) order.push_back(t);
  for (std::size_t t = 112; t >= 16; t -= 16)
    if (fits_blocks(t) && shared(t) <= budget) order.push_back(t);
  const std::uint32_t swizzle = rows_swizzle(move, s + move.src_rows_base + range.src_first * src_stride,
                                             d + move.dst_rows_base + range.dst_first * dst_stride, dst_rows_image);
  for (const std::size_t t : order) {
    if ((range.dst_count + t - 1) / t >= (std::uint64_t(1) << 31)) continue;
    std::optional<record_stage_params> plan(std::in_place);
    record_stage_params& p = *plan;
    p.tile = std::uint32_t(t);
    p.depth = depth;
    p.threads = threads;
    p.count = range.count;
    p.dst_count = range.dst_count;
    p.tiles = (range.dst_count + t - 1) / t;
    p.swizzle = swizzle;
    if (!plan_side(move, move.src, move.src_rows_base, s, range.src_first, t, false, false, block_major(t), p, p.src,
                   p.src_bytes))
      continue;
    if (!plan_side(move, move.dst, move.dst_rows_base, d, range.dst_first, t, true, to_global, false, p, p.dst,
                   p.dst_bytes))
      continue;
    if (masked) {
      p.dst_masked = 1;
      const std::vector<bool> covered = covered_bytes(move);
      for (std::size_t i = 0; i < 256; ++i)
        if (covered[i % dst_stride]) p.dst_kept[i / 32] |= 1u << (i % 32);
    }
    if (stage_shared_bytes(p) > most) continue;
    if (dst_rows_image && !has_gaps(move)) p.dst_rows_bytes = 0;  // every byte is stored from a field
    // Element moves: every component with rows on either side.
    const std::uint32_t src_rows_at = p.src.misalign, dst_rows_at = p.dst.misalign;
    for (std::size_t k = 0; k < comps; ++k) {
      const component_place &a = move.src[k], &b = move.dst[k];
      const std::uint8_t w = move.width[k];
      std::memcpy(p.fill_value[k], move.fill[k].data(), 16);
      if (b.block != 1) {  // destination runs: their padding lanes get the fill
        const stage_segment& g = *runs_segment(p, p.dst, b.base);  // planned above: every runs component has one
        p.fill[p.fills++] = {g.image, w, g.in_source, std::uint16_t(k)};
      }
      if (a.block != 1 && b.block != 1) continue;
      stage_element e;
      e.width = w;
      if (a.block == 1) {
        e.src = std::uint32_t(src_rows_at + (a.base - move.src_rows_base));
        e.src_step = std::uint16_t(src_stride);
        e.src_rows = 1;
      } else if (a.block > 1 && block_major(t)) {
        e.src = std::uint32_t(p.src.block_image + (a.base - side_blocks_base(move.src)));
        e.src_step = w;
        e.src_rows = stage_in_blocks;
      } else {
        e.src = runs_segment(p, p.src, a.base)->image;
        e.src_step = w;
      }
      if (b.block == 1) {
        e.to_global = to_global;
        e.dst = std::uint32_t(to_global ? b.base - move.dst_rows_base : dst_rows_at + (b.base - move.dst_rows_base));
        e.dst_step = std::uint16_t(dst_stride);
        e.dst_rows = !to_global;
      } else {
        e.dst = runs_segment(p, p.dst, b.base)->image;  // not in the source's: that holds k in rows
        e.dst_step = w;
      }
      p.element[p.elements++] = e;
    }
    return plan;
  }
  return std::nullopt;
}

// Why the kernels would overrun or misread a plan, or null where it lies within their limits: the
// block's threads and buffers, the shared bytes against `most`, and every segment, unit, element and
// fill within its buffer, aligned for its width. Checked before every launch (record_choice.cuh).
inline const char* stage_plan_violation(const record_stage_params& p, std::size_t most) {
  if (p.tile == 0 || p.tile % 16 != 0) return "a tile of records not a positive multiple of 16";
  if (p.threads != 128 && p.threads != stage_threads) return "threads per block other than the two compiled (128, 256)";
  if (p.depth != 1 && p.depth != stage_depth) return "source buffers other than 1 or stage_depth";
  if (stage_shared_bytes(p) > most) return "more shared memory than a block may have";
  if (p.dst_rows_bytes > p.dst_bytes || p.dst_rows_bytes % 16 != 0) return "the destination's zeroed rows outside its buffer";
  if (p.tiles * p.tile < p.dst_count) return "tiles that do not cover the range";
  if (p.dst_masked && (p.dst.stride == 0 || p.dst.stride > stage_kept_stride || p.dst.segments == 0 ||
                       p.segment[p.dst.segment0].width != 0 || p.segment[p.dst.segment0].image != 0))
    return "kept gaps without a rows image at the destination buffer's start, or of a stride past 128 bytes";
  if (p.src.segment0 != 0 || p.src.unit0 != 0 || p.dst.segment0 != p.src.segments || p.dst.unit0 != p.src.units ||
      p.src.segments + p.dst.segments > max_stage_segments || p.src.units + p.dst.units > max_stage_units ||
      p.elements > max_stage_elements || p.fills > max_stage_elements)
    return "more segments, units, elements or fills than the plan holds";
  for (const stage_side* side : {&p.src, &p.dst}) {
    const bool is_src = side == &p.src;
    if (side->block != 0 && (side->blocks_per_tile ? p.tile % side->block : side->block % p.tile) != 0)
      return "blocks and tiles that do not divide one another";
    for (std::uint32_t u = 0; u < side->units; ++u) {
      const stage_unit& unit = p.unit[side->unit0 + u];
      if (unit.segment >= side->segments || unit.chunks == 0 || unit.chunks > stage_unit_chunks || unit.image % 16 != 0)
        return "a unit outside its segment's chunks";
      if (stage_unit_end(p, unit) > stage_buffer_bytes(p, is_src || unit.in_source)) return "a unit past its buffer";
    }
  }
  for (std::uint32_t q = 0; q < p.elements; ++q) {
    const stage_element& e = p.element[q];
    const unsigned w = e.width;
    if (w != 1 && w != 2 && w != 4 && w != 8 && w != 16) return "an element width other than 1, 2, 4, 8 or 16 bytes";
    if (e.src % w != 0 || e.dst % w != 0 || e.src_step % w != 0 || e.dst_step % w != 0)
      return "an element not aligned for its width";
    if (e.src_rows == stage_in_blocks && (p.src.block == 0 || !p.src.blocks_per_tile))
      return "an element of a block-major image without whole blocks";
    if (stage_element_src_end(p, e) > stage_source_bytes(p)) return "an element read past the source buffer";
    if (stage_element_dst_end(p, e) > (e.to_global ? std::uint64_t(p.dst.stride) : std::uint64_t(p.dst_bytes)))
      return "an element written past the destination buffer (or its struct)";
  }
  for (std::uint32_t q = 0; q < p.fills; ++q) {
    const stage_fill& f = p.fill[q];
    if (f.image % f.width != 0 || std::uint64_t(f.image) + std::uint64_t(p.tile) * f.width > stage_buffer_bytes(p, f.in_source))
      return "a fill past its buffer";
  }
  return nullptr;
}

// The plan the device launches: a tile per block (depth 1), the first of these budgets (shared bytes,
// threads per block) that holds a tile of at least 128 records, so that many blocks share an SM; else
// the resident grid's, stage_depth tiles in flight per block (tiles of blocked sides whose bd have a
// large common multiple, or long records).
struct stage_budget_choice {
  std::size_t bytes;
  unsigned threads;
};
inline constexpr stage_budget_choice stage_once_budgets[] = {{16 * 1024, 128}, {32 * 1024, 256}, {48 * 1024, 256}};
inline std::optional<record_stage_params> record_stage_launch_plan(const record_move& move,
                                                                  const record_range& range, const void* src,
                                                                  const void* dst, std::size_t most) {
  for (const stage_budget_choice& b : stage_once_budgets) {
    if (b.bytes > most) continue;
    const auto plan = plan_record_stage(move, range, src, dst, b.bytes, 1, b.bytes, b.threads);
    if (plan && plan->tile >= 128) return plan;
  }
  return plan_record_stage(move, range, src, dst, most);
}

// ---- The device side ---------------------------------------------------------------------------

// Byte a of a rows image as stored: its 16-byte chunk within each 128 bytes XORed with bits 7-9 of
// a (mask 0x70, or 0: as is), so that records 128 bytes apart spread over 8 bank groups.
__host__ __device__ __forceinline__ std::uint32_t stage_swizzled(std::uint32_t a, std::uint32_t mask) {
  return a ^ ((a >> 3) & mask);
}

// 16 bytes from global memory into shared memory, asynchronously (sm_80 and later): into a buffer whose
// shared-space address is worked out once per tile (the conversion costs a few instructions per chunk
// otherwise).
struct stage_buffer {
  unsigned char* data;
  std::uint32_t shared;  // sm_80 and later: data's shared-space address
};
__device__ __forceinline__ stage_buffer stage_buffer_of(unsigned char* data) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  return {data, std::uint32_t(__cvta_generic_to_shared(data))};
#else
  return {data, 0};
#endif
}
__device__ __forceinline__ void stage_copy16_async(const stage_buffer& to, std::uint32_t offset,
                                                   const unsigned char* global) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(to.shared + offset), "l"(global) : "memory");
#else
  *reinterpret_cast<uint4*>(to.data + offset) = *reinterpret_cast<const uint4*>(global);
#endif
}

__device__ __forceinline__ void stage_commit() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm volatile("cp.async.commit_group;\n" ::: "memory");
#endif
}

// Until this thread's copies of all but the newest stage_depth - 2 tiles are done.
__device__ __forceinline__ void stage_wait() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm volatile("cp.async.wait_group %0;\n" ::"n"(stage_depth - 2) : "memory");
#endif
}

// A side's terms for tile t, the same for all its segments: the rows' aligned start (possibly before
// the data pointer; only bytes of the range are touched), the runs' block term and lane index.
struct tile_terms {
  std::int64_t rows;
  std::uint64_t blocks, lane;
  std::uint32_t valid;  // records of this side in the tile (runs: the destination's padding lanes too)
  std::uint32_t rows_end;  // the rows image's end: misalign + rows_valid * stride, less the range's last
                           // record's tail in the tile that holds it
};

__device__ __forceinline__ tile_terms side_terms(const stage_header& p, const stage_side& s, std::uint64_t t,
                                                 std::uint32_t rows_valid, std::uint32_t runs_valid, bool last) {
  const std::uint64_t v = s.first + t * p.tile;
  tile_terms x;
  x.rows = std::int64_t(s.rows_base + v * s.stride) - std::int64_t(s.misalign);
  x.rows_end = s.misalign + rows_valid * s.stride - (last ? s.rows_tail : 0u);
  x.valid = runs_valid;
  if (s.block == 0) {
    x.blocks = 0, x.lane = v;
  } else if (s.blocks_per_tile) {
    x.blocks = (s.first_block + t * s.blocks_per_tile) * s.block_stride, x.lane = 0;
  } else {
    unsigned block, piece;
    s.tiles_per_block(unsigned(s.first_tile + t), block, piece);
    x.blocks = std::uint64_t(block) * s.block_stride, x.lane = std::uint64_t(piece) * p.tile;
  }
  return x;
}

// Where segment g's image byte 0 lies in this tile, from the data pointer.
__device__ __forceinline__ std::int64_t segment_origin(const stage_side& s, const tile_terms& x, const stage_segment& g) {
  if (g.width == 0) return x.rows;
  if (g.width == stage_blocks) return std::int64_t(g.base + x.blocks);
  return std::int64_t(g.base + x.blocks + g.run * s.block_stride + x.lane * g.width);
}

// Segment g in this tile: its origin and its bytes [begin, end).
struct segment_span {
  std::int64_t global;
  std::uint32_t begin, end;
};

__device__ __forceinline__ segment_span locate_segment(const stage_side& s, const tile_terms& x, const stage_segment& g) {
  const std::int64_t origin = segment_origin(s, x, g);
  if (g.width == 0) return {origin, s.misalign, x.rows_end};
  if (g.width == stage_blocks) {  // the blocks that hold the tile's records (a last block is padded, whole)
    const std::uint32_t blocks = x.valid == s.blocks_per_tile * s.block ? s.blocks_per_tile : (x.valid + s.block - 1) / s.block;
    return {origin, 0, blocks ? (blocks - 1) * std::uint32_t(s.block_stride) + s.block_extent : 0u};
  }
  const std::uint32_t first = std::uint32_t(g.run) * s.run_records;
  const std::uint32_t lanes = x.valid > first ? min(s.run_records, x.valid - first) : 0u;
  return {origin, 0, lanes * g.width};
}

// The chunks of unit u a lane moves: chunk c of the segment holds its image bytes [16c, 16c + 16).
// move(to_image, from_global_or_image, whole) per chunk; cut chunks go byte by byte.
template <class Whole, class Cut>
__device__ __forceinline__ void walk_unit(const stage_unit& unit, const stage_segment& g, const segment_span& span,
                                          unsigned lane, Whole&& whole, Cut&& cut) {
  const std::uint32_t first = (unit.image - g.image) / 16, last = min(first + stage_unit_chunks, (span.end + 15) / 16);
  if (16 * first >= span.begin && 16 * last <= span.end) {  // every chunk whole: the common case
#pragma unroll 4
    for (std::uint32_t lo = 16 * (first + lane); lo < 16 * last; lo += 16 * 32) whole(lo);
    return;
  }
  for (std::uint32_t c = first + lane; c < last; c += 32) {
    if (16 * c >= span.begin && 16 * c + 16 <= span.end) whole(16 * c);
    else cut(16 * c);
  }
}

// Records of tile t: with data (valid), and in the destination's runs (its padding lanes too); last:
// the tile holds the range's last record.
struct tile_counts {
  std::uint32_t valid, runs_valid;
  bool last;
};

__device__ __forceinline__ tile_counts counts_of(const stage_header& p, std::uint64_t t) {
  const std::uint64_t v0 = t * p.tile;
  return {p.count > v0 ? std::uint32_t(min(std::uint64_t(p.tile), p.count - v0)) : 0u,
          std::uint32_t(min(std::uint64_t(p.tile), p.dst_count - v0)), v0 < p.count && p.count - v0 <= p.tile};
}

// f(unit, segment, span, swizzle mask) for each of a side's units this thread's warp takes in tile t
// (n: its counts, whose valid records bound the rows; runs_valid: the runs' records).
template <class P, class F>
__device__ __forceinline__ void for_each_unit(const P& p, const stage_side& s, std::uint64_t t, const tile_counts& n,
                                              std::uint32_t runs_valid, unsigned tid, F&& f) {
  const tile_terms x = side_terms(p, s, t, n.valid, runs_valid, n.last);
  for (std::uint32_t u = tid / 32; u < s.units; u += p.threads / 32) {
    const stage_unit unit = p.unit[s.unit0 + u];
    COALESCE_STAGE_ASSERT(stage_unit_end(p, unit) <= stage_buffer_bytes(p, &s == &p.src || unit.in_source));
    const stage_segment g = p.segment[s.segment0 + unit.segment];
    f(unit, g, locate_segment(s, x, g), g.width == 0 ? p.swizzle : 0u);
  }
}

// A whole tile (every record valid) of a side whose rows (if any) start 16-byte aligned, and whose last
// record's row is whole (no tail left unloaded): every chunk of every unit is whole, so a unit is its
// planned chunks, at most four per lane, with no bounds to work out. Swizzle false: the plan has no
// swizzled rows (p.swizzle == 0), known to the compiler.
__device__ __forceinline__ bool whole_tile(const stage_header& p, const stage_side& s, const tile_counts& n) {
  return n.valid == p.tile && s.misalign == 0 && !(n.last && s.rows_tail != 0);
}

// f(unit, global, image, at) for the chunk of a unit at global bytes [global, global + 16) from the data
// pointer and image bytes [image, image + 16) from its buffer's start (swizzled; `at` before the swizzle).
template <bool Swizzle, class P, class F>
__device__ __forceinline__ void for_each_whole_chunk(const P& p, const stage_side& s, std::uint64_t t,
                                                     unsigned tid, F&& f) {
  const tile_terms x = side_terms(p, s, t, p.tile, p.tile, false);  // whole_tile: no tail left
  for (std::uint32_t u = tid / 32; u < s.units; u += p.threads / 32) {
    const stage_unit unit = p.unit[s.unit0 + u];
    COALESCE_STAGE_ASSERT(stage_unit_end(p, unit) <= stage_buffer_bytes(p, &s == &p.src || unit.in_source));
    const std::int64_t origin =
        std::int64_t(unit.global) + (unit.width == 0 ? x.rows : std::int64_t(x.blocks + x.lane * unit.width));
    const std::uint32_t mask = Swizzle && unit.width == 0 ? p.swizzle : 0u;
#pragma unroll
    for (std::uint32_t j = 0; j < stage_unit_chunks / 32; ++j) {
      const std::uint32_t c = 16 * (tid % 32 + 32 * j);
      if (c < 16 * unit.chunks) f(unit, origin + c, stage_swizzled(unit.image + c, mask), unit.image + c);
    }
  }
}

// Load: the source's bytes of tile t into `image` (the next source buffer).
template <bool Swizzle = true, class P>
__device__ inline void stage_load(const P& p, std::uint64_t t, const unsigned char* __restrict__ src,
                                  unsigned char* image, unsigned tid) {
  const tile_counts n = counts_of(p, t);
  const stage_buffer buffer = stage_buffer_of(image);
  if (whole_tile(p, p.src, n))
    return for_each_whole_chunk<Swizzle>(p, p.src, t, tid,
                                         [&](const stage_unit&, std::int64_t at, std::uint32_t to, std::uint32_t) {
                                           stage_copy16_async(buffer, to, src + at);
                                         });
  for_each_unit(p, p.src, t, n, n.valid, tid,
                [&](const stage_unit& unit, const stage_segment& g, const segment_span& span, std::uint32_t mask) {
                  unsigned char* to = image + g.image;
                  const unsigned char* from = src + span.global;
                  walk_unit(
                      unit, g, span, tid % 32,
                      [&](std::uint32_t lo) { stage_copy16_async(buffer, g.image + stage_swizzled(lo, mask), from + lo); },
                      [&](std::uint32_t lo) {  // a chunk cut by the range's ends
                        for (std::uint32_t b = max(lo, span.begin); b < min(lo + 16, span.end); ++b)
                          to[stage_swizzled(b, mask)] = from[b];
                      });
                });
}

// Elements r = lane, lane + 32, ... < count of one component: a warp per component, so that the
// component's places are uniform and the loop is a load and a store per element. A warp per slice of
// 128 records of a component, and each warp its own tiles of records (a record per lane, no block
// barrier), measured slower (BENCHMARKS.md, Records).
template <class Word>
__device__ __forceinline__ void move_elements(const unsigned char* from, std::uint32_t from_at, std::uint32_t from_step,
                                              std::uint32_t from_mask, unsigned char* to, std::uint32_t to_at,
                                              std::uint32_t to_step, std::uint32_t to_mask, std::uint32_t count,
                                              unsigned lane) {
#pragma unroll 4
  for (std::uint32_t r = lane; r < count; r += 32)
    *reinterpret_cast<Word*>(to + stage_swizzled(to_at + r * to_step, to_mask)) =
        *reinterpret_cast<const Word*>(from + stage_swizzled(from_at + r * from_step, from_mask));
}

// The same from a block-major image: element r at from_at + (r / bd) * block_bytes + (r % bd) * w,
// a block at a time (no division per element).
template <class Word>
__device__ __forceinline__ void move_block_elements(const unsigned char* from, std::uint32_t from_at, std::uint32_t bd,
                                                    std::uint32_t block_bytes, unsigned char* to, std::uint32_t to_at,
                                                    std::uint32_t to_step, std::uint32_t to_mask, std::uint32_t count,
                                                    unsigned lane) {
  for (std::uint32_t b0 = 0; b0 < count; b0 += bd, from_at += block_bytes) {
    const std::uint32_t in_block = min(bd, count - b0);
#pragma unroll 4
    for (std::uint32_t r = lane; r < in_block; r += 32)
      *reinterpret_cast<Word*>(to + stage_swizzled(to_at + (b0 + r) * to_step, to_mask)) =
          *reinterpret_cast<const Word*>(from + from_at + r * sizeof(Word));
  }
}

template <bool Swizzle, class Word>
__device__ __forceinline__ void move_element_words(const stage_header& p, const stage_element& e,
                                                   const unsigned char* from, unsigned char* to, std::uint32_t count,
                                                   unsigned lane) {
  const std::uint32_t swizzle = Swizzle ? p.swizzle : 0u;
  const std::uint32_t tm = e.dst_rows ? swizzle : 0;
  if (e.src_rows == stage_in_blocks)
    return move_block_elements<Word>(from, e.src, p.src.block, std::uint32_t(p.src.block_stride), to, e.dst,
                                     e.dst_step, tm, count, lane);
  move_elements<Word>(from, e.src, e.src_step, e.src_rows ? swizzle : 0, to, e.dst, e.dst_step, tm, count, lane);
}

template <bool Swizzle>
__device__ __forceinline__ void move_component(const stage_header& p, const stage_element& e,
                                               const unsigned char* from, unsigned char* to, std::uint32_t count,
                                               unsigned lane) {
  switch (e.width) {
    case 1: return move_element_words<Swizzle, std::uint8_t>(p, e, from, to, count, lane);
    case 2: return move_element_words<Swizzle, std::uint16_t>(p, e, from, to, count, lane);
    case 4: return move_element_words<Swizzle, std::uint32_t>(p, e, from, to, count, lane);
    case 8: return move_element_words<Swizzle, uint2>(p, e, from, to, count, lane);
    default: return move_element_words<Swizzle, uint4>(p, e, from, to, count, lane);
  }
}

// Elements: tile t's components from the source image to the destination's (or the user's structs),
// and the fill into the destination's padding lanes.
template <bool Swizzle = true, class P>
__device__ inline void stage_elements(const P& p, std::uint64_t t, unsigned char* source,
                                      unsigned char* image, unsigned char* __restrict__ dst, unsigned tid) {
  const std::uint64_t v0 = t * p.tile;
  const tile_counts n = counts_of(p, t);
  const std::uint32_t valid = n.valid, runs_valid = n.runs_valid;
  unsigned char* rows = dst + p.dst.rows_base + (p.dst.first + v0) * p.dst.stride;
  for (std::uint32_t q = tid / 32; q < p.elements; q += p.threads / 32) {
    const stage_element e = p.element[q];
    COALESCE_STAGE_ASSERT(stage_element_src_end(p, e) <= stage_source_bytes(p));
    COALESCE_STAGE_ASSERT(stage_element_dst_end(p, e) <= (e.to_global ? p.dst.stride : p.dst_bytes));
    // Separate calls, so that the image's stores stay shared-memory stores.
    if (e.to_global) move_component<Swizzle>(p, e, source, rows, valid, tid % 32);
    else move_component<Swizzle>(p, e, source, image, valid, tid % 32);
  }
  if (runs_valid > valid) {
    const std::uint32_t lanes = runs_valid - valid;
    for (std::uint32_t i = tid; i < lanes * p.fills; i += p.threads) {
      const stage_fill f = p.fill[i / lanes];
      COALESCE_STAGE_ASSERT(f.image + std::uint64_t(p.tile) * f.width <= stage_buffer_bytes(p, f.in_source));
      unsigned char* to = (f.in_source ? source : image) + f.image + (valid + i % lanes) * f.width;
      const unsigned char* value = p.fill_value[f.component];
      for (unsigned b = 0; b < f.width; ++b) to[b] = value[b];
    }
  }
}

// The user's padded structs (p.dst_masked): which of the 16 bytes from struct byte r (r < stride) are a
// field's, one bit a byte.
__host__ __device__ __forceinline__ std::uint32_t kept_mask(const stage_header& p, std::uint32_t r) {
  const std::uint32_t word = r / 32, shift = r % 32;
  const std::uint64_t bits = std::uint64_t(p.dst_kept[word]) | (word + 1 < 8 ? std::uint64_t(p.dst_kept[word + 1]) << 32 : 0);
  return std::uint32_t(bits >> shift) & 0xFFFFu;
}

// 16 image bytes to `to` (16-byte aligned), only those `mask` keeps: whole where it keeps all, else in
// the widest pieces it keeps whole.
__host__ __device__ __forceinline__ void store_kept(unsigned char* to, const unsigned char* from, std::uint32_t mask) {
  if (mask == 0xFFFFu) {
    *reinterpret_cast<uint4*>(to) = *reinterpret_cast<const uint4*>(from);
    return;
  }
  for (unsigned h = 0; h < 16; h += 8) {
    const std::uint32_t half = (mask >> h) & 0xFFu;
    if (half == 0xFFu) {
      *reinterpret_cast<uint2*>(to + h) = *reinterpret_cast<const uint2*>(from + h);
      continue;
    }
    for (unsigned q = h; q < h + 8; q += 4) {
      const std::uint32_t quarter = (mask >> q) & 0xFu;
      if (quarter == 0xFu) {
        *reinterpret_cast<std::uint32_t*>(to + q) = *reinterpret_cast<const std::uint32_t*>(from + q);
        continue;
      }
      for (unsigned b = q; b < q + 4; ++b)
        if (mask >> b & 1u) to[b] = from[b];
    }
  }
}

// Store: tile t's destination image (and the runs read where they were loaded) to memory.
template <bool Swizzle = true, class P>
__device__ inline void stage_store(const P& p, std::uint64_t t, const unsigned char* source,
                                   const unsigned char* image, unsigned char* __restrict__ dst, unsigned tid) {
  const tile_counts n = counts_of(p, t);
  // A rows chunk of the user's padded structs keeps their gaps: its image byte lo lies at struct byte
  // (lo - misalign) mod stride.
  const bool masked = p.dst_masked != 0;
  const std::uint32_t stride = p.dst.stride, misalign = p.dst.misalign;
  if (whole_tile(p, p.dst, n))
    return for_each_whole_chunk<Swizzle>(
        p, p.dst, t, tid, [&](const stage_unit& unit, std::int64_t at, std::uint32_t from, std::uint32_t in_image) {
          const unsigned char* chunk = (unit.in_source ? source : image) + from;
          if (masked && unit.width == 0)  // the rows image starts the buffer, a whole tile's at misalign 0
            store_kept(dst + at, chunk, kept_mask(p, in_image % stride));
          else
            *reinterpret_cast<uint4*>(dst + at) = *reinterpret_cast<const uint4*>(chunk);
        });
  for_each_unit(p, p.dst, t, n, n.runs_valid, tid,
                [&](const stage_unit& unit, const stage_segment& g, const segment_span& span, std::uint32_t mask) {
                  const unsigned char* from = (g.in_source ? source : image) + g.image;
                  unsigned char* to = dst + span.global;
                  const bool kept = masked && g.width == 0;
                  walk_unit(
                      unit, g, span, tid % 32,
                      [&](std::uint32_t lo) {
                        const unsigned char* chunk = from + stage_swizzled(lo, mask);
                        if (kept) store_kept(to + lo, chunk, kept_mask(p, (lo - misalign) % stride));
                        else *reinterpret_cast<uint4*>(to + lo) = *reinterpret_cast<const uint4*>(chunk);
                      },
                      [&](std::uint32_t lo) {
                        for (std::uint32_t b = max(lo, span.begin); b < min(lo + 16, span.end); ++b)
                          if (!kept || (kept_mask(p, (b - misalign) % stride) & 1u)) to[b] = from[stage_swizzled(b, mask)];
                      });
                });
}

}  // namespace coalesce::detail

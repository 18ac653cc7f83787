// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The record kernels' code (src/cuda/record_stage.cuh, record_lanes.cuh) run on the host, phase by
// phase and thread after thread (cuda_host_shim.hpp), against the host backend's record move: random records
// through every pair of record layouts, with tails, padding lanes, the user's padded structs (their
// padding poisoned, also one alignment unit off) and pipeline chunks of a longer array. Shared memory
// starts poisoned, so a byte stored that was never loaded shows. Races and memory ordering are the
// GPU's to check (record.gpu.* under compute-sanitizer).
#include "record_kernels_on_host.hpp"

#include <coalesce/record/layout.hpp>

#include <doctest/doctest.h>

#include "random_records.hpp"

#include <cstring>
#include <numeric>
#include <optional>
#include <random>
#include <vector>

using namespace coalesce;
using namespace coalesce::detail;
using test::side_memory;
using test::run_lanes;
using test::run_stage;

namespace {

// The staged plans a move is tested with: the one the device launches (a tile per block where it
// fits), the resident grid's, and a tile per block of 128 threads within 16 KiB (whatever its tile).
enum class stage_choice { launch, resident, small_blocks };

std::optional<record_stage_params> stage_plan_for(stage_choice c, const record_move& move, const record_range& range,
                                                  const void* src, const void* dst) {
  switch (c) {
    case stage_choice::launch: return record_stage_launch_plan(move, range, src, dst, 227 * 1024);
    case stage_choice::resident: return plan_record_stage(move, range, src, dst);
    default: return plan_record_stage(move, range, src, dst, 16 * 1024, 1, 16 * 1024, 128);
  }
}

// src -> dst both ways (a device kernel's code, the host reference) on identical memory; the whole
// buffers must agree. Returns false where the kernel has no plan for the move.
enum class tested_kernel { staged, lanes };

bool kernel_matches_host(tested_kernel kernel_kind, const record_move& move, const record_range& range,
                         const side_memory& src, std::size_t dst_bytes, std::size_t dst_offset, unsigned char dst_fill) {
  side_memory host(dst_bytes, dst_offset, dst_fill);
  move_records_host(src.data, host.data, move, range);
  auto agrees = [&](const side_memory& staged, const char* kernel, std::uint32_t tile) {
    const std::vector<unsigned char> a = staged.bytes(), b = host.bytes();
    if (a == b) return;
    const auto at = std::size_t(std::mismatch(a.begin(), a.end(), b.begin()).first - a.begin());
    FAIL(std::string(kernel) << ", tile " << tile << ": byte " << at - dst_offset << " of the destination: staged " << int(a[at])
                << ", host " << int(b[at]));
  };
  if (kernel_kind == tested_kernel::lanes) {
    const auto plan = plan_record_lanes(move, range);
    if (!plan) return false;
    side_memory staged(dst_bytes, dst_offset, dst_fill);
    run_lanes(*plan, src.data, staged.data);
    agrees(staged, "lanes", 0);
    if (const auto compact = lanes_plan_in<compact_lanes_params>(*plan, move.width.size())) {  // the device's class
      side_memory again(dst_bytes, dst_offset, dst_fill);
      run_lanes(*compact, src.data, again.data);
      agrees(again, "lanes, compact parameters", 0);
    }
    return true;
  }
  // Every destination below has the same alignment as this one (side_memory's words are 16-byte).
  const side_memory probe(dst_bytes, dst_offset, dst_fill);
  if (!plan_record_stage(move, range, src.data, probe.data)) return false;
  // A device with less shared memory (48 KiB per block, as sm_75) gets a plan within it, or none.
  if (const auto small = plan_record_stage(move, range, src.data, probe.data, 48 * 1024))
    CHECK(stage_shared_bytes(*small) <= 48 * 1024);
  for (const stage_choice c : {stage_choice::launch, stage_choice::resident, stage_choice::small_blocks}) {
    side_memory staged(dst_bytes, dst_offset, dst_fill);
    const auto plan = stage_plan_for(c, move, range, src.data, staged.data);
    if (c == stage_choice::small_blocks && !plan) continue;  // no tile fits 16 KiB
    REQUIRE(plan);
    run_stage(*plan, src.data, staged.data);
    agrees(staged, plan->depth == 1 ? "a tile per block" : "resident grid", plan->tile);
    // The same plan in each smaller parameter class that holds it (the device launches the smallest).
    auto in_class = [&](const auto& smaller, const char* name) {
      if (!smaller) return;
      side_memory again(dst_bytes, dst_offset, dst_fill);
      run_stage(*smaller, src.data, again.data);
      agrees(again, name, plan->tile);
    };
    in_class(stage_plan_in<compact_stage_params>(*plan, move.width.size()), "compact parameters");
    in_class(stage_plan_in<medium_stage_params>(*plan, move.width.size()), "medium parameters");
  }
  return true;
}

// The plan loads the source's blocks whole (one block-major segment per tile).
bool loads_whole_blocks(const record_move& move, const record_range& range, const void* src, const void* dst) {
  const auto plan = plan_record_stage(move, range, src, dst);
  if (!plan) return false;
  for (std::uint32_t g = 0; g < plan->src.segments; ++g)
    if (plan->segment[plan->src.segment0 + g].width == stage_blocks) return true;
  return false;
}

}  // namespace

TEST_CASE("record.kernels_on_host.every_pair") {
  std::mt19937_64 gen(std::random_device{}());
  std::size_t planned = 0, cells = 0, lanes = 0, whole_blocks = 0;
  // Strides of 128, 64 and 96 bytes first: their rows images are swizzled (stage_plan::rows_swizzle).
  const record_desc wide({{"a", 0, 8, 3}, {"b", 24, 4, 5}, {"c", 44, 1, 3}, {"q", 48, 16, 5}}, 128);
  const record_desc narrow({{"a", 0, 2, 3}, {"b", 8, 8, 2}, {"c", 24, 4, 9}, {"d", 60, 1, 1}}, 64);
  const record_desc odd32 = test::rows_of_96_bytes();
  for (const record_desc& d : {wide, narrow, odd32}) {
    const record_layout aos = resolve_record_layout(d, 100, record_aos()), soa = resolve_record_layout(d, 100, record_soa());
    CHECK(stage_plan::rows_swizzle(plan_record_move(d, aos, soa, nullptr, false), 0, 0, true) == 0x70u);
  }
  for (int trial = 0; trial < 9; ++trial) {
    const record_desc desc = trial == 0   ? wide
                             : trial == 1 ? narrow
                             : trial == 2 ? odd32
                                          : test::random_record(gen, trial < 6 ? 6 : 16);
    INFO(to_string(desc));
    for (const std::size_t n : {std::size_t(1), std::size_t(77), std::size_t(1300)}) {
      const std::vector<unsigned char> structs = test::random_structs(desc, n, gen);
      const record_layout user = resolve_record_layout(desc, n, record_aos(), "test");
      for (const record_layout_spec& a : test::record_layouts(desc)) {
        const record_layout sl = resolve_record_layout(desc, n, a, "test");
        // The source in layout a, filled from the structs by the host move.
        side_memory src(sl.span_bytes, 0, 0);
        move_records_host(structs.data(), src.data, plan_record_move(desc, user, sl, nullptr, false), whole(user, sl));
        for (const record_layout_spec& b : test::record_layouts(desc)) {
          if (!test::run_case(gen, 0.25)) continue;
          INFO(to_string(a) << " -> " << to_string(b) << ", n = " << n);
          const record_layout dl = resolve_record_layout(desc, n, b, "test");
          std::vector<unsigned char> fill(desc.stride());
          for (unsigned char& x : fill) x = static_cast<unsigned char>(gen());
          const record_move move = plan_record_move(desc, sl, dl, fill.data(), false);
          ++cells;
          planned += kernel_matches_host(tested_kernel::staged, move, whole(sl, dl), src, dl.span_bytes, 0, 0);
          whole_blocks += loads_whole_blocks(move, whole(sl, dl), src.data, src.data);
          if (plan_record_lanes(move, whole(sl, dl))) {
            ++lanes;
            CHECK(kernel_matches_host(tested_kernel::lanes, move, whole(sl, dl), src, dl.span_bytes, 0, 0));
          }
        }
        // Into the user's padded structs (padding poisoned, kept), aligned and one alignment unit off.
        std::size_t align = 1;
        for (const field_desc& f : desc.fields()) align = std::max(align, f.width);
        for (const std::size_t offset : {std::size_t(0), align % 16}) {
          if (!test::run_case(gen, 0.25)) continue;  // the same share as the pairs: the counts' ratios hold
          INFO(to_string(a) << " -> the user's structs, " << offset << " bytes off");
          const record_move move = plan_record_move(desc, sl, user, nullptr, true);
          ++cells;
          planned += kernel_matches_host(tested_kernel::staged, move, whole(sl, user), src, user.span_bytes, offset, test::padding_poison);
          whole_blocks += loads_whole_blocks(move, whole(sl, user), src.data, src.data);
        }
      }
    }
  }
  MESSAGE(planned << " of " << cells << " moves tiled, " << lanes << " also by the lanes kernel, " << whole_blocks
                  << " loading whole blocks");
  CHECK(whole_blocks * 10 >= cells);  // blocked sources into rows: every n, both kinds of blocked layout
  CHECK(planned * 10 >= cells * 7);
  CHECK(lanes * 4 >= cells);  // runs destinations
}

TEST_CASE("record.kernels_on_host.chunks_of_a_longer_array") {
  // The upload pipeline's moves: a chunk of structs (first 0) into records [v0, v0 + count) of the
  // destination, the last chunk with the destination's padding lanes.
  std::mt19937_64 gen(std::random_device{}());
  for (int trial = 0; trial < 8; ++trial) {
    const record_desc desc = test::random_record(gen, 8);
    INFO(to_string(desc));
    const std::size_t n = 2500;
    for (const record_layout_spec& b : {record_soa(), record_blocked(128), record_blocked(32), record_packed()}) {
      const record_layout dl = resolve_record_layout(desc, n, b, "test");
      // The pipelines' chunks are multiples of 16 records and of bd (record_transfer.cu), not of a tile.
      const std::size_t chunk = std::lcm<std::size_t>(16, dl.block ? dl.block : 1) * 13;
      for (std::size_t v0 = 0; v0 < n; v0 += chunk) {
        const std::size_t count = std::min(chunk, n - v0);
        const record_layout slot = resolve_record_layout(desc, count, record_aos(), "test");
        side_memory src(slot.span_bytes, 0, 0);
        const std::vector<unsigned char> structs = test::random_structs(desc, count, gen);
        std::memcpy(src.data, structs.data(), structs.size());
        const record_move move = plan_record_move(desc, slot, dl, nullptr, false);
        const std::size_t dst_count = v0 + count == n ? dl.extent() - v0 : count;
        INFO(to_string(b) << ", chunk at " << v0);
        const record_range range{count, dst_count, 0, v0};
        CHECK(kernel_matches_host(tested_kernel::staged, move, range, src, dl.span_bytes, 0, 0));
        // The lanes kernel takes the user's structs too (the staged kernel measured faster from them).
        if (plan_record_lanes(move, range)) CHECK(kernel_matches_host(tested_kernel::lanes, move, range, src, dl.span_bytes, 0, 0));
      }
    }
  }
}

// Columnar sides on ranges that start past record 0, on and off the 16-record grid: the staged
// kernel's plans (every range on the grid), and the lanes kernel's where it takes the range.
TEST_CASE("record.kernels_on_host.columnar_ranges") {
  std::mt19937_64 gen(std::random_device{}());
  for (int trial = 0; trial < 6; ++trial) {
    const record_desc desc = test::random_record(gen, 8);
    INFO(to_string(desc));
    const std::size_t n = 2500;
    const record_layout user = resolve_record_layout(desc, n, record_aos(), "test");
    const std::vector<unsigned char> structs = test::random_structs(desc, n, gen);
    for (const auto& [a, b] : {std::pair(record_soa(), record_blocked(128)), std::pair(record_blocked(32), record_soa()),
                               std::pair(record_blocked(96), record_blocked(32))}) {
      const record_layout sl = resolve_record_layout(desc, n, a, "test"), dl = resolve_record_layout(desc, n, b, "test");
      side_memory src(sl.span_bytes, 0, 0);
      move_records_host(structs.data(), src.data, plan_record_move(desc, user, sl, nullptr, false), whole(user, sl));
      const record_move move = plan_record_move(desc, sl, dl, nullptr, false);
      for (const std::size_t v0 : {std::size_t(16), std::size_t(1104), std::size_t(2496)}) {
        const std::size_t count = std::min<std::size_t>(1000, n - v0), dst_count = v0 + count == n ? dl.extent() - v0 : count;
        INFO(to_string(a) << " -> " << to_string(b));
        for (const std::size_t first : {v0, v0 + 1}) {
          const record_range range{count - (first - v0), dst_count - (first - v0), first, first};
          INFO("records from " << first);
          // Off the grid, runs that start off 16 bytes take no tile (the element kernel moves them).
          const bool staged = kernel_matches_host(tested_kernel::staged, move, range, src, dl.span_bytes, 0, 0);
          CHECK((staged || first != v0));
          if (plan_record_lanes(move, range)) CHECK(kernel_matches_host(tested_kernel::lanes, move, range, src, dl.span_bytes, 0, 0));
        }
      }
    }
  }
}

// Vector sets through the record kernels (relayout_as_records): n vectors of m words of elem bytes
// between array layouts, the rows side also one element off the 16-byte grid and of odd pitch. The
// host record move of vector_record_move is checked against the layouts' index functions, the kernels'
// code against that move (kernel_matches_host: every plan class, the blocked padding's fill, a rows
// destination's padding poisoned and kept).
TEST_CASE("record.kernels_on_host.vector_sets") {
  const auto index_of = [](const array_layout& l, std::size_t v, std::size_t i) {  // the mission's formulas
    switch (l.kind) {
      case layout_kind::row_major: return v * l.pitch + i;
      case layout_kind::col_major: return i * l.pitch + v;
      case layout_kind::blocked: break;
    }
    return l.m * l.block * (v / l.block) + i * l.block + v % l.block;
  };
  std::mt19937_64 gen(std::random_device{}());
  std::size_t moves = 0, planned = 0;
  for (const std::size_t elem : {1, 2, 4, 8, 16})
    for (const std::size_t m : {1, 3, 4, 12, 33})
      for (const std::size_t n : {std::size_t(1), std::size_t(77), std::size_t(1300)}) {
        const auto rows = [&](std::size_t pitch) { return array_layout{layout_kind::row_major, n, m, pitch, 0}; };
        const auto blocks = [&](std::size_t bd) { return array_layout{layout_kind::blocked, n, m, 0, bd}; };
        const array_layout cols{layout_kind::col_major, n, m, n | 1, 0};
        const array_layout columnar[] = {cols, blocks(32), blocks(96), blocks(128)};
        for (const array_layout& r : {rows(m), rows(m + 1)})
          for (const array_layout& c : columnar)
            for (const std::size_t offset : {std::size_t(0), elem % 16})
              for (const bool rows_first : {true, false}) {
                if (!test::run_case(gen, 0.25)) continue;
                const array_layout& sl = rows_first ? r : c;
                const array_layout& dl = rows_first ? c : r;
                INFO(to_string(sl) << " -> " << to_string(dl) << ", " << elem << "-byte words, rows " << offset
                                   << " bytes off");
                const std::size_t src_offset = rows_first ? offset : 0, dst_offset = rows_first ? 0 : offset;
                side_memory src(sl.span() * elem, src_offset, 0);
                for (std::size_t b = 0; b < sl.span() * elem; ++b) src.data[b] = static_cast<unsigned char>(gen());
                std::vector<unsigned char> fill(elem);
                for (unsigned char& x : fill) x = static_cast<unsigned char>(gen());
                const record_move move = vector_record_move(sl, dl, elem, fill.data());
                const record_range range{n, dl.kind == layout_kind::blocked ? dl.span() / m : n, 0, 0};
                // The host move puts element (v, i) where the layouts' index functions say, the fill in
                // a last block's padding lanes, and leaves a rows destination's padding alone.
                side_memory host(dl.span() * elem, dst_offset, test::padding_poison);
                move_records_host(src.data, host.data, move, range);
                bool exact = true;
                for (std::size_t v = 0; v < range.dst_count && exact; ++v)
                  for (std::size_t i = 0; i < m; ++i) {
                    const unsigned char* want = v < n ? src.data + index_of(sl, v, i) * elem : fill.data();
                    exact = exact && std::memcmp(host.data + index_of(dl, v, i) * elem, want, elem) == 0;
                  }
                CHECK(exact);
                if (dl.kind == layout_kind::row_major && dl.pitch > m)
                  CHECK(host.data[m * elem] == test::padding_poison);  // vector 0's padding
                ++moves;
                // The staged kernel takes every move but those with col_major runs off the 16-byte grid
                // of more than one row (odd pitches: the shifted runs and transpose kernels' cases). It
                // reads nothing past the source's span: the last row's padding is never loaded.
                const std::size_t used = sl.span() * elem;
                FENCE(src.data + used, src.past(used));
                const bool tiled = kernel_matches_host(tested_kernel::staged, move, range, src, dl.span() * elem, dst_offset, test::padding_poison);
                UNFENCE(src.data + used, src.past(used));
                CHECK(tiled == !(c.kind == layout_kind::col_major && m > 1 && c.pitch * elem % 16 != 0));
                planned += tiled;
                if (plan_record_lanes(move, range))
                  CHECK(kernel_matches_host(tested_kernel::lanes, move, range, src, dl.span() * elem, dst_offset, test::padding_poison));
              }
      }
  MESSAGE(planned << " of " << moves << " vector moves tiled by the staged kernel");
}

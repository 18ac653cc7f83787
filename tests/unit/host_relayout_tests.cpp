// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The host backend's fast paths (rows, runs, transpose) and their plan: every layout pair, element
// size, m and n with tails against the one rule (relayout_one), on random data, unaligned pointers and
// poisoned destinations, cached and streaming stores.
#include "../../src/host_gather.hpp"
#include "../../src/host_relayout.hpp"
#include "../../src/host_stream.hpp"
#include "../../src/host_turn.hpp"
#include "../../src/relayout_one.hpp"

#include <doctest/doctest.h>

#include "array_layouts.hpp"
#include "random.hpp"

#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

using namespace coalesce;
using namespace coalesce::detail;
using coalesce::test::blocks;
using coalesce::test::cols;
using coalesce::test::rows;

namespace {

// Every layout kind the host meets: packed and odd-pitched rows, packed and pitched columns, blocked
// of several bd (1: rows in disguise; 1000: a single block for most n).
std::vector<array_layout> layouts(std::size_t n, std::size_t m) {
  std::vector<array_layout> all{rows(n, m, m), rows(n, m, m + 3), cols(n, m, n), cols(n, m, n + 5)};
  for (std::size_t bd : {1, 3, 32, 96, 128, 1000}) all.push_back(blocks(n, m, bd));
  return all;
}

constexpr unsigned char poison = 0xA5;

std::vector<unsigned char> random_bytes(std::size_t count, std::uint64_t seed) {
  const std::vector<std::uint64_t> words = test::random_values<std::uint64_t>(count / 8 + 1, seed);
  std::vector<unsigned char> out(count);
  std::memcpy(out.data(), words.data(), count);
  return out;
}

// The reference: the one rule at every destination offset, on aligned copies. Pitch gaps are left
// alone, blocked padding gets the fill value when there is one.
template <class W>
std::vector<unsigned char> reference(const std::vector<unsigned char>& src, const array_layout& sl,
                                     const array_layout& dl, const unsigned char* fill) {
  std::vector<W> s(sl.span()), d(dl.span());
  std::memcpy(s.data(), src.data(), src.size());
  std::memset(d.data(), poison, d.size() * sizeof(W));
  W f{};
  if (fill != nullptr) std::memcpy(&f, fill, sizeof(W));
  const bool write_padding = fill != nullptr && dl.kind == layout_kind::blocked;
  visit_mapping(sl, [&](auto src_map) {
    visit_mapping(dl, [&](auto dst_map) {
      for (std::size_t o = 0; o < d.size(); ++o) relayout_one(s.data(), src_map, d.data(), dst_map, o, write_padding, f);
    });
  });
  std::vector<unsigned char> out(d.size() * sizeof(W));
  std::memcpy(out.data(), d.data(), out.size());
  return out;
}

// One case: the planned path (streaming or not) from a source `shift` bytes off alignment into a
// poisoned destination `shift` bytes off, compared byte for byte with the reference.
template <class W>
void check_case(const array_layout& sl, const array_layout& dl, bool stream, std::size_t shift, bool with_fill) {
  const std::size_t elem = sizeof(W);
  const std::uint64_t seed = test::fresh_seed();
  std::vector<unsigned char> src = random_bytes(sl.span() * elem, seed);
  const std::vector<unsigned char> fill = random_bytes(elem, seed + 1);
  const std::vector<unsigned char> want = reference<W>(src, sl, dl, with_fill ? fill.data() : nullptr);

  std::vector<unsigned char> s(src.size() + shift);
  std::memcpy(s.data() + shift, src.data(), src.size());
  host_plan plan = plan_host_relayout(sl, dl, elem);
  plan.stream = stream;
  // A transpose runs both ways where the CPU has the gathers: by them and by the SSE2 turn.
  const bool both = plan.method == host_method::transpose && host_gathers_available() && gathers_cover(plan, elem);
  for (const bool gather : {plan.gather, !plan.gather}) {
    if (gather != plan.gather && !both) break;
    host_plan run = plan;
    run.gather = gather;
    std::vector<unsigned char> d(want.size() + shift, poison);
    run_host_plan(run, s.data() + shift, d.data() + shift, dl, elem, with_fill ? fill.data() : nullptr, "test");
    const bool same = std::memcmp(d.data() + shift, want.data(), want.size()) == 0;
    if (!same)
      FAIL_CHECK(to_string(sl) << " -> " << to_string(dl) << " elem " << elem << " by " << to_string(plan.method)
                               << (gather ? " (gathers" : " (") << ", tile " << plan.tile << ", stream " << stream
                               << ", shift " << shift << ", fill " << with_fill << ", seed " << seed << ")");
    for (std::size_t k = 0; k < shift; ++k) CHECK(d[k] == poison);
  }
}

// Every pair at m = 1, 2, 3, 5, 12, 33 and two n with tails around each bd; which two cycles with m
// and the element size, so the five sizes together meet every n, and the n around bd = 1000 come
// only with short vectors: the sweep stays well under a second (a few under the sanitizers).
template <class W>
void every_pair() {
  const std::size_t ns[] = {1, 2, 4, 31, 33, 95, 97, 127, 129, 999, 1001, 1007};
  std::size_t k = 0;
  for (std::size_t m : {1, 2, 3, 5, 12, 33})
    for (std::size_t pick = 0; pick < 12; pick += 6) {
      const std::size_t n = ns[(pick + m + sizeof(W)) % (m < 12 ? 12 : 9)];
      const auto all = layouts(n, m);
      for (const auto& sl : all)
        for (const auto& dl : all) {
          ++k;
          check_case<W>(sl, dl, k % 2 == 0, k % 3 == 0 ? 0 : k % 3 == 1 ? 1 : 8, k % 5 != 0);
        }
    }
}
}  // namespace

TEST_SUITE("unit") {
  TEST_CASE("host.relayout.every_pair.elem1") { every_pair<std::uint8_t>(); }
  TEST_CASE("host.relayout.every_pair.elem2") { every_pair<std::uint16_t>(); }
  TEST_CASE("host.relayout.every_pair.elem4") { every_pair<std::uint32_t>(); }
  TEST_CASE("host.relayout.every_pair.elem8") { every_pair<std::uint64_t>(); }
  TEST_CASE("host.relayout.every_pair.elem16") { every_pair<word16>(); }

  TEST_CASE("host.turn.shuffles_match_the_word_by_word_turn") {
#if COALESCE_HOST_SHUFFLE_BUILT
    if (!__builtin_cpu_supports("ssse3")) return;
    // Every row length and pitch the shuffles take, lengths with a tail of rows, both ways, 1- and 2-byte words.
    const auto check = [](auto zero) {
      using W = decltype(zero);
      for (std::size_t m = 1; m <= turn::shuffle_most; ++m)
        for (std::size_t rs = m; rs <= turn::shuffle_most; ++rs)
          for (std::size_t len : {std::size_t(1), std::size_t(16), std::size_t(37), std::size_t(200)}) {
            INFO("elem " << sizeof(W) << " m " << m << " rs " << rs << " len " << len);
            const turn::turn_shape t{m, len, rs, len + 3};
            const std::uint64_t seed = test::fresh_seed();
            const std::vector<unsigned char> rows = random_bytes(len * rs * sizeof(W) + turn_slack, seed);
            std::vector<unsigned char> a(m * t.cs * sizeof(W), poison), b = a;
            turn::rows_to_columns_shuffle<W>(a.data(), rows.data(), t);
            turn::rows_to_columns_scalar<W>(b.data(), rows.data(), t, 0);
            CHECK(a == b);
            if (rs != m) continue;  // columns_to_rows writes packed rows
            const std::vector<unsigned char> columns = random_bytes(m * t.cs * sizeof(W), seed + 1);
            std::vector<unsigned char> c(len * m * sizeof(W) + turn_slack, poison), d = c;
            turn::columns_to_rows_shuffle<W>(c.data(), columns.data(), t);
            turn::columns_to_rows_scalar<W>(d.data(), columns.data(), t, 0);
            CHECK(c == d);
          }
    };
    check(std::uint8_t{});
    check(std::uint16_t{});
#endif
  }

  TEST_CASE("host.relayout.gathers_at_their_limits") {
    // The m where the gathers stop (16; 12 from col_major rows of 4-byte words) and either side of
    // them, n with tails of every group of 16 and 8 vectors, blocked sides whose bd is not a multiple
    // of a group (runs that end inside one); run both ways where the CPU has the gathers.
    if (!host_gathers_available()) MESSAGE("no AVX-512F here: the SSE2 turn only");
    std::size_t k = 0;
    for (std::size_t m : {4, 12, 13, 16, 17})
      for (std::size_t n : {9, 17, 1001, 4099}) {
        std::vector<array_layout> all{rows(n, m, m), rows(n, m, m + 3), cols(n, m, n), cols(n, m, n + 5),
                                      blocks(n, m, 40), blocks(n, m, 128), blocks(n, m, 1000)};
        for (const auto& sl : all)
          for (const auto& dl : all) {
            if ((sl.kind == layout_kind::row_major) == (dl.kind == layout_kind::row_major)) continue;
            ++k;
            check_case<std::uint32_t>(sl, dl, k % 2 == 0, k % 3 == 0 ? 0 : k % 3 == 1 ? 4 : 8, true);
            check_case<std::uint64_t>(sl, dl, k % 2 == 1, k % 3 == 0 ? 0 : k % 3 == 1 ? 8 : 24, true);
          }
      }
  }

  TEST_CASE("host.plan.gathers") {
    // Every transpose of 4- and 8-byte words of up to 16 components takes the gathers where the CPU
    // has them; other sizes, longer vectors and offsets past 32-bit indices keep the SSE2 turn.
    const bool here = host_gathers_available();
    CHECK(plan_host_relayout(rows(10000, 3, 3), blocks(10000, 3, 128), 4).gather == here);
    CHECK(plan_host_relayout(cols(10000, 16, 10000), rows(10000, 16, 16), 8).gather == here);
    CHECK(plan_host_relayout(cols(10000, 12, 10000), rows(10000, 12, 12), 4).gather == here);
    CHECK_FALSE(plan_host_relayout(cols(10000, 13, 10000), rows(10000, 13, 13), 4).gather);
    CHECK_FALSE(plan_host_relayout(rows(10000, 17, 17), cols(10000, 17, 10000), 8).gather);
    CHECK_FALSE(plan_host_relayout(rows(10000, 3, 3), cols(10000, 3, 10000), 2).gather);
    CHECK_FALSE(plan_host_relayout(rows(1000, 3, 3), rows(1000, 3, 5), 4).gather);  // rows: no transpose
    host_plan far = plan_host_relayout(rows(1000, 3, 3), cols(1000, 3, 1000), 4);
    CHECK(gathers_cover(far, 4));
    far.src.pitch = std::size_t(1) << 28;  // lane 15 of a gather down the rows: 15 * 2^28 words
    CHECK_FALSE(gathers_cover(far, 4));
    far = plan_host_relayout(cols(1000, 3, 1000), rows(1000, 3, 3), 8);
    far.src.pitch = std::size_t(1) << 30;  // component 2 of a group: 2^31 words on
    CHECK_FALSE(gathers_cover(far, 8));
  }

  TEST_CASE("host.relayout.parallel_tiles") {  // enough elements for the OpenMP region
    const std::size_t n = 30011, m = 3;
    check_case<float>(rows(n, m, m), blocks(n, m, 128), false, 0, true);
    check_case<float>(blocks(n, m, 96), rows(n, m, m + 1), true, 1, true);
    check_case<double>(cols(n, m, n + 3), blocks(n, m, 32), true, 0, true);
    check_case<std::uint16_t>(rows(n, m, m + 2), rows(n, m, m), true, 0, false);
    // More than 16 components from col_major rows: row by row within each chunk, 19 chunks and a tail.
    check_case<float>(cols(n, 40, n + 3), blocks(n, 40, 128), false, 0, true);
    check_case<double>(cols(n, 17, n), cols(n, 17, n + 5), true, 8, false);
    // Short rows into components a multiple of 4 KiB apart go through the buffer, the others straight.
    check_case<float>(rows(n, 4, 4), cols(n, 4, 32768), true, 0, false);
    check_case<double>(rows(n, 2, 2), cols(n, 2, 32768), false, 8, false);
    check_case<float>(rows(n, 4, 4), cols(n, 4, n + 1), true, 0, false);
  }

  TEST_CASE("host.plan.chooses_by_class") {
    CHECK(plan_host_relayout(rows(100, 3, 3), rows(100, 3, 7), 4).method == host_method::rows);
    CHECK(plan_host_relayout(cols(100, 3, 128), blocks(100, 3, 32), 4).method == host_method::runs);
    CHECK(plan_host_relayout(blocks(1000, 3, 32), blocks(1000, 3, 96), 8).method == host_method::runs);
    const host_plan t = plan_host_relayout(rows(10000, 3, 3), blocks(10000, 3, 128), 4);
    CHECK(t.method == host_method::transpose);
    CHECK(t.tile % 128 == 0);
    CHECK(t.tile * 3 * 4 <= host_tile_bytes);
    CHECK(plan_host_relayout(cols(10000, 5, 10000), rows(10000, 5, 5), 8).method == host_method::transpose);
    // a tile never exceeds n; a row too long for any tile goes vector by vector
    CHECK(plan_host_relayout(rows(5, 3, 3), cols(5, 3, 5), 4).tile == 5);
    CHECK(plan_host_relayout(rows(100, 5000, 5000), cols(100, 5000, 100), 4).method == host_method::simple);
  }

  TEST_CASE("host.plan.plainest_forms") {
    CHECK(plainest(blocks(100, 3, 1)) == rows(100, 3, 3));    // bd = 1: offset v * m + i
    CHECK(plainest(blocks(100, 3, 128)) == cols(100, 3, 128));  // one block: offset i * bd + v
    CHECK(plainest(blocks(300, 3, 128)) == blocks(300, 3, 128));
    CHECK(plainest(cols(100, 1, 128)) == rows(100, 1, 1));     // m = 1: offset v
    CHECK(plainest(rows(100, 1, 4)) == rows(100, 1, 4));
    CHECK(plan_host_relayout(blocks(100, 1, 32), cols(100, 1, 100), 4).method == host_method::rows);
    CHECK(plan_host_relayout(blocks(100, 4, 1), rows(100, 4, 4), 4).method == host_method::rows);
  }

  TEST_CASE("host.copy_rows.every_width_and_pitch") {
    // Every row width up to past the small-row copy's limit, rows of other pitches on either side,
    // cached and streamed, one byte off 16: the rows arrive, the pitches' gaps stay as they were.
    std::mt19937_64 gen(test::fresh_seed());
    for (std::size_t width = 0; width <= small_row_bytes + 70; ++width)
      for (const std::size_t gap : {std::size_t(0), std::size_t(3), std::size_t(64)})
        for (const bool stream : {false, true}) {
          INFO("width " << width << ", gap " << gap << (stream ? ", streamed" : ""));
          const std::size_t height = 37, src_pitch = width + gap, dst_pitch = width + (gap ? gap + 5 : 0);
          std::vector<unsigned char> src(height * src_pitch + 1), dst(height * dst_pitch + 1, 0xC3);
          for (unsigned char& x : src) x = static_cast<unsigned char>(gen());
          std::vector<unsigned char> expected = dst;
          for (std::size_t r = 0; r < height; ++r)
            std::memcpy(expected.data() + 1 + r * dst_pitch, src.data() + 1 + r * src_pitch, width);
          host_copy_rows(dst.data() + 1, dst_pitch, src.data() + 1, src_pitch, width, height, stream);
          REQUIRE(dst == expected);
        }
  }

  TEST_CASE("host.plan.streams_large_destinations") {
    CHECK_FALSE(plan_host_relayout(rows(1000, 3, 3), cols(1000, 3, 1000), 4).stream);
    CHECK(plan_host_relayout(rows(1 << 20, 3, 3), cols(1 << 20, 3, 1 << 20), 4).stream);
  }
}

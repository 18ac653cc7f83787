// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The transform kernels' code run on the host, one thread after another (cuda_host_shim.hpp): the
// runs kernels (src/cuda/runs_kernel.cuh, shifted_runs_kernel.cuh) on the misaligned runs the shifted
// 16-byte words serve (odd col_major pitches, pointers one element off), the transpose kernel whole,
// the generic tiled kernel's phases on the pairs it still takes, and the rows kernel. This checks the index arithmetic
// without a GPU, in CI: every element in place, nothing else written, and (under the asan-ubsan
// preset) no byte read outside the exact allocations and no 16-byte access misaligned. What it cannot
// check is the GPU's: races and memory ordering (the GPU tests, transform.cuda.misaligned.*, under
// compute-sanitizer).
#include "vector_kernels_on_host.hpp"

#include <coalesce/runtime/runtime.hpp>

#include <doctest/doctest.h>

#include "routes.hpp"

#include "random.hpp"
#include "random_layouts.hpp"
#include "sanitizer.hpp"

#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <vector>

using namespace coalesce;
using namespace coalesce::detail;

namespace {

std::size_t offset_of(const array_layout& l, std::size_t v, std::size_t i) {
  return visit_mapping(l, [&](auto map) { return std::size_t(map(v, i)); });
}

// An exact allocation (malloc: 16-byte aligned), its data `shift` words in.
template <class Word>
struct exact_buffer {
  std::unique_ptr<void, void (*)(void*)> memory;
  Word* data;
  exact_buffer(std::size_t span, std::size_t shift)
      : memory(std::malloc((span + shift) * sizeof(Word)), std::free), data(static_cast<Word*>(memory.get()) + shift) {
    REQUIRE(memory);
  }
};

// Random words in sl's data (its gaps the poison) and a poisoned destination, each in an exact
// allocation `shift` words past a 16-byte boundary.
template <class Word>
struct move_case {
  std::uint64_t seed = test::fresh_seed();
  std::vector<Word> values;
  Word mark = test::poison<Word>(), fill;
  exact_buffer<Word> src, dst;
  move_case(const array_layout& sl, std::size_t src_shift, const array_layout& dl, std::size_t dst_shift)
      : values(test::random_values<Word>(sl.n * sl.m, seed)), fill(values[0]), src(sl.span(), src_shift),
        dst(dl.span(), dst_shift) {
    std::fill(src.data, src.data + sl.span(), mark);
    std::fill(dst.data, dst.data + dl.span(), mark);
    for (std::size_t v = 0; v < sl.n; ++v)
      for (std::size_t i = 0; i < sl.m; ++i) src.data[offset_of(sl, v, i)] = values[v * sl.m + i];
  }
};

// A destination as it must be after a move of `values` (vector by vector) into dl: data in place,
// every other word `gap` (the blocked padding's fill, or the poison where nothing may be written).
template <class Word>
std::vector<Word> expected_image(const array_layout& dl, const std::vector<Word>& values, Word gap) {
  std::vector<Word> expected(dl.span(), gap);
  for (std::size_t v = 0; v < dl.n; ++v)
    for (std::size_t i = 0; i < dl.m; ++i) expected[offset_of(dl, v, i)] = values[v * dl.m + i];
  return expected;
}

// The destination word for word, naming the first that differs.
template <class Word>
void require_image(const std::vector<Word>& expected, const Word* got) {
  if (std::memcmp(expected.data(), got, expected.size() * sizeof(Word)) == 0) return;
  std::size_t o = 0;
  while (std::memcmp(&expected[o], &got[o], sizeof(Word)) == 0) ++o;
  INFO("first wrong element: " << o);
  REQUIRE(std::memcmp(&expected[o], &got[o], sizeof(Word)) == 0);
}

// Moves random words from sl to dl with the runs kernel where the device dispatch picks it (the move
// is skipped for others) and checks the destination whole; returns the kernel's name.
template <class Word>
std::string check_move(const array_layout& sl, std::size_t src_shift, const array_layout& dl, std::size_t dst_shift) {
  const move_case<Word> c(sl, src_shift, dl, dst_shift);
  INFO(to_string(sl) << " +" << src_shift << " -> " << to_string(dl) << " +" << dst_shift << ", " << sizeof(Word)
                     << "-byte words, seed = " << c.seed);
  const Word fill = c.fill;
  const exact_buffer<Word>&src = c.src, &dst = c.dst;
  const std::string kernel = test::route_name(sl, src.data, dl, dst.data, sizeof(Word));
  INFO("kernel " << kernel);
  const auto aligned = [](const void* p) { return reinterpret_cast<std::uintptr_t>(p) % 16 == 0; };
  const fast_plan fast = plan_fast_relayout(sl, dl, sizeof(Word), aligned(src.data), aligned(dst.data));
  if (fast.method != fast_method::runs) return kernel;
  test::run_runs_plan(fast, src.data, sl, dst.data, dl, &fill);
  require_image(expected_image(dl, c.values, dl.kind == layout_kind::blocked ? fill : c.mark), dst.data);
  return kernel;
}

// Odd col_major pitches against blocked and aligned columnar sides, both ways, each user side aligned
// and one word off.
template <class Word>
std::set<std::string> check_pairs(std::size_t n, std::size_t m) {
  const std::size_t wide = (n + 63) / 64 * 64;
  const array_layout odd_cols{layout_kind::col_major, n, m, n | 1, 0}, cols{layout_kind::col_major, n, m, wide, 0},
      b128{layout_kind::blocked, n, m, 0, 128}, b48{layout_kind::blocked, n, m, 0, 48};
  struct pair {
    array_layout a, b;
    bool b_user;  // b may be one word off too (a always may)
  };
  const std::vector<pair> pairs{{odd_cols, b128, false}, {odd_cols, b48, false}, {odd_cols, cols, true}};
  std::set<std::string> kernels;
  for (const pair& p : pairs)
    for (std::size_t sa : {0, 1})
      for (std::size_t sb : {0, 1}) {
        if (sb && !p.b_user) continue;
        kernels.insert(check_move<Word>(p.a, sa, p.b, sb));
        kernels.insert(check_move<Word>(p.b, sb, p.a, sa));
      }
  return kernels;
}

// Runs that start on 8, 4 or 2 bytes and no more (blocked sides of bd * elem not a multiple of 16,
// col_major pitches likewise) against blocked and col_major sides, both ways, n past the last whole
// block and chunk; col_major sides also of odd pitch and one word off (8-byte chunks shifted).
template <class Word>
std::set<std::string> check_narrow_pairs(std::size_t n, std::size_t m) {
  std::set<std::string> kernels;
  const std::size_t wide = (n + 63) / 64 * 64;
  for (const std::size_t run_bytes : {1000, 36, 1002, 40, 200}) {
    if (run_bytes % sizeof(Word) != 0) continue;
    const std::size_t run = run_bytes / sizeof(Word);
    const array_layout narrow_blocks{layout_kind::blocked, n, m, 0, run}, b128{layout_kind::blocked, n, m, 0, 128},
        cols{layout_kind::col_major, n, m, wide, 0}, narrow_cols{layout_kind::col_major, n, m, wide + run, 0},
        odd_cols{layout_kind::col_major, n, m, wide + 1, 0};
    for (const array_layout& other : {b128, cols, narrow_cols, odd_cols, narrow_blocks})
      for (const std::size_t shift : {0, 1}) {
        if (shift && other.kind != layout_kind::col_major) continue;
        kernels.insert(check_move<Word>(narrow_blocks, 0, other, shift));
        kernels.insert(check_move<Word>(other, shift, narrow_blocks, 0));
      }
  }
  return kernels;
}

// The transpose kernel's whole grid on the host, a block in two passes (cuda_host_shim.hpp: its
// loads and shared stores before the barrier are idempotent): the tiles (shared memory poisoned
// first) and the tail blocks (the vectors after the last whole tile, and a blocked destination's
// padding). Every element in place, the padding lanes the fill, a pitched row's padding untouched,
// nothing else written. Returns false where the pair takes no transpose.
template <class Word>
bool check_transpose(const array_layout& sl, const array_layout& dl, std::size_t dst_offset = 0,
                     std::size_t src_offset = 0) {
  const fast_plan plan = plan_fast_relayout(sl, dl, sizeof(Word), src_offset == 0, dst_offset == 0);
  if (plan.method != fast_method::transpose) return false;
  INFO(to_string(sl) << " -> " << to_string(dl) << ", sizeof(Word) = " << sizeof(Word) << ", tile " << plan.tile
                     << ", split " << plan.split << ", source offset " << src_offset << ", destination offset "
                     << dst_offset);
  const std::vector<Word> values = test::random_values<Word>(sl.n * sl.m, test::fresh_seed());
  const Word mark = test::poison<Word>(), fill = values[0];
  // Exact allocations (the data `offset` words into them, 16-byte aligned): a partial row chunk must
  // not read past the last row's m-th word, nor a shifted column chunk before the first.
  const exact_buffer<Word> src(sl.span(), src_offset), dst_buffer(dl.span(), dst_offset);
  std::fill(src.data - src_offset, src.data + sl.span(), mark);
  std::fill(dst_buffer.data - dst_offset, dst_buffer.data + dl.span(), mark);
  Word* const dst = dst_buffer.data;
  for (std::size_t v = 0; v < sl.n; ++v)
    for (std::size_t i = 0; i < sl.m; ++i) src.data[offset_of(sl, v, i)] = values[v * sl.m + i];
  FENCE(src.data - src_offset, src_offset * sizeof(Word));  // the words before each side's data
  FENCE(dst - dst_offset, dst_offset * sizeof(Word));
  test::run_transpose(plan, src.data, sl, dst, dl, &fill);
  UNFENCE(src.data - src_offset, src_offset * sizeof(Word));
  UNFENCE(dst - dst_offset, dst_offset * sizeof(Word));
  for (std::size_t o = 1; o <= dst_offset; ++o) REQUIRE(std::memcmp(dst - o, &mark, sizeof(Word)) == 0);
  require_image(expected_image(dl, values, dl.kind == layout_kind::blocked ? fill : mark), dst);
  return true;
}

// Rows of pitch m (aos), of a pitch that keeps them on 16 bytes (one chunk more than m needs), of
// cudaMallocPitch's 512 bytes and of m + 1 (span rows as a source; as a destination also one word
// off 16 bytes), each also off 16 bytes where it may be (shifted rows: a source within a chunk of m,
// a destination of pitch m), against col_major (aligned pitch, odd pitch: shifted columns) and
// blocked 32/128/256/96/1000, both ways, each with n past two whole tiles (and blocks) by half of one and an
// odd few: tiles, and a tail over several blocks. Returns how many pairs took the transpose, pitched
// ones in *pitched.
// The share of check_transposes' pairs run (all but under a sanitizer: test::run_case).
constexpr double transpose_share = 0.35;

template <class Word>
std::size_t check_transposes(std::size_t m, std::size_t* pitched, std::size_t* shifted_rows) {
  const std::size_t words = 16 / sizeof(Word);
  const std::size_t row_pitches[] = {m, round_up(m, words) + words, std::max(m, 512 / sizeof(Word)), m + 1};
  const auto others = [&](std::size_t n) {
    return std::vector<array_layout>{{layout_kind::col_major, n, m, round_up(n, words), 0},
                                     {layout_kind::col_major, n, m, n | 1, 0},  // shifted columns
                                     {layout_kind::blocked, n, m, 0, 32},
                                     {layout_kind::blocked, n, m, 0, 128},
                                     {layout_kind::blocked, n, m, 0, 256},
                                     {layout_kind::blocked, n, m, 0, 96},     // bd not a power of two
                                     {layout_kind::blocked, n, m, 0, 1000}};  // (T | bd where bd > T)
  };
  const std::size_t big = std::size_t(1) << 20;
  std::size_t transposes = 0;
  static std::mt19937_64 gen(test::fresh_seed());
  for (std::size_t pitch : row_pitches)
    for (std::size_t k = 0; k < others(0).size(); ++k) {
      if (!test::run_case(gen, transpose_share)) continue;
      const array_layout rows_big{layout_kind::row_major, big, m, pitch, 0}, other_big = others(big)[k];
      // The rows may be a transpose's destination only (pitched 1- and 8-byte words: the plan).
      std::size_t tile = 0;
      for (const fast_plan& plan : {plan_fast_relayout(rows_big, other_big, sizeof(Word), true, true),
                                    plan_fast_relayout(other_big, rows_big, sizeof(Word), true, true)})
        if (plan.method == fast_method::transpose) tile = std::max<std::size_t>(tile, plan.tile);
      if (tile == 0) continue;
      const std::size_t unit = std::max<std::size_t>(tile, other_big.block);
      const std::size_t n = 2 * unit + unit / 2 + 2 * m + 1;
      const array_layout rows{layout_kind::row_major, n, m, pitch, 0}, other = others(n)[k];
      const bool forth = check_transpose<Word>(rows, other), back = check_transpose<Word>(other, rows);
      const std::size_t taken = std::size_t(forth) + std::size_t(back);
      CHECK(taken >= 1);
      if (pitch != m) CHECK(check_transpose<Word>(other, rows, 1));  // rows word by word at any address
      // Rows off 16 bytes (a user's pointer, words 1, 1 + G / 4, ... past): shifted rows, from rows
      // within a chunk of m, into rows of pitch m; also with n whole tiles, whose last chunk reaches
      // past the rows.
      const array_layout rows_whole{layout_kind::row_major, 2 * unit, m, pitch, 0}, other_whole = others(2 * unit)[k];
      for (std::size_t lead = 1; lead < words; lead += std::max<std::size_t>(1, words / 4)) {
        if (pitch - m < words && check_transpose<Word>(rows, other, 0, lead)) ++*shifted_rows;
        if (pitch - m < words && check_transpose<Word>(rows_whole, other_whole, 0, lead)) ++*shifted_rows;
        if (pitch == m && check_transpose<Word>(other, rows, lead)) ++*shifted_rows;
      }
      // Columns off 16 bytes (a user's pointer, words 1, 3, ... past): shifted columns, where those may be.
      if (other.kind == layout_kind::col_major && sizeof(Word) > 1 && (sizeof(Word) == 2 || m * sizeof(Word) <= 64))
        for (std::size_t lead = 1; lead < 16 / sizeof(Word); lead += 2) {
          if (forth) CHECK(check_transpose<Word>(rows, other, lead));
          if (back) CHECK(check_transpose<Word>(other, rows, 0, lead));
        }
      transposes += taken;
      if (pitch != m) *pitched += taken;
    }
  return transposes;
}

// The generic tiled kernel (tiled_relayout.cuh) on the host, its loop body tile by tile: every
// thread's load_tile, then every thread's store_tile (the kernel's barrier between them), shared memory
// poisoned first, the walks and 16-byte variants as launch_tiled picks them. Checks the destination
// whole against a move of its own; returns the kernel's name, or "" where the pair takes no tiled plan.
template <class Word>
std::string check_tiled(const array_layout& sl, std::size_t src_shift, const array_layout& dl, std::size_t dst_shift) {
  const relayout_plan plan = plan_relayout(sl, dl, sizeof(Word));
  if (plan.method != relayout_method::tiled ||
      plan_fast_relayout(sl, dl, sizeof(Word), src_shift == 0, dst_shift == 0).method != fast_method::none)
    return "";
  const move_case<Word> c(sl, src_shift, dl, dst_shift);
  INFO(to_string(sl) << " +" << src_shift << " -> " << to_string(dl) << " +" << dst_shift << ", " << sizeof(Word)
                     << "-byte words, tile " << plan.tile << ", seed = " << c.seed);
  const Word fill = c.fill;
  const exact_buffer<Word>&src = c.src, &dst = c.dst;
  const tile_range range{sl.n, dst_extent(dl, true), 0, 0};
  const bool vectorized = test::run_tiled(plan, src.data, sl, dst.data, dl, range, true, fill);
  require_image(expected_image(dl, c.values, dl.kind == layout_kind::blocked ? fill : c.mark), dst.data);
  return vectorized ? "tiled (16-byte)" : "tiled";
}

// Rows of pitch m, m + 1 and 512 bytes, aligned and one word off, against col_major (aligned and odd
// pitch) and blocked 96, 1000 and 128, both ways: the pairs the tiled kernel still takes.
template <class Word>
std::set<std::string> check_tiled_pairs(std::size_t n, std::size_t m) {
  const std::size_t words = 16 / sizeof(Word);
  const std::vector<array_layout> others{{layout_kind::col_major, n, m, round_up(n, words), 0},
                                         {layout_kind::col_major, n, m, n | 1, 0},
                                         {layout_kind::blocked, n, m, 0, 96},
                                         {layout_kind::blocked, n, m, 0, 1000},
                                         {layout_kind::blocked, n, m, 0, 128}};
  std::set<std::string> kernels;
  for (std::size_t pitch : {m, m + 1, std::max(m, 512 / sizeof(Word))})
    for (std::size_t shift : {0, 1}) {
      const array_layout rows{layout_kind::row_major, n, m, pitch, 0};
      for (const array_layout& other : others) {
        kernels.insert(check_tiled<Word>(rows, shift, other, 0));
        kernels.insert(check_tiled<Word>(other, 0, rows, shift));
      }
    }
  kernels.erase("");
  return kernels;
}

// The rows kernel (rows_kernel.cuh: row_major to row_major of another pitch) on the host, over a grid
// of three blocks, in the word relayout_device picks (rows_word_bytes); checks the destination whole,
// its row gaps untouched. Returns the word's bytes, or 0 where one copy moves the rows instead.
template <class Word>
std::size_t check_rows(const array_layout& sl, std::size_t src_shift, const array_layout& dl, std::size_t dst_shift) {
  const move_case<Word> c(sl, src_shift, dl, dst_shift);
  INFO(to_string(sl) << " +" << src_shift << " -> " << to_string(dl) << " +" << dst_shift << ", " << sizeof(Word)
                     << "-byte elements, seed = " << c.seed);
  const exact_buffer<Word>&src = c.src, &dst = c.dst;
  const std::size_t word = rows_word_bytes(sl, src.data, dl, dst.data, sizeof(Word));
  INFO("word " << word);
  if (word == 0) return 0;
  test::run_rows(src.data, sl, dst.data, dl, sizeof(Word), word);
  require_image(expected_image(dl, c.values, c.mark), dst.data);
  return word;
}

// Rows of pitch m, m + 1, one chunk past m and 512 bytes, aligned and one word off, each way; returns
// the word sizes the rows kernel ran in.
template <class Word>
std::set<std::size_t> check_rows_pairs(std::size_t n, std::size_t m) {
  const std::size_t words = 16 / sizeof(Word);
  const std::size_t pitches[] = {m, m + 1, round_up(m, words) + words, std::max(m, 512 / sizeof(Word))};
  std::set<std::size_t> word_sizes;
  for (std::size_t a : pitches)
    for (std::size_t b : pitches)
      for (std::size_t sa : {0, 1})
        for (std::size_t sb : {0, 1}) {
          if (a == b && sa == sb) continue;
          const array_layout from{layout_kind::row_major, n, m, a, 0}, to{layout_kind::row_major, n, m, b, 0};
          word_sizes.insert(check_rows<Word>(from, sa, to, sb));
        }
  word_sizes.erase(0);
  return word_sizes;
}

}  // namespace

TEST_SUITE("unit") {
  TEST_CASE("transform.kernels_on_host.transpose") {
    // m = 2, 4, 8: periodic (where G is a multiple of m: each compiled-in m); 3: packed; 6: wrap;
    // 12: contiguous; 100: long rows.
    std::size_t transposes = 0, pitched = 0, shifted_rows = 0;
    for (std::size_t m : {2, 3, 4, 6, 8, 12, 100}) {
      INFO("m = " << m);
      transposes += check_transposes<std::uint8_t>(m, &pitched, &shifted_rows);
      transposes += check_transposes<std::uint16_t>(m, &pitched, &shifted_rows);
      transposes += check_transposes<std::uint32_t>(m, &pitched, &shifted_rows);
      transposes += check_transposes<std::uint64_t>(m, &pitched, &shifted_rows);
    }
    MESSAGE(transposes << " transposes, " << pitched << " of pitched rows, " << shifted_rows << " of shifted rows");
    CHECK(transposes > 300);  // under a sanitizer from a third of the pairs (transpose_share): still over
    CHECK(pitched > 150);
    CHECK(shifted_rows > 300);
    // bd not a power of two: tiles of whole blocks (96, 40; 1000 at m = 3), or tiles inside a block (1000
    // at m = 12 and 100: T = 200 and 40 of 4-byte words, 20 of 8-byte words), tails over several blocks.
    const auto both_ways = [](std::size_t n, std::size_t m, std::size_t bd, auto word) {
      using Word = decltype(word);
      INFO("n = " << n << ", m = " << m << ", bd = " << bd << ", " << sizeof(Word) << "-byte words");
      const array_layout r{layout_kind::row_major, n, m, m, 0}, b{layout_kind::blocked, n, m, 0, bd};
      CHECK(check_transpose<Word>(r, b));
      CHECK(check_transpose<Word>(b, r));
    };
    both_ways(3 * 1344 + 97, 3, 96, std::uint32_t{});
    both_ways(2 * 1000 + 999, 3, 1000, std::uint32_t{});
    both_ways(3 * 1000 + 7, 12, 1000, std::uint32_t{});
    both_ways(2 * 1000 + 41, 100, 1000, std::uint32_t{});
    both_ways(2 * 1000 + 21, 100, 1000, std::uint64_t{});
    both_ways(2 * 1600 + 39, 5, 40, std::uint16_t{});
    both_ways(2 * 5376 + 95, 3, 96, std::uint8_t{});
  }

  TEST_CASE("transform.kernels_on_host.transpose_turn") {
    // Which tiles turn their columnar chunks (transpose_shape::turn): runs of at least 16 chunks (a
    // warp's 32 chunks within two runs) and blocks within a tile; not shorter runs, where the lanes'
    // chunks already start in other components.
    const auto turn = [](std::size_t m, std::size_t elem, const array_layout& other) {
      const array_layout rows{layout_kind::row_major, other.n, m, m, 0};
      const fast_plan plan = plan_fast_relayout(rows, other, elem, true, true);
      REQUIRE(plan.method == fast_method::transpose);
      return transpose_shape_for(plan, rows, other, true, unsigned(16 / elem), 0).turn;
    };
    const std::size_t n = 1 << 20;
    const auto cols = [&](std::size_t m) { return array_layout{layout_kind::col_major, n, m, n, 0}; };
    const auto blocks = [&](std::size_t m, std::size_t bd) { return array_layout{layout_kind::blocked, n, m, 0, bd}; };
    CHECK(turn(16, 1, cols(16)));    // T = 1024: 64 chunks a run
    CHECK(turn(64, 1, cols(64)));    // T = 256: 16
    CHECK(!turn(100, 1, cols(100)));  // T = 128: 8
    CHECK(turn(32, 2, cols(32)));    // T = 256: 32
    CHECK(!turn(100, 2, cols(100)));  // T = 64: 8
    CHECK(turn(3, 4, cols(3)));
    CHECK(!turn(100, 4, cols(100)));  // T = 32: 8
    CHECK(turn(100, 4, blocks(100, 32)));  // blocks within the tile
    CHECK(!turn(100, 4, blocks(100, 1000)));  // a tile within a block: its runs, 8 chunks
  }

  TEST_CASE("transform.kernels_on_host.tiled") {
    // n past several tiles and not a multiple of any bd; both 16-byte variants and the word-by-word one.
    std::set<std::string> kernels;
    for (std::size_t m : {1, 3, 12, 40}) {
      const std::size_t n = m >= 12 ? 3001 : 10007;
      INFO("n = " << n << ", m = " << m);
      for (const std::set<std::string>& k :
           {check_tiled_pairs<std::uint8_t>(n, m), check_tiled_pairs<std::uint16_t>(n, m),
            check_tiled_pairs<std::uint32_t>(n, m), check_tiled_pairs<std::uint64_t>(n, m)})
        kernels.insert(k.begin(), k.end());
    }
    CHECK(kernels.count("tiled") == 1);
    CHECK(kernels.count("tiled (16-byte)") == 1);
  }

  TEST_CASE("transform.kernels_on_host.rows") {
    // 1001 rows over a grid of three blocks: more rows than a block takes at once where rows are short.
    std::set<std::size_t> word_sizes;
    for (std::size_t m : {1, 3, 12, 40}) {
      INFO("m = " << m);
      for (const std::set<std::size_t>& w :
           {check_rows_pairs<std::uint8_t>(1001, m), check_rows_pairs<std::uint16_t>(1001, m),
            check_rows_pairs<std::uint32_t>(1001, m), check_rows_pairs<std::uint64_t>(1001, m)})
        word_sizes.insert(w.begin(), w.end());
    }
    CHECK(word_sizes == std::set<std::size_t>{1, 2, 4, 8, 16});
  }

  TEST_CASE("transform.kernels_on_host.narrow_runs") {
    std::set<std::string> kernels;
    for (std::size_t m : {1, 3, 12})
      for (std::size_t n : {std::size_t(5), std::size_t(1001), std::size_t(4099)}) {
        INFO("n = " << n << ", m = " << m);
        for (const std::set<std::string>& k : {check_narrow_pairs<std::uint8_t>(n, m),
                                               check_narrow_pairs<std::uint16_t>(n, m),
                                               check_narrow_pairs<std::uint32_t>(n, m)})
          kernels.insert(k.begin(), k.end());
      }
    CHECK(kernels.count("runs (8-byte)") == 1);
    CHECK(kernels.count("runs (4-byte)") == 1);
    CHECK(kernels.count("runs (2-byte)") == 1);
    CHECK(kernels.count("runs (8-byte, shifted)") == 1);
  }

  TEST_CASE("transform.kernels_on_host.random_layouts") {
    // The vector-set twin of the record stress (random_layouts.hpp): random pairs of rows of odd
    // pitches, columns and blocks of any bd (1, 2, 3 among them), sides one word off, every word size;
    // each kernel whose planner takes the pair runs on the host against the layouts' index functions.
    // COALESCE_STRESS_CASES sets the pairs (default 150).
    std::mt19937_64 gen(test::fresh_seed());
    const char* cases_text = std::getenv("COALESCE_STRESS_CASES");
    const std::size_t cases = cases_text && std::atol(cases_text) > 0 ? std::size_t(std::atol(cases_text)) : 150;
    std::map<std::string, std::size_t> kernels;
    const auto draw = [&](auto word) {
      using Word = decltype(word);
      const std::size_t m = 1 + gen() % 40;
      const array_layout sl0 = test::random_array_layout(gen, 1, m);
      const std::size_t n = test::random_count(gen, sl0.block, 3000);
      array_layout sl = test::random_array_layout(gen, n, m), dl = test::random_array_layout(gen, n, m);
      const std::size_t ss = sl.kind == layout_kind::row_major ? gen() % 2 : 0;
      const std::size_t ds = dl.kind == layout_kind::row_major ? gen() % 2 : 0;
      INFO(to_string(sl) << " +" << ss << " -> " << to_string(dl) << " +" << ds << ", " << sizeof(Word) << "-byte words");
      ++kernels[check_move<Word>(sl, ss, dl, ds)];
      if (check_transpose<Word>(sl, dl, ds, ss)) ++kernels["transpose (host run)"];
      if (!check_tiled<Word>(sl, ss, dl, ds).empty()) ++kernels["tiled (host run)"];
      if (sl.kind == layout_kind::row_major && dl.kind == layout_kind::row_major && check_rows<Word>(sl, ss, dl, ds))
        ++kernels["rows (host run)"];
    };
    for (std::size_t c = 0; c < cases; ++c) {
      switch (gen() % 4) {
        case 0: draw(std::uint8_t{}); break;
        case 1: draw(std::uint16_t{}); break;
        case 2: draw(std::uint32_t{}); break;
        default: draw(std::uint64_t{}); break;
      }
    }
    for (const auto& [name, count] : kernels) MESSAGE(name << ": " << count);
  }

  TEST_CASE("transform.kernels_on_host.misaligned") {
    // n = 20011: more chunks than one block of the shifted kernel moves, for every word size (its
    // last chunk's second word is loaded by that chunk's thread).
    for (std::size_t m : {1, 3, 12, 40})
      for (std::size_t n : {std::size_t(1), std::size_t(5), std::size_t(131), std::size_t(1001),
                            m == 3 ? std::size_t(20011) : 0}) {
        if (n == 0) continue;
        INFO("n = " << n << ", m = " << m);
        check_pairs<std::uint8_t>(n, m);  // 2-byte words: the GPU tests (build time here)
        check_pairs<std::uint64_t>(n, m);
        const std::set<std::string> kernels = check_pairs<std::uint32_t>(n, m);
        if (m > 1 && n > 100) {  // the shifted branches ran
          CHECK(kernels.count("runs (16-byte, shifted)") == 1);
        }
      }
  }
}

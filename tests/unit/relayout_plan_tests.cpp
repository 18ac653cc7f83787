// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The dispatch table of device transforms, checked on the host: which method and tile each case gets.
#include "../../src/relayout_plan.hpp"

#include <coalesce/build_config.hpp>
#include <coalesce/runtime/runtime.hpp>

#include <doctest/doctest.h>

#include "routes.hpp"

#include "array_layouts.hpp"

using namespace coalesce;
using namespace coalesce::detail;
using coalesce::test::blocks;
using coalesce::test::cols;
using coalesce::test::rows;

namespace {
// A runs plan of straight 16-byte chunks on both sides.
bool straight16(const fast_plan& p) { return p.chunk == 16 && !p.shifted; }

// The fast plan as relayout_device asks for it: with the generic plan of the same pair.
fast_plan fast(const array_layout& src, const array_layout& dst, std::size_t elem, bool src_aligned = true,
               bool dst_aligned = true) {
  return plan_fast_relayout(src, dst, elem, src_aligned, dst_aligned);
}
}  // namespace

TEST_SUITE("unit") {
  TEST_CASE("transform.plan.copies_when_only_the_pitch_differs") {
    CHECK(plan_relayout(rows(100, 3, 3), rows(100, 3, 128), 4).method == relayout_method::copy_2d);
    // col_major with another pitch: the runs kernel (cudaMemcpy2DAsync ran such rows at 41-69% of a copy).
    CHECK(plan_relayout(cols(100, 3, 100), cols(100, 3, 128), 4).method != relayout_method::copy_2d);
    CHECK(fast(cols(100, 3, 100), cols(100, 3, 128), 4).method == fast_method::runs);
    CHECK(plan_relayout(blocks(128, 3, 32), blocks(128, 3, 32), 4).method == relayout_method::copy_2d);
    // A blocked span with padding lanes is no copy: the destination's padding gets the fill (runs).
    CHECK(plan_relayout(blocks(100, 3, 32), blocks(100, 3, 32), 4).method != relayout_method::copy_2d);
    CHECK(fast(blocks(100, 3, 32), blocks(100, 3, 32), 4).method == fast_method::runs);
    CHECK(plan_relayout(blocks(100, 3, 32), blocks(100, 3, 64), 4).method == relayout_method::tiled);
  }

  TEST_CASE("transform.plan.shifted_copies") {
    // One span on both sides: rows of pitch m, columns of pitch n, blocked spans of whole blocks; rows with gaps
    // are not one span. The kernel takes copies of at least 4096 bytes whose distance is not a multiple
    // of 4 bytes.
    CHECK(contiguous_copy_bytes(rows(100, 3, 3), rows(100, 3, 3), 2) == 600);
    CHECK(contiguous_copy_bytes(rows(100, 3, 3), rows(100, 3, 4), 2) == 0);
    CHECK(contiguous_copy_bytes(rows(100, 3, 5), rows(100, 3, 5), 2) == 0);
    CHECK(contiguous_copy_bytes(cols(100, 3, 100), cols(100, 3, 100), 1) == 300);
    CHECK(contiguous_copy_bytes(cols(100, 3, 101), cols(100, 3, 101), 1) == 0);
    CHECK(contiguous_copy_bytes(blocks(128, 3, 32), blocks(128, 3, 32), 4) == 128 * 3 * 4);
    CHECK(contiguous_copy_bytes(blocks(100, 3, 32), blocks(100, 3, 32), 4) == 0);  // padding lanes: no copy
    CHECK(contiguous_copy_bytes(rows(100, 3, 3), cols(100, 3, 100), 4) == 0);
    alignas(16) static unsigned char buffer[8192 + 32];
    CHECK(shifted_copy_pays(buffer + 1, buffer + 16, 4096));
    CHECK(shifted_copy_pays(buffer + 2, buffer, 4096));
    CHECK_FALSE(shifted_copy_pays(buffer + 4, buffer, 4096));
    CHECK_FALSE(shifted_copy_pays(buffer + 20, buffer + 16, 8192));
    CHECK_FALSE(shifted_copy_pays(buffer + 1, buffer, 4095));
  }

  TEST_CASE("transform.plan.tiles_fit_budget_and_blocks") {
    for (std::size_t elem : {1, 2, 4, 8, 16})
      for (std::size_t m : {1, 2, 3, 4, 9, 12, 16, 32, 33, 64})
        for (std::size_t bd : {1, 32, 48, 128, 256, 4096}) {
          INFO("elem " << elem << " m " << m << " bd " << bd);
          const relayout_plan p = plan_relayout(rows(1000, m, m), blocks(1000, m, bd), elem);
          if (p.method != relayout_method::tiled) {
            // 16-byte m = 64 rows leave room for 47 vectors in 48 KiB: no multiple or divisor of 48 >= 32 fits.
            CHECK((elem == 16 && m == 64 && bd == 48));
            continue;
          }
          CHECK(p.stride % 2 == 1);
          CHECK(p.stride >= m);
          CHECK(p.shared_bytes == std::size_t(p.tile) * p.stride * elem);
          CHECK(p.shared_bytes <= max_tile_bytes);
          CHECK((p.tile % bd == 0 || bd % p.tile == 0));
          if (bd % 32 == 0 || 32 % bd == 0) CHECK(p.tile % 32 == 0);  // whole warps where the block allows
        }
  }

  // plan_relayout picks its tile from the multiples and divisors of a blocked side's bd; the reference
  // here scans every length, whole warps first, as the planner once did: both must agree.
  TEST_CASE("transform.plan.tile_equals_the_full_scan") {
    const auto scanned = [](const array_layout& src, const array_layout& dst, std::size_t elem) {
      const std::size_t row_bytes = (src.m | 1) * elem;
      const auto fits = [](const array_layout& l, unsigned t) {
        return l.kind != layout_kind::blocked || t % l.block == 0 || l.block % t == 0;
      };
      for (std::size_t budget : {tile_budget_bytes, max_tile_bytes})
        for (unsigned step : {32u, 1u})
          for (unsigned t = max_tile / step * step; t >= min_tile; t -= step)
            if (t * row_bytes <= budget && fits(src, t) && fits(dst, t)) return t;
      return 0u;
    };
    const std::size_t bds[] = {1, 2, 3, 7, 32, 40, 48, 96, 100, 128, 250, 256, 1000, 1024, 4096, 8192, 10000, 65536};
    std::size_t tiled = 0, cases = 0;
    for (std::size_t elem : {1, 2, 4, 8, 16})
      for (std::size_t m : {1, 2, 3, 5, 12, 33, 100, 700})
        for (std::size_t a : bds)
          for (std::size_t b : bds) {
            const std::size_t n = 5000;
            for (const auto& [src, dst] : {std::pair{blocks(n, m, a), blocks(n, m, b)}, std::pair{rows(n, m, m), blocks(n, m, a)},
                                           std::pair{blocks(n, m, a), cols(n, m, n + b)}}) {
              if (a == b && src.kind == dst.kind) continue;
              INFO("elem " << elem << " m " << m << " bd " << a << ", " << b << " kinds " << int(src.kind) << " "
                           << int(dst.kind));
              const relayout_plan p = plan_relayout(src, dst, elem);
              const unsigned want = scanned(src, dst, elem);
              ++cases;
              CHECK(p.tile == want);
              CHECK((p.method == relayout_method::tiled) == (want != 0));
              if (want != 0) ++tiled;
            }
          }
    CHECK(tiled > cases / 2);  // most pairs have a tile, and the others the fallback: both are compared
  }

  TEST_CASE("transform.plan.falls_back_when_nothing_fits") {
    CHECK(plan_relayout(rows(100, 1500, 1500), cols(100, 1500, 100), 4).method == relayout_method::simple);
    CHECK(plan_relayout(rows(100, 100, 100), blocks(100, 100, 32), 16).method == relayout_method::simple);
    // bd = 1000 = 8 * 125: tiles of whole warps cannot meet it, a tile of 40 or 200 can
    const relayout_plan odd = plan_relayout(rows(5000, 3, 3), blocks(5000, 3, 1000), 4);
    REQUIRE(odd.method == relayout_method::tiled);
    CHECK((odd.tile % 1000 == 0 || 1000 % odd.tile == 0));
  }

  TEST_CASE("transform.plan.fast_rows") {
    // m == 1: every contiguous pair is a flat copy; a pitched row_major side is not contiguous.
    CHECK(fast(rows(100, 1, 1), cols(100, 1, 128), 4).method == fast_method::flat);
    CHECK(fast(cols(100, 1, 100), blocks(100, 1, 32), 8).method == fast_method::flat);
    CHECK(fast(rows(100, 1, 2), cols(100, 1, 100), 4).method != fast_method::flat);
    // Two columnar sides (col_major <-> blocked, blocked <-> blocked of any bd, col_major pitches):
    // runs, 16-byte chunks only where pointers, pitch and bd allow.
    const fast_plan runs = fast(cols(1000, 3, 1024), blocks(1000, 3, 128), 4);
    CHECK(runs.method == fast_method::runs);
    CHECK(straight16(runs));
    CHECK_FALSE(straight16(fast(blocks(1000, 3, 128), cols(1000, 3, 1001), 4)));
    CHECK_FALSE(straight16(fast(blocks(1000, 3, 128), cols(1000, 3, 1024), 4, false, true)));
    CHECK(fast(blocks(1000, 3, 8), cols(1000, 3, 1024), 4).method == fast_method::runs);
    CHECK(straight16(fast(blocks(1000, 3, 8), cols(1000, 3, 1024), 4)));
    const fast_plan odd_blocks = fast(blocks(1000, 5, 96), blocks(1000, 5, 1000), 1);
    CHECK(odd_blocks.method == fast_method::runs);
    CHECK_FALSE(straight16(odd_blocks));  // 1000 is not a multiple of 16 one-byte words
    CHECK(odd_blocks.chunk == 8);    // but of 8: chunks of 8 bytes, not one byte at a time
    CHECK(fast(blocks(1000, 5, 36), cols(1000, 5, 1024), 1).chunk == 4);
    CHECK(fast(blocks(1000, 5, 1002), cols(1000, 5, 1024), 1).chunk == 2);
    CHECK(fast(blocks(1000, 5, 100), blocks(1000, 5, 128), 2).chunk == 8);
    CHECK(fast(blocks(1000, 5, 10), cols(1000, 5, 1024), 4).chunk == 8);
    CHECK(fast(blocks(1000, 5, 1004), cols(1000, 5, 1026), 1).chunk == 2);  // the pitch's 2 bytes
    // A col_major side off those chunks (an odd pitch, a pointer one element off): 8-byte chunks shifted.
    const fast_plan odd_pitch = fast(blocks(1000, 5, 1000), cols(1000, 5, 1001), 1);
    CHECK((odd_pitch.chunk == 8 && odd_pitch.shifted));
    const fast_plan off = fast(cols(1000, 5, 1024), blocks(1000, 5, 1000), 1, false, true);
    CHECK((off.chunk == 8 && off.shifted));
    CHECK_FALSE(fast(blocks(1000, 5, 1000), cols(1000, 5, 1024), 1).shifted);
    CHECK(fast(blocks(1000, 5, 1000), cols(1000, 5, 1024), 1, false, true).chunk == 0);  // blocks unaligned
    CHECK(fast(blocks(1000, 5, 1002), cols(1000, 5, 1001), 1).chunk == 0);  // runs on 2 bytes, odd pitch
    CHECK(fast(blocks(1000, 5, 1001), cols(1000, 5, 1024), 8).chunk == 0);  // 8-byte words: no chunk narrower
    CHECK(fast(blocks(1000, 5, 96), cols(1000, 5, 1024), 1).chunk == 16);   // 16-byte chunks
    CHECK(straight16(fast(blocks(1000, 5, 96), cols(1000, 5, 1024), 1)));
    CHECK(straight16(fast(blocks(1000, 5, 32), blocks(1000, 5, 128), 4)));
    CHECK(straight16(fast(cols(1000, 5, 1000), cols(1000, 5, 1024), 8)));
    CHECK_FALSE(straight16(fast(cols(1001, 5, 1001), cols(1001, 5, 1024), 8)));
    // Indices past 2^31 vectors leave the pair to the tiled kernel.
    CHECK(
        fast(blocks(std::size_t(1) << 31, 1 + 1, 128), cols(std::size_t(1) << 31, 2, std::size_t(1) << 31), 1).method ==
        fast_method::none);
  }

  TEST_CASE("transform.plan.transpose_tiles") {
    for (std::size_t elem : {1, 2, 4, 8, 16})
      for (std::size_t m : {2, 3, 4, 6, 8, 9, 10, 12, 16, 32, 33, 64})
        for (const array_layout& other : {cols(100000, m, 100000), blocks(100000, m, 128), blocks(100000, m, 4096)}) {
          INFO("elem " << elem << " m " << m << " other kind " << int(other.kind) << " bd " << other.block);
          const std::size_t words = 16 / elem;
          for (bool rows_first : {true, false}) {
            const array_layout r = rows(100000, m, m);
            const fast_plan p = rows_first ? fast(r, other, elem) : fast(other, r, elem);
            // 1- and 2-byte words with an even m that neither divides nor is a multiple of the chunk go generic.
            const bool chunkable = m % 2 == 1 || m % words == 0 || m > words || has_static_m(m);
            if (!chunkable || (other.kind == layout_kind::blocked && other.block % words != 0)) {
              CHECK(p.method == fast_method::none);
              continue;
            }
            REQUIRE(p.method == fast_method::transpose);
            const std::size_t tile = p.tile, step = 64 / elem;
            CHECK(tile * m * elem <= transpose_tile_bytes);
            CHECK(tile % step == 0);
            if (other.kind == layout_kind::blocked) CHECK((tile % other.block == 0 || other.block % tile == 0));
            const std::size_t grow = other.kind == layout_kind::blocked ? std::max(step, other.block) : step;
            if (other.kind != layout_kind::blocked || other.block <= tile)
              CHECK((tile + grow) * m * elem > transpose_tile_bytes);  // the largest that fits
            CHECK(p.shared_bytes == tile * (m | 1) * elem);
            CHECK(p.split % tile == 0);
            CHECK(p.split <= 100000);
            CHECK(100000 - p.split < std::max(tile, other.block));
            if (other.kind == layout_kind::blocked) CHECK(p.split % other.block == 0);
            CHECK(p.mode == (m % 2 == 1       ? row_mode::packed
                             : m % words == 0 ? row_mode::contiguous
                             : m > words      ? row_mode::wrap
                                              : row_mode::periodic));
          }
        }
  }

  TEST_CASE("transform.plan.transpose_any_block_size") {
    // bd not a power of two, of whole chunks: T a multiple of bd (and of 64 bytes where both fit), or
    // a divisor of bd whose runs are whole sectors; every tile within the budget, whole blocks split.
    struct expect { std::size_t elem, m, bd, tile; };
    for (const expect& e : {expect{4, 3, 96, 1344}, expect{4, 3, 1000, 1000}, expect{4, 12, 1000, 200},
                            expect{4, 100, 1000, 40}, expect{8, 100, 1000, 20}, expect{8, 12, 96, 96},
                            expect{1, 3, 96, 5376}, expect{2, 5, 40, 1600}, expect{4, 64, 96, 48},
                            expect{4, 100, 96, 32}})
      for (bool rows_first : {true, false}) {
        INFO("elem " << e.elem << " m " << e.m << " bd " << e.bd << " rows first " << rows_first);
        const std::size_t n = 100003;
        const array_layout r = rows(n, e.m, e.m), b = blocks(n, e.m, e.bd);
        const fast_plan p = rows_first ? fast(r, b, e.elem) : fast(b, r, e.elem);
        REQUIRE(p.method == fast_method::transpose);
        CHECK(p.tile == e.tile);
        CHECK(p.tile * e.m * e.elem <= transpose_tile_bytes);
        CHECK((p.tile % e.bd == 0 || e.bd % p.tile == 0));
        CHECK(p.tile * e.elem % 32 == 0);
        CHECK(p.split % e.bd == 0);
        CHECK(p.split % p.tile == 0);
        CHECK(n - p.split < std::max<std::size_t>(p.tile, e.bd));
      }
  }

  TEST_CASE("transform.plan.transpose_declines") {
    // Rows off 16 bytes the shifted rows leave (8-byte words of even m, or from m = 16), odd col
    // pitches, blocks not of whole chunks, and fewer vectors than a tile.
    CHECK(fast(rows(100000, 4, 4), cols(100000, 4, 100000), 8, false, true).method == fast_method::none);
    CHECK(fast(rows(100000, 17, 17), cols(100000, 17, 100000), 8, false, true).method == fast_method::none);
    CHECK(fast(rows(100000, 3, 9), cols(100000, 3, 100000), 4).method == fast_method::none);
    CHECK(fast(rows(100000, 3, 3), blocks(100000, 3, 98), 4).method == fast_method::none);
    CHECK(fast(rows(100000, 3, 3), blocks(100000, 3, 1000), 1).method == fast_method::none);
    // bd = 1000 of 2-byte words larger than a tile: no divisor of 1000 is a sector of them (16).
    CHECK(fast(rows(100000, 12, 12), blocks(100000, 12, 1000), 2).method == fast_method::none);
    CHECK(fast(rows(1000, 3, 3), cols(1000, 3, 1000), 4).method == fast_method::none);
    CHECK(fast(rows(100000, 300, 300), cols(100000, 300, 100000), 4).method == fast_method::none);
  }

  TEST_CASE("transform.plan.transpose_pitched_rows") {
    // Rows whose pitch keeps them on 16 bytes (cudaMallocPitch's 512 bytes, or one chunk past m): the
    // transpose in pitched mode, the tile's row chunks (ceil(m / G) per row, padding included) within
    // the kernel's 1024, the last row left to the tail where its last chunk is partial.
    for (std::size_t elem : {1, 2, 4, 8, 16})
      for (std::size_t m : {1, 2, 3, 4, 5, 7, 9, 12, 16, 32, 48, 64, 100})
        for (std::size_t pitch : {std::max(m, 512 / elem), round_up(m, 16 / elem) + 16 / elem})
          for (const array_layout& other : {cols(100000, m, 100000), blocks(100000, m, 128)})
            for (bool rows_first : {true, false}) {
              INFO("elem " << elem << " m " << m << " pitch " << pitch << " bd " << other.block);
              const std::size_t n = 100000, words = 16 / elem, step = 64 / elem, per_row = ceil_div(m, words);
              const array_layout r = rows(n, m, pitch);
              const fast_plan p = rows_first ? fast(r, other, elem) : fast(other, r, elem);
              if (pitch == m) continue;  // 512 bytes of 16-byte words or of bytes at m = 512 / elem
              if (rows_first && ((elem == 1 && m < 48) || (elem == 8 && m >= 16))) {  // the tiled kernel's
                CHECK(p.method == fast_method::none);
                continue;
              }
              REQUIRE(p.method == fast_method::transpose);
              CHECK(p.mode == row_mode::pitched);
              CHECK(p.tile % step == 0);
              CHECK(p.tile * m * elem <= transpose_tile_bytes);
              CHECK(p.tile * per_row <= transpose_tile_bytes / 16);
              if (other.kind == layout_kind::blocked) CHECK((p.tile % other.block == 0 || other.block % p.tile == 0));
              CHECK(p.split % p.tile == 0);
              CHECK(p.split <= (rows_first && m % words != 0 ? n - 1 : n));
              CHECK(n - p.split <= std::max<std::size_t>(p.tile, other.block) + 1);
              CHECK(test::route_name(rows_first ? r : other, nullptr, rows_first ? other : r, nullptr, elem) ==
                    "transpose (pitched rows)");
            }
    // Sources off the chunk grid within a chunk of m: the span mode, T * pitch / G chunks within 1024.
    for (std::size_t m : {1, 2, 3, 7, 12, 33})
      for (std::size_t elem : {2, 4, 8}) {
        const std::size_t words = 16 / elem, pitch = m + 1;
        if (pitch % words == 0 || (elem == 8 && m >= 16)) continue;  // (8-byte words from m = 16: tiled)
        INFO("elem " << elem << " m " << m);
        const fast_plan p = fast(rows(100000, m, pitch), cols(100000, m, 100000), elem);
        REQUIRE(p.method == fast_method::transpose);
        CHECK(p.mode == row_mode::span);
        CHECK(p.tile % words == 0);
        CHECK(p.tile * pitch / words <= transpose_tile_bytes / 16);
        CHECK(p.split <= 100000 - 1);
      }
    // Destinations of any pitch, at any address: pitched, word by word unless rows are whole chunks.
    CHECK(fast(cols(100000, 3, 100000), rows(100000, 3, 9), 4).rows_by_word);
    CHECK(fast(cols(100000, 16, 100000), rows(100000, 16, 16), 8, true, false).rows_by_word);
    CHECK(fast(cols(100000, 4, 100000), rows(100000, 4, 4), 4, true, false).method == fast_method::transpose);
    CHECK_FALSE(fast(cols(100000, 4, 100000), rows(100000, 4, 8), 4).rows_by_word);
    CHECK(fast(cols(100000, 4, 100000), rows(100000, 4, 8), 4).mode == row_mode::pitched);
    // Not on 16 bytes: a pitch off the chunk grid; and the tile's row offsets stay 32-bit.
    CHECK(fast(rows(100000, 3, 129), cols(100000, 3, 100000), 4).method == fast_method::none);
    CHECK(fast(cols(100000, 3, 100000), rows(100000, 3, 129), 4).rows_by_word);
    // Where the tiled kernel measured faster: span sources of 1-byte m = 1 and 8-byte m >= 16, and
    // one-component destinations closer than 8 bytes.
    CHECK(fast(rows(100000, 1, 2), cols(100000, 1, 100000), 1).method == fast_method::none);
    CHECK(fast(rows(100000, 16, 17), cols(100000, 16, 100000), 8).method == fast_method::none);
    CHECK(fast(cols(100000, 1, 100000), rows(100000, 1, 2), 2).method == fast_method::none);
    CHECK(fast(cols(100000, 1, 100000), rows(100000, 1, 2), 4).method == fast_method::transpose);
    CHECK(fast(rows(100000, 3, std::size_t(1) << 28), cols(100000, 3, 100000), 4).method == fast_method::none);
  }

  TEST_CASE("transform.plan.transpose_shifted_rows") {
    // Rows of pitch m whose pointer lies off 16 bytes, either way: the packed row modes (contiguous
    // becomes wrap: a chunk then spans two vectors), the tile as long as on 16 bytes (T * m / G chunks
    // within the kernel's 1024, and one more that it moves apart), the shared tile 64 bytes larger; not
    // for 8-byte words from m = 16, nor from rows of even m of them.
    alignas(16) static unsigned char memory[64];
    for (std::size_t elem : {1, 2, 4, 8})
      for (std::size_t m : {2, 3, 4, 5, 7, 8, 9, 12, 16, 32, 48, 64, 100})
        for (bool rows_first : {true, false}) {
          const std::size_t n = 100001, words = 16 / elem;
          const array_layout r = rows(n, m, m), b = blocks(n, m, 128);
          const fast_plan p = rows_first ? fast(r, b, elem, false, true) : fast(b, r, elem, true, false);
          INFO("elem " << elem << " m " << m << " rows first " << rows_first);
          const bool chunkable = m % 2 == 1 || m % words == 0 || m > words || has_static_m(m);
          if (!chunkable || (elem == 8 && (m >= 16 || (rows_first && m % 2 == 0)))) {
            CHECK((p.method == fast_method::none || p.mode == row_mode::pitched));
            continue;
          }
          REQUIRE(p.method == fast_method::transpose);
          CHECK(p.mode != row_mode::pitched);
          CHECK(p.mode != row_mode::contiguous);
          CHECK(p.tile * m / words <= transpose_tile_bytes / 16);
          const fast_plan on_grid = rows_first ? fast(r, b, elem) : fast(b, r, elem);
          CHECK(p.tile == on_grid.tile);
          CHECK(p.shared_bytes == p.tile * (m | 1) * elem + 64);
          CHECK(n - p.split < std::max<std::size_t>(p.tile, 128));
          const void* off = memory + elem;
          CHECK(test::route_name(rows_first ? r : b, rows_first ? off : memory, rows_first ? b : r,
                                        rows_first ? memory : off, elem) == "transpose (shifted rows)");
        }
    // Vector lengths no row mode takes: into rows word by word, as on 16 bytes.
    CHECK(fast(blocks(100000, 12, 128), rows(100000, 12, 12), 1, true, false).rows_by_word);
    // From span rows (pitch m + 1) one element off: 4-byte words, 2-byte words from m = 48; every row whole.
    CHECK(fast(rows(100000, 3, 4), blocks(100000, 3, 128), 4, false, true).mode == row_mode::span);
    CHECK(fast(rows(102400, 3, 4), blocks(102400, 3, 128), 4, false, true).tile == 1024);
    CHECK(fast(rows(102400, 3, 4), blocks(102400, 3, 128), 4, false, true).split == 102400);  // (aligned: n - 1)
    CHECK(fast(rows(100000, 48, 49), blocks(100000, 48, 128), 2, false, true).mode == row_mode::span);
    CHECK(fast(rows(100000, 3, 4), blocks(100000, 3, 128), 2, false, true).method == fast_method::none);
    CHECK(fast(rows(100000, 3, 4), blocks(100000, 3, 128), 1, false, true).method == fast_method::none);
    CHECK(fast(rows(100000, 3, 4), blocks(100000, 3, 128), 8, false, true).method == fast_method::none);
  }

  TEST_CASE("transform.plan.transpose_shifted_columns") {
    // An odd col_major pitch (a Kokkos LayoutLeft View of odd n) takes the transpose with shifted
    // columns for 1- and 2-byte words and for 4- and 8-byte words up to 64-byte vectors, either way: the columnar side's m * (T / G + 1)
    // chunks fit the kernel's 1024 (256 threads x 4), T stays the largest multiple of 64 bytes that does.
    for (std::size_t elem : {1, 2, 4, 8})
      for (std::size_t m : {1, 2, 3, 4, 5, 7, 9, 12, 16, 32, 48, 64})
        for (bool rows_first : {true, false}) {
          const std::size_t n = 100001, words = 16 / elem, step = 64 / elem;
          const array_layout r = rows(n, m, m), c = cols(n, m, n);
          const fast_plan p = rows_first ? fast(r, c, elem) : fast(c, r, elem);
          INFO("elem " << elem << " m " << m << " rows first " << rows_first);
          const bool chunkable = m % 2 == 1 || m % words == 0 || m > words || has_static_m(m);
          if (!chunkable || (elem > 2 && m * elem > 64)) {  // long vectors of wider words: tiled
            CHECK(p.method == fast_method::none);
            continue;
          }
          if (m == 1) {  // two single runs
            CHECK(p.method == fast_method::flat);
            continue;
          }
          REQUIRE(p.method == fast_method::transpose);
          CHECK(p.shifted);
          CHECK(p.tile % step == 0);
          CHECK(p.tile * m * elem <= transpose_tile_bytes);
          CHECK(m * (p.tile / words + 1) <= transpose_tile_bytes / 16);
          const std::size_t grown = p.tile + step;
          CHECK((grown * m * elem > transpose_tile_bytes || m * (grown / words + 1) > transpose_tile_bytes / 16));
          CHECK(n - p.split < p.tile);
        }
    // 1-byte words longer than 64 bytes: out of the columns only.
    CHECK(fast(rows(100001, 100, 100), cols(100001, 100, 100001), 1).method == fast_method::none);
    CHECK(fast(cols(100001, 100, 100001), rows(100001, 100, 100), 1).shifted);
    // An aligned pitch is not shifted.
    CHECK_FALSE(fast(rows(100000, 3, 3), cols(100000, 3, 100000), 4).shifted);
    alignas(16) static unsigned char memory[16];
    CHECK(test::route_name(rows(100001, 3, 3), memory, cols(100001, 3, 100001), memory, 4) ==
          "transpose (shifted columns)");
  }

  TEST_CASE("transform.plan.rows_words") {
    alignas(16) static unsigned char memory[64];
    const void* a = memory;
    const void* a4 = memory + 4;
    const void* a1 = memory + 1;
    // Contiguous rows and single rows are one cudaMemcpyAsync.
    CHECK(rows_word_bytes(rows(100, 3, 3), a, rows(100, 3, 3), a, 4) == 0);
    CHECK(rows_word_bytes(rows(1, 3, 128), a, rows(1, 3, 3), a, 4) == 0);
    // The widest word dividing the row, both pitches and both addresses.
    CHECK(rows_word_bytes(rows(100, 4, 128), a, rows(100, 4, 4), a, 4) == 16);
    CHECK(rows_word_bytes(rows(100, 3, 128), a, rows(100, 3, 3), a, 4) == 4);
    CHECK(rows_word_bytes(rows(100, 2, 128), a, rows(100, 2, 2), a, 4) == 8);
    CHECK(rows_word_bytes(rows(100, 4, 128), a4, rows(100, 4, 4), a, 4) == 4);
    CHECK(rows_word_bytes(rows(100, 4, 5), a, rows(100, 4, 4), a, 1) == 1);
    CHECK(rows_word_bytes(rows(100, 4, 128), a1, rows(100, 4, 4), a, 2) == 1);
    CHECK(rows_word_bytes(rows(100, 1, 8), a, rows(100, 1, 1), a, 16) == 16);
    // Not a row_major pair: no rows kernel.
    CHECK(rows_word_bytes(cols(100, 3, 100), a, cols(100, 3, 128), a, 4) == 0);
    // What the benchmarks print for these.
    CHECK(test::route_name(rows(100, 3, 128), a, rows(100, 3, 3), a, 4) == "rows (4-byte words)");
    CHECK(test::route_name(rows(100, 3, 3), a, rows(100, 3, 3), a, 4) == "copy");
    CHECK(test::route_name(rows(100, 3, 5), a, rows(100, 3, 5), a, 4).rfind("rows (", 0) == 0);
    CHECK(test::route_name(cols(100, 3, 128), a, cols(100, 3, 128), a, 4) == "copy_2d");
    CHECK(test::route_name(cols(100, 3, 128), a, blocks(100, 3, 32), a, 4) == "runs (16-byte)");
  }

  TEST_CASE("transform.plan.tiled_16_byte_groups") {
    alignas(16) static unsigned char memory[64];
    const void* a = memory;
    // Every word below 16 bytes moves in 16-byte groups of 16 / elem words where the side allows.
    for (std::size_t elem : {1, 2, 4, 8}) {
      INFO("elem " << elem);
      const std::size_t g = 16 / elem;
      CHECK(tile_side_vectorizable(rows(1000, 3, 3), elem, unsigned(64 * g), a, 0));
      CHECK_FALSE(tile_side_vectorizable(rows(1000, 3, 4), elem, unsigned(64 * g), a, 0));  // a pitch: not contiguous
      CHECK(tile_side_vectorizable(cols(1000, 3, 1024), elem, unsigned(64 * g), a, 0));
      CHECK_FALSE(tile_side_vectorizable(cols(1000, 3, 1001), elem, unsigned(64 * g), a, 0));
      CHECK(tile_side_vectorizable(blocks(1000, 3, 32 * g), elem, unsigned(64 * g), a, 0));
      CHECK_FALSE(tile_side_vectorizable(rows(1000, 3, 3), elem, unsigned(64 * g), memory + elem, 0));
      CHECK_FALSE(tile_side_vectorizable(rows(1000, 3, 3), elem, unsigned(64 * g), a, 1));
    }
    CHECK_FALSE(tile_side_vectorizable(rows(1000, 3, 3), 16, 64, a, 0));
    CHECK_FALSE(tile_side_vectorizable(blocks(1000, 3, 1000), 1, 1024, a, 0));  // 1000 lanes: not whole groups of 16
  }

  TEST_CASE("transform.plan.runs_shifted") {
    alignas(16) static unsigned char memory[64];
    const void* a = memory;
    const void* off = memory + 4;
    // Runs aligned differently on the two sides move 16-byte destination words shifted out of the
    // aligned source words: odd col_major pitches, pointers one element off, either side.
    const fast_plan odd = fast(cols(1001, 3, 1001), blocks(1001, 3, 128), 4);
    CHECK(odd.method == fast_method::runs);
    CHECK_FALSE(straight16(odd));
    CHECK(odd.shifted);
    CHECK(fast(blocks(1001, 3, 128), cols(1001, 3, 1001), 4).shifted);
    CHECK(fast(cols(1001, 3, 1001), cols(1001, 3, 1024), 8).shifted);
    CHECK(fast(cols(1000, 3, 1024), cols(1000, 3, 1024), 2, false, true).shifted);  // a pointer off, equal pitches
    CHECK(fast(cols(1000, 3, 1000), cols(1000, 3, 1024), 1, true, false).shifted);
    // A blocked side needs aligned runs of whole chunks: bd a multiple of the chunk's words (16 bytes,
    // else 8-byte chunks), its pointer aligned.
    const fast_plan eight = fast(blocks(1000, 3, 1000), cols(1000, 3, 1001), 1);
    CHECK((eight.shifted && eight.chunk == 8));
    CHECK_FALSE(fast(blocks(1000, 3, 1004), cols(1000, 3, 1001), 1).shifted);  // runs on 4 bytes
    CHECK_FALSE(fast(blocks(1000, 3, 128), cols(1000, 3, 1001), 4, false, true).shifted);
    CHECK(fast(blocks(1000, 3, 1000), cols(1000, 3, 1001), 4).shifted);
    // Aligned pairs keep the straight chunks; 16-byte elements are one word either way.
    CHECK_FALSE(fast(cols(1000, 3, 1024), blocks(1000, 3, 128), 4).shifted);
    CHECK_FALSE(fast(cols(1001, 3, 1001), cols(1001, 3, 1024), 16).shifted);
    CHECK(test::route_name(cols(1001, 3, 1001), a, blocks(1001, 3, 128), a, 4) == "runs (16-byte, shifted)");
    CHECK(test::route_name(blocks(1000, 3, 128), a, cols(1000, 3, 1024), off, 4) == "runs (16-byte, shifted)");
    CHECK(test::route_name(cols(1000, 3, 1024), a, blocks(1000, 3, 128), a, 4) == "runs (16-byte)");
    CHECK(test::route_name(cols(1001, 3, 1001), a, blocks(1001, 3, 128), a, 16) == "runs (16-byte)");
  }

  TEST_CASE("transform.plan.record_routes_take_rows_off_the_grid") {
    alignas(16) static unsigned char memory[64];
    const void* a = memory;
    const void* off = memory + 4;
    // Rows off the 16-byte grid, under a tile, or of a pitch the transpose declines, to and from
    // columnar sides: the record routes take them as records of m components (a library built without
    // CUDA has no record routes). Which applying route runs is the measured preference's (route.table
    // checks each applying route's result); here, that the record routes are among them.
    const auto takes = [](const array_layout& src, const void* s, const array_layout& dst, const void* d,
                          std::size_t elem) {
      INFO(to_string(src) << " -> " << to_string(dst) << ", " << elem << "-byte words");
      const route_explanation e = explain(src, s, dst, d, elem);
      CHECK(test::route_applies(e, "records_staged") == COALESCE_WITH_CUDA);
      CHECK_FALSE(e.why.empty());
    };
    takes(rows(1000, 3, 3), off, blocks(1000, 3, 128), a, 4);
    takes(blocks(1000, 3, 128), a, rows(1000, 3, 3), off, 4);
    takes(rows(200, 16, 16), off, cols(200, 16, 256), a, 4);           // under a tile
    takes(blocks(500, 3, 96), a, rows(500, 3, 3), memory + 1, 1);      // under a tile
    takes(rows(1000, 2, 2), memory + 1, blocks(1000, 2, 64), a, 1);
    takes(rows(1000, 2, 2), memory + 1, blocks(1000, 2, 32), a, 1);    // 32-byte runs
    takes(rows(1000, 17, 17), off, cols(1000, 17, 1024), a, 4);        // 68-byte vectors
    takes(rows(1000, 3, 3), a, blocks(1000, 3, 96), a, 4);             // blocked runs not whole chunks
    takes(blocks(100000, 4, 1000), a, rows(100000, 4, 4), a, 1);
    takes(rows(100000, 12, 12), a, cols(100000, 12, 100352), a, 1);     // a vector length no row mode takes
    takes(rows(1000, 3, 4), memory + 2, blocks(1000, 3, 128), a, 2);   // row padding under 16 bytes
    takes(rows(1000, 3, 7), off, blocks(1000, 3, 128), a, 4);          // 16 bytes of it
    takes(blocks(1000, 3, 128), a, rows(1000, 3, 4), off, 4);          // a pitched destination
    // Routes named by their form, where the form follows from the addresses alone.
    CHECK(test::route_name(blocks(100000, 1, 128), a, rows(100000, 1, 1), off, 4) == "flat");
    CHECK(test::route_name(cols(1001, 3, 1001), a, blocks(1001, 3, 128), a, 4) == "runs (16-byte, shifted)");
  }

}

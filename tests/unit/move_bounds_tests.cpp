// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The bytes a move must touch (src/move_bounds.hpp) and the replay's units over them: on random
// record moves and vector sets (random layouts, bases at every phase of 16 bytes), the bytes the
// replay reads are exactly the source's component bytes and the bytes it writes exactly the
// destination's (padding lanes where the move fills them, never a struct's or a row's padding).
#include "../../src/move_bounds.hpp"
#include "../../src/record/record_move.hpp"

#include <coalesce/coalesce.hpp>

#include <doctest/doctest.h>

#include "random.hpp"
#include "random_layouts.hpp"
#include "random_records.hpp"

#include <random>
#include <set>
#include <vector>

using namespace coalesce;
using namespace coalesce::detail;
using namespace coalesce::test;

namespace {

// The bytes (from 0) of records [0, records) of a side, component by component.
std::set<std::uint64_t> component_bytes(const std::vector<component_place>& places,
                                        const std::vector<std::uint8_t>& width, std::size_t records) {
  std::set<std::uint64_t> bytes;
  for (std::size_t k = 0; k < places.size(); ++k)
    for (std::size_t v = 0; v < records; ++v) {
      const std::uint64_t at = component_offset(places[k], width[k], v);
      for (unsigned b = 0; b < width[k]; ++b) bytes.insert(at + b);
    }
  return bytes;
}

// The bytes the replay's units touch at `base` (as offsets from base), each once at most.
std::set<std::uint64_t> replay_bytes(const std::vector<interval_family>& families, std::uintptr_t base) {
  std::set<std::uint64_t> bytes;
  bool windows_ok = true, once = true;
  for (const interval_family& f : families) {
    const std::uint64_t windows = windows_per_interval(f, base);
    for (std::uint64_t k = 0; k < f.count; ++k)
      for (std::uint64_t j = 0; j < windows; ++j) {
        const replay_window w = window_of(f, base, k, j);
        windows_ok = windows_ok && w.at % 16 == 0 && w.first <= w.end && w.end <= 16;
        for (unsigned b = w.first; b < w.end; ++b) once = bytes.insert(w.at + b - base).second && once;
      }
  }
  REQUIRE(windows_ok);  // aligned 16-byte windows
  REQUIRE(once);        // no byte touched twice
  return bytes;
}

void check_side(const std::vector<component_place>& places, const std::vector<std::uint8_t>& width,
                std::size_t records, std::mt19937_64& gen) {
  const std::vector<interval_family> families = side_intervals(places, width, records);
  const std::set<std::uint64_t> want = component_bytes(places, width, records);
  const std::uintptr_t base = 4096 + gen() % 16;
  INFO("records " << records << ", " << families.size() << " families, base phase " << base % 16);
  const std::set<std::uint64_t> got = replay_bytes(families, base);
  REQUIRE(got == want);
}

}  // namespace

TEST_CASE("bounds.replay_touches_exactly_the_moves_bytes.records") {
  std::mt19937_64 gen(fresh_seed());
  for (int trial = 0; trial < 60; ++trial) {
    const record_desc desc = random_record(gen, 12);
    const record_layout_spec a = random_record_layout(desc, gen), b = random_record_layout(desc, gen);
    const std::size_t n = random_count(gen, a.block, 400);
    const record_layout sl = resolve_record_layout(desc, n, a, "test"), dl = resolve_record_layout(desc, n, b, "test");
    const bool to_user = gen() % 4 == 0;
    const record_layout user = resolve_record_layout(desc, n, record_aos(), "test");
    INFO(to_string(desc) << ": " << to_string(a) << " -> " << (to_user ? std::string("user") : to_string(b)));
    const record_move move = plan_record_move(desc, sl, to_user ? user : dl, nullptr, to_user);
    check_side(move.src, move.width, n, gen);
    check_side(move.dst, move.width, to_user ? n : dl.extent(), gen);  // a record move fills its padding lanes
  }
}

TEST_CASE("bounds.replay_touches_exactly_the_moves_bytes.vector_sets") {
  std::mt19937_64 gen(fresh_seed());
  for (int trial = 0; trial < 100; ++trial) {
    const std::size_t elem = std::size_t(1) << (gen() % 5), m = 1 + gen() % 24;
    const array_layout probe = random_array_layout(gen, 1, m);
    const std::size_t n = random_count(gen, probe.block, 400);
    const array_layout sl = random_array_layout(gen, n, m), dl = random_array_layout(gen, n, m);
    const bool fill = gen() % 2;
    INFO(to_string(sl) << " -> " << to_string(dl) << ", " << elem << "-byte words, fill " << fill);
    const record_move move = vector_record_move(sl, dl, elem, nullptr);
    check_side(move.src, move.width, n, gen);
    check_side(move.dst, move.width, fill && dl.kind == layout_kind::blocked ? dl.span() / m : n, gen);
  }
}

TEST_CASE("bounds.side_intervals_merge_what_abuts") {
  // An array of structs without gaps, soa of packed columns and whole blocks are each one interval.
  const auto families = [](const array_layout& l) {
    const record_move move = vector_record_move(l, l, 4, nullptr);
    return side_intervals(move.src, move.width, l.n).size();
  };
  CHECK(families({layout_kind::row_major, 1000, 3, 3, 0}) == 1);
  CHECK(families({layout_kind::col_major, 1000, 3, 1000, 0}) == 1);
  CHECK(families({layout_kind::blocked, 1024, 3, 0, 128}) == 1);
  CHECK(families({layout_kind::row_major, 1000, 3, 4, 0}) == 1);   // rows with a gap: one family of n
  CHECK(families({layout_kind::col_major, 1000, 3, 1024, 0}) == 3);  // columns with gaps
  CHECK(families({layout_kind::blocked, 1000, 3, 0, 128}) == 3);     // whole blocks, then the last one's 3 runs
}

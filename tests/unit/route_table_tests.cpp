// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The route table (src/move_routes.hpp) against the kernels' code run on the host (the kernels-on-host
// shim): on random vector-set moves, every route whose route_declines is "" runs the move as
// relayout_device launches it when the route is forced (the fast routes planned as the kernels can run
// them, measured = false; the record routes on the vector set's record move) into poisoned memory, and
// the destination must come out bit-exact; where it declines, its launch has no plan for the move
// (copies aside: the table leaves them to the copy routes, and the other kernels that plan one must
// still get it right). The unforced choice names a route that applies, `also` the others that do, and a forced route that
// does not apply fails naming itself and why. Races and memory ordering are the GPU's to check.
#include "vector_kernels_on_host.hpp"

#include "record_kernels_on_host.hpp"

#include "../../src/move_routes.hpp"
#include "../../src/relayout_one.hpp"

#include <coalesce/build_config.hpp>
#include <coalesce/core/error.hpp>

#include <doctest/doctest.h>

#include "random.hpp"
#include "random_layouts.hpp"
#include "require_error.hpp"
#include "sanitizer.hpp"

#include <cstdlib>
#include <cstring>
#include <iterator>
#include <map>
#include <random>
#include <set>
#include <string>
#include <variant>
#include <vector>

using namespace coalesce;
using namespace coalesce::detail;

namespace {

constexpr std::size_t device_most = 227 * 1024;  // the shared bytes route_declines plans the record routes with
constexpr std::size_t guard = 64;
constexpr unsigned char src_poison = 0xC3, dst_poison = 0x5A;

// `bytes` at `offset` bytes past a 16-byte boundary, `guard` poisoned bytes (at least) on each side.
struct side_memory {
  std::vector<uint4> words;
  unsigned char* data;
  std::size_t bytes;
  side_memory(std::size_t size, std::size_t offset)
      : words((2 * guard + offset + size + 15) / 16), data(begin() + guard + offset), bytes(size) {}
  unsigned char* begin() { return reinterpret_cast<unsigned char*>(words.data()); }
  unsigned char* end() { return begin() + words.size() * 16; }
  void poison(unsigned char b) { std::memset(begin(), b, words.size() * 16); }
  std::vector<unsigned char> image() { return {begin(), end()}; }
  unsigned char* hull_begin() { return begin() + (data - begin()) / 16 * 16; }
  unsigned char* hull_end() { return begin() + (data + bytes - begin() + 15) / 16 * 16; }
};

// Both sides fenced off outside their spans' chunks while the route runs.
struct fenced {
  side_memory &a, &b;
  fenced(side_memory& x, side_memory& y) : a(x), b(y) {
    for (side_memory* s : {&a, &b}) {
      FENCE(s->begin(), s->hull_begin() - s->begin());
      FENCE(s->hull_end(), s->end() - s->hull_end());
    }
  }
  ~fenced() {
    for (side_memory* s : {&a, &b}) UNFENCE(s->begin(), s->words.size() * 16);
  }
};

std::size_t offset_of(const array_layout& l, std::size_t v, std::size_t i) {
  return visit_mapping(l, [&](auto map) { return std::size_t(map(v, i)); });
}

// One random move: the two layouts, the word size, each side's data pointer `shift` words past 16
// bytes, a fill word for a blocked destination's padding or none.
struct drawn_move {
  array_layout sl, dl;
  std::size_t elem = 4, src_shift = 0, dst_shift = 0;
  bool fill = false;
};

// A side of kind `kind`: rows of pitch m, a few more (odd ones), whole 16-byte chunks or one chunk
// more; columns of pitch n, a few more or whole chunks; blocks of bd.
array_layout draw_side(std::mt19937_64& gen, layout_kind kind, std::size_t n, std::size_t m, std::size_t elem,
                       std::size_t bd) {
  const std::size_t words = 16 / elem;
  switch (kind) {
    case layout_kind::row_major: {
      const std::size_t pitches[] = {m, m, m + 1 + gen() % 4, round_up(m, words), round_up(m, words) + words};
      return {kind, n, m, pitches[gen() % std::size(pitches)], 0};
    }
    case layout_kind::col_major: {
      const std::size_t pitches[] = {n, n, n + 1 + gen() % 8, round_up(n, words)};
      return {kind, n, m, pitches[gen() % std::size(pitches)], 0};
    }
    case layout_kind::blocked: break;
  }
  return {kind, n, m, 0, bd};
}

layout_kind random_kind(std::mt19937_64& gen) { return layout_kind(gen() % 3); }
layout_kind random_columnar(std::mt19937_64& gen) {
  return gen() % 2 ? layout_kind::col_major : layout_kind::blocked;
}

// Pairs weighted towards each route's moves: the same layout (copy), rows of two pitches (rows),
// one kind of two pitches (copy_2d), two columnar sides (runs), rows against columns or blocks
// (transpose, records, tiled), m = 1 (flat); n small, on and beside the blocks (1, bd - 1, bd + 1).
drawn_move draw_move(std::mt19937_64& gen) {
  drawn_move d;
  static const std::size_t elems[] = {1, 1, 2, 2, 4, 4, 8, 8, 16};
  d.elem = elems[gen() % std::size(elems)];
  const std::size_t m = gen() % 6 == 0 ? 1 : 1 + gen() % 40;
  layout_kind sk = random_kind(gen), dk = random_kind(gen);
  const unsigned pairing = unsigned(gen() % 8);
  switch (pairing) {
    case 0: case 1: case 2: dk = sk = pairing == 1 ? layout_kind::row_major : sk; break;
    case 3: case 4: sk = random_columnar(gen), dk = random_columnar(gen); break;
    case 5: case 6:
      sk = layout_kind::row_major, dk = random_columnar(gen);
      if (gen() % 2) std::swap(sk, dk);
      break;
    default: break;
  }
  const std::size_t sbd = test::random_block(gen), dbd = pairing == 0 || pairing == 2 ? sbd : test::random_block(gen);
  const std::size_t n = gen() % 12 == 0 ? 1 : test::random_count(gen, sk == layout_kind::blocked ? sbd : dbd, 3000);
  d.sl = draw_side(gen, sk, n, m, d.elem, sbd);
  d.dl = pairing == 0 ? d.sl : draw_side(gen, dk, n, m, d.elem, dbd);
  const auto shift = [&](const array_layout& l) {  // a user's pointer one word in (rows and columns)
    return d.elem < 16 && l.kind != layout_kind::blocked && gen() % 2 ? std::size_t(1) : std::size_t(0);
  };
  d.src_shift = shift(d.sl);
  d.dst_shift = shift(d.dl);
  d.fill = gen() % 2;
  return d;
}

std::string names(const std::set<std::string>& s) {
  std::string out;
  for (const std::string& x : s) out += (out.empty() ? "" : ", ") + x;
  return out;
}

// What the draws ran, by name.
using tally = std::map<std::string, std::size_t>;

template <class Word>
struct route_check {
  const drawn_move& d;
  const array_layout &sl, &dl;
  std::vector<Word> values;
  Word fill_word;
  side_memory src, dst;
  std::vector<unsigned char> src_image;
  device_move move;
  tally& counts;

  route_check(const drawn_move& dm, std::uint64_t seed, tally& t)
      : d(dm), sl(dm.sl), dl(dm.dl), values(test::random_values<Word>(dm.sl.n * dm.sl.m + 1, seed)),
        fill_word(values.back()), src(dm.sl.span() * sizeof(Word), dm.src_shift * sizeof(Word)),
        dst(dm.dl.span() * sizeof(Word), dm.dst_shift * sizeof(Word)), counts(t) {
    values.pop_back();
    std::memset(&fill_word, 0x7E, 1);  // never the destination's poison, so that a fill written shows
    // The source's gaps and padding hold its own poison: a route that copies them shows.
    src.poison(src_poison);
    for (std::size_t v = 0; v < sl.n; ++v)
      for (std::size_t i = 0; i < sl.m; ++i)
        std::memcpy(src.data + offset_of(sl, v, i) * sizeof(Word), &values[v * sl.m + i], sizeof(Word));
    src_image = src.image();
    move.vectors = true;
    move.src = sl;
    move.dst = dl;
    move.elem = sizeof(Word);
    move.src_data = src.data;
    move.dst_data = dst.data;
    move.fill = d.fill ? &fill_word : nullptr;
  }

  const Word* fill() const { return d.fill ? &fill_word : nullptr; }
  const Word* src_words() { return reinterpret_cast<const Word*>(src.data); }
  Word* dst_words() { return reinterpret_cast<Word*>(dst.data); }

  // The destination's memory as it must be: every element in place; a blocked destination's padding
  // lanes `padding` (the fill, the poison where nothing may be written, or the source's padding where a
  // route copies the span); everything else (row and column gaps, the guards) untouched.
  std::vector<unsigned char> expected(const unsigned char* padding) {
    std::vector<unsigned char> image(dst.words.size() * 16, dst_poison);
    unsigned char* const data = image.data() + (dst.data - dst.begin());
    if (padding != nullptr && dl.kind == layout_kind::blocked)
      for (std::size_t o = 0; o < dl.span(); ++o) std::memcpy(data + o * sizeof(Word), padding, sizeof(Word));
    for (std::size_t v = 0; v < dl.n; ++v)
      for (std::size_t i = 0; i < dl.m; ++i)
        std::memcpy(data + offset_of(dl, v, i) * sizeof(Word), &values[v * dl.m + i], sizeof(Word));
    return image;
  }

  void require_result(const char* route, const std::vector<unsigned char>& want) {
    INFO("route " << std::string(route));
    const std::vector<unsigned char> got = dst.image();
    const auto at = std::mismatch(got.begin(), got.end(), want.begin());
    if (at.first != got.end()) {
      const std::ptrdiff_t byte = (dst.begin() + (at.first - got.begin())) - dst.data;
      const std::ptrdiff_t word = byte >= 0 ? byte / std::ptrdiff_t(sizeof(Word)) : -1 - (-byte - 1) / std::ptrdiff_t(sizeof(Word));
      FAIL_CHECK("destination byte " << byte << " (word " << word << " of a span of " << dl.span()
                                     << "): got " << int(*at.first) << ", want " << int(*at.second));
    }
    CHECK_MESSAGE(src.image() == src_image, "the source was written");
  }

  // The route's launch, as relayout_device makes it when the route is forced; false where that launch
  // has no plan for the move (what route_declines must say).
  bool run(route_id r) {
    const bool copies = copies_rows(sl, dl);
    const bool write_padding = d.fill;
    const auto aligned = [](const void* p) { return reinterpret_cast<std::uintptr_t>(p) % 16 == 0; };
    switch (r) {
      case route_id::copy: {
        const std::size_t bytes = contiguous_copy_bytes(sl, dl, sizeof(Word));
        if (bytes == 0) return false;
        std::memcpy(dst.data, src.data, bytes);  // cudaMemcpyAsync, or the shifted copy kernel: the same bytes
        return true;
      }
      case route_id::rows: {
        const std::size_t word = rows_word_bytes(sl, src.data, dl, dst.data, sizeof(Word));
        if (word == 0) return false;
        test::run_rows(src.data, sl, dst.data, dl, sizeof(Word), word);
        return true;
      }
      case route_id::copy_2d: {  // copy_same_kind: rows of data between the pitches, or a blocked span whole
        if (!copies) return false;
        const std::size_t e = sizeof(Word);
        const bool by_rows = sl.kind == layout_kind::row_major;
        const std::size_t width = sl.kind == layout_kind::blocked ? sl.span() * e : (by_rows ? sl.m : sl.n) * e;
        const std::size_t height = sl.kind == layout_kind::blocked ? 1 : by_rows ? sl.n : sl.m;
        for (std::size_t k = 0; k < height; ++k)
          std::memcpy(dst.data + k * dl.pitch * e, src.data + k * sl.pitch * e, width);
        return true;
      }
      case route_id::flat:
      case route_id::runs:
      case route_id::transpose: {
        const fast_plan plan = plan_fast_relayout(sl, dl, sizeof(Word), aligned(src.data), aligned(dst.data), false);
        const fast_method want = r == route_id::flat   ? fast_method::flat
                                 : r == route_id::runs ? fast_method::runs
                                                       : fast_method::transpose;
        if (plan.method != want) return false;
        if (r == route_id::flat) {  // move_flat: one copy of n words, then a blocked destination's padding
          std::memcpy(dst.data, src.data, dl.n * sizeof(Word));
          if (dl.kind == layout_kind::blocked && write_padding)
            std::fill(dst_words() + dl.n, dst_words() + dl.span(), fill_word);
        } else if (r == route_id::runs) {
          test::run_runs_plan(plan, src_words(), sl, dst_words(), dl, fill());
        } else {
          test::run_transpose(plan, src_words(), sl, dst_words(), dl, fill());
        }
        return true;
      }
      case route_id::records_lanes:
      case route_id::records_staged: {
        if (sl.m > max_record_components) return false;
        const record_move records = vector_record_move(sl, dl, sizeof(Word), fill());
        const record_range range{sl.n, dst_extent(dl, write_padding), 0, 0};
        const record_kernel kernel =
            choose_record_kernel(records, range, src.data, dst.data, device_most,
                                 r == route_id::records_lanes ? record_kernels::lanes : record_kernels::staged);
        if (std::holds_alternative<std::monostate>(kernel)) return false;
        test::run_record_kernel(kernel, records, range, src.data, dst.data);
        return true;
      }
      case route_id::tiled: {
        const relayout_plan plan = plan_relayout(sl, dl, sizeof(Word));
        if (plan.method != relayout_method::tiled) return false;
        test::run_tiled(plan, src_words(), sl, dst_words(), dl, tile_range{sl.n, dst_extent(dl, write_padding), 0, 0},
                        write_padding, fill_word);
        return true;
      }
      case route_id::elements:  // the element kernel, a thread per destination element
        test::run_elements(*plan_vector_elements(sl, dl, sizeof(Word), fill(), {sl.n, dst_extent(dl, write_padding), 0, 0}),
                           src.data, dst.data);
        return true;
    }
    return false;
  }

  // Every route of the table on the move: where it applies, its code's result; where it does not, no
  // launch plan (or the table's rule that copies are the copy routes'); then the choice, unforced and
  // forced.
  void all_routes() {
    const bool copies = copies_rows(sl, dl);
    const std::vector<unsigned char> with_fill = expected(d.fill ? reinterpret_cast<const unsigned char*>(&fill_word) : nullptr);
    std::set<std::string> applying;
    for (const route_info& route : routes) {
      const std::string why = route_declines(route.id, move);
      INFO("route " << std::string(route.name) << ": declines \"" << why << "\"");
      // Built without CUDA, the table has no record routes; their kernels' code still runs here where a
      // CUDA build's table takes the move (a plan, not a copy).
      const bool no_records =
          !COALESCE_WITH_CUDA && (route.id == route_id::records_lanes || route.id == route_id::records_staged);
      if (no_records && !copies && sl.m <= max_record_components) CHECK(why == "coalesce was built without CUDA");
      if (why.empty()) applying.insert(route.name);
      dst.poison(dst_poison);
      bool ran = false;
      try {
        const fenced f(src, dst);
        ran = run(route.id);
      } catch (const error& e) {  // a launch that refuses the move, as relayout_device would throw
        if (why.empty()) FAIL_CHECK("route_declines accepts the move, but the route's launch throws: " << e.what());
        continue;
      }
      if (no_records ? ran && !copies : why.empty()) {
        REQUIRE_MESSAGE(ran, "route_declines accepts the move, but the route's launch has no plan for it");
        ++counts[route.name];
        // The copy routes take no blocked span with padding lanes: its padding gets the fill, or no write.
        if (route.id == route_id::copy || route.id == route_id::copy_2d)
          CHECK((dl.kind != layout_kind::blocked || dl.n % dl.block == 0));
        require_result(route.name, with_fill);
      } else {
        // Copies are the copy routes' by the table's rule, whether or not another route's kernel could
        // run them; any other decline must be one the launch meets.
        CHECK_MESSAGE((!ran || (copies && (why == "a copy" || no_records))),
                      "route_declines refuses a move the route's launch has a plan for");
        if (ran && copies) {
          ++counts["(declined as a copy, launch planned: " + std::string(route.name) + ")"];
          CHECK_MESSAGE(dst.image() == with_fill, "declined as a copy, and its launch gets the copy wrong");
        }
      }
    }
    check_choice(applying);
  }

  void check_choice(const std::set<std::string>& applying) {
    const route_choice choice = choose_route(move, true, "route.table");
    INFO("chosen " << std::string(route_of(choice.id).name) << ": " << choice.why);
    CHECK(!choice.forced);
    CHECK(applying.count(route_of(choice.id).name) == 1);
    ++counts[std::string("chosen: ") + route_of(choice.id).name];
    std::set<std::string> also;
    for (const std::string& entry : choice.also) also.insert(entry.substr(0, entry.find(' ')));  // "name (why)"
    std::set<std::string> others = applying;
    others.erase(route_of(choice.id).name);
    INFO("also: " << names(also) << "; the others that apply: " << names(others));
    CHECK(also == others);
    CHECK(also.size() == choice.also.size());
    // The moves' own choice (measured preferences first, the record routes from the unforced plan)
    // names the route the explanation does.
    const device_move fresh = move;  // no caches: as a move starts
    fresh.lowered.reset(), fresh.fast_measured.reset(), fresh.fast_any.reset(), fresh.unforced_record.reset();
    const route_choice plain = choose_route(fresh, false, "route.table");
    CHECK(plain.id == choice.id);
    CHECK(plain.own_plan == choice.own_plan);
    // The launch plans as the choice says (relayout_device: measured unless own_plan), and that plan is
    // the route's: a route that replaced the element kernel was passed over by its measured plan.
    if (plain.id == route_id::flat || plain.id == route_id::runs || plain.id == route_id::transpose) {
      const fast_method want = plain.id == route_id::flat   ? fast_method::flat
                               : plain.id == route_id::runs ? fast_method::runs
                                                            : fast_method::transpose;
      CHECK(fast_plan_of(fresh, !plain.own_plan).method == want);
    }
    if (plain.id == route_id::records_lanes || plain.id == route_id::records_staged)
      CHECK(record_route(plain.id, record_form(fresh), record_range_of(fresh), fresh.src_data, fresh.dst_data,
                         plain.own_plan).applies);
    // Forced: the route where it applies (planned as its kernel can run it), else an error naming the
    // route and the reason.
    for (const route_info& route : routes) {
      force_route(&route);
      const std::string why = route_declines(route.id, move);
      INFO("forced " << std::string(route.name));
      if (why.empty()) {
        const route_choice forced = choose_route(move, false, "route.table");
        CHECK(forced.id == route.id);
        CHECK(forced.forced);
      } else {
        test::require_error([&] { choose_route(move, false, "route.table"); }, errc::invalid_argument,
                            std::string("COALESCE_FORCE_ROUTE=") + route.name + " does not apply to this move: " + why);
      }
      force_route(nullptr);
    }
  }
};

void check_move(const drawn_move& d, std::uint64_t seed, tally& counts) {
  INFO(to_string(d.sl) << " +" << d.src_shift << " -> " << to_string(d.dl) << " +" << d.dst_shift << ", " << d.elem
                       << "-byte words, " << std::string(d.fill ? "a fill" : "no fill") << ", data seed " << seed);
  switch (d.elem) {
    case 1: return route_check<std::uint8_t>(d, seed, counts).all_routes();
    case 2: return route_check<std::uint16_t>(d, seed, counts).all_routes();
    case 4: return route_check<std::uint32_t>(d, seed, counts).all_routes();
    case 8: return route_check<std::uint64_t>(d, seed, counts).all_routes();
    default: return route_check<word16>(d, seed, counts).all_routes();
  }
}

// Forces routes for the test's length; the forcing it found (COALESCE_FORCE_ROUTE's, or none) after.
struct forcing_restored {
  const route_info* was = forced_route("route.table");
  forcing_restored() { force_route(nullptr); }
  ~forcing_restored() { force_route(was); }
};

std::size_t stress_cases(std::size_t fallback) {
  const char* v = std::getenv("COALESCE_STRESS_CASES");
  return v && std::atol(v) > 0 ? std::size_t(std::atol(v)) : fallback;
}

void draw_moves(std::uint64_t seed, std::size_t cases, tally& counts) {
  INFO("seed " << seed);
  std::mt19937_64 gen(seed);
  for (std::size_t c = 0; c < cases; ++c) {
    INFO("move " << c);
    const drawn_move d = draw_move(gen);
    check_move(d, gen(), counts);
  }
}

}  // namespace

TEST_SUITE("unit") {
  TEST_CASE("route.table.long_vectors") {
    // Vectors longer than the draws' 40 components, where only the element kernel and the passed-over
    // record routes take the move (no tile of 32 vectors fits 48 KiB).
    const forcing_restored restore;
    tally counts;
    std::mt19937_64 gen(test::fresh_seed());
    for (const std::size_t m : {200, 300})
      for (const std::size_t elem : {4, 8})
        for (int pair = 0; pair < 4; ++pair) {
          drawn_move d;
          d.elem = elem;
          const std::size_t n = pair % 2 ? 1001 : 129;
          const array_layout rows{layout_kind::row_major, n, m, m, 0};
          const array_layout other = pair < 2 ? array_layout{layout_kind::col_major, n, m, n, 0}
                                              : array_layout{layout_kind::blocked, n, m, 0, 32};
          d.sl = gen() % 2 ? rows : other;
          d.dl = d.sl.kind == layout_kind::row_major ? other : rows;
          d.fill = gen() % 2;
          check_move(d, gen(), counts);
        }
    for (const auto& [name, count] : counts) MESSAGE(name << ": " << count);
  }

  TEST_CASE("route.table.random_vector_sets") {
    // A fixed seed whose draws reach every route, then a fresh one (COALESCE_STRESS_CASES sets its
    // number of moves, default 300; 100 under a sanitizer).
    const forcing_restored restore;
    tally counts;
    draw_moves(20260101, 300, counts);
    draw_moves(test::fresh_seed(), stress_cases(test::under_sanitizer ? 100 : 300), counts);
    for (const auto& [name, count] : counts) MESSAGE(name << ": " << count);
    for (const route_info& route : routes) {
      INFO("route " << std::string(route.name));
      CHECK(counts[route.name] > 0);
    }
  }

  TEST_CASE("route.table.long_vectors") {
    // Vectors of more components than a record holds: the record routes decline them, naming why (and
    // refuse them forced), the others run them.
    const forcing_restored restore;
    tally counts;
    const std::size_t n = 33, m = max_record_components + 1;
    const array_layout rows{layout_kind::row_major, n, m, m, 0}, padded{layout_kind::row_major, n, m, m + 3, 0},
        cols{layout_kind::col_major, n, m, n + 1, 0}, blocks{layout_kind::blocked, n, m, 0, 32};
    device_move move;
    move.vectors = true;
    move.src = rows;
    move.dst = cols;
    move.elem = 4;
    CHECK(route_declines(route_id::records_lanes, move) == "more components than a record holds");
    CHECK(route_declines(route_id::records_staged, move) == "more components than a record holds");
    const std::pair<array_layout, array_layout> pairs[] = {{rows, cols}, {cols, rows}, {padded, blocks},
                                                            {blocks, padded}, {rows, padded}, {cols, blocks}};
    std::uint64_t seed = test::fresh_seed();
    for (const auto& [sl, dl] : pairs)
      for (const std::size_t elem : {1, 4, 8}) {
        drawn_move d;
        d.sl = sl;
        d.dl = dl;
        d.elem = elem;
        d.src_shift = sl.kind == layout_kind::row_major;
        d.fill = dl.kind == layout_kind::blocked;
        check_move(d, seed++, counts);
      }
    CHECK(counts["records_lanes"] == 0);
    CHECK(counts["records_staged"] == 0);
    CHECK(counts["elements"] == std::size(pairs) * 3);
  }
}

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include "move_routes.hpp"

#include <coalesce/core/error.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>

namespace coalesce::detail {
namespace {

bool aligned16(const void* p) { return reinterpret_cast<std::uintptr_t>(p) % 16 == 0; }

// Why record route r cannot run the move (its record form rm over range): exactly (that kernel's own
// plan), or as the unforced plan has it, which is planned once per move (a plan costs microseconds
// of the move's host time, and the choice asks for it route by route).
const char* record_declines(route_id r, const device_move& m, const record_move& rm, const record_range& range,
                            bool exact) {
  if (exact || r == route_id::elements) return record_route(r, rm, range, m.src_data, m.dst_data, exact).why_not;
  if (!m.unforced_record) m.unforced_record = record_route(r, rm, range, m.src_data, m.dst_data, false).unforced;
  return *m.unforced_record == r ? "" : "the unforced record plan takes another kernel";
}

// Why a vector-set route cannot run the move, or "" (exact: see record_route).
const char* vector_route_declines(route_id r, const device_move& m, bool exact) {
  const bool copies = copies_rows(m.src, m.dst);
  switch (r) {
    case route_id::copy:
      return copies && contiguous_copy_bytes(m.src, m.dst, m.elem) != 0 ? "" : "the sides are not one span of the same bytes";
    case route_id::rows:
      return copies && rows_word_bytes(m.src, m.src_data, m.dst, m.dst_data, m.elem) != 0
                 ? ""
                 : "not row_major to row_major with gaps in the rows";
    case route_id::copy_2d: return copies ? "" : "the sides differ in layout kind or shape";
    case route_id::flat:
    case route_id::runs:
    case route_id::transpose: {
      if (copies) return "a copy";
      const fast_method want = r == route_id::flat   ? fast_method::flat
                               : r == route_id::runs ? fast_method::runs
                                                     : fast_method::transpose;
      if (fast_plan_of(m, false).method == want) return "";
      if (r == route_id::flat) return "not m = 1 with each side one run";
      if (r == route_id::runs) return "not two columnar sides (or indices past 2^31)";
      return "not rows against col_major or blocked of whole 16-byte chunks that a tile fits";
    }
    case route_id::tiled:
      return !copies && plan_relayout(m.src, m.dst, m.elem).method == relayout_method::tiled
                 ? ""
                 : "no tile of 32 to 8192 vectors fits 48 KiB and both sides' blocks";
    case route_id::elements: return "";
    case route_id::records_lanes:
    case route_id::records_staged: break;
  }
  if (copies) return "a copy";
  if (m.src.m > max_record_components) return "more components than a record holds";
  return record_declines(r, m, record_form(m), record_range_of(m), exact);
}

std::string variant_of(route_id r, const device_move& m, bool forced) {
  if (!m.vectors) {
    if (r == route_id::elements) return "";
    return record_route(r, *m.records, m.range, m.src_data, m.dst_data, true).variant;
  }
  switch (r) {
    case route_id::copy:
      return shifted_copy_pays(m.dst_data, m.src_data, contiguous_copy_bytes(m.src, m.dst, m.elem)) ? "shifted" : "";
    case route_id::rows:
      return std::to_string(rows_word_bytes(m.src, m.src_data, m.dst, m.dst_data, m.elem)) + "-byte words";
    case route_id::flat: return shifted_copy_pays(m.dst_data, m.src_data, m.src.n * m.elem) ? "shifted" : "";
    case route_id::runs: {
      const fast_plan& f = fast_plan_of(m, !forced);
      if (f.chunk == 0) return "word by word";
      return std::to_string(f.chunk) + (f.shifted ? "-byte, shifted" : "-byte");
    }
    case route_id::transpose: {
      const fast_plan& f = fast_plan_of(m, !forced);
      const bool rows_aligned = aligned16(m.src.kind == layout_kind::row_major ? m.src_data : m.dst_data);
      std::string rows;
      if (f.mode != row_mode::pitched && !rows_aligned) rows = "shifted rows";
      else if (f.mode == row_mode::pitched || f.mode == row_mode::span) rows = "pitched rows";
      if (f.shifted) rows += rows.empty() ? "shifted columns" : ", shifted columns";
      return rows;
    }
    case route_id::records_lanes:
    case route_id::records_staged: {
      return record_route(r, record_form(m), record_range_of(m), m.src_data, m.dst_data, true).variant;
    }
    case route_id::tiled: {
      const relayout_plan p = plan_relayout(m.src, m.dst, m.elem);
      const bool vec = tile_side_vectorizable(m.src, m.elem, p.tile, m.src_data, 0) ||
                       tile_side_vectorizable(m.dst, m.elem, p.tile, m.dst_data, 0);
      return "tile " + std::to_string(p.tile) + (vec ? ", 16-byte" : "");
    }
    case route_id::copy_2d:
    case route_id::elements: return "";
  }
  return "";
}

// The vector sets where the record routes measured faster than the tiled kernel (and than the
// transpose, where vector_records_first): rows one element off the 16-byte grid (a user's pointer)
// that the transpose's shifted rows leave (fewer vectors than its tile, vector lengths no row mode
// takes, 8-byte words of even m or from m = 16, odd pitches of 1- and 8-byte words and of 2-byte words
// below m = 48: transpose_rows_measured_slower, relayout_plan.cpp), to and from columnar sides; rows
// on the grid too, where the transpose declined them: a blocked side whose runs are not whole 16-byte
// chunks (1-byte words in blocks of 1000), 1-byte words with a col_major side off the grid, vector
// lengths no row mode takes (1-byte words of m = 6, 10, 12). Vectors of at most 64 bytes of words up
// to 8 bytes, and blocked runs of at least 64 bytes; longer vectors, shorter blocked runs and 16-byte
// words measured faster in the tiled kernel (BENCHMARKS.md, Every transform path). Not into rows of a
// pitch above m: the staged kernel stores into a user's padded rows element by element, much slower.
// From such rows where each row's padding is under 16 bytes (an odd pitch m + 1).
bool vector_records_preferred(const device_move& m) {
  const array_layout &sl = m.src, &dl = m.dst;
  const std::size_t elem = m.elem;
  if (elem > 8 || sl.m * elem > 64 || copies_rows(sl, dl)) return false;
  const auto fits = [&](const array_layout& l, bool source) {
    if (l.kind == layout_kind::blocked) return l.block * elem >= 64;
    if (l.kind == layout_kind::col_major || l.pitch == l.m) return true;
    return source && (l.pitch - l.m) * elem < 16;
  };
  return fits(sl, true) && fits(dl, false) && (sl.kind == layout_kind::row_major || dl.kind == layout_kind::row_major);
}

// Rows destinations one element off the 16-byte grid that the transpose would store word by word (a
// pitch above m, or a vector length its shifted rows do not take), of 1-, 2- and 4-byte words and
// vectors not a multiple of 32 bytes, where the record routes measured faster: asked before the
// transpose. 8-byte words and vectors of 32 or 64 bytes stay with the transpose, m = 1 is a copy; rows
// of pitch m that the shifted rows take go to the transpose, which measured faster.
bool vector_records_first(const device_move& m) {
  const bool dst_off_grid = m.dst.kind == layout_kind::row_major && !aligned16(m.dst_data);
  if (!dst_off_grid || m.elem > 4 || m.src.m == 1 || (m.src.m * m.elem) % 32 == 0) return false;
  const fast_plan& fast = fast_plan_of(m, true);
  if (fast.method == fast_method::transpose && fast.mode != row_mode::pitched) return false;
  return vector_records_preferred(m);
}

// The measured preferences: a route that applies but is passed over (its reason), or "".
const char* passed_over(route_id r, const device_move& m) {
  if (!m.vectors) return record_route_passed_over(r, *m.records);
  switch (r) {
    case route_id::transpose:
      return fast_plan_of(m, true).method != fast_method::transpose
                 ? "the measured table found another route faster for these rows (transpose_rows_measured_slower)"
                 : "";
    case route_id::records_lanes:
    case route_id::records_staged:
      if (!vector_records_preferred(m))
        return "measured slower than the tiled kernel for this vector set (vector_records_preferred)";
      return m.src.m <= max_record_components ? record_route_passed_over(r, record_form(m)) : "";
    default: return "";
  }
}

bool is_record_route(route_id r) {
  return r == route_id::records_lanes || r == route_id::records_staged || r == route_id::elements;
}

// Why the route cannot run the move, or "" (a literal either way: no allocation on a move's path).
const char* declines(route_id r, const device_move& m, bool exact) {
  if (m.vectors) return vector_route_declines(r, m, exact);
  if (!is_record_route(r)) return "a move of records (vector-set routes take vector sets only)";
  return record_declines(r, m, *m.records, m.range, exact);
}

}  // namespace

device_move vector_device_move(const array_layout& src_layout, const void* src, const array_layout& dst_layout,
                               const void* dst, std::size_t elem, const void* fill) {
  device_move m;
  m.vectors = true;
  m.src = src_layout;
  m.dst = dst_layout;
  m.elem = elem;
  m.src_data = src;
  m.dst_data = dst;
  m.fill = fill;
  return m;
}

device_move record_device_move(const record_move& move, const record_range& range, const void* src, const void* dst) {
  device_move m;
  m.records = &move;
  m.range = range;
  m.src_data = src;
  m.dst_data = dst;
  return m;
}

const route_info& route_of(route_id id) {
  for (const route_info& r : routes)
    if (r.id == id) return r;
  return routes[std::size(routes) - 1];
}

std::string route_declines(route_id r, const device_move& m) { return declines(r, m, true); }

const record_move& record_form(const device_move& m) {
  if (!m.lowered) m.lowered = std::make_shared<const record_move>(vector_record_move(m.src, m.dst, m.elem, m.fill));
  return *m.lowered;
}

record_range record_range_of(const device_move& m) { return {m.src.n, dst_extent(m.dst, m.fill != nullptr), 0, 0}; }

const fast_plan& fast_plan_of(const device_move& m, bool measured) {
  std::optional<fast_plan>& plan = measured ? m.fast_measured : m.fast_any;
  if (!plan)
    plan = plan_fast_relayout(m.src, m.dst, m.elem, aligned16(m.src_data), aligned16(m.dst_data), measured);
  return *plan;
}

namespace {
// COALESCE_FORCE_ROUTE's route, or null where unset; throws, naming the routes, for an unknown name.
const route_info* route_from_environment(const std::string& call) {
  const char* value = std::getenv("COALESCE_FORCE_ROUTE");
  if (value == nullptr || *value == '\0') return nullptr;
  std::string names;
  for (const route_info& r : routes) {
    if (r.name == std::string(value)) return &r;
    names += names.empty() ? r.name : std::string(", ") + r.name;
  }
  fail(errc::invalid_argument, call,
       std::string("COALESCE_FORCE_ROUTE=") + value + " names no route (the routes: " + names + ")");
}

// Read at the first move (a static's initialisation is thread-safe, and retried after it throws).
std::atomic<const route_info*>& forced_slot(const std::string& call) {
  static std::atomic<const route_info*> slot{route_from_environment(call)};
  return slot;
}
}  // namespace

const route_info* forced_route(const std::string& call) { return forced_slot(call).load(std::memory_order_relaxed); }

void force_route(const route_info* route) { forced_slot("force_route").store(route, std::memory_order_relaxed); }

route_choice choose_route(const device_move& m, bool with_also, const std::string& call) {
  route_choice choice;
  bool chosen = false;
  if (const route_info* forced = forced_route(call)) {
    const char* why = declines(forced->id, m, true);
    if (*why)
      fail(errc::invalid_argument, call,
           std::string("COALESCE_FORCE_ROUTE=") + forced->name + " does not apply to this move: " + why);
    choice.id = forced->id;
    choice.why = "forced by COALESCE_FORCE_ROUTE";
    choice.forced = choice.own_plan = true;
    chosen = true;
  }
  // Rows destinations one element off the grid that the transpose would store word by word: the
  // record routes measured faster, so they are asked first (vector_records_first).
  const bool records_first = m.vectors && !chosen && vector_records_first(m);
  const auto record_kernel_route = [](route_id r) {
    return r == route_id::records_lanes || r == route_id::records_staged;
  };
  // A measured preference passes a route over for another route, never for the fallback: where only
  // the element kernel is left, the first route passed over that applies (the record routes as the
  // unforced plan has them, in an explanation too) runs instead.
  // (Asked only then: planning the record routes costs microseconds that a move's host time shows.)
  std::array<const route_info*, std::size(routes)> passed{};
  std::size_t passed_count = 0;
  const auto consider = [&](const route_info& r) {
    if (chosen && !with_also) return;
    if (chosen && r.id == choice.id) return;
    // The plain choice asks the (cheap) measured preference first, and the record routes as the
    // unforced plan has them; an explanation asks each route exactly.
    const char* over = passed_over(r.id, m);
    if (*over && !chosen) passed[passed_count++] = &r;
    if (!with_also && *over) return;
    if (*declines(r.id, m, with_also)) return;
    if (chosen || *over) {
      choice.also.push_back(*over ? std::string(r.name) + " (" + over + ")" : r.name);
      return;
    }
    choice.id = r.id;
    choice.why = records_first && record_kernel_route(r.id)
                     ? "rows one element off the 16-byte grid that the transpose would store word by word: the "
                       "record routes measured faster (vector_records_first)"
                 : choice.also.empty() ? "the first route of the table that applies"
                                       : "the first route of the table that applies and that no measurement passes over";
    chosen = true;
  };
  if (records_first)
    for (const route_info& r : routes)
      if (record_kernel_route(r.id)) consider(r);
  for (const route_info& r : routes)
    if (!(records_first && record_kernel_route(r.id))) consider(r);
  const route_info* over = nullptr;  // the first route passed over that applies, where only elements is left
  if (!choice.forced && (!chosen || choice.id == route_id::elements))
    for (std::size_t k = 0; k < passed_count && !over; ++k)
      if (!*declines(passed[k]->id, m, false)) over = passed[k];
  if (over) {
    if (chosen && with_also) choice.also.insert(choice.also.begin(), route_of(route_id::elements).name);
    const std::string name = over->name;
    choice.also.erase(std::remove_if(choice.also.begin(), choice.also.end(),
                                     [&](const std::string& a) { return a.rfind(name + " (", 0) == 0; }),
                      choice.also.end());
    choice.id = over->id;
    choice.own_plan = true;
    choice.why = "the routes that measured faster do not apply, and the element kernel is the fallback: the first "
                 "route a measurement passed over";
    chosen = true;
  }
  if (!chosen && !m.vectors)  // the element kernel's own limits
    fail(errc::invalid_argument, call, std::string("no record kernel takes this move: ") + declines(route_id::elements, m, true));
  if (with_also) choice.variant = variant_of(choice.id, m, choice.own_plan);
  return choice;
}

route_explanation explanation(const route_choice& choice) {
  return {route_of(choice.id).name, choice.variant, choice.why, choice.also};
}

}  // namespace coalesce::detail

namespace coalesce {

route_explanation explain(const array_layout& src, const void* src_data, const array_layout& dst,
                          const void* dst_data, std::size_t elem) {
  if (src.n != dst.n || src.m != dst.m)
    fail(errc::size_mismatch, "explain",
         "source is " + std::to_string(src.n) + " x " + std::to_string(src.m) + " but destination " +
             std::to_string(dst.n) + " x " + std::to_string(dst.m));
  if (elem != 1 && elem != 2 && elem != 4 && elem != 8 && elem != 16)
    fail(errc::invalid_argument, "explain", "element size " + std::to_string(elem) + " bytes is not 1, 2, 4, 8 or 16");
  return detail::explanation(
      detail::choose_route(detail::vector_device_move(src, src_data, dst, dst_data, elem, nullptr), true, "explain"));
}

}  // namespace coalesce

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include "move_routes.hpp"

#include <coalesce/core/error.hpp>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>

namespace coalesce::detail {
namespace {

bool aligned16(const void* p) { return reinterpret_cast<std::uintptr_t>(p) % 16 == 0; }

const fast_plan& fast_of(const device_move& m, bool measured) { return fast_plan_of(m, measured); }

// Why a vector-set route cannot run the move, or "" (exact: see record_route).
std::string vector_route_declines(route_id r, const device_move& m, bool exact) {
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
      if (fast_of(m, false).method == want) return "";
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
  const record_route_fit fit = record_route(r, record_form(m), record_range_of(m), m.src_data, m.dst_data, exact);
  return fit.applies ? "" : fit.why_not;
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
      const fast_plan& f = fast_of(m, !forced);
      if (f.chunk == 0) return "word by word";
      return std::to_string(f.chunk) + (f.shifted ? "-byte, shifted" : "-byte");
    }
    case route_id::transpose: {
      const fast_plan& f = fast_of(m, !forced);
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

// The measured preferences: a route that applies but is passed over (its reason), or "".
std::string passed_over(route_id r, const device_move& m) {
  if (!m.vectors) return "";
  switch (r) {
    case route_id::transpose:
      if (fast_of(m, true).method != fast_method::transpose)
        return "the measured table found another route faster for these rows (transpose_rows_measured_slower)";
      return "";
    case route_id::records_lanes:
    case route_id::records_staged:
      if (!vector_records_preferred(m.src, m.dst, m.elem))
        return "measured slower than the tiled kernel for this vector set (vector_records_preferred)";
      return "";
    default: return "";
  }
}

bool is_record_route(route_id r) {
  return r == route_id::records_lanes || r == route_id::records_staged || r == route_id::elements;
}

std::string declines(route_id r, const device_move& m, bool exact) {
  if (m.vectors) return vector_route_declines(r, m, exact);
  if (!is_record_route(r)) return "a move of records (vector-set routes take vector sets only)";
  const record_route_fit fit = record_route(r, *m.records, m.range, m.src_data, m.dst_data, exact);
  return fit.applies ? "" : fit.why_not;
}

}  // namespace

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
    const std::string why = declines(forced->id, m, true);
    if (!why.empty())
      fail(errc::invalid_argument, call,
           std::string("COALESCE_FORCE_ROUTE=") + forced->name + " does not apply to this move: " + why);
    choice.id = forced->id;
    choice.why = "forced by COALESCE_FORCE_ROUTE";
    choice.forced = true;
    chosen = true;
  }
  // Rows destinations one element off the grid that the transpose would store word by word: the
  // record routes measured faster, so they are asked first (vector_records_first).
  const bool records_first = m.vectors && !chosen && vector_records_first(m.src, m.src_data, m.dst, m.dst_data, m.elem);
  const auto record_kernel_route = [](route_id r) {
    return r == route_id::records_lanes || r == route_id::records_staged;
  };
  const auto consider = [&](const route_info& r) {
    if (chosen && !with_also) return;
    if (chosen && r.id == choice.id) return;
    // The plain choice asks the (cheap) measured preference first, and the record routes as the
    // unforced plan has them; an explanation asks each route exactly.
    if (!with_also && !passed_over(r.id, m).empty()) return;
    if (!declines(r.id, m, with_also).empty()) return;
    const std::string over = passed_over(r.id, m);
    if (chosen || !over.empty()) {
      choice.also.push_back(over.empty() ? r.name : std::string(r.name) + " (" + over + ")");
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
  if (!chosen && !m.vectors)  // the element kernel's own limits
    fail(errc::invalid_argument, call, "no record kernel takes this move: " + declines(route_id::elements, m, true));
  if (with_also) choice.variant = variant_of(choice.id, m, choice.forced);
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
  detail::device_move d;
  d.vectors = true;
  d.src = src;
  d.dst = dst;
  d.elem = elem;
  d.src_data = src_data;
  d.dst_data = dst_data;
  return detail::explanation(detail::choose_route(d, true, "explain"));
}

}  // namespace coalesce

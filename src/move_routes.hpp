// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The route table of device moves: one description of a move (device_move), one ordered list of the
// routes that can run it (`routes`), and one choice (choose_route): the first route in the table that
// applies to the move and that no measured preference passes over. explain() says which route, why,
// and which others applied; COALESCE_FORCE_ROUTE=<name> runs a named route wherever it applies (for
// A/B runs and tests) and refuses, naming the reason, where it does not.

#include "record/record_move.hpp"
#include "relayout_plan.hpp"

#include <coalesce/layout/spec.hpp>
#include <coalesce/runtime/explain.hpp>

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace coalesce::detail {

enum class route_id { copy, rows, copy_2d, flat, runs, transpose, records_lanes, records_staged, tiled, elements };

// One device move. A vector set (n vectors of m words of `elem` bytes between two array layouts) is
// also a record move (vector_record_move: component i of the vectors is record component i); a move of
// records has only that form.
struct device_move {
  bool vectors = false;                  // the vector-set form below is set
  array_layout src, dst;                 // vector set
  std::size_t elem = 0;                  // vector set: bytes a word
  const record_move* records = nullptr;  // records (for a vector set: made when a record route is asked)
  record_range range;                    // records
  const void* src_data = nullptr;
  const void* dst_data = nullptr;
  const void* fill = nullptr;  // vector set: one word for a blocked destination's padding, or null

  // Worked out at most once per move, by the choice, and reused by the launch.
  mutable std::shared_ptr<const record_move> lowered;  // a vector set's record move
  mutable std::optional<fast_plan> fast_measured, fast_any;
  mutable std::optional<route_id> unforced_record;  // the record route the unforced record plan takes
};

// A vector set's move (fill: one word for a blocked destination's padding, or null), and a record move's.
device_move vector_device_move(const array_layout& src_layout, const void* src, const array_layout& dst_layout,
                               const void* dst, std::size_t elem, const void* fill);
device_move record_device_move(const record_move& move, const record_range& range, const void* src, const void* dst);

// A vector set's record move (vector_record_move) and range; made once per move.
const record_move& record_form(const device_move& move);
record_range record_range_of(const device_move& move);
// plan_fast_relayout's plan for a vector set, as measured (the unforced choice) or wherever the kernel
// can run it (forced); made once per move.
const fast_plan& fast_plan_of(const device_move& move, bool measured);


struct route_info {
  route_id id;
  const char* name;     // as COALESCE_FORCE_ROUTE and explain() spell it
  const char* accepts;  // what it takes, in a line
  const char* costs;    // what it costs, in a line
};

// The table, in the order the choice asks it. docs/design.md shows it.
inline constexpr route_info routes[] = {
    {route_id::copy, "copy", "both sides one contiguous span of the same bytes (same layout, or rows without gaps)",
     "one cudaMemcpyAsync; a shifting kernel where the addresses differ by other than 4 bytes"},
    {route_id::rows, "rows", "row_major to row_major of other pitches (gaps in the rows)",
     "the rows kernel in the widest words both pitches and addresses allow"},
    {route_id::copy_2d, "copy_2d", "the same layout kind and shape, other pitches (the rest of the copies)",
     "cudaMemcpy2DAsync"},
    {route_id::flat, "flat", "vector sets of m = 1, each side one run of n words",
     "one copy, then a blocked destination's padding filled"},
    {route_id::runs, "runs", "vector sets between two columnar sides (col_major or blocked, any pitch or bd)",
     "each component's runs copied straight: 16-byte chunks, shifted ones, or 8-, 4-, 2-byte ones"},
    {route_id::transpose, "transpose",
     "vector sets rows (any pitch) <-> col_major or blocked of whole 16-byte chunks, 1- to 16-byte words",
     "a 16 KiB tile per block through shared memory, 16-byte accesses on both sides"},
    {route_id::records_lanes, "records_lanes",
     "records (or a vector set as records) whose destination is runs only (soa, blocked, columns)",
     "a thread per record, each component's runs in 4- to 16-byte words"},
    {route_id::records_staged, "records_staged", "records (or a vector set as records) that a tile of records fits",
     "tiles of records through shared memory, aligned 16-byte chunks on both sides"},
    {route_id::tiled, "tiled", "vector sets whose tile (T vectors x m words in 48 KiB) fits both sides' blocks",
     "T vectors through shared memory, 16-byte accesses where a side allows"},
    {route_id::elements, "elements", "anything: the fallback",
     "a thread per destination element: one access per element on each side"},
};

const route_info& route_of(route_id id);

// The route a move runs, and why; `also`: the other routes that apply.
struct route_choice {
  route_id id = route_id::elements;
  bool forced = false;    // by COALESCE_FORCE_ROUTE
  bool own_plan = false;  // the route's plan as its kernel can run it, not as measured: forced, or the
                          // passed-over route that replaced the element kernel (the measured plan declines)
  std::string variant;  // the chosen route's form for this move ("16-byte, shifted", "tile 256, resident", ...)
  std::string why;
  std::vector<std::string> also;
};

// Why route r cannot run the move (a pure function of the description), or "" where it can. Measured
// preferences are not reasons: a route that applies runs when forced.
std::string route_declines(route_id r, const device_move& move);

// The route the move runs: COALESCE_FORCE_ROUTE's where it is set (coalesce::error naming the route
// and the reason where it does not apply), else the first route of the table that applies and that no
// measured preference (relayout_plan.cpp, record_relayout.cu) passes over. with_also: list the others.
route_choice choose_route(const device_move& move, bool with_also, const std::string& call);

// The public form of a choice made with_also.
route_explanation explanation(const route_choice& choice);

// The forced route: COALESCE_FORCE_ROUTE's, read at the first move (an unknown name throws, naming the
// routes), or null where unset.
const route_info* forced_route(const std::string& call);
// Forces a route from here on, as COALESCE_FORCE_ROUTE would (null: none); for tests, from one thread
// while no move runs.
void force_route(const route_info* route);

// The record side of the table (record_relayout.cu; without CUDA: no record route applies).
// Whether the lanes or the staged kernel takes the move, why not in `why_not` ("" where it does), and
// (exact only) its form. exact: that kernel's own plan; else the plan the unforced choice makes (the
// lanes kernel where it takes the move, else the staged one), which names the same first route for a
// fraction of the host's time.
struct record_route_fit {
  bool applies = false;
  std::string variant;
  const char* why_not = "";
  route_id unforced = route_id::elements;  // not exact: the route of the unforced plan (lanes, staged or elements)
};
record_route_fit record_route(route_id r, const record_move& move, const record_range& range, const void* src,
                              const void* dst, bool exact);
// Where a measurement prefers the other record route to r for the move, why (lanes_measured_slower);
// else "".
const char* record_route_passed_over(route_id r, const record_move& move);

}  // namespace coalesce::detail

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Which kernel a device move of records runs, with its plan checked against that kernel's limits
// before anything launches. Host code, so that the host tests make the device's choice and run the
// chosen kernel's code through the kernels-on-host shim (tests/unit/record_stress_tests.cpp).

#include "record_element.cuh"
#include "record_lanes.cuh"
#include "record_stage.cuh"

#include "../move_routes.hpp"

#include <coalesce/core/error.hpp>

#include <string>
#include <type_traits>
#include <variant>
#include <vector>

namespace coalesce::detail {

// What a move launches: its plan in the smallest parameter class that holds it (the launch uploads the
// whole parameter: record_stage.cuh), or std::monostate: one thread per destination element.
using record_kernel = std::variant<std::monostate, compact_lanes_params, record_lanes_params, compact_stage_params,
                                   medium_stage_params, record_stage_params>;

// Which record kernels a choice may take: the lanes kernel, the staged kernel, or both (in that order).
enum class record_kernels { lanes, staged, any };

// The lanes kernel for destinations of runs only, else the staged kernel within `most` bytes of shared
// memory a block (a tile per block within the first of stage_once_budgets that holds 128 records,
// else the resident grid), among those `which` allows; else std::monostate: one thread per element.
// With `any`, the staged kernel first where lanes_measured_slower, the lanes kernel where it has no
// plan. A plan its kernel could overrun or misread (lanes_plan_violation, stage_plan_violation) is
// passed over for the next. The element kernel's own limits: record_elements_violation.
inline record_kernel choose_record_kernel(const record_move& move, const record_range& range, const void* src,
                                          const void* dst, std::size_t most, record_kernels which) {
  const std::size_t comps = move.width.size();
  const auto lanes = [&]() -> record_kernel {  // each component at its own width: aligned for it
    if (element_violation(move, src, dst)) return {};
    if (const auto plan = plan_record_lanes(move, range))
      if (!lanes_plan_violation(*plan, move, range)) {
        if (auto small = lanes_plan_in<compact_lanes_params>(*plan, comps)) return std::move(*small);
        return *plan;
      }
    return {};
  };
  const auto staged = [&]() -> record_kernel {
    if (const auto plan = record_stage_launch_plan(move, range, src, dst, most))
      if (!stage_plan_violation(*plan, most)) {
        if (auto small = stage_plan_in<compact_stage_params>(*plan, comps)) return std::move(*small);
        if (auto medium = stage_plan_in<medium_stage_params>(*plan, comps)) return std::move(*medium);
        return *plan;
      }
    return {};
  };
  const auto either = [](record_kernel first, const auto& second) {
    return std::holds_alternative<std::monostate>(first) ? second() : first;
  };
  switch (which) {
    case record_kernels::lanes: return lanes();
    case record_kernels::staged: return staged();
    case record_kernels::any: break;
  }
  return lanes_measured_slower(move) ? either(staged(), lanes) : either(lanes(), staged);
}

// Throws, naming the limit, where the element kernel cannot take the move either (element_violation).
inline void require_record_elements(const record_move& move, const void* src, const void* dst, const std::string& call) {
  if (const char* why = element_violation(move, src, dst))
    fail(errc::invalid_argument, call,
         "no record kernel takes this move of " + std::to_string(move.width.size()) + " components: " + why);
}

// The route a plan's kernel is: records_lanes, records_staged, or elements where it has none.
inline route_id record_kernel_route(const record_kernel& kernel) {
  return std::visit(
      [](const auto& p) {
        using P = std::decay_t<decltype(p)>;
        if constexpr (std::is_base_of_v<lanes_header, P>) return route_id::records_lanes;
        else if constexpr (std::is_base_of_v<stage_header, P>) return route_id::records_staged;
        else return route_id::elements;
      },
      kernel);
}

// The kernel's form, as explain() reports it: "tile T, a tile per block" or "tile T, resident" for the
// staged kernel, "" otherwise.
inline std::string record_kernel_variant(const record_kernel& kernel) {
  return std::visit(
      [](const auto& p) -> std::string {
        using P = std::decay_t<decltype(p)>;
        if constexpr (std::is_base_of_v<stage_header, P>)
          return "tile " + std::to_string(p.tile) + (p.depth == 1 ? ", a tile per block" : ", resident");
        else return "";
      },
      kernel);
}

}  // namespace coalesce::detail

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Joins the patterns' predictions with the ncu measurements and writes the Markdown table.

#include "ncu_csv.hpp"
#include "pattern_list.hpp"

#include <string>
#include <vector>

namespace validate {

// The metrics the validation collects, comma-separated for ncu --metrics.
const char* metric_list();

struct report_summary {
  std::string markdown;
  std::size_t compared = 0;
  std::size_t matched = 0;
};

// Launch k of `launches` measures pattern k. Throws std::runtime_error when the counts differ or a
// kernel name does not contain its pattern's name.
report_summary make_report(const std::vector<pattern_spec>& patterns, const std::vector<ncu_launch>& launches,
                           const std::string& machine);

}  // namespace validate

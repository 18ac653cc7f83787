// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Reads Nsight Compute CSV exports: the wide `--page raw --csv` form (one row per kernel launch, one
// column per metric, a row of units under the header) and the long `--page details --csv` form (one
// row per metric with "Metric Name" and "Metric Value"). Lines before the header (==PROF== messages,
// program output) are skipped; thousands separators are removed from numbers.

#include <map>
#include <string>
#include <vector>

namespace validate {

struct ncu_launch {
  long id = -1;             // the "ID" column: launch order among profiled kernels
  std::string kernel_name;  // the "Kernel Name" column
  std::map<std::string, double> metrics;
};

// Throws std::runtime_error when no header with "ID" and "Kernel Name" is found. Launches are sorted
// by id; a metric whose value is not a number ("n/a") is left out.
std::vector<ncu_launch> parse_ncu_csv(const std::string& text);

// Splits one CSV line with "quoted" fields ("" inside quotes is a quote).
std::vector<std::string> split_csv_line(const std::string& line);

}  // namespace validate

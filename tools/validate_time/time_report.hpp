// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The time model against measured kernel times (validate_time.cu's JSON, parsed by coalesce-advise
// validate): the advisor's first layout against the fastest measured, and each prediction against its
// measurement. Plain C++: runs on the host, without the GPU, so the parameters can be tuned here.

#include <coalesce/analysis/advisor.hpp>

#include <map>
#include <string>
#include <vector>

namespace validate_time {

struct measured_kernel {
  std::string name;
  coalesce::analysis::kernel_description kernel;
  std::map<std::string, double> ms;  // by layout name (aos, soa, blocked:<bd>)
};

struct layout_result {
  std::string layout;
  double measured_ms = 0;
  double predicted_ms = 0;
  std::string limit;
  coalesce::analysis::kernel_traffic traffic;  // what the walk counted (for tuning the model offline)
  double error() const { return predicted_ms / measured_ms - 1; }  // relative, signed
};

struct kernel_result {
  std::string name;
  std::size_t n = 0;
  std::string first;    // the advisor's first layout among the measured ones
  std::string fastest;  // measured
  double first_over_fastest = 1;
  std::vector<layout_result> layouts;  // in the advisor's order
};

struct time_report {
  std::vector<kernel_result> kernels;
  double first_within_5 = 0;       // share of kernels whose first layout is within 5 % of the fastest
  double predicted_within_20 = 0;  // share of (kernel, layout) pairs predicted within 20 %
  std::size_t pairs = 0;
};

// Throws invalid_argument when a kernel has no measured layout the advisor knows, or a time <= 0.
time_report compare(const std::vector<measured_kernel>& measured, const coalesce::analysis::gpu_arch& arch,
                    const coalesce::analysis::perf_params& perf);

// The report as Markdown: the two statistics, the kernels whose first layout misses, the worst
// predictions, and the error by thread map and access.
std::string markdown(const time_report& r, const std::string& machine, const coalesce::analysis::perf_params& perf);

}  // namespace validate_time

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The time model against measured kernel times (validate_time.cu's JSON, parsed by coalesce-advise
// validate): the advisor's first layout against the fastest measured, and each prediction against its
// measurement. Plain C++: runs on the host, without the GPU, so the parameters can be tuned here.

#include <coalesce/analysis/advisor.hpp>
#include <coalesce/analysis/record_advisor.hpp>

#include <cmath>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace validate_time {

struct measured_kernel {
  std::string name;
  coalesce::analysis::kernel_description kernel;
  std::map<std::string, double> ms;  // by layout name (aos, soa, blocked:<bd>; records also split:<hot>)
  std::size_t array_mib = 0;         // the --array-mib size that chose n; 0: n was given
  // A record kernel (kernels.def's RECORD, named <record>_<access>), ranked by the record advisor;
  // `kernel` is then unused.
  std::optional<coalesce::analysis::record_kernel> record;
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
  std::size_t array_mib = 0;
  bool fit = false;                  // in the fit half (split.hpp)
  std::vector<std::string> classes;  // access_classes(); {"records"} for a record kernel
  std::string access;                // what the mean error is grouped by (the name less type and m, or record)
  std::string first;    // the advisor's first layout among the measured ones
  std::string fastest;  // measured
  double first_over_fastest = 1;
  // aos's time over the fastest layout's, measured and predicted; 0 where aos was not measured.
  double aos_over_best_measured = 0, aos_over_best_predicted = 0;
  std::vector<layout_result> layouts;  // in the advisor's order
  bool first_within_5() const { return first_over_fastest <= 1.05; }
  bool has_aos_ratio() const { return aos_over_best_measured > 0 && aos_over_best_predicted > 0; }
  bool aos_ratio_within_25() const {
    return has_aos_ratio() && std::abs(aos_over_best_predicted / aos_over_best_measured - 1) <= 0.25;
  }
};

// Of some kernels: how many, and how many pass each figure (the aos ratio counts those with aos).
struct tally {
  std::size_t kernels = 0, first_ok = 0, aos_kernels = 0, aos_ok = 0;
};

// The figures of one array size ("all sizes" or size_label()) and class ("all" or access_classes()).
struct group_result {
  std::string size, access_class;
  tally fit, held_back;
};

struct time_report {
  std::vector<kernel_result> kernels;
  double first_within_5 = 0;       // share of kernels whose first layout is within 5 % of the fastest
  double predicted_within_20 = 0;  // share of (kernel, layout) pairs predicted within 20 %
  std::size_t pairs = 0;
  std::vector<group_result> groups;  // by size (all sizes first), then class; empty ones left out
};

// "n = 2^24", "n = 1000", or "256 MiB" / "1 GiB" for a size --array-mib chose.
std::string size_label(std::size_t n, std::size_t array_mib);
// Where the kernel counts: "sparse" (a thread reads or writes fewer than all m components; a warp or
// element map touches all) or "full"; "write-only" where it reads nothing; "float" or "double". A
// record kernel counts in class "records" only.
std::vector<std::string> access_classes(const coalesce::analysis::kernel_description& k);

// Throws invalid_argument when a kernel has no measured layout the advisor knows, or a time <= 0.
time_report compare(const std::vector<measured_kernel>& measured, const coalesce::analysis::gpu_arch& arch,
                    const coalesce::analysis::perf_params& perf);

// The report as Markdown: the two statistics, the two figures per size, class and half, the kernels
// whose first layout misses, the worst predictions, and the error by thread map and access.
std::string markdown(const time_report& r, const std::string& machine, const coalesce::analysis::perf_params& perf);

}  // namespace validate_time

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The timed kernels of kernels.def as data, and what the advisor is told about each. Plain C++: the
// device program (validate_time.cu) and the host comparison (time_report.cpp) share it.

#include <coalesce/analysis/kernel_analysis.hpp>
#include <coalesce/analysis/record_advisor.hpp>

#include <cstddef>
#include <string>
#include <vector>

namespace validate_time {

enum class amount { all, some, one, none, two, every_other, high_half, last };
enum class thread_map { thread, warp, element };

struct timed_kernel {
  std::string name;
  coalesce::analysis::element_type type;
  std::size_t m;
  amount reads, writes;
  thread_map map;
  std::string section = "base";  // kernels.def's SECTION above the entry
};

// A RECORD entry: one thread per record, loading every component of the fields read, then storing
// every component of those written, one scalar access each (record_advisor.hpp's kernel).
struct timed_record_kernel {
  std::string name;
  std::string record;  // the struct (records.hpp)
  coalesce::record_desc desc;
  std::vector<std::string> reads, writes;  // field names, in the struct's order
  std::string section = "records";
};

// In kernels.def order.
const std::vector<timed_kernel>& all_kernels();
const std::vector<timed_record_kernel>& record_kernels();

// The layouts every kernel runs on, by the advisor's names, and the advisor's SoA pitch alignment.
const std::vector<std::string>& layout_names();
inline constexpr std::size_t pitch_alignment = 512;
inline constexpr std::size_t blocks[] = {32, 128};
// The device kernel takes its component lists by value, one byte per component.
inline constexpr std::size_t max_components = 64;

// The components accessed, ascending (kernels.def's header says which for each amount).
std::vector<std::size_t> components(amount a, std::size_t m);
// The threads launched for n vectors.
std::size_t threads(const timed_kernel& k, std::size_t n);
// The kernel over n vectors as the advisor sees it.
coalesce::analysis::kernel_description describe(const timed_kernel& k, std::size_t n);
// The kernel over n records as the record advisor sees it.
coalesce::analysis::record_kernel describe(const timed_record_kernel& k, std::size_t n);
// The record layouts a record kernel runs on, in the advisor's order: aos, soa, blocked:32,
// blocked:128 and, where the kernel leaves some field untouched, split with the touched fields hot in soa.
std::vector<coalesce::record_layout_spec> record_layouts(const timed_record_kernel& k);

}  // namespace validate_time

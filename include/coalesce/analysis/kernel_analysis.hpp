// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Kernel-level analysis: a kernel described as the memory instructions it executes over one vector
// set, run through a memory model for every warp of the grid. When the thread maps are quasi-affine
// (see periodic.hpp) the pattern repeats every few warps: the analysis walks the first period, three
// periods of the steady part and the tail, and scales, so its cost does not grow with n; the result
// equals the exhaustive walk's.

#include <coalesce/analysis/access_pattern.hpp>
#include <coalesce/analysis/arch.hpp>
#include <coalesce/analysis/global_model.hpp>
#include <coalesce/analysis/perf_model.hpp>
#include <coalesce/layout/spec.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace coalesce::analysis {

struct kernel_description {
  std::size_t n = 0;  // vectors
  std::size_t m = 0;  // components per vector
  element_type type = element_type::float_;
  std::vector<std::size_t> reads;   // one load instruction per entry: the component each thread reads
  std::vector<std::size_t> writes;  // one store instruction per entry, after the loads
  // The vector global thread idx works on; a value outside [0, n) leaves the thread idle.
  std::string thread_to_vector = "idx";
  // Added to every instruction's component: thread idx accesses component (entry + this); a value
  // outside [0, m) leaves it idle for that instruction. "idx%32" with thread_to_vector "idx/32" and
  // reads {0} is a warp per vector; "idx%m" with "idx/m" a thread per (vector, component).
  std::string thread_to_component = "0";
  std::size_t threads = 0;  // threads launched (0: n, one per vector)
  // Loads a thread issues before it waits on the first: 0, all of them (a loop the compiler unrolls
  // fully, as for an m known at compile time); U, a loop unrolled by U (U at a time, the remainder
  // one by one); 1, each load waits on the one before (a rolled loop that uses each value at once).
  std::size_t loads_in_flight = 0;
};

struct instruction_report {
  std::size_t component = 0;
  access_kind kind = access_kind::load;
  std::uint64_t requests = 0;      // warps with at least one active lane
  std::uint64_t transactions = 0;  // sectors on sm_50 and later
  std::uint64_t bytes_used = 0;
  std::uint64_t bytes_moved = 0;

  double transactions_per_request() const noexcept {
    return requests == 0 ? 0.0 : static_cast<double>(transactions) / static_cast<double>(requests);
  }
  double efficiency() const noexcept {
    return bytes_moved == 0 ? 1.0 : static_cast<double>(bytes_used) / static_cast<double>(bytes_moved);
  }
};

struct kernel_report {
  array_layout layout;
  const char* unit = "sector";
  std::vector<instruction_report> instructions;  // reads, then writes
  std::uint64_t requests = 0;
  std::uint64_t transactions = 0;
  std::uint64_t bytes_used = 0;
  std::uint64_t bytes_moved = 0;
  std::uint64_t dram_footprint = 0;  // bytes of the distinct 32-byte sectors the kernel touches
  std::uint64_t span_bytes = 0;      // the allocation the layout needs, padding included
  // Bytes: the contiguous run one component's elements form across consecutive vectors (aos: one
  // element, soa: a row, blocked: bd elements), where one thread per vector touches some but not all
  // components; 0 where it touches all (every layout's footprint is then one run). Breaks ties.
  std::uint64_t component_run = 0;
  kernel_traffic traffic;                // what the time model needs (perf_model.hpp)
  std::uint64_t warps_analyzed = 0;  // warps the analysis walked (the cost of the answer)

  double efficiency() const noexcept {
    return bytes_moved == 0 ? 1.0 : static_cast<double>(bytes_used) / static_cast<double>(bytes_moved);
  }
};

// Throws invalid_argument naming the bad value: n or m = 0, a component >= m, no instruction, a bad
// layout (see check_layout) or one whose n/m differ from the description's; expression_error for a
// bad thread_to_vector.
kernel_report analyze_kernel(const kernel_description& kernel, const array_layout& layout, const gpu_arch& arch,
                             const global_options& options = {});
// The same by walking every warp (the reference the periodic analysis is tested against).
kernel_report analyze_kernel_exhaustive(const kernel_description& kernel, const array_layout& layout,
                                        const gpu_arch& arch, const global_options& options = {});

}  // namespace coalesce::analysis

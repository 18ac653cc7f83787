// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The analyzer for records: a one-thread-per-record kernel described by the field components each
// thread reads and writes (one scalar load or store per component, of the field's width), run through
// the memory model for every warp of the grid (past 2^17 records, the first 2^16 stand for each block
// of as many; the tail is walked) in each record layout: aos, packed, soa, blocked with
// several bd, and split with the touched fields hot (soa and blocked). Ranked as the vector advisor
// ranks (advisor.hpp): by the time model's prediction where the architecture has one, a tie within
// time_tie ordered by the measured rule; then bytes moved, DRAM footprint, bytes allocated, then the
// simpler layout (the order aos, packed, soa, blocked by bd, split).

#include <coalesce/analysis/kernel_analysis.hpp>
#include <coalesce/record/layout.hpp>
#include <coalesce/record/record.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace coalesce::analysis {

struct record_access {
  std::string field;                    // a field of the record, by name
  std::vector<std::size_t> components;  // empty: every component of the field
};

struct record_kernel {
  record_desc desc;
  std::size_t n = 0;                  // records, one thread each
  std::vector<record_access> reads;   // one load per component, in this order
  std::vector<record_access> writes;  // one store per component, after the loads
};

// One memory instruction: component cost.component of field `field` (an index into the record).
struct record_instruction {
  std::size_t field = 0;
  instruction_report cost;
};

struct record_report {
  record_layout layout;
  const char* unit = "sector";
  std::vector<record_instruction> instructions;  // reads, then writes
  std::uint64_t requests = 0;
  std::uint64_t transactions = 0;
  std::uint64_t bytes_used = 0;
  std::uint64_t bytes_moved = 0;
  std::uint64_t dram_footprint = 0;  // bytes of the distinct 32-byte sectors the kernel touches
  std::uint64_t span_bytes = 0;      // the allocation the layout needs, padding included
  // Bytes: the shortest contiguous run a touched field's component forms across consecutive records
  // (rows: one element, columns: n, blocks: bd), where the kernel touches some but not all field
  // components; 0 where it touches all. Breaks ties (kernel_report::component_run).
  std::uint64_t component_run = 0;
  kernel_traffic traffic;            // what the time model needs (perf_model.hpp)
  double efficiency() const noexcept {
    return bytes_moved == 0 ? 1.0 : static_cast<double>(bytes_used) / static_cast<double>(bytes_moved);
  }
};

struct record_candidate {
  std::string name;  // to_string(spec): "aos", "blocked:128", "split:x,v:blocked:64"
  record_layout_spec spec;
  record_report report;
  std::optional<time_prediction> time;  // nullopt without a time model
};

struct record_advice {
  std::vector<record_candidate> ranked;  // best first
  std::size_t tied = 0;                  // ranked[0, tied) are predicted within time_tie of the fastest
  std::string explanation;               // one paragraph, with the numbers
};

struct record_advisor_options {
  std::vector<std::size_t> blocks{32, 64, 128, 256};
  // The split candidates' hot fields; empty: the fields the kernel touches, when they are not all.
  std::vector<std::string> hot;
  global_options global;
  std::optional<perf_params> perf;  // the time model's parameters; nullopt: perf_params_for(arch)
};

// Throws invalid_argument naming the bad value: n = 0, an unknown field, a component past the
// field's count, no instruction; and what resolve_record_layout throws for the spec.
record_report analyze_record_kernel(const record_kernel& kernel, const record_layout_spec& spec, const gpu_arch& arch,
                                    const global_options& options = {});

// The layouts advise_record compares, in its tie-breaking order.
std::vector<record_layout_spec> record_candidates(const record_kernel& kernel,
                                                  const record_advisor_options& options = {});

// Throws what analyze_record_kernel throws, and invalid_argument for a block size of 0 or an unknown
// hot field.
record_advice advise_record(const record_kernel& kernel, const gpu_arch& arch,
                            const record_advisor_options& options = {});

}  // namespace coalesce::analysis

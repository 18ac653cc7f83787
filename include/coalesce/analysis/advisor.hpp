// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The layout advisor: runs a described kernel over AoS, SoA (pitched) and blocked layouts and ranks
// them by the time model's predicted time (perf_model.hpp). Candidates within time_tie (3 %, the
// model's error) of the fastest are a tie, named as such, ordered by a measured rule
// (src/analysis/ranking.hpp: address streams per warp where memory binds, else no blocked index; the
// component runs where the kernel touches some components; the prediction), then by the bytes the
// memory system moves, DRAM footprint, the bytes allocated (padding), then in the order AoS, SoA,
// blocked by increasing bd (the simpler layout). Without a time model, by bytes moved and the rest.

#include <coalesce/analysis/kernel_analysis.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace coalesce::analysis {

struct advisor_options {
  std::size_t pitch_alignment = 512;  // bytes; what cudaMallocPitch returns on current GPUs
  std::vector<std::size_t> blocks{32, 64, 128, 256};
  global_options global;
  std::optional<perf_params> perf;  // the time model's parameters; nullopt: perf_params_for(arch)
};

struct candidate {
  std::string name;  // "aos", "soa", "blocked:<bd>"
  array_layout layout;
  kernel_report report;
  std::optional<time_prediction> time;  // nullopt without a time model
};

struct advice {
  std::vector<candidate> ranked;  // best first
  std::size_t tied = 0;           // ranked[0, tied) are predicted within time_tie of the fastest (0: no model)
  std::string explanation;        // one paragraph, with the numbers
};

// The layouts the advisor compares for n vectors of m elements of t.
std::vector<array_layout> candidate_layouts(std::size_t n, std::size_t m, element_type t,
                                            const advisor_options& options = {});
std::string candidate_name(const array_layout& layout);

// Throws what analyze_kernel throws, and invalid_argument for a pitch alignment that is not a
// positive multiple of the element size or a block size of 0.
advice advise(const kernel_description& kernel, const gpu_arch& arch, const advisor_options& options = {});

}  // namespace coalesce::analysis

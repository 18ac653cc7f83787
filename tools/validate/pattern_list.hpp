// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The validation patterns of patterns.def as data, and the analyzer's prediction for each. Plain C++:
// the report is built and tested without a GPU.

#include <coalesce/analysis/access_pattern.hpp>
#include <coalesce/layout/spec.hpp>

#include <cstddef>
#include <string>
#include <vector>

namespace validate {

enum class space { global, shared, layout };

struct pattern_spec {
  std::string name;
  space where;
  bool store;
  std::string type;        // CUDA type name
  std::string expression;  // GLOBAL and SHARED
  std::size_t base_offset; // GLOBAL, bytes
  coalesce::array_layout layout;  // LAYOUT
  std::size_t component;          // LAYOUT
};

// Warps per GLOBAL kernel and blocks (one warp each) per SHARED kernel.
inline constexpr std::size_t global_warps = 4096;
inline constexpr std::size_t shared_blocks = 1024;
// SoA rows are padded to this many bytes, as cudaMallocPitch does on current GPUs.
inline constexpr std::size_t pitch_alignment = 512;

// In patterns.def order, which is the launch order.
const std::vector<pattern_spec>& all_patterns();

// Bytes one warp of a GLOBAL/SHARED pattern spans from its base (offset included), rounded up to 256.
std::size_t warp_span(const pattern_spec& p);

struct prediction {
  double per_request;          // global: sectors per request; shared: wavefronts per request
  double conflicts_per_request;  // shared only: wavefronts beyond the ideal
  double requests;             // warp requests the kernel issues
};

prediction predict(const pattern_spec& p);

}  // namespace validate

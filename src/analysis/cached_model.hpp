// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The memory model run once per warp shape: shared by the kernel analyses (vector sets, records).

#include <coalesce/analysis/access_pattern.hpp>
#include <coalesce/analysis/arch.hpp>
#include <coalesce/analysis/global_model.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <utility>
#include <vector>

namespace coalesce::analysis::detail {

// What the kernel analysis keeps of one warp's report.
struct warp_cost {
  std::uint64_t transactions;
  std::uint64_t bytes_used;
  std::uint64_t bytes_moved;
  const char* unit;
};

// The model's verdict depends only on the addresses relative to a 256-byte boundary (no model uses a
// larger segment), and the warps of one instruction are mostly translates of each other: keep the few
// shapes seen (by active mask, alignment and offsets from the lowest lane) and analyse each once.
class cached_model {
 public:
  cached_model(const gpu_arch& arch, const global_options& o) : arch_(arch), options_(o) {}

  warp_cost operator()(const access_pattern& p) {
    shape s{p.active, 0, {}};
    std::uint64_t lowest = UINT64_MAX;
    for (std::size_t l = 0; l < warp_size; ++l)
      if (p.is_active(l)) lowest = std::min(lowest, p.address[l]);
    s.alignment = lowest % 256;
    for (std::size_t l = 0; l < warp_size; ++l) s.offset[l] = p.is_active(l) ? p.address[l] - lowest : 0;
    for (const auto& [known, cost] : seen_)
      if (known.active == s.active && known.alignment == s.alignment && known.offset == s.offset) return cost;
    const global_report r = analyze_global(p, arch_, options_);
    const warp_cost cost{r.transactions_per_request(), r.bytes_used, r.bytes_moved, r.unit};
    if (seen_.size() < max_shapes) seen_.emplace_back(s, cost);
    return cost;
  }

 private:
  struct shape {
    std::uint32_t active;
    std::uint64_t alignment;
    std::array<std::uint64_t, warp_size> offset;
  };
  static constexpr std::size_t max_shapes = 64;
  gpu_arch arch_;
  global_options options_;
  std::vector<std::pair<shape, warp_cost>> seen_;
};

}  // namespace coalesce::analysis::detail

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include <coalesce/analysis/bank_model.hpp>

#include <coalesce/core/error.hpp>

#include <algorithm>
#include <set>
#include <string>

namespace coalesce::analysis {

bank_report analyze_banks(const access_pattern& p, const bank_options& options) {
  const std::uint64_t bank_bytes = options.bank_bytes;
  if (bank_bytes != 4 && bank_bytes != 8)
    fail(errc::invalid_argument, "analyze_banks",
         "bank width " + std::to_string(bank_bytes) + " bytes is not 4 or 8");
  bank_report r;
  r.bank.fill(-1);
  // One phase serves at most 32 banks' worth of bytes.
  const std::size_t lanes_per_phase = p.width <= bank_bytes ? warp_size : warp_size * bank_bytes / p.width;
  r.phases = warp_size / lanes_per_phase;
  for (std::size_t first = 0; first < warp_size; first += lanes_per_phase) {
    std::array<std::set<std::uint64_t>, bank_count> words;  // distinct words each bank must deliver
    bool any = false;
    for (std::size_t l = first; l < first + lanes_per_phase; ++l) {
      if (!p.is_active(l)) continue;
      any = true;
      const std::uint64_t first_word = p.address[l] / bank_bytes;
      const std::uint64_t last_word = (p.address[l] + p.width - 1) / bank_bytes;
      r.bank[l] = static_cast<std::int32_t>(first_word % bank_count);
      for (std::uint64_t w = first_word; w <= last_word; ++w) words[w % bank_count].insert(w);
    }
    if (!any) continue;
    std::size_t busiest = 0;
    for (const auto& b : words) busiest = std::max(busiest, b.size());
    r.wavefronts += busiest;
    r.ideal_wavefronts += 1;
    r.ways = std::max(r.ways, busiest);
  }
  return r;
}

}  // namespace coalesce::analysis

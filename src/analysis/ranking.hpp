// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// What the advisors (vector sets, records) share: the ranking rule and the words for it. A Candidate
// has a name and a report with transactions, unit, bytes_moved, dram_footprint, span_bytes, efficiency().

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace coalesce::analysis::detail {

inline std::string fixed(double x, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, x);
  return buf;
}

inline std::string megabytes(std::uint64_t bytes) { return fixed(static_cast<double>(bytes) / 1e6, 2) + " MB"; }

// Fewest bytes moved, then the smaller DRAM footprint, then the smaller allocation; a stable sort, so
// the candidates' order (simplest first) breaks what is left.
template <class Candidate>
void rank(std::vector<Candidate>& c) {
  std::stable_sort(c.begin(), c.end(), [](const Candidate& x, const Candidate& y) {
    if (x.report.bytes_moved != y.report.bytes_moved) return x.report.bytes_moved < y.report.bytes_moved;
    if (x.report.dram_footprint != y.report.dram_footprint) return x.report.dram_footprint < y.report.dram_footprint;
    return x.report.span_bytes < y.report.span_bytes;
  });
}

// "blocked:32 (375000 sectors, 12.00 MB moved, efficiency 1.00)"
template <class Candidate>
std::string describe(const Candidate& c) {
  const auto& r = c.report;
  return c.name + " (" + std::to_string(r.transactions) + " " + r.unit + "s, " + megabytes(r.bytes_moved) +
         " moved, efficiency " + fixed(r.efficiency(), 2) + ")";
}

// ", moving as few bytes as soa, blocked:64; ties go to ..." after "<best> ranks first"; empty when no
// other candidate moves as few bytes.
template <class Candidate>
std::string ties(const std::vector<Candidate>& ranked) {
  const auto& best = ranked.front().report;
  std::string s;
  for (std::size_t c = 1; c < ranked.size(); ++c)
    if (ranked[c].report.bytes_moved == best.bytes_moved) s += (s.empty() ? "" : ", ") + ranked[c].name;
  if (s.empty()) return s;
  return ", moving as few bytes as " + s + "; ties go to the smaller DRAM footprint, then the smaller allocation (" +
         std::to_string(best.dram_footprint) + " bytes touched of " + std::to_string(best.span_bytes) + " allocated)";
}

}  // namespace coalesce::analysis::detail

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include <coalesce/analysis/advisor.hpp>

#include "ranking.hpp"

#include <coalesce/core/error.hpp>
#include <coalesce/core/math.hpp>

#include <algorithm>
#include <sstream>

namespace coalesce::analysis {
namespace {

using detail::describe;
using detail::fixed;

std::string list(const std::vector<std::size_t>& v) {
  if (v.empty()) return "none";
  std::string s;
  for (std::size_t k = 0; k < v.size(); ++k) s += (k ? "," : "") + std::to_string(v[k]);
  return s;
}

// "one thread per vector" or the thread maps as given.
std::string threads_of(const kernel_description& k) {
  if (k.thread_to_vector == "idx" && k.thread_to_component == "0") return "one thread per vector";
  std::string s = "thread map " + k.thread_to_vector;
  if (k.thread_to_component != "0") s += ", component + " + k.thread_to_component;
  return s;
}

// The worst instruction of a candidate, by transactions per request.
const instruction_report& worst_instruction(const kernel_report& r) {
  return *std::max_element(r.instructions.begin(), r.instructions.end(), [](const auto& a, const auto& b) {
    return a.transactions_per_request() < b.transactions_per_request();
  });
}

std::string explain(const kernel_description& k, const gpu_arch& arch, const std::vector<candidate>& ranked,
                    const std::optional<perf_params>& perf) {
  const candidate& best = ranked.front();
  const auto [fewest, most] = detail::byte_extremes(ranked);
  const candidate& worst = *most;
  std::ostringstream s;
  s << "For n = " << k.n << " vectors of m = " << k.m << " " << to_string(k.type) << " on " << arch.name()
    << ", reading components " << list(k.reads) << " and writing " << list(k.writes) << " ("
    << threads_of(k) << ", " << best.report.requests << " warp requests), " << describe(best) << " ranks first"
    << (best.time ? std::string() : detail::ties(ranked)) << ". " << detail::time_sentences(ranked, perf, arch.name());
  if (worst.report.bytes_moved > fewest->report.bytes_moved) {
    const instruction_report& bad = worst_instruction(worst.report);
    const instruction_report& good = worst_instruction(fewest->report);
    s << (best.time ? "By sectors, the worst is " : "The worst is ") << describe(worst) << ": its " << to_string(bad.kind) << " of component " << bad.component
      << " costs " << fixed(bad.transactions_per_request(), 2) << " " << worst.report.unit << "s per request against "
      << fixed(good.transactions_per_request(), 2) << ", because ";
    if (worst.layout.kind == layout_kind::row_major)
      s << "consecutive threads' elements lie m * " << size_of(k.type) << " = " << k.m * size_of(k.type)
        << " bytes apart, so each " << worst.report.unit << " carries mostly other components";
    else
      s << "its elements are not contiguous across a warp";
    s << "; that is " << fixed(static_cast<double>(worst.report.bytes_moved) / fewest->report.bytes_moved, 2)
      << "x the traffic. ";
  } else {
    s << "Every candidate moves the same bytes, so the layout does not matter for this kernel's coalescing. ";
  }
  s << "Sectors count what the load/store unit requests from L1/L2; DRAM sees the footprint, more when L1 "
       "loses a warp's re-reads or L2 cannot merge partial writes.";
  return s.str();
}

}  // namespace

std::string candidate_name(const array_layout& l) {
  switch (l.kind) {
    case layout_kind::row_major: return l.pitch == l.m ? "aos" : "pitched:" + std::to_string(l.pitch);
    case layout_kind::col_major: return "soa";
    case layout_kind::blocked: break;
  }
  return "blocked:" + std::to_string(l.block);
}

std::vector<array_layout> candidate_layouts(std::size_t n, std::size_t m, element_type t,
                                            const advisor_options& o) {
  constexpr const char* call = "candidate_layouts";
  const std::size_t size = size_of(t);
  if (o.pitch_alignment == 0 || o.pitch_alignment % size != 0)
    fail(errc::invalid_argument, call,
         "pitch alignment " + std::to_string(o.pitch_alignment) + " bytes is not a positive multiple of sizeof(" +
             to_string(t) + ")");
  std::vector<array_layout> out;
  out.push_back({layout_kind::row_major, n, m, m, 0});
  const std::size_t pitch_bytes = round_up(checked_mul(n, size, call, "row bytes"), o.pitch_alignment);
  out.push_back({layout_kind::col_major, n, m, pitch_bytes / size, 0});
  for (std::size_t bd : o.blocks) {
    if (bd == 0) fail(errc::invalid_argument, call, "block size bd = 0");
    out.push_back({layout_kind::blocked, n, m, 0, bd});
  }
  return out;
}

advice advise(const kernel_description& k, const gpu_arch& arch, const advisor_options& o) {
  advice a;
  for (const array_layout& l : candidate_layouts(k.n, k.m, k.type, o))
    a.ranked.push_back({candidate_name(l), l, analyze_kernel(k, l, arch, o.global), std::nullopt});
  const std::optional<perf_params> perf = o.perf ? o.perf : perf_params_for(arch);
  detail::rank(a.ranked, perf);
  a.tied = detail::tied_count(a.ranked);
  a.explanation = explain(k, arch, a.ranked, perf);
  return a;
}

}  // namespace coalesce::analysis

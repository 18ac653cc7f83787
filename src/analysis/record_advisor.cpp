// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include <coalesce/analysis/record_advisor.hpp>

#include "ranking.hpp"

#include <coalesce/core/error.hpp>

#include <algorithm>
#include <sstream>

namespace coalesce::analysis {
namespace {

using detail::describe;
using detail::fixed;

constexpr const char* call = "advise_record";

// The names of the fields the kernel touches, in record order.
std::vector<std::string> touched_fields(const record_kernel& k) {
  std::vector<bool> used(k.desc.size(), false);
  for (const auto* list : {&k.reads, &k.writes})
    for (const record_access& a : *list) used[k.desc.index_of(a.field, call)] = true;
  std::vector<std::string> out;
  for (std::size_t f = 0; f < k.desc.size(); ++f)
    if (used[f]) out.push_back(k.desc[f].name);
  return out;
}

// "x[0..2], v[0..2]": the accesses as written.
std::string accesses(const record_kernel& k, const std::vector<record_access>& list) {
  if (list.empty()) return "nothing";
  std::string s;
  for (const record_access& a : list) {
    s += s.empty() ? "" : ", ";
    s += a.field;
    const std::size_t count = k.desc[k.desc.index_of(a.field, call)].count;
    if (!a.components.empty()) {
      s += "[";
      for (std::size_t c = 0; c < a.components.size(); ++c) s += (c ? "," : "") + std::to_string(a.components[c]);
      s += "]";
    } else if (count > 1) {
      s += "[0.." + std::to_string(count - 1) + "]";
    }
  }
  return s;
}

const record_instruction& worst_instruction(const record_report& r) {
  return *std::max_element(r.instructions.begin(), r.instructions.end(), [](const auto& a, const auto& b) {
    return a.cost.transactions_per_request() < b.cost.transactions_per_request();
  });
}

// Sectors per field (all its instructions) in a report.
std::vector<std::uint64_t> per_field(const record_kernel& k, const record_report& r) {
  std::vector<std::uint64_t> out(k.desc.size(), 0);
  for (const record_instruction& ins : r.instructions) out[ins.field] += ins.cost.transactions;
  return out;
}

// Why the worst layout's worst instruction costs what it does, from the form its field has there.
std::string why(const record_kernel& k, const record_candidate& worst, const record_instruction& bad) {
  const field_desc& f = k.desc[bad.field];
  const field_place& p = worst.report.layout.places[bad.field];
  const std::string unit = worst.report.unit;
  switch (p.form) {
    case field_form::rows:
      return "in " + worst.name + " consecutive records' '" + f.name + "' elements lie " + std::to_string(p.a * f.width) +
             " bytes apart (the record's stride there), so each " + unit + " carries mostly other fields";
    case field_form::columns:
      return "its '" + f.name + "' elements are contiguous but the warp's " + std::to_string(f.width) +
             "-byte accesses still span that many " + unit + "s";
    case field_form::blocks: break;
  }
  return "its blocks of bd = " + std::to_string(worst.report.layout.block) +
         " records split a warp's run of '" + f.name + "' elements into pieces";
}

std::string explain(const record_kernel& k, const gpu_arch& arch, const std::vector<record_candidate>& ranked,
                    const std::optional<perf_params>& perf) {
  const record_candidate& best = ranked.front();
  const auto [fewest, most] = detail::byte_extremes(ranked);
  const record_candidate& worst = *most;
  std::ostringstream s;
  s << "For n = " << k.n << " records of " << k.desc.stride() << " bytes (" << k.desc.size() << " fields, "
    << k.desc.data_bytes() << " bytes of data) on " << arch.name() << ", reading " << accesses(k, k.reads)
    << " and writing " << accesses(k, k.writes) << " (one thread per record, one access per component, "
    << best.report.requests << " warp requests), " << describe(best) << " ranks first"
    << (best.time ? std::string() : detail::ties(ranked)) << ". " << detail::time_sentences(ranked, perf, arch.name());
  if (worst.report.bytes_moved > fewest->report.bytes_moved) {
    const record_instruction& bad = worst_instruction(worst.report);
    const record_instruction& good = worst_instruction(fewest->report);
    std::vector<std::string> also;  // the others as bad: aos and packed coincide for many records
    for (const record_candidate& c : ranked)
      if (&c != most && c.report.bytes_moved == worst.report.bytes_moved) also.push_back(c.name);
    s << (best.time ? "By sectors, the worst is " : "The worst is ") << describe(worst);
    for (std::size_t t = 0; t < also.size(); ++t) s << (t ? ", " : ", as bad as ") << also[t];
    s << ": its " << to_string(bad.cost.kind) << " of " << k.desc[bad.field].name
      << "[" << bad.cost.component << "] costs " << fixed(bad.cost.transactions_per_request(), 2) << " "
      << worst.report.unit << "s per request against " << fixed(good.cost.transactions_per_request(), 2)
      << ", because " << why(k, worst, bad) << "; that is "
      << fixed(static_cast<double>(worst.report.bytes_moved) / static_cast<double>(fewest->report.bytes_moved), 2)
      << "x the traffic. Per field, " << fewest->name << " against " << worst.name << " (" << worst.report.unit
      << "s):";
    const std::vector<std::uint64_t> b = per_field(k, fewest->report), w = per_field(k, worst.report);
    bool first = true;
    for (std::size_t f = 0; f < k.desc.size(); ++f) {
      if (b[f] == 0 && w[f] == 0) continue;
      s << (first ? " " : ", ") << k.desc[f].name << " " << b[f] << " vs " << w[f];
      first = false;
    }
    s << ". ";
  } else {
    s << "Every candidate moves the same bytes, so the layout does not matter for this kernel's coalescing. ";
  }
  s << "Sectors count what the load/store unit requests from L1/L2, for scalar accesses (a compiler may widen "
       "neighbouring components of a row into one vector access); DRAM sees at least the footprint.";
  return s.str();
}

}  // namespace

std::vector<record_layout_spec> record_candidates(const record_kernel& k, const record_advisor_options& o) {
  for (std::size_t bd : o.blocks)
    if (bd == 0) fail(errc::invalid_argument, call, "block size bd = 0");
  std::vector<record_layout_spec> out{record_aos(), record_packed(), record_soa()};
  for (std::size_t bd : o.blocks) out.push_back(record_blocked(bd));
  std::vector<std::string> hot = o.hot;
  if (hot.empty()) {
    hot = touched_fields(k);
    if (hot.size() == k.desc.size()) return out;  // every field is hot: split is soa or blocked
  }
  for (const std::string& name : hot) k.desc.index_of(name, call);
  out.push_back(record_split(hot));
  for (std::size_t bd : o.blocks) out.push_back(record_split(hot, bd));
  return out;
}

record_advice advise_record(const record_kernel& k, const gpu_arch& arch, const record_advisor_options& o) {
  record_advice a;
  for (const record_layout_spec& spec : record_candidates(k, o))
    a.ranked.push_back({to_string(spec), spec, analyze_record_kernel(k, spec, arch, o.global), std::nullopt});
  const std::optional<perf_params> perf = o.perf ? o.perf : perf_params_for(arch);
  detail::rank(a.ranked, perf);
  a.tied = detail::tied_count(a.ranked);
  a.explanation = explain(k, arch, a.ranked, perf);
  return a;
}

}  // namespace coalesce::analysis

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include "time_report.hpp"

#include <coalesce/core/error.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace validate_time {
namespace {

using namespace coalesce::analysis;

std::string fixed(double x, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, x);
  return buf;
}

std::string percent(double x) { return fixed(100 * x, 1) + " %"; }

// The name without its type and m ("float_m8_read_all_warp" -> "read_all_warp").
std::string access_of(const std::string& name) {
  const std::size_t m = name.find("_m");
  const std::size_t rest = m == std::string::npos ? std::string::npos : name.find('_', m + 2);
  return rest == std::string::npos ? name : name.substr(rest + 1);
}

}  // namespace

time_report compare(const std::vector<measured_kernel>& measured, const gpu_arch& arch, const perf_params& perf) {
  time_report r;
  std::size_t first_ok = 0, within = 0;
  for (const measured_kernel& mk : measured) {
    advisor_options o;
    o.blocks.clear();
    o.perf = perf;
    for (const auto& [name, ms] : mk.ms) {
      if (!(ms > 0))
        coalesce::fail(coalesce::errc::invalid_argument, "compare",
                       mk.name + ": measured time " + fixed(ms, 6) + " ms for " + name + " is not positive");
      if (name.rfind("blocked:", 0) == 0) o.blocks.push_back(std::stoul(name.substr(8)));
    }
    const advice a = advise(mk.kernel, arch, o);
    kernel_result k;
    k.name = mk.name;
    k.n = mk.kernel.n;
    for (const candidate& c : a.ranked) {
      const auto it = mk.ms.find(c.name);
      if (it == mk.ms.end()) continue;
      k.layouts.push_back(
          {c.name, it->second, c.time ? c.time->milliseconds() : 0.0, c.time ? to_string(c.time->binding) : "none",
           c.report.traffic});
    }
    if (k.layouts.empty())
      coalesce::fail(coalesce::errc::invalid_argument, "compare", mk.name + ": no measured layout the advisor ranks");
    k.first = k.layouts.front().layout;
    const auto fastest = std::min_element(k.layouts.begin(), k.layouts.end(),
                                          [](const auto& x, const auto& y) { return x.measured_ms < y.measured_ms; });
    k.fastest = fastest->layout;
    k.first_over_fastest = k.layouts.front().measured_ms / fastest->measured_ms;
    first_ok += k.first_over_fastest <= 1.05;
    for (const layout_result& l : k.layouts) {
      within += std::abs(l.error()) <= 0.2;
      ++r.pairs;
    }
    r.kernels.push_back(std::move(k));
  }
  if (!r.kernels.empty()) r.first_within_5 = static_cast<double>(first_ok) / static_cast<double>(r.kernels.size());
  if (r.pairs) r.predicted_within_20 = static_cast<double>(within) / static_cast<double>(r.pairs);
  return r;
}

std::string markdown(const time_report& r, const std::string& machine, const perf_params& perf) {
  std::ostringstream s;
  s << "## Time model against " << machine << "\n\n";
  s << "Model parameters: " << perf.gpu << "; DRAM " << fixed(perf.dram_stream_bytes_per_s / 1e12, 2)
    << " TB/s one way, " << fixed(perf.dram_bytes_per_s / 1e12, 2) << " TB/s mixed, L2 "
    << fixed(perf.l2_bytes_per_s / 1e12, 2) << " TB/s, L1 re-use " << fixed(perf.l1_reuse_bytes / 1e3, 0)
    << " KB/SM, write merge " << fixed(perf.write_merge_bytes / 1e3, 0) << " / "
    << fixed(perf.cross_warp_merge_bytes / 1e3, 0) << " KB/SM (own / other warps'), load round trip "
    << fixed(perf.load_round_trip_s * 1e6, 2) << " us per wave, launch overhead " << fixed(perf.launch_overhead_s * 1e6, 1)
    << " us, overlap p = " << fixed(perf.overlap_exponent, 1) << ".\n\n";
  s << "| statistic | result | target |\n|---|---|---|\n";
  s << "| advisor's first layout within 5 % of the fastest | " << percent(r.first_within_5) << " of "
    << r.kernels.size() << " kernels | >= 95 % |\n";
  s << "| predicted time within 20 % of measured | " << percent(r.predicted_within_20) << " of " << r.pairs
    << " (kernel, layout) pairs | >= 90 % |\n\n";

  s << "### Kernels whose first layout is not within 5 % of the fastest\n\n";
  bool any = false;
  for (const kernel_result& k : r.kernels) {
    if (k.first_over_fastest <= 1.05) continue;
    if (!any)
      s << "| kernel | n | first | fastest | first / fastest | predicted / measured, per layout "
           "|\n|---|---|---|---|---|---|\n";
    any = true;
    s << "| " << k.name << " | " << k.n << " | " << k.first << " | " << k.fastest << " | "
      << fixed(k.first_over_fastest, 2) << " |";
    for (const layout_result& l : k.layouts)
      s << " " << l.layout << " " << fixed(l.predicted_ms, 3) << "/" << fixed(l.measured_ms, 3) << " (" << l.limit
        << ")";
    s << " |\n";
  }
  if (!any) s << "None.\n";

  s << "\n### The 20 worst predictions\n\n| kernel | n | layout | predicted ms | measured ms | error | limit |\n"
       "|---|---|---|---|---|---|---|\n";
  std::vector<std::pair<const kernel_result*, const layout_result*>> all;
  for (const kernel_result& k : r.kernels)
    for (const layout_result& l : k.layouts) all.emplace_back(&k, &l);
  std::sort(all.begin(), all.end(),
            [](const auto& a, const auto& b) { return std::abs(a.second->error()) > std::abs(b.second->error()); });
  for (std::size_t k = 0; k < std::min<std::size_t>(20, all.size()); ++k)
    s << "| " << all[k].first->name << " | " << all[k].first->n << " | " << all[k].second->layout << " | "
      << fixed(all[k].second->predicted_ms, 4) << " | " << fixed(all[k].second->measured_ms, 4) << " | "
      << (all[k].second->error() >= 0 ? "+" : "") << percent(all[k].second->error()) << " | " << all[k].second->limit
      << " |\n";

  // By access and layout: where the model is biased.
  s << "\n### Mean signed error by access and layout\n\n| access | layout | pairs | mean error | within 20 % |\n"
       "|---|---|---|---|---|\n";
  std::map<std::pair<std::string, std::string>, std::vector<double>> groups;
  for (const auto& [k, l] : all) groups[{access_of(k->name), l->layout}].push_back(l->error());
  for (const auto& [key, errors] : groups) {
    double sum = 0;
    std::size_t ok = 0;
    for (double e : errors) {
      sum += e;
      ok += std::abs(e) <= 0.2;
    }
    s << "| " << key.first << " | " << key.second << " | " << errors.size() << " | "
      << percent(sum / static_cast<double>(errors.size())) << " | " << ok << " |\n";
  }
  return s.str();
}

}  // namespace validate_time

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include "time_report.hpp"

#include "split.hpp"

#include <coalesce/core/error.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
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

// "97.5 % (39/40)"; a dash for none.
std::string share(std::size_t ok, std::size_t of) {
  if (!of) return "–";
  return percent(static_cast<double>(ok) / static_cast<double>(of)) + " (" + std::to_string(ok) + "/" +
         std::to_string(of) + ")";
}

// The name without its type and m ("float_m8_read_all_warp" -> "read_all_warp").
std::string access_of(const std::string& name) {
  const std::size_t m = name.find("_m");
  const std::size_t rest = m == std::string::npos ? std::string::npos : name.find('_', m + 2);
  return rest == std::string::npos ? name : name.substr(rest + 1);
}

// The block sizes of the measured layouts named blocked:<bd>, in name order; every time checked positive.
std::vector<std::size_t> measured_blocks(const measured_kernel& mk) {
  std::vector<std::size_t> out;
  for (const auto& [name, ms] : mk.ms) {
    if (!(ms > 0))
      coalesce::fail(coalesce::errc::invalid_argument, "compare",
                     mk.name + ": measured time " + fixed(ms, 6) + " ms for " + name + " is not positive");
    if (name.rfind("blocked:", 0) == 0) out.push_back(std::stoul(name.substr(8)));
  }
  return out;
}

// The advisor's ranking (vector or record candidates), the measured layouts only, in its order.
template <class Candidate>
std::vector<layout_result> measured_layouts(const std::vector<Candidate>& ranked, const measured_kernel& mk) {
  std::vector<layout_result> out;
  for (const Candidate& c : ranked) {
    const auto it = mk.ms.find(c.name);
    if (it == mk.ms.end()) continue;
    out.push_back({c.name, it->second, c.time ? c.time->milliseconds() : 0.0,
                   c.time ? to_string(c.time->binding) : "none", c.report.traffic});
  }
  if (out.empty())
    coalesce::fail(coalesce::errc::invalid_argument, "compare", mk.name + ": no measured layout the advisor ranks");
  return out;
}

// The kernel as its advisor ranks the measured layouts: the vector advisor, or the record advisor
// (candidates for the same block sizes; split's hot fields, the touched ones, as the device program
// chose them).
kernel_result ranked(const measured_kernel& mk, const gpu_arch& arch, const perf_params& perf) {
  kernel_result k;
  k.name = mk.name;
  if (mk.record) {
    record_advisor_options o;
    o.blocks = measured_blocks(mk);
    o.perf = perf;
    k.n = mk.record->n;
    k.layouts = measured_layouts(advise_record(*mk.record, arch, o).ranked, mk);
    k.classes = {"records"};
    k.access = "record " + mk.name.substr(mk.name.find('_') + 1);
    return k;
  }
  advisor_options o;
  o.blocks = measured_blocks(mk);
  o.perf = perf;
  k.n = mk.kernel.n;
  k.layouts = measured_layouts(advise(mk.kernel, arch, o).ranked, mk);
  k.classes = access_classes(mk.kernel);
  k.access = access_of(mk.name);
  return k;
}

// aos's time over the fastest measured layout's, measured and predicted.
void set_aos_ratios(kernel_result& k) {
  const auto aos = std::find_if(k.layouts.begin(), k.layouts.end(), [](const auto& l) { return l.layout == "aos"; });
  if (aos == k.layouts.end()) return;
  double measured = std::numeric_limits<double>::infinity(), predicted = measured;
  for (const layout_result& l : k.layouts) {
    measured = std::min(measured, l.measured_ms);
    predicted = std::min(predicted, l.predicted_ms);
  }
  k.aos_over_best_measured = aos->measured_ms / measured;
  if (predicted > 0) k.aos_over_best_predicted = aos->predicted_ms / predicted;
}

void add(tally& t, const kernel_result& k) {
  ++t.kernels;
  t.first_ok += k.first_within_5();
  t.aos_kernels += k.has_aos_ratio();
  t.aos_ok += k.aos_ratio_within_25();
}

// Every (size, class) that holds a kernel: all sizes, then the given n ascending, then the --array-mib
// sizes ascending; per size, all classes, then each.
std::vector<group_result> group_figures(const std::vector<kernel_result>& kernels) {
  std::map<std::pair<bool, std::size_t>, std::string> by_size;
  for (const kernel_result& k : kernels)
    by_size[{k.array_mib != 0, k.array_mib ? k.array_mib : k.n}] = size_label(k.n, k.array_mib);
  std::vector<std::string> sizes{"all sizes"};
  for (const auto& entry : by_size) sizes.push_back(entry.second);
  std::vector<group_result> out;
  for (const std::string& size : sizes)
    for (const char* c : {"all", "sparse", "full", "write-only", "float", "double", "records"}) {
      group_result g{size, c, {}, {}};
      for (const kernel_result& k : kernels) {
        if (size != sizes.front() && size != size_label(k.n, k.array_mib)) continue;
        if (g.access_class != "all" && std::count(k.classes.begin(), k.classes.end(), g.access_class) == 0) continue;
        add(k.fit ? g.fit : g.held_back, k);
      }
      if (g.fit.kernels + g.held_back.kernels) out.push_back(std::move(g));
    }
  return out;
}

}  // namespace

std::string size_label(std::size_t n, std::size_t array_mib) {
  if (array_mib)
    return array_mib % 1024 ? std::to_string(array_mib) + " MiB" : std::to_string(array_mib / 1024) + " GiB";
  if (n && (n & (n - 1)) == 0) {
    int log2 = 0;
    while ((std::size_t(1) << log2) < n) ++log2;
    return "n = 2^" + std::to_string(log2);
  }
  return "n = " + std::to_string(n);
}

std::vector<std::string> access_classes(const kernel_description& k) {
  const auto fewer = [&](const std::vector<std::size_t>& c) { return !c.empty() && c.size() < k.m; };
  const bool sparse = k.thread_to_component == "0" && (fewer(k.reads) || fewer(k.writes));
  std::vector<std::string> out{sparse ? "sparse" : "full"};
  if (k.reads.empty()) out.push_back("write-only");
  out.push_back(to_string(k.type));
  return out;
}

time_report compare(const std::vector<measured_kernel>& measured, const gpu_arch& arch, const perf_params& perf) {
  time_report r;
  std::size_t first_ok = 0, within = 0;
  for (const measured_kernel& mk : measured) {
    kernel_result k = ranked(mk, arch, perf);
    k.first = k.layouts.front().layout;
    const auto fastest = std::min_element(k.layouts.begin(), k.layouts.end(),
                                          [](const auto& x, const auto& y) { return x.measured_ms < y.measured_ms; });
    k.fastest = fastest->layout;
    k.first_over_fastest = k.layouts.front().measured_ms / fastest->measured_ms;
    first_ok += k.first_within_5();
    k.array_mib = mk.array_mib;
    k.fit = in_fit_half(mk.name);
    set_aos_ratios(k);
    for (const layout_result& l : k.layouts) {
      within += std::abs(l.error()) <= 0.2;
      ++r.pairs;
    }
    r.kernels.push_back(std::move(k));
  }
  if (!r.kernels.empty()) r.first_within_5 = static_cast<double>(first_ok) / static_cast<double>(r.kernels.size());
  if (r.pairs) r.predicted_within_20 = static_cast<double>(within) / static_cast<double>(r.pairs);
  r.groups = group_figures(r.kernels);
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

  const bool records = std::any_of(r.kernels.begin(), r.kernels.end(), [](const kernel_result& k) {
    return std::count(k.classes.begin(), k.classes.end(), "records") != 0;
  });
  s << "### By array size and class, on the fit half and the held-back half\n\n"
       "The halves are fixed by kernel name before any fit (the fit half: the 32-bit FNV-1a hash of the name "
       "is even; tools/validate_time/split.hpp), so every size and layout of a kernel is in one half. "
       "Classes: sparse (a thread reads or writes fewer than all m components) or full; write-only (reads "
       "nothing); float or double"
    << (records ? "; records (one thread per record of a struct, ranked by the record advisor; in all, not in the "
                  "others)"
                : "")
    << ". *first*: the advisor's first layout within 5 % of the fastest measured; "
       "*aos/best*: the predicted ratio of aos's time to the fastest layout's within 25 % of the measured "
       "ratio (kernels with an aos time).\n\n"
       "| size | class | fit: kernels | fit: first | fit: aos/best | held back: kernels | held back: first | "
       "held back: aos/best |\n|---|---|---|---|---|---|---|---|\n";
  for (const group_result& g : r.groups)
    s << "| " << g.size << " | " << g.access_class << " | " << g.fit.kernels << " | "
      << share(g.fit.first_ok, g.fit.kernels) << " | " << share(g.fit.aos_ok, g.fit.aos_kernels) << " | "
      << g.held_back.kernels << " | " << share(g.held_back.first_ok, g.held_back.kernels) << " | "
      << share(g.held_back.aos_ok, g.held_back.aos_kernels) << " |\n";
  s << "\n";

  s << "### Kernels whose first layout is not within 5 % of the fastest\n\n";
  bool any = false;
  for (const kernel_result& k : r.kernels) {
    if (k.first_within_5()) continue;
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
  for (const auto& [k, l] : all) groups[{k->access, l->layout}].push_back(l->error());
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

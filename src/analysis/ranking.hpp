// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// What the advisors (vector sets, records) share: the ranking rule and the words for it. A Candidate
// has a name, an optional time_prediction `time` and a report with transactions, unit, bytes_moved,
// dram_footprint, span_bytes, component_run, efficiency(), traffic and layout.block (0: no blocked index).

#include <coalesce/analysis/perf_model.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace coalesce::analysis::detail {

inline std::string fixed(double x, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, x);
  return buf;
}

inline std::string megabytes(std::uint64_t bytes) { return fixed(static_cast<double>(bytes) / 1e6, 2) + " MB"; }

// Fewest bytes moved, then the smaller DRAM footprint, then the smaller allocation.
template <class Candidate>
bool fewer_bytes(const Candidate& x, const Candidate& y) {
  if (x.report.bytes_moved != y.report.bytes_moved) return x.report.bytes_moved < y.report.bytes_moved;
  if (x.report.dram_footprint != y.report.dram_footprint) return x.report.dram_footprint < y.report.dram_footprint;
  return x.report.span_bytes < y.report.span_bytes;
}

// Fewer address streams per warp (runs of sectors at most 2 KB apart), then fewer contiguous runs,
// compared as whole numbers per full warp, so that small differences (warps across a block edge) do
// not decide.
inline long per_warp(std::uint64_t count, const kernel_traffic& t) {
  return std::lround(static_cast<double>(count) / std::max<double>(1, static_cast<double>(t.stream_warps)));
}

template <class Candidate>
bool fewer_streams(const Candidate& x, const Candidate& y) {
  const kernel_traffic &a = x.report.traffic, &b = y.report.traffic;
  const long sa = per_warp(a.warp_streams, a), sb = per_warp(b.warp_streams, b);
  if (sa != sb) return sa < sb;
  return per_warp(a.warp_runs, a) < per_warp(b.warp_runs, b);
}

// What orders candidates predicted within time_tie of the fastest (perf_model.hpp): the first of these
// keys on which two differ. Measured on the H200 (tools/validate_time/h200_measured.json and its
// repeat, 316 kernels each; the model predicts soa, blocked:32 and blocked:128 equal in every one).
enum class tie_key {
  // Fewer address streams, then fewer contiguous runs, per warp (fewer_streams), where memory binds
  // the fastest candidate (dram, l2, l1) or the kernel only stores. SoA's m streams a row apart
  // write slower than one stream (float, m = 8 ... 32, all written: blocked:32 0.86-0.94x soa), and
  // blocked:32's one run beats blocked:128's runs with gaps where a warp touches some components
  // (float m = 16, half written: blocked:32 0.92-0.97x soa, blocked:128 1.02-1.06x). Not where thread
  // issue binds a kernel that loads (launch, latency): there the blocked index's arithmetic before
  // each load shows (m = 1, the same addresses in every layout, 2^24: reads on blocked:32 and
  // blocked:128 3-5 % slower than soa, writes 0-1 %), and soa's streams cost nothing (reads of half
  // of m = 3, 4 doubles: soa 3-6 % faster than blocked:32, which fewer streams picked).
  streams,
  // Where thread issue binds a kernel that loads: no blocked index (aos, soa) before blocked. Of the
  // 120 such timings (one thread per vector, both runs) blocked:32 measured slower than soa in 118
  // (median 3.5 %), blocked:128 in 109 (3.8 %).
  index,
  // The longer component run (kernel_report::component_run), where the kernel touches some of the
  // components: reads of one of m = 3 ... 32 at 2^24 measured blocked:32 3-11 % and blocked:128
  // 4-8 % slower than soa, blocked:32 0-4 % slower than blocked:128 for m >= 8.
  runs,
  time,   // the faster prediction
  bytes,  // fewer_bytes
  none,   // equal: the candidates' order (the simpler layout) decides
};

// Ranking with a time model: the fastest prediction, and whether address streams decide ties.
struct tie_rule {
  double fastest = 0;
  bool streams = true;

  template <class Candidate>
  bool tied(const Candidate& x) const {
    return x.time && x.time->seconds <= fastest * (1 + time_tie);
  }

  template <class Candidate>
  tie_key deciding(const Candidate& x, const Candidate& y) const {
    if (streams && (fewer_streams(x, y) || fewer_streams(y, x))) return tie_key::streams;
    if (!streams && (x.report.layout.block == 0) != (y.report.layout.block == 0)) return tie_key::index;
    if (x.report.component_run != y.report.component_run) return tie_key::runs;
    if (x.time->seconds != y.time->seconds) return tie_key::time;
    if (fewer_bytes(x, y) || fewer_bytes(y, x)) return tie_key::bytes;
    return tie_key::none;
  }

  // x before y: the tied first, among them by the deciding key; the rest by predicted time, equal
  // predictions by the deciding key.
  template <class Candidate>
  bool before(const Candidate& x, const Candidate& y) const {
    const bool tx = tied(x), ty = tied(y);
    if (tx != ty) return tx;
    if (!tx && x.time->seconds != y.time->seconds) return x.time->seconds < y.time->seconds;
    switch (deciding(x, y)) {
      case tie_key::streams: return fewer_streams(x, y);
      case tie_key::index: return x.report.layout.block == 0;
      case tie_key::runs: return x.report.component_run > y.report.component_run;
      case tie_key::time: return x.time->seconds < y.time->seconds;
      case tie_key::bytes: return fewer_bytes(x, y);
      case tie_key::none: break;
    }
    return false;
  }
};

// The rule for candidates whose `time` is set (all of them, with a time model).
template <class Candidate>
tie_rule tie_rule_of(const std::vector<Candidate>& c) {
  const Candidate* fastest = &c.front();
  for (const Candidate& x : c)
    if (x.time->seconds < fastest->time->seconds) fastest = &x;
  const limit l = fastest->time->binding;
  const bool issue = l == limit::launch || l == limit::latency;
  return {fastest->time->seconds, !(issue && fastest->report.traffic.load_requests > 0)};
}

// With a time model (sets each candidate's `time`): the candidates within time_tie of the fastest
// first, ordered by tie_rule; then the rest by predicted time (equal ones by tie_rule). Without one:
// by fewer_bytes. A stable sort, so the candidates' order (simplest first) breaks what is left.
template <class Candidate>
void rank(std::vector<Candidate>& c, const std::optional<perf_params>& perf) {
  if (!perf || c.empty()) {
    std::stable_sort(c.begin(), c.end(), [](const Candidate& x, const Candidate& y) { return fewer_bytes(x, y); });
    return;
  }
  for (Candidate& x : c) x.time = predict_time(x.report.traffic, *perf);
  const tie_rule rule = tie_rule_of(c);
  std::stable_sort(c.begin(), c.end(), [&](const Candidate& x, const Candidate& y) { return rule.before(x, y); });
}

// How many of the ranked candidates, from the first, are predicted within time_tie of the fastest
// (0 without a time model).
template <class Candidate>
std::size_t tied_count(const std::vector<Candidate>& ranked) {
  if (ranked.empty() || !ranked.front().time) return 0;
  const tie_rule rule = tie_rule_of(ranked);
  std::size_t n = 0;
  while (n < ranked.size() && rule.tied(ranked[n])) ++n;
  return n;
}

inline std::string microseconds(double s) { return fixed(s * 1e6, 1) + " us"; }

// Why a limit binds, in a few words with its numbers.
inline std::string binding_reason(const time_prediction& t, const perf_params& p) {
  switch (t.binding) {
    case limit::dram:
      return "DRAM (" + megabytes(static_cast<std::uint64_t>(t.dram_bytes)) + " at " +
             fixed(p.dram_stream_bytes_per_s / 1e12, 2) + " TB/s one way, " + fixed(p.dram_bytes_per_s / 1e12, 2) +
             " TB/s where reads and writes mix" +
             (t.l1_hit < 1 ? ", L1 catching " + fixed(100 * t.l1_hit, 0) + " % of the re-reads and L2 " +
                                 fixed(100 * t.l2_hit, 0) + " % of the rest"
                           : std::string()) +
             (t.write_merge < 1 ? ", L2 merging " + fixed(100 * t.write_merge, 0) + " % of the partial writes"
                                : std::string()) +
             ")";
    case limit::l2:
      return "L2 (" + megabytes(static_cast<std::uint64_t>(t.l2_bytes)) + " between the SMs and L2 at " +
             fixed(p.l2_bytes_per_s / 1e12, 2) + " TB/s; L1 catches " + fixed(100 * t.l1_hit, 0) +
             " % of the warps' re-reads)";
    case limit::l1: return "L1 throughput (" + microseconds(t.l1_s) + " of wavefronts)";
    case limit::launch: return "the launch floor (" + microseconds(t.launch_s) + " to schedule the threads)";
    case limit::latency: break;
  }
  return "load latency (" + fixed(t.load_round_trips, 1) +
         " load requests per thread miss L1, each issued after the previous one returns: " +
         microseconds(t.latency_s) + " on top of the launch floor's " + microseconds(t.launch_s) + ")";
}

// "; soa, blocked:128 and blocked:32 predicted within 3 %: any of them; soa first, <why>": the tied
// candidates, and each measured key by which the first beat one of them (naming, for streams, the one
// with the most; for the index, any; for runs, the shortest); else the key that decided. Empty
// without a tie.
template <class Candidate>
std::string tie_sentence(const std::vector<Candidate>& ranked) {
  const std::size_t tied = tied_count(ranked);
  if (tied < 2) return "";
  const tie_rule rule = tie_rule_of(ranked);
  const Candidate& best = ranked.front();
  std::string s = "; ";
  for (std::size_t c = 0; c < tied; ++c) s += (c == 0 ? "" : c + 1 == tied ? " and " : ", ") + ranked[c].name;
  s += " predicted within " + fixed(100 * time_tie, 0) + " %: any of them; " + best.name + " first";
  const Candidate* beaten[3] = {};  // by streams, index, runs
  tie_key last = tie_key::none;     // the earliest key that decided against any
  bool more_streams = false;        // than a tied candidate, where streams do not decide
  for (std::size_t c = 1; c < tied; ++c) {
    const Candidate& x = ranked[c];
    const tie_key k = rule.deciding(best, x);
    if (k == tie_key::streams && (!beaten[0] || fewer_streams(*beaten[0], x))) beaten[0] = &x;
    if (k == tie_key::index && !beaten[1]) beaten[1] = &x;
    if (k == tie_key::runs && (!beaten[2] || x.report.component_run < beaten[2]->report.component_run))
      beaten[2] = &x;
    last = std::min(last, k);
    more_streams = more_streams || fewer_streams(x, best);
  }
  const auto shown = [](std::uint64_t k, const kernel_traffic& t) {
    return fixed(static_cast<double>(k) / std::max<double>(1, static_cast<double>(t.stream_warps)), 1);
  };
  std::string why;
  if (const Candidate* x = beaten[0]) {
    const kernel_traffic &a = best.report.traffic, &b = x->report.traffic;
    why += "with " + shown(a.warp_streams, a) + " address streams (" + shown(a.warp_runs, a) +
           " contiguous runs) per warp against " + x->name + "'s " + shown(b.warp_streams, b) + " (" +
           shown(b.warp_runs, b) + "): where memory binds, streams far apart, and gaps, measured slower";
  }
  if (const Candidate* x = beaten[1])
    why += "with no blocked index: where thread issue binds a kernel that loads, " + x->name +
           "'s index arithmetic measured slower" + (more_streams ? ", fewer address streams no faster" : "");
  if (const Candidate* x = beaten[2])
    why += std::string(why.empty() ? "" : "; and ") + "with runs of one component of " +
           std::to_string(best.report.component_run) + " bytes against " + x->name + "'s " +
           std::to_string(x->report.component_run) +
           ": where a kernel touches some of the components, shorter runs measured slower";
  if (why.empty())
    why = last == tie_key::time ? "the lowest prediction"
          : last == tie_key::bytes ? "moving, touching or allocating the fewest bytes"
                                   : "the simpler layout";
  if (more_streams && !beaten[1])
    why += " (where thread issue binds a kernel that loads, fewer address streams measured no faster)";
  return s + ", " + why;
}

// The time part of an explanation: the first and the last by predicted time, with their limits, and
// the tie.
template <class Candidate>
std::string time_sentences(const std::vector<Candidate>& ranked, const std::optional<perf_params>& p,
                           const std::string& arch) {
  if (!p || !ranked.front().time)
    return "There is no time model for " + arch + " (sm_90, sm_80 and sm_70 have one): ranked by bytes moved. ";
  const tie_rule rule = tie_rule_of(ranked);
  const Candidate& best = ranked.front();
  const Candidate* slowest = &best;
  for (const Candidate& c : ranked)
    if (c.time->seconds > slowest->time->seconds) slowest = &c;
  std::string s = "On the " + p->gpu + " model " + best.name +
                  (best.time->seconds <= rule.fastest ? " is predicted fastest at " : " is predicted at ") +
                  fixed(best.time->milliseconds(), 3) + " ms, bound by " + binding_reason(*best.time, *p);
  if (!rule.tied(*slowest))
    s += "; the slowest is " + slowest->name + " at " + fixed(slowest->time->milliseconds(), 3) + " ms (" +
         fixed(slowest->time->seconds / best.time->seconds, 2) + "x), bound by " +
         binding_reason(*slowest->time, *p);
  return s + tie_sentence(ranked) + ". ";
}

// For the sentence on sectors: the first-ranked of the candidates moving the fewest bytes and the
// last-ranked of those moving the most (a tie ordered by the rule can put either anywhere).
template <class Candidate>
std::pair<const Candidate*, const Candidate*> byte_extremes(const std::vector<Candidate>& ranked) {
  const Candidate *fewest = &ranked.front(), *most = &ranked.front();
  for (const Candidate& c : ranked) {
    if (c.report.bytes_moved < fewest->report.bytes_moved) fewest = &c;
    if (c.report.bytes_moved >= most->report.bytes_moved) most = &c;
  }
  return {fewest, most};
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

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// What the advisors (vector sets, records) share: the ranking rule and the words for it. A Candidate
// has a name, an optional time_prediction `time` and a report with transactions, unit, bytes_moved,
// dram_footprint, span_bytes, efficiency(), traffic.

#include <coalesce/analysis/perf_model.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

namespace coalesce::analysis::detail {

inline std::string fixed(double x, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, x);
  return buf;
}

inline std::string megabytes(std::uint64_t bytes) { return fixed(static_cast<double>(bytes) / 1e6, 2) + " MB"; }

// Predicted times this close to the fastest count as a tie (the model is not that precise).
inline constexpr double time_tie = 0.02;

// Fewest bytes moved, then the smaller DRAM footprint, then the smaller allocation.
template <class Candidate>
bool fewer_bytes(const Candidate& x, const Candidate& y) {
  if (x.report.bytes_moved != y.report.bytes_moved) return x.report.bytes_moved < y.report.bytes_moved;
  if (x.report.dram_footprint != y.report.dram_footprint) return x.report.dram_footprint < y.report.dram_footprint;
  return x.report.span_bytes < y.report.span_bytes;
}

// Fewer address streams per warp (runs of sectors more than 2 KB apart), then fewer contiguous runs:
// a warp's m streams far apart (SoA) measured slower than one stream (AoS, blocked) of the same bytes,
// and one contiguous run (blocked:32) a little faster than runs with gaps (blocked:128 writing some
// components), which the time model's bandwidths do not resolve (BENCHMARKS.md, The advisor's
// accuracy).
// Compared as whole numbers per full warp, so that small differences (warps across a block edge) do not decide.
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

// With a time model (sets each candidate's `time`): the candidates within time_tie of the fastest
// first, among them by fewer_streams, then fewer_bytes; then the rest by predicted time. Without
// one: by fewer_bytes. A stable sort, so the candidates' order (simplest first) breaks what is left.
template <class Candidate>
void rank(std::vector<Candidate>& c, const std::optional<perf_params>& perf) {
  double best = 0;
  for (Candidate& x : c) {
    if (perf) x.time = predict_time(x.report.traffic, *perf);
    if (x.time && (best == 0 || x.time->seconds < best)) best = x.time->seconds;
  }
  const auto tied = [&](const Candidate& x) { return !x.time || x.time->seconds <= best * (1 + time_tie); };
  std::stable_sort(c.begin(), c.end(), [&](const Candidate& x, const Candidate& y) {
    const bool tx = tied(x), ty = tied(y);
    if (tx != ty) return tx;
    if (!tx && x.time->seconds != y.time->seconds) return x.time->seconds < y.time->seconds;
    if (tx && x.time && y.time && (fewer_streams(x, y) || fewer_streams(y, x))) return fewer_streams(x, y);
    return fewer_bytes(x, y);
  });
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

// Why the first beat the candidates predicted as fast: it keeps fewer streams open per warp. Names the
// tied candidate with the most streams (then runs) it beat; empty when it beat none that way.
template <class Candidate>
std::string streams_sentence(const std::vector<Candidate>& ranked) {
  const Candidate& best = ranked.front();
  double fastest = best.time->seconds;
  for (const Candidate& c : ranked) fastest = std::min(fastest, c.time->seconds);
  const Candidate* beaten = nullptr;
  for (std::size_t c = 1; c < ranked.size(); ++c) {
    const Candidate& x = ranked[c];
    if (x.time->seconds <= fastest * (1 + time_tie) && fewer_streams(best, x) && (!beaten || fewer_streams(*beaten, x)))
      beaten = &x;
  }
  if (!beaten) return "";
  const kernel_traffic &a = best.report.traffic, &b = beaten->report.traffic;
  const auto shown = [](std::uint64_t k, const kernel_traffic& t) {
    return fixed(static_cast<double>(k) / std::max<double>(1, static_cast<double>(t.stream_warps)), 1);
  };
  return "; among the candidates predicted within " + fixed(100 * time_tie, 0) + " % of each other " + best.name +
         " ranks first with " + shown(a.warp_streams, a) + " address streams (" + shown(a.warp_runs, a) +
         " contiguous runs) per warp against " + beaten->name + "'s " + shown(b.warp_streams, b) + " (" +
         shown(b.warp_runs, b) + "): streams far apart, and gaps, run at a lower DRAM efficiency";
}

// The time part of an explanation: the first and the last by predicted time, with their limits.
template <class Candidate>
std::string time_sentences(const std::vector<Candidate>& ranked, const std::optional<perf_params>& p,
                           const std::string& arch) {
  if (!p || !ranked.front().time)
    return "There is no time model for " + arch + " (sm_90, sm_80 and sm_70 have one): ranked by bytes moved. ";
  const Candidate& best = ranked.front();
  const Candidate* slowest = &best;
  for (const Candidate& c : ranked)
    if (c.time->seconds > slowest->time->seconds) slowest = &c;
  std::string s = "On the " + p->gpu + " model " + best.name + " is predicted fastest at " +
                  fixed(best.time->milliseconds(), 3) + " ms, bound by " + binding_reason(*best.time, *p);
  if (slowest->time->seconds > best.time->seconds * (1 + time_tie))
    s += "; the slowest is " + slowest->name + " at " + fixed(slowest->time->milliseconds(), 3) + " ms (" +
         fixed(slowest->time->seconds / best.time->seconds, 2) + "x), bound by " +
         binding_reason(*slowest->time, *p);
  else
    s += "; every candidate is predicted within " + fixed(100 * time_tie, 0) + " % of it";
  return s + streams_sentence(ranked) + ". ";
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

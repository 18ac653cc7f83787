// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include <coalesce/analysis/perf_model.hpp>

#include <coalesce/core/error.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <utility>

namespace coalesce::analysis {
namespace {

constexpr double sector = 32;
constexpr double line = 128;

// The share of re-uses a cache of `capacity` bytes catches for a resident working set of `bytes`:
// all below 0.75 x capacity, none above 1.25 x (warps drift apart, so the cliff is not sharp).
double hit_rate(double bytes, double capacity) {
  if (capacity <= 0) return 0;
  return std::clamp((1.25 * capacity - bytes) / (0.5 * capacity), 0.0, 1.0);
}

// H200 SXM (sm_90): perf_params' defaults, fitted on all kernels of tools/validate_time/h200_measured.json
// before the fit / held-back split existed. A refit uses only the fit half (the kernels whose 32-bit FNV-1a
// hash of the name is even: tools/validate_time/split.hpp; tools/validate_time/fit_half.txt lists them)
// and is judged on the held-back half (coalesce-advise validate reports each).
perf_params h200() { return perf_params{}; }

// A100 SXM 80 GB: 108 SMs at 1.41 GHz, 2.04 TB/s peak HBM2e, 40 MB L2, 192 KB L1/shared per SM. The
// achievable bandwidths (one direction, mixed), the L2 bandwidth, the launch rate and the latencies
// are not published: scaled from the calibrated sm_90 parameters (mixed : stream : peak 3.7 : 4.8 : 4.8).
perf_params a100() {
  perf_params p;
  p.gpu = "A100 SXM 80GB (public specifications)";
  p.sms = 108;
  p.clock_hz = 1.41e9;
  p.dram_bytes_per_s = 1.6e12;
  p.dram_stream_bytes_per_s = 1.9e12;
  p.l2_bytes_per_s = 4.5e12;
  p.l2_bytes = 40e6;
  p.l1_reuse_bytes = 96e3;
  p.write_merge_bytes = 36e3;
  p.cross_warp_merge_bytes = 72e3;
  return p;
}

// V100 SXM2: 80 SMs at 1.53 GHz, 900 GB/s peak HBM2, 6 MB L2, 128 KB L1/shared per SM (the rest as A100).
perf_params v100() {
  perf_params p;
  p.gpu = "V100 SXM2 (public specifications)";
  p.sms = 80;
  p.clock_hz = 1.53e9;
  p.dram_bytes_per_s = 0.7e12;
  p.dram_stream_bytes_per_s = 0.85e12;
  p.l2_bytes_per_s = 2.2e12;
  p.l2_bytes = 6e6;
  p.l1_reuse_bytes = 64e3;
  p.write_merge_bytes = 7e3;
  p.cross_warp_merge_bytes = 14e3;
  return p;
}

// The tunable members, by the names with_overrides takes.
const std::array<std::pair<const char*, double perf_params::*>, 16>& members() {
  static const std::array<std::pair<const char*, double perf_params::*>, 16> m{{
      {"sms", &perf_params::sms},
      {"clock_hz", &perf_params::clock_hz},
      {"dram_bytes_per_s", &perf_params::dram_bytes_per_s},
      {"dram_stream_bytes_per_s", &perf_params::dram_stream_bytes_per_s},
      {"l2_bytes_per_s", &perf_params::l2_bytes_per_s},
      {"l2_bytes", &perf_params::l2_bytes},
      {"l1_reuse_bytes", &perf_params::l1_reuse_bytes},
      {"write_merge_bytes", &perf_params::write_merge_bytes},
      {"cross_warp_merge_bytes", &perf_params::cross_warp_merge_bytes},
      {"threads_per_clock_per_sm", &perf_params::threads_per_clock_per_sm},
      {"max_warps_per_sm", &perf_params::max_warps_per_sm},
      {"partial_read_fraction", &perf_params::partial_read_fraction},
      {"load_round_trip_s", &perf_params::load_round_trip_s},
      {"first_load_s", &perf_params::first_load_s},
      {"overlap_exponent", &perf_params::overlap_exponent},
      {"launch_overhead_s", &perf_params::launch_overhead_s},
  }};
  return m;
}

}  // namespace

std::optional<perf_params> perf_params_for(const gpu_arch& arch) {
  if (arch.major == 9 && arch.minor == 0) {
    perf_params p = h200();
    p.gpu = "H200 SXM (calibrated)";
    return p;
  }
  if (arch.major == 8 && arch.minor == 0) return a100();
  if (arch.major == 7 && arch.minor == 0) return v100();
  return std::nullopt;
}

const char* to_string(limit l) noexcept {
  switch (l) {
    case limit::dram:
      return "dram";
    case limit::l2:
      return "l2";
    case limit::l1:
      return "l1";
    case limit::launch:
      return "launch";
    case limit::latency:
      break;
  }
  return "latency";
}

namespace {

// DRAM time of `reads` and `writes` bytes: one direction streams; the part that mixes (as many
// bytes each way) runs at the copy's rate.
double dram_seconds(double reads, double writes, const perf_params& p) {
  const double mixed = 2 * std::min(reads, writes);
  return (reads + writes - mixed) / p.dram_stream_bytes_per_s + mixed / p.dram_bytes_per_s;
}

}  // namespace

time_prediction predict_time(const kernel_traffic& t, const perf_params& p) {
  time_prediction r;
  const double warps = std::max<double>(1, static_cast<double>(t.warps));
  const double resident = std::clamp(warps / p.sms, 1.0, p.max_warps_per_sm);
  const auto per_sm = [&](std::uint64_t lines) { return resident * static_cast<double>(lines) / warps * line; };

  // Loads: a warp's re-reads of its own sectors hit L1 while the resident warps' lines fit.
  const double rereads = std::max(0.0, static_cast<double>(t.load_sectors) - static_cast<double>(t.warp_load_sectors));
  // (Reported as 1 when there is nothing to catch.)
  r.l1_hit = rereads == 0 ? 1.0 : hit_rate(per_sm(t.warp_load_lines), p.l1_reuse_bytes);
  const double lost = (1 - r.l1_hit) * rereads;
  const double l1_misses = static_cast<double>(t.warp_load_sectors) + lost;
  // What L1 loses, L2 catches while every SM's resident lines fit it.
  r.l2_hit = lost == 0 ? 1.0 : hit_rate(p.sms * per_sm(t.warp_load_lines), p.l2_bytes);

  // Stores: a warp's later partial writes to a sector merge in L2 while the lines being written fit;
  // so do the sectors a warp writes only in part, which other warps complete (counted as the sectors
  // it touches beyond those its bytes could fill: exact where each lane writes its own sector).
  const double rewrites =
      std::max(0.0, static_cast<double>(t.store_sectors) - static_cast<double>(t.warp_store_sectors));
  const double shared = std::max(0.0, static_cast<double>(t.warp_store_sectors) - static_cast<double>(t.store_bytes) / sector);
  const double own_merge = rewrites == 0 ? 1.0 : hit_rate(per_sm(t.warp_store_lines), p.write_merge_bytes);
  const double cross_merge = shared == 0 ? 1.0 : hit_rate(per_sm(t.warp_store_lines), p.cross_warp_merge_bytes);
  const double unmerged = ((1 - own_merge) * rewrites + (1 - cross_merge) * shared) * sector;
  const double partial = rewrites + shared;
  r.write_merge = partial == 0 ? 1.0 : 1 - unmerged / (partial * sector);
  const double never_whole =
      t.stores_were_read ? 0.0 : t.partial_store_fraction * static_cast<double>(t.store_footprint);

  const double reads = static_cast<double>(t.load_footprint) + (1 - r.l2_hit) * lost * sector +
                       p.partial_read_fraction * unmerged + never_whole;
  const double writes = static_cast<double>(t.store_footprint) + unmerged;
  r.dram_bytes = reads + writes;
  r.l2_bytes = l1_misses * sector + static_cast<double>(t.store_bytes);
  r.dram_s = dram_seconds(reads, writes, p);
  r.l2_s = r.l2_bytes / p.l2_bytes_per_s;
  r.l1_s = static_cast<double>(t.wavefronts) / (p.sms * p.clock_hz);
  r.launch_s = static_cast<double>(t.threads) / (p.sms * p.clock_hz * p.threads_per_clock_per_sm);
  // A warp's load requests that miss L1: its distinct sectors over the sectors of one request.
  // k such requests, U in flight: floor(k / U) + (k mod U) round trips (a loop unrolled by U and its
  // remainder); all in flight: one.
  if (t.load_sectors > 0) {
    const double k = static_cast<double>(t.warp_load_sectors) * static_cast<double>(t.load_requests) /
                     static_cast<double>(t.load_sectors) / warps;
    const double u = t.loads_in_flight, together = u >= 1 ? std::floor(k / u) : 0;
    r.load_round_trips = u >= 1 ? together + (k - together * u) : std::min(k, 1.0);
  }
  const double waves = warps / (p.sms * p.max_warps_per_sm);
  r.latency_s = waves * std::max(0.0, r.load_round_trips - 1) * p.load_round_trip_s;

  // Scheduling the threads and waiting on their dependent loads is one limit (a thread is resident
  // until its last load returns); it reads "latency" where the waiting is the larger part.
  const double issue_s = r.launch_s + r.latency_s;
  const std::array<std::pair<double, limit>, 4> limits{
      {{r.dram_s, limit::dram},
       {r.l2_s, limit::l2},
       {r.l1_s, limit::l1},
       {issue_s, r.latency_s > r.launch_s ? limit::latency : limit::launch}}};
  const auto worst =
      std::max_element(limits.begin(), limits.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  r.binding = worst->second;
  // The memory system's limits pipeline into one another (the slowest of DRAM, L2 and L1 sets the
  // pace); the threads' issue and the memory overlap imperfectly: their p-norm, scaled by the larger
  // so that no power overflows.
  const double memory_s = std::max({r.dram_s, r.l2_s, r.l1_s}), top = std::max(memory_s, issue_s);
  const double sum = top > 0 ? std::pow(memory_s / top, p.overlap_exponent) + std::pow(issue_s / top, p.overlap_exponent) : 0;
  r.seconds = top * std::pow(sum, 1 / p.overlap_exponent) + p.launch_overhead_s +
              (t.load_requests > 0 ? p.first_load_s : 0.0);
  return r;
}

perf_params with_overrides(perf_params p, const std::string& text) {
  constexpr const char* call = "with_overrides";
  std::size_t pos = 0;
  while (pos < text.size()) {
    const std::size_t comma = std::min(text.find(',', pos), text.size());
    const std::string item = text.substr(pos, comma - pos);
    pos = comma + 1;
    const std::size_t eq = item.find('=');
    const std::string key = item.substr(0, eq);
    const auto m = std::find_if(members().begin(), members().end(), [&](const auto& e) { return key == e.first; });
    if (eq == std::string::npos || m == members().end()) {
      std::string known;
      for (const auto& e : members()) known += std::string(known.empty() ? "" : ", ") + e.first;
      fail(errc::invalid_argument, call, "'" + item + "' is not key=value with a key among " + known);
    }
    const std::string value = item.substr(eq + 1);
    char* end = nullptr;
    const double x = std::strtod(value.c_str(), &end);
    if (value.empty() || *end != '\0' || !(x > 0) || !std::isfinite(x))
      fail(errc::invalid_argument, call, "'" + key + "=" + value + "': the value is not a positive number");
    p.*(m->second) = x;
  }
  return p;
}

}  // namespace coalesce::analysis

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The time model: what a memory-bound kernel's traffic (kernel_analysis, record_advisor) costs on one
// GPU. The predicted time combines four limits (below) as a p-norm, (sum of limit^p)^(1/p), because
// they overlap imperfectly (a pure maximum under-predicts kernels near two limits), plus a fixed
// launch overhead and, for a kernel that loads, one unhidden load round trip:
//   dram    DRAM time. Reads cost the footprint (distinct sectors of the kernel) plus the re-reads of a
//           warp that L1 and L2 both lose; writes cost the written footprint, plus one sector per
//           partial write that L2 could not merge before evicting it (with a read of part of the
//           sector: read-modify-write), plus a read of the sectors no thread writes whole. A stream in
//           one direction runs at dram_stream_bytes_per_s; the part where reads and writes mix pays
//           the bus turnaround, so a copy (as many bytes each way) runs at dram_bytes_per_s.
//   l2      bytes between the SMs and L2 (the load sectors L1 misses x 32, the bytes stores write) / L2
//           bandwidth. Stores count their bytes, not their sectors: AoS writes of m = 4 floats (4
//           times the sectors) measured as fast as SoA's (BENCHMARKS.md, The advisor's accuracy).
//   l1      L1/LSU wavefronts (a request of s sectors takes ceil(s / 4), at least one) / (SMs x clock).
//   launch  threads / (SMs x clock x threads per clock per SM), the floor of an empty kernel, plus
//           per wave of resident threads one load round trip for every load request of a thread
//           after its first that misses L1 (a thread's loads of its vector issue one after another
//           and wait: SoA's k requests per vector cost k round trips, AoS's one request, whose lines
//           L1 then holds for the others, costs one). Named "latency" where the waiting dominates.
// Re-use is a resident-working-set argument, not a simulation: a warp's own re-reads hit L1 when the
// lines the resident warps hold (warps per SM x lines per warp x 128 bytes) fit the L1 share, what L1
// loses hits L2 when every SM's resident lines fit the L2 (else it is read from DRAM again), and
// partial-sector writes merge in L2 when the lines the resident warps are writing fit the merge
// capacity (a warp's own partial writes: write_merge_bytes; the sectors several warps complete
// between them: cross_warp_merge_bytes); the hit rate falls linearly from 1 to 0 between 0.75 and
// 1.25 times the capacity. Nothing here depends on n beyond the counts themselves.

#include <coalesce/analysis/arch.hpp>

#include <cstdint>
#include <optional>
#include <string>

namespace coalesce::analysis {

// The parameters of one GPU. The defaults are sm_90's, calibrated by measurement on an H200 SXM;
// perf_params_for gives the other generations' from public specifications.
struct perf_params {
  std::string gpu;  // the GPU's name, as the advisor prints it
  double sms = 132;
  double clock_hz = 1.98e9;
  double dram_bytes_per_s = 3.7e12;         // reads and writes mixed (a copy), with the p-norm below
  double dram_stream_bytes_per_s = 4.8e12;  // reads only or writes only (the HBM3e peak)
  double l2_bytes_per_s = 7.6e12;           // SM <-> L2, sectors x 32
  double l2_bytes = 60e6;
  double l1_reuse_bytes = 136e3;           // per SM: the lines a warp's re-reads find in L1
  double write_merge_bytes = 59e3;         // per SM: lines being written whose partial sectors L2 merges
  double cross_warp_merge_bytes = 150e3;   // per SM: the same, for sectors other warps complete
  double threads_per_clock_per_sm = 1.46;  // the launch rate of an empty kernel of 2^24 threads
  double max_warps_per_sm = 64;
  double partial_read_fraction = 0.65;  // DRAM read per unmerged partial write, relative to a sector
  double load_round_trip_s = 0.51e-6;   // per wave: a load that waits on the thread's previous one
  double first_load_s = 0.64e-6;        // the first load round trip, which nothing hides
  double overlap_exponent = 3;          // p of the p-norm that combines the limits
  double launch_overhead_s = 2e-6;      // per kernel, launched back to back in one stream
};

// The model's own error: layouts predicted within this fraction of the fastest are a tie, which the
// advisors name as such ("any of them") and order by a measured rule (src/analysis/ranking.hpp). From
// tools/validate_time: in each of the 316 kernels of h200_measured.json the model predicts soa,
// blocked:32 and blocked:128 equal, and the median spread of measured / predicted among the layouts it
// predicts equal (slowest / fastest) is 2.7 % (2.9 % in h200_measured_repeat.json, a second run); 95 %
// of the 1264 (kernel, layout) times repeat within 3.0 % between the two runs. Below 3 % neither the
// model nor one measurement orders two layouts.
inline constexpr double time_tie = 0.03;

// The parameters for sm_90, sm_80 and sm_70; nullopt for other generations (no time model).
std::optional<perf_params> perf_params_for(const gpu_arch& arch);

// What the walk of a kernel counts, summed over the grid (see kernel_analysis.cpp).
struct kernel_traffic {
  std::uint64_t threads = 0;             // launched
  std::uint64_t warps = 0;               // with at least one memory instruction
  std::uint64_t load_requests = 0;       // warp load instructions issued
  std::uint64_t store_requests = 0;      // warp store instructions issued
  std::uint64_t load_sectors = 0;        // requested by load instructions
  std::uint64_t store_sectors = 0;       // requested by store instructions
  std::uint64_t store_bytes = 0;         // written by store instructions (a store carries its bytes and a mask)
  std::uint64_t wavefronts = 0;          // sum over requests of max(1, ceil(sectors / 4)): 128 B per clock
  std::uint64_t warp_load_sectors = 0;   // sum over warps of the distinct sectors its loads touch
  std::uint64_t warp_store_sectors = 0;  // sum over warps of the distinct sectors its stores touch
  std::uint64_t warp_load_lines = 0;     // sum over warps of the distinct 128-byte lines its loads touch
  std::uint64_t warp_store_lines = 0;    // same, for its stores
  std::uint64_t warp_streams = 0;        // sum over full warps of its address streams: runs of its sectors
                                         // with gaps of at most 2 KB (DRAM pages it keeps open; ranks ties)
  std::uint64_t warp_runs = 0;           // the same with no gap: its contiguous runs of sectors
  std::uint64_t stream_warps = 0;        // the full warps (an instruction with 32 active lanes) counted there
  std::uint64_t load_footprint = 0;      // bytes: distinct sectors read, over the whole kernel
  std::uint64_t store_footprint = 0;     // bytes: distinct sectors written
  double partial_store_fraction = 0;     // of the written sectors, the share no thread writes whole
  bool stores_were_read = false;         // the kernel reads what it writes (a partial write needs no read)
  double loads_in_flight = 0;            // kernel_description::loads_in_flight (0: all)
};

enum class limit { dram, l2, l1, launch, latency };
const char* to_string(limit l) noexcept;

struct time_prediction {
  double seconds = 0;  // the limits combined + launch overhead (+ the first load round trip)
  limit binding = limit::dram;  // the largest limit
  double dram_s = 0, l2_s = 0, l1_s = 0, launch_s = 0;
  double latency_s = 0;         // the waiting on dependent loads (added to launch_s: one limit)
  double load_round_trips = 0;  // per thread: round trips its load requests that miss L1 wait for in turn
  double dram_bytes = 0;  // read + written
  double l2_bytes = 0;
  double l1_hit = 1;       // of a warp's re-reads
  double l2_hit = 1;       // of the re-reads L1 loses
  double write_merge = 1;  // of the partial writes
  double milliseconds() const noexcept { return seconds * 1e3; }
};

time_prediction predict_time(const kernel_traffic& t, const perf_params& p);

// "l1_reuse_bytes=96000,dram_bytes_per_s=4e12": overrides for tuning; throws invalid_argument naming
// an unknown key or a value that is not a positive number.
perf_params with_overrides(perf_params p, const std::string& text);

}  // namespace coalesce::analysis

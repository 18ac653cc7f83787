// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// One measured case of coalesce-bench, and the options every case reads.

#include "common/timing.hpp"

#include <coalesce/layout/spec.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace coalesce::bench {

struct options {
  bool quick = false;
  bool peers = false;  // --peers: the peer a user would pick, beside each path and record cell (*_peer.cuh)
  std::size_t bytes = std::size_t(256) << 20;  // each array's data
  int reps = 20;
  std::vector<std::size_t> ms{1, 2, 3, 4, 9, 12, 16, 32};
  std::vector<std::string> types{"float", "double"};
  bool records = false;  // the record cases instead of the vector ones
  std::string only;      // record and path cases: only those whose name contains one of its '|'-separated texts
  std::string paths;     // "all" or "quick": the path matrix (paths_bench.cu) instead of the default cases
  std::vector<std::size_t> path_elems;  // the GPU's path matrix: its element sizes (--types; empty: all)
  std::size_t random = 0;  // with records or paths: this many random cells (random_cases.hpp) instead
  std::uint64_t seed = 0;  // the random cells' draw
};

struct result {
  std::string group;     // ceiling, relayout, upload, download
  std::string name;      // e.g. "aos -> blocked:128"
  std::string type;      // element type, or "" for ceilings
  std::size_t m = 0;
  std::size_t n = 0;
  double bytes = 0;      // bytes counted: read + written (device to device), or crossing the bus
  stats time;
  double gbs = 0;        // bytes / median time
  std::string ceiling;   // name of the ceiling it is compared with
  double fraction = 0;   // gbs / ceiling's gbs, measured in the same run
  // Path cells (paths_bench.cu):
  std::string kernel;            // the dispatch table's row that ran it
  double sector_fraction = 0;    // bytes of the 32-byte sectors both ends touch / time, over the ceiling
  unsigned long long wrong = 0;  // destination elements found wrong after the runs
  // The move's own ceiling (replay.hpp): the replay's median time, and the ceiling's time (the slower of
  // the replay and cudaMemcpy D2D of the data bytes) over the move's: 1 at the memory system's limit.
  double replay_ms = 0;
  double move_ceiling_fraction = 0;
  // The peer a user would pick instead, timed on the same ends in the same run (0: not timed).
  std::string peer;
  double peer_ms = 0;
};

// The case is selected by --only: `only` empty, or one of its '|'-separated texts in `name`.
bool selected(const std::string& only, const std::string& name);

// The layouts every relayout case moves between, by name.
const std::vector<std::pair<std::string, layout_spec>>& bench_layouts();

// A relayout case of n vectors of m elements of elem bytes: bytes counted read + written.
result relayout_result(const std::string& from, const std::string& to, const std::string& type, std::size_t m,
                       std::size_t n, std::size_t elem, const stats& time);

// A record case "label: from -> to" of n records of data_bytes field bytes each: bytes counted, the
// fields' read + written (padding not counted); its time still to be measured.
result record_result(const std::string& label, const std::string& from, const std::string& to, std::size_t n,
                     std::size_t data_bytes);

// A ceiling: `bytes` moved in `time`.
result ceiling_result(const std::string& name, double bytes, const stats& time);

// r with its rate, and its fraction of the ceiling c measured in the same run.
result compared(result r, const result& c);
// Records the move's own ceiling: the replay's time, and the slower of it and the D2D copy ceiling's
// time for r's data bytes, over r's time.
void with_move_ceiling(result& r, double replay_ms, const result& d2d);

// The device cases (ceilings first); empty without CUDA.
std::vector<result> run_device(const options& opt);
// The record cases (record_bench.cu): every record layout pair beside the hand-written kernel, and transfers.
// With opt.random, random record cells instead (the user's host structs against the transfer ceilings).
void record_device_cases(const options& opt, const result& d2d, const result transfers[4], std::vector<result>& out);
// The path matrix: every end pair x m x element size (--paths all|quick), or opt.random random cells.
void path_device_cases(const options& opt, const result& d2d, std::vector<result>& out);
// The host backend's cases (OpenMP), with memcpy as the ceiling.
std::vector<result> run_host(const options& opt);

}  // namespace coalesce::bench

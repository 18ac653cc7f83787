// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// What coalesce-reduce measures and prints: its options, the tables (printed as Markdown, which reads
// well in a terminal and in BENCHMARKS.md), the bars of the chart, and the classic progression table.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace coalesce::apps::reduction {

struct bench_options {
  std::vector<std::size_t> sizes;               // elements of the progression runs (float sum)
  std::size_t types_size = 0;                   // elements of the type x op runs
  std::vector<std::size_t> component_lengths;   // m of the per-component runs
  std::size_t component_vectors = 0;            // n of the per-component runs
  std::size_t block_bd = 128;                   // bd of the blocked layout
  unsigned block = 256;                         // threads per block of the progression kernels
  int warmup = 3;
  int reps = 20;
  std::uint64_t seed = 0;
};

struct table {
  std::string title;
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> notes;  // printed under the table
};

struct bar {
  std::string label;
  double gbs = 0;
  std::string group;  // colours the bar: "kernel", "library", "ceiling", "host"
};

struct report {
  std::vector<table> tables;
  std::vector<bar> chart;         // one chart: the progression at the largest size
  std::string chart_title;
  bool all_verified = true;
};

// One measured line of a progression: a name, its median time, the bytes it must read.
struct measurement {
  std::string name;
  double median_ms = 0;
  double min_ms = 0;
  double max_ms = 0;
  double bytes = 0;
  bool verified = true;
  std::string check;  // "exact", "err 1.2e-7 <= 3.4e-5", "FAIL ..."
};

// The classic table: time, GB/s, step speedup (over the previous row) and cumulative speedup (over the
// first row) for the `steps` first rows; the rest (libraries, ceilings) get "% of reference" instead,
// where reference is the row named `reference` (e.g. cub::DeviceReduce).
table progression_table(const std::string& title, const std::vector<measurement>& rows, std::size_t steps,
                        const std::string& reference);

std::string to_markdown(const table& t);
// One CSV block per table: a "# title" line, the header, the rows.
std::string to_csv(const std::vector<table>& tables);
// Writes text to path; throws invalid_argument naming the path when it cannot.
void write_file(const std::string& path, const std::string& text);

// The backends a --backend choice runs (cuda, host, both; auto: CUDA where a device is present,
// else the host). Throws no_device, naming the choice, when CUDA is asked for and absent.
struct backends {
  bool cuda = false;
  bool host = false;
};
backends pick_backends(const std::string& choice, const std::string& app);
// Writes the bars as CSV beside the PNG and runs the plot script (python3 + matplotlib). Returns a
// message when the plot was skipped (no python3 or no matplotlib) or failed, else "".
std::string write_chart(const std::string& png, const std::string& title, const std::vector<bar>& bars,
                        const std::string& script);

// "1.234" style numbers for tables.
std::string fixed(double value, int digits);
// "2^24 (16777216)" when n is a power of two, else the number.
std::string size_text(std::size_t n);

}  // namespace coalesce::apps::reduction

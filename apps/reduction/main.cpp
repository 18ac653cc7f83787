// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// coalesce-reduce: the classic reduction progression, measured against CUB, Thrust and the copy
// ceiling in one run, every type and op, and the per-component reduction of a vector set in each
// layout; on the CUDA backend, the host backend (OpenMP), or both. Prints Markdown tables; optionally
// writes them (--markdown, --csv) and a bar chart (--chart, via plot_bars.py and matplotlib).

#include "benchmarks.hpp"
#include "component_reduce.hpp"
#include "reduce_device.hpp"
#include "report.hpp"

#include "common/scripts.hpp"

#include <coalesce/coalesce.hpp>

#include <CLI/CLI.hpp>

#include <cstdio>
#include <exception>
#include <iostream>
#include <random>
#include <string>
#include <vector>

namespace {

using namespace coalesce::apps::reduction;
using coalesce::errc;
using coalesce::fail;

std::vector<std::size_t> powers_of_two(const std::vector<int>& log2s, const char* option) {
  std::vector<std::size_t> out;
  for (int e : log2s) {
    if (e < 0 || e > 31)
      fail(errc::invalid_argument, "coalesce-reduce", std::string(option) + " " + std::to_string(e) + " is outside 0..31");
    out.push_back(std::size_t(1) << e);
  }
  return out;
}

struct settings {
  std::string backend = "auto";
  std::vector<int> log2_sizes;
  std::vector<std::size_t> sizes;
  int types_log2 = -1;
  std::vector<std::size_t> components{3, 12};
  int vectors_log2 = -1;
  std::size_t bd = 128;
  unsigned block = 256;
  int warmup = 3;
  int reps = 20;
  std::uint64_t seed = 0;
  std::string markdown, csv, chart;
  std::string plot_script = coalesce::apps::script_path("plot_bars.py", coalesce::apps::this_program());
  std::vector<std::string> profile_kernels;  // run these once each, untimed (for Nsight Compute)
};

// The options of one backend: the user's values, or defaults sized for it (GPU runs reach the sizes of
// the targets; host runs stay within a few seconds).
bench_options options_for(const settings& s, bool cuda) {
  bench_options o;
  o.sizes = !s.sizes.empty() ? s.sizes
            : !s.log2_sizes.empty() ? powers_of_two(s.log2_sizes, "--log2-sizes")
                                    : powers_of_two(cuda ? std::vector<int>{24, 28} : std::vector<int>{22, 24}, "");
  for (std::size_t n : o.sizes)
    if (n > (std::size_t(1) << 31))
      fail(errc::invalid_argument, "coalesce-reduce", "size " + std::to_string(n) + " exceeds 2^31 elements");
  const int types_log2 = s.types_log2 >= 0 ? s.types_log2 : (cuda ? 26 : 22);
  o.types_size = types_log2 == 0 ? 0 : powers_of_two({types_log2}, "--types-log2")[0];
  const int vectors_log2 = s.vectors_log2 >= 0 ? s.vectors_log2 : (cuda ? 22 : 20);
  o.component_vectors = vectors_log2 == 0 ? 0 : powers_of_two({vectors_log2}, "--vectors-log2")[0];
  o.component_lengths = s.components;
  o.block_bd = s.bd;
  o.block = s.block;
  o.warmup = s.warmup;
  o.reps = s.reps;
  o.seed = s.seed;
  return o;
}

void validate(const settings& s) {
  if (!valid_block_size(s.block))
    fail(errc::invalid_argument, "coalesce-reduce", "--block " + std::to_string(s.block) + " is not a power of two in 64..1024");
  for (std::size_t m : s.components)
    if (!supported_length(m))
      fail(errc::invalid_argument, "coalesce-reduce",
           "--components " + std::to_string(m) + " is not one of " + supported_lengths_text());
  if (s.bd == 0) fail(errc::invalid_argument, "coalesce-reduce", "--bd must be positive");
  if (s.reps < 20) fail(errc::invalid_argument, "coalesce-reduce", "--reps " + std::to_string(s.reps) + ": the median needs >= 20 runs");
  if (s.warmup < 1) fail(errc::invalid_argument, "coalesce-reduce", "--warmup must be >= 1");
}

void emit(const report& r, const std::string& heading, std::string& markdown, std::vector<table>& all) {
  std::string text = "## " + heading + "\n\n";
  for (const auto& t : r.tables) text += to_markdown(t);
  std::cout << text << std::flush;
  markdown += text;
  all.insert(all.end(), r.tables.begin(), r.tables.end());
}

int run(const settings& s) {
  validate(s);
  const backends chosen = pick_backends(s.backend, "coalesce-reduce");
  const bool cuda = chosen.cuda, host = chosen.host;

  std::string markdown = "# coalesce-reduce\n\n";
  std::vector<table> tables;
  std::vector<bar> chart;
  std::string chart_title;
  bool verified = true;
  std::printf("coalesce-reduce: seed %llu\n\n", static_cast<unsigned long long>(s.seed));
  markdown += "seed " + std::to_string(s.seed) + "\n\n";
  if (!s.profile_kernels.empty()) {
#if defined(COALESCE_REDUCTION_WITH_CUDA)
    if (!cuda) fail(errc::no_device, "coalesce-reduce", "--profile-kernels needs the CUDA backend");
    std::vector<kernel> kernels;
    for (const auto& text : s.profile_kernels) kernels.push_back(parse_kernel(text));
    const coalesce::runtime rt(coalesce::backend::cuda);
    const report r = run_device_profile(options_for(s, true), kernels);
    emit(r, "CUDA backend: " + rt.description(), markdown, tables);
    return r.all_verified ? 0 : 1;
#else
    fail(errc::no_device, "coalesce-reduce", "--profile-kernels needs a CUDA build");
#endif
  }
  if (cuda) {
#if defined(COALESCE_REDUCTION_WITH_CUDA)
    const coalesce::runtime rt(coalesce::backend::cuda);
    const report r = run_device_benchmarks(options_for(s, true));
    emit(r, "CUDA backend: " + rt.description(), markdown, tables);
    chart = r.chart, chart_title = r.chart_title, verified = verified && r.all_verified;
#endif
  }
  if (host) {
    const coalesce::runtime rt(coalesce::backend::host);
    const report r = run_host_benchmarks(options_for(s, false));
    emit(r, "Host backend: " + rt.description(), markdown, tables);
    if (chart.empty()) chart = r.chart, chart_title = r.chart_title;
    verified = verified && r.all_verified;
  }
  if (!s.markdown.empty()) write_file(s.markdown, markdown);
  if (!s.csv.empty()) write_file(s.csv, to_csv(tables));
  if (!s.chart.empty()) {
    const std::string message = write_chart(s.chart, chart_title, chart, s.plot_script);
    std::printf("%s\n", message.empty() ? ("chart written to " + s.chart).c_str() : message.c_str());
  }
  if (!verified) std::fprintf(stderr, "coalesce-reduce: some results FAILED verification (see the check column)\n");
  return verified ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  settings s;
  s.seed = std::random_device{}();
  CLI::App app{"coalesce-reduce: the reduction progression against CUB, Thrust and the copy ceiling"};
  app.add_option("--backend", s.backend, "cuda, host, both, or auto (cuda when a device is present)")
      ->check(CLI::IsMember({"auto", "cuda", "host", "both"}));
  app.add_option("--log2-sizes", s.log2_sizes, "progression sizes as powers of two (default 24 28 on the GPU, 22 24 on the host)");
  app.add_option("--sizes", s.sizes, "progression sizes in elements (any n; overrides --log2-sizes)");
  app.add_option("--types-log2", s.types_log2, "log2 of the size of the type x op table (0: skip it)");
  app.add_option("--components", s.components, "vector lengths m of the per-component runs")->capture_default_str();
  app.add_option("--vectors-log2", s.vectors_log2, "log2 of the vector count n of the per-component runs (0: skip them)");
  app.add_option("--bd", s.bd, "block size bd of the blocked layout")->capture_default_str();
  app.add_option("--block", s.block, "threads per block of the progression kernels")->capture_default_str();
  app.add_option("--warmup", s.warmup, "untimed runs before timing")->capture_default_str();
  app.add_option("--reps", s.reps, "timed runs (the median is reported; at least 20)")->capture_default_str();
  app.add_option("--seed", s.seed, "seed of the random inputs (default: fresh)");
  app.add_option("--markdown", s.markdown, "write the tables as Markdown to this file");
  app.add_option("--csv", s.csv, "write the tables as CSV to this file");
  app.add_option("--chart", s.chart, "write a PNG bar chart of the progression to this file");
  app.add_option("--plot-script", s.plot_script, "the chart script")->capture_default_str();
  app.add_option("--profile-kernels", s.profile_kernels,
                 "only run these kernels (1-9 or names) once per size, untimed: for Nsight Compute");
  CLI11_PARSE(app, argc, argv);
  try {
    return run(s);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 2;
  }
}

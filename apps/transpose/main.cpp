// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// coalesce-transpose: naive, tiled and padded tiled transposes of pitched and unpitched matrices
// against cudaMemcpy D2D, and row sums against column sums of a row-major matrix; on the CUDA backend,
// the host backend (OpenMP) or both. Prints Markdown tables; optionally writes them (--markdown, --csv).

#include "benchmarks.hpp"

#include <coalesce/coalesce.hpp>

#include <CLI/CLI.hpp>

#include <cstdio>
#include <exception>
#include <iostream>
#include <random>
#include <string>
#include <vector>

namespace {

using namespace coalesce::apps::transpose;
using coalesce::errc;
using coalesce::fail;

// "8192x1000" -> {8192, 1000}; invalid_argument naming the text otherwise.
shape parse_shape(const std::string& text) {
  const auto x = text.find('x');
  shape s;
  try {
    std::size_t used_rows = 0, used_cols = 0;
    if (x == std::string::npos) throw std::invalid_argument("no x");
    s.rows = std::stoull(text.substr(0, x), &used_rows);
    s.cols = std::stoull(text.substr(x + 1), &used_cols);
    if (used_rows != x || used_cols != text.size() - x - 1) throw std::invalid_argument("trailing text");
  } catch (const std::exception&) {
    fail(errc::invalid_argument, "coalesce-transpose", "shape '" + text + "' is not ROWSxCOLS (e.g. 8192x1000)");
  }
  if (s.rows == 0 || s.cols == 0 || s.rows > (1u << 21) || s.cols > (1u << 21) || s.rows * s.cols > (std::size_t(1) << 31))
    fail(errc::invalid_argument, "coalesce-transpose",
         "shape '" + text + "': rows and cols must be 1..2^21 and rows * cols at most 2^31");
  return s;
}

struct settings {
  std::string backend = "auto";
  std::vector<std::string> shapes, host_shapes;
  int warmup = 3;
  int reps = 20;
  std::uint64_t seed = 0;
  std::string markdown, csv;
  bool profile_only = false;  // each kernel once, untimed (for Nsight Compute)
};

bench_options options_for(const settings& s, const std::vector<std::string>& shapes) {
  bench_options o;
  for (const auto& text : shapes) o.shapes.push_back(parse_shape(text));
  o.warmup = s.warmup;
  o.reps = s.reps;
  o.seed = s.seed;
  return o;
}

int run(const settings& s) {
  if (s.reps < 20) fail(errc::invalid_argument, "coalesce-transpose", "--reps " + std::to_string(s.reps) + ": the median needs >= 20 runs");
  if (s.warmup < 1) fail(errc::invalid_argument, "coalesce-transpose", "--warmup must be >= 1");
  const auto chosen = coalesce::apps::reduction::pick_backends(s.backend, "coalesce-transpose");
  const bool cuda = chosen.cuda, host = chosen.host;
  const bench_options device_options = options_for(s, s.shapes);
  const bench_options host_options = options_for(s, s.host_shapes);

  std::string markdown = "# coalesce-transpose\n\nseed " + std::to_string(s.seed) + "\n\n";
  std::vector<table> tables;
  bool verified = true;
  const auto emit = [&](const report& r, const std::string& heading) {
    std::string text = "## " + heading + "\n\n";
    for (const auto& t : r.tables) text += coalesce::apps::reduction::to_markdown(t);
    std::cout << text << std::flush;
    markdown += text;
    tables.insert(tables.end(), r.tables.begin(), r.tables.end());
    verified = verified && r.all_verified;
  };
  if (s.profile_only) {
#if defined(COALESCE_TRANSPOSE_WITH_CUDA)
    if (!cuda) fail(errc::no_device, "coalesce-transpose", "--profile-only needs the CUDA backend");
    const coalesce::runtime rt(coalesce::backend::cuda);
    emit(run_device_profile(device_options), "CUDA backend: " + rt.description());
    return verified ? 0 : 1;
#else
    fail(errc::no_device, "coalesce-transpose", "--profile-only needs a CUDA build");
#endif
  }
  if (cuda) {
#if defined(COALESCE_TRANSPOSE_WITH_CUDA)
    const coalesce::runtime rt(coalesce::backend::cuda);
    emit(run_device_benchmarks(device_options), "CUDA backend: " + rt.description());
#endif
  }
  if (host) {
    const coalesce::runtime rt(coalesce::backend::host);
    emit(run_host_benchmarks(host_options), "Host backend: " + rt.description());
  }
  if (!s.markdown.empty()) coalesce::apps::reduction::write_file(s.markdown, markdown);
  if (!s.csv.empty()) coalesce::apps::reduction::write_file(s.csv, coalesce::apps::reduction::to_csv(tables));
  if (!verified) std::fprintf(stderr, "coalesce-transpose: some results FAILED verification (see the check column)\n");
  return verified ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  settings s;
  s.seed = std::random_device{}();
  s.shapes = {"8192x8192", "8192x1000", "8192x1023", "8192x4097", "4097x4097"};
  s.host_shapes = {"2048x2048", "2048x1000", "2048x1023", "1023x4097"};
  CLI::App app{"coalesce-transpose: naive, tiled, padded and sector-aligned transposes on pitched and unpitched matrices"};
  app.add_option("--backend", s.backend, "cuda, host, both, or auto (cuda when a device is present)")
      ->check(CLI::IsMember({"auto", "cuda", "host", "both"}));
  app.add_option("--shapes", s.shapes, "GPU matrix shapes, ROWSxCOLS")->capture_default_str();
  app.add_option("--host-shapes", s.host_shapes, "host matrix shapes, ROWSxCOLS")->capture_default_str();
  app.add_option("--warmup", s.warmup, "untimed runs before timing")->capture_default_str();
  app.add_option("--reps", s.reps, "timed runs (the median is reported; at least 20)")->capture_default_str();
  app.add_option("--seed", s.seed, "seed of the random inputs (default: fresh)");
  app.add_option("--markdown", s.markdown, "write the tables as Markdown to this file");
  app.add_option("--csv", s.csv, "write the tables as CSV to this file");
  app.add_flag("--profile-only", s.profile_only, "run each GPU kernel once per shape, untimed: for Nsight Compute");
  CLI11_PARSE(app, argc, argv);
  try {
    return run(s);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 2;
  }
}

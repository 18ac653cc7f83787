// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// coalesce-bench: measures the ceilings first, then every case, and writes results.json, results.csv,
// results.md and (with matplotlib) results.png into --out. Runs on the GPU, or the host backend.
#include "bench_result.hpp"
#include "report.hpp"

#include "common/scripts.hpp"

#include <coalesce/coalesce.hpp>

#include <CLI/CLI.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <stdexcept>

int main(int argc, char** argv) try {
  using namespace coalesce::bench;
  CLI::App app{"coalesce-bench: layout transforms against the copy ceilings of the same run"};
  options opt;
  std::string backend = "auto", out_dir = "bench-results";
  std::size_t size_mib = 256;
  app.add_flag("--records", opt.records,
               "the record cases (four structs, every record layout pair) instead of vector sets; on the host "
               "backend too");
  app.add_option("--only", opt.only, "record or path cases whose name contains this text, or one of its |-separated texts (e.g. \"body: aos -> soa\", \"pitched -> |soa -> \")");
  app.add_option("--paths", opt.paths,
                 "the path matrix instead: every pair of ends (arrays, the user's vectors with any pitch and "
                 "alignment) x m x element size; 'quick' is a one-minute subset. On the host backend: every "
                 "pair of the array ends x --m x --types (quick: m 3 and 12)")
      ->check(CLI::IsMember({"all", "quick"}));
  app.add_flag("--quick", opt.quick, "32 MiB arrays, m in {3, 12}, float only: under a minute");
  app.add_option("--backend", backend, "auto, cuda or host")->check(CLI::IsMember({"auto", "cuda", "host"}));
  app.add_option("--out", out_dir, "folder for results.{json,csv,md,png}");
  app.add_option("--size-mib", size_mib, "bytes of each array's data, in MiB (at least 256 for reported figures)")
      ->check(CLI::PositiveNumber);
  app.add_option("--reps", opt.reps, "timed repetitions per case (median reported)")->check(CLI::Range(3, 1000));
  std::vector<std::size_t> ms;
  std::vector<std::string> types;
  app.add_option("--m", ms, "vector lengths to measure (default 1 2 3 4 9 12 16 32)")->check(CLI::Range(1, 4096));
  app.add_option("--types", types,
                 "element types (default float double; u8 and u16 on the host backend; with --paths on the GPU, "
                 "the matrix's cells of these sizes: u8, u16, float as u32, double as u64)")
      ->check(CLI::IsMember({"float", "double", "u8", "u16"}));
  std::string plot_script = coalesce::apps::script_path("plot.py", coalesce::apps::this_program());
  app.add_option("--plot-script", plot_script, "the plot script")->capture_default_str();
  CLI11_PARSE(app, argc, argv);
  if (!opt.paths.empty() && app.count("--reps") == 0) opt.reps = 10;  // thousands of cells
  if (opt.quick && opt.paths.empty()) {
    size_mib = std::min<std::size_t>(size_mib, 32);
    opt.ms = {3, 12};
    opt.types = {"float"};
  }
  if (!ms.empty()) opt.ms = ms;
  if (!types.empty()) opt.types = types;
  for (const std::string& t : types)  // the GPU's path matrix: u8, u16, float (u32), double (u64) cells only
    opt.path_elems.push_back(t == "u8" ? 1 : t == "u16" ? 2 : t == "float" ? 4 : 8);
  opt.bytes = size_mib << 20;

  const bool gpu = backend == "cuda" || (backend == "auto" && gpu_available());
  if (!gpu && opt.paths == "quick" && ms.empty()) opt.ms = {3, 12};
  if (gpu && opt.paths.empty())
    for (const std::string& t : opt.types)
      if (t != "float" && t != "double")  // the GPU's path matrix has every element size
        throw std::invalid_argument("--types " + t + " runs on the host backend only (on the GPU: --paths all)");
  const coalesce::runtime rt = gpu ? coalesce::runtime{coalesce::backend::cuda} : coalesce::runtime{coalesce::backend::host};
  run_info info;
  info.machine = rt.description();
  const std::time_t now = std::time(nullptr);
  char date[32];
  std::strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", std::gmtime(&now));
  info.date = date;
  for (int a = 0; a < argc; ++a) info.command += (a ? " " : "") + std::string(argv[a]);
  std::fprintf(stderr, "coalesce-bench on %s, %zu MiB arrays, %d repetitions\n", info.machine.c_str(), size_mib, opt.reps);

  const std::vector<result> results = gpu ? run_device(opt) : run_host(opt);
  std::filesystem::create_directories(out_dir);
  write_json(out_dir + "/results.json", info, results);
  write_csv(out_dir + "/results.csv", results);
  const std::string md = markdown(info, results);
  std::ofstream(out_dir + "/results.md") << md;
  std::cout << md;
  const std::string plot =
      coalesce::apps::run_script(plot_script, {out_dir + "/results.json", out_dir + "/results.png"});
  if (!plot.empty()) std::fprintf(stderr, "coalesce-bench: %s\n", plot.c_str());
  std::size_t wrong_cells = 0;
  for (const auto& r : results) wrong_cells += r.wrong > 0;
  if (wrong_cells) {
    std::fprintf(stderr, "coalesce-bench: %zu cells moved data wrongly (see 'wrong' in results.csv)\n", wrong_cells);
    return 1;
  }
  return 0;
} catch (const std::exception& e) {
  std::fprintf(stderr, "coalesce-bench: %s\n", e.what());
  return 2;
}

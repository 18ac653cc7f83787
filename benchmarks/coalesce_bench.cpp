// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// coalesce-bench: measures the ceilings first, then every case, and writes results.json, results.csv,
// results.md and (with matplotlib) results.png into --out. Runs on the GPU, or the host backend.
#include "bench_result.hpp"
#include "random_cases.hpp"
#include "report.hpp"

#include "common/scripts.hpp"

#include <coalesce/coalesce.hpp>

#include <CLI/CLI.hpp>

#include <algorithm>
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
                 "alignment) x m x element size; 'quick' is a one-minute subset (so is 'all' with --quick). On "
                 "the host backend: every pair of the array ends x --m x --types (quick: m 1 3 7 12 32, u8 u16 "
                 "float double, arrays of at most 4 MiB). Alone, 'all'")
      ->expected(0, 1)
      ->default_str("all")
      ->check(CLI::IsMember({"all", "quick"}));
  app.add_option("--random", opt.random,
                 "with --records or --paths: K moves drawn at random instead of the tables' cases, each moving "
                 "about --size-mib of data and checked like every cell. Records: 1-16 fields of 1-16 byte "
                 "elements (1-4 each) with and without padding, any record layout (blocked and split of bd "
                 "1-1024), the user's host (pageable, pinned) or device structs at either end. Paths: any two "
                 "ends (arrays, blocked of bd 1-1024, the user's rows of pitch m, m + 1 or the allocator's, "
                 "aligned or one element off, the user's columns), m 1-100, 1-16 byte elements")
      ->check(CLI::PositiveNumber);
  app.add_option("--seed", opt.seed,
                 "the --random draw (default: today's UTC date as YYYYMMDD, so a day's draw repeats; the seed is "
                 "printed and written into the results)");
  app.add_flag("--peers", opt.peers,
               "with --paths or --records on the GPU: also cub::DeviceTransform on each cell's ends, timed and "
               "checked (records: one per field, device-to-device cells only; the published tables; A/B runs "
               "leave it out)");
  app.add_flag("--quick", opt.quick,
               "32 MiB arrays, m in {3, 12}, float only; with --paths the quick subset: under a minute");
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
  if (opt.records && !opt.paths.empty()) throw std::invalid_argument("--records and --paths exclude each other");
  if (opt.random && !opt.records && opt.paths.empty())
    throw std::invalid_argument("--random draws record cells (--records) or path cells (--paths)");
  if (opt.random && app.count("--seed") == 0) opt.seed = date_seed();
  const bool gpu = backend == "cuda" || (backend == "auto" && gpu_available());
  if (!opt.paths.empty() && app.count("--reps") == 0) opt.reps = 10;  // thousands of cells
  if (opt.quick && !opt.paths.empty()) opt.paths = "quick";
  if (opt.quick) size_mib = std::min<std::size_t>(size_mib, 32);
  if (opt.quick && opt.paths.empty()) {
    opt.ms = {3, 12};
    opt.types = {"float"};
  }
  if (!gpu && opt.paths == "quick") {  // small arrays: the host's pitched rows span up to 8x the data
    size_mib = std::min<std::size_t>(size_mib, 4);
    opt.ms = {1, 3, 7, 12, 32};
    opt.types = {"u8", "u16", "float", "double"};
  }
  if (!ms.empty()) opt.ms = ms;
  if (!types.empty()) opt.types = types;
  for (const std::string& t : types)  // the GPU's path matrix: u8, u16, float (u32), double (u64) cells only
    opt.path_elems.push_back(t == "u8" ? 1 : t == "u16" ? 2 : t == "float" ? 4 : 8);
  opt.bytes = size_mib << 20;

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
  info.random = opt.random;
  info.seed = opt.seed;
  std::fprintf(stderr, "coalesce-bench on %s, %zu MiB arrays, %d repetitions\n", info.machine.c_str(), size_mib, opt.reps);
  if (opt.random)
    std::fprintf(stderr, "coalesce-bench: %zu random %s cells, seed %llu (--random %zu --seed %llu repeats them)\n",
                 opt.random, opt.records ? "record" : "path", static_cast<unsigned long long>(opt.seed), opt.random,
                 static_cast<unsigned long long>(opt.seed));

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

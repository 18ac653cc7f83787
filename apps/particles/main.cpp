// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// coalesce-particles: molecular dynamics of a Lennard-Jones binary mixture (velocity Verlet, a cell
// list rebuilt every step, a periodic box) with the particles as records in the record layout asked
// for, on the CUDA or the host backend. Runs and reports the energy drift, optionally checking the
// positions against the double-precision host reference (--check), or benchmarks the layouts (--bench).

#include "bench.hpp"
#include "particle.hpp"
#include "reference.hpp"
#include "system.hpp"

#include <coalesce/coalesce.hpp>

#include <CLI/CLI.hpp>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <exception>
#include <string>
#include <vector>

namespace {

using namespace coalesce;
using namespace coalesce::particles;

struct settings {
  std::size_t n = 32000, steps = 100;
  std::string layout = "aos", backend = "auto";
  md_settings md;
  unsigned block = 256;
  bool check = false, bench = false;
  double tolerance = 1e-8;
  std::vector<std::string> layouts{"aos",        "packed",      "soa",         "blocked:32", "blocked:64",
                                   "blocked:128", "blocked:256", "split:x,v",   "split:x,v:blocked:128"};
  int reps = 20, warmup = 3;
  std::string csv;
};

runtime make_runtime(const std::string& which) {
  if (which == "cuda") return runtime{backend::cuda};
  if (which == "host") return runtime{backend::host};
  return runtime{};
}

// The particles' ids, species and masses are carried, never changed: a layout that lost them fails here.
bool carried_intact(const std::vector<particle>& got, const std::vector<particle>& initial) {
  for (std::size_t i = 0; i < got.size(); ++i)
    if (got[i].id != initial[i].id || got[i].species != initial[i].species || got[i].mass != initial[i].mass)
      return false;
  return true;
}

int run(const settings& s, const runtime& rt, const std::vector<particle>& initial, const md_box& box) {
  particle_system system(rt, initial, box, s.md.dt, parse_record_layout(s.layout), s.block);
  const double e0 = total_energy(initial, box);
  const auto start = std::chrono::steady_clock::now();
  system.run(s.steps);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const std::vector<particle> final_state = system.particles();
  const double e1 = total_energy(final_state, box);
  std::printf("| quantity | value |\n|---|---|\n");
  std::printf("| particles | %zu (fcc start, density %g, LJ binary mixture, cutoff %g) |\n", s.n, s.md.density,
              s.md.cutoff);
  std::printf("| box | L = %.4f, %u^3 cells |\n| backend | %s |\n| layout | %s |\n", box.length, box.cells,
              rt.description().c_str(), to_string(system.layout()).c_str());
  std::printf("| steps | %zu of dt = %g |\n| wall time | %.3f s (%.3f ms per step) |\n", s.steps, s.md.dt, seconds,
              s.steps ? 1e3 * seconds / double(s.steps) : 0.0);
  std::printf("| energy per particle | %.8f -> %.8f |\n| energy drift | %.3e (relative) |\n", e0 / double(s.n),
              e1 / double(s.n), (e1 - e0) / std::abs(e0));
  int rc = carried_intact(final_state, initial) ? 0 : 1;
  if (rc) std::printf("| ids, species, masses | CHANGED |\n");
  if (s.check) {
    reference_state ref = reference_start(initial, box);
    reference_run(ref, box, s.md.dt, s.steps);
    const double error = largest_position_error(final_state, ref, box);
    const bool ok = error <= s.tolerance;
    std::printf("| vs double host reference | largest position error %.3e (tolerance %.1e): %s |\n", error,
                s.tolerance, ok ? "pass" : "FAIL");
    rc = rc || !ok;
  }
  return rc;
}

}  // namespace

int main(int argc, char** argv) {
  settings s;
  CLI::App app{"coalesce-particles: Lennard-Jones molecular dynamics on coalesced record layouts"};
  app.add_option("--n", s.n, "particles")->capture_default_str();
  app.add_option("--steps", s.steps, "velocity-Verlet steps")->capture_default_str();
  app.add_option("--layout", s.layout, "aos, packed, soa, blocked:<bd>, split:<fields>[:blocked:<bd>]")
      ->capture_default_str();
  app.add_option("--backend", s.backend, "cuda, host, or auto")->check(CLI::IsMember({"auto", "cuda", "host"}))
      ->capture_default_str();
  app.add_flag("--check", s.check, "compare the positions with the double-precision host reference (exit 1 if off)");
  app.add_option("--tolerance", s.tolerance, "largest position error --check accepts (sigma)")->capture_default_str();
  app.add_option("--dt", s.md.dt, "time step (LJ units)")->capture_default_str();
  app.add_option("--density", s.md.density, "particles per sigma^3")->capture_default_str();
  app.add_option("--temperature", s.md.temperature, "initial kinetic temperature")->capture_default_str();
  app.add_option("--cutoff", s.md.cutoff, "pair cutoff (sigma)")->capture_default_str();
  app.add_option("--seed", s.md.seed, "initial state seed")->capture_default_str();
  app.add_option("--block", s.block, "CUDA threads per block")->capture_default_str();
  app.add_flag("--bench", s.bench, "benchmark the layouts of --layouts instead of one run");
  app.add_option("--layouts", s.layouts, "record layouts of --bench, space-separated")->capture_default_str();
  app.add_option("--reps", s.reps, "timed repetitions (median; at least 20)")->capture_default_str();
  app.add_option("--warmup", s.warmup, "untimed repetitions first")->capture_default_str();
  app.add_option("--csv", s.csv, "append the benchmark rows to this CSV file");
  CLI11_PARSE(app, argc, argv);

  try {
    const runtime rt = make_runtime(s.backend);
    const md_box box = make_box(s.n, s.md);
    const std::vector<particle> initial = initial_particles(s.n, box, s.md);
    if (!s.bench) return run(s, rt, initial, box);
    bench_settings b;
    b.layouts = s.layouts;
    b.reps = s.reps;
    b.warmup = s.warmup;
    b.block = s.block;
    const auto rows = run_benchmark(rt, initial, box, s.md.dt, b);
    print_bench(rows, rt.description());
    if (!s.csv.empty()) append_bench_csv(s.csv, rows, to_string(rt.kind()));
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "coalesce-particles: %s\n", e.what());
    return 1;
  }
}

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// coalesce-particles-mpi: particles in slabs, one slab per rank (one GPU per rank, or ranks sharing
// one), migrated every step with coalesce::mpi::distributor in the record layout of --layout.
// --check compares with the one-rank run (every particle once, on its slab's rank, positions within
// --tolerance); --layout takes several layouts, or all. Rank 0 reports; the exit code is agreed.
#include "slabs.hpp"

#include <coalesce/mpi/plan.hpp>

#include <CLI/CLI.hpp>

#include <cstdio>

namespace {

using namespace coalesce;
using namespace coalesce::particles_mpi;

std::vector<std::string> all_layouts() {
  return {"aos", "packed", "soa", "blocked:32", "blocked:128", "split:x,v", "split:x,v:blocked:64"};
}

// One layout: the run, its report, and (checking) the failures; returns 1 when any rank failed.
int run_one(const runtime& rt, const run_settings& s, const std::string& layout, bool check, double tolerance,
            const std::vector<particle>& reference, int rank, int ranks) {
  const run_result r = run_slabs(rt, MPI_COMM_WORLD, s, parse_record_layout(layout));
  unsigned long long counts[2] = {r.owned.size(), r.migrated};
  MPI_Allreduce(MPI_IN_PLACE, counts, 2, MPI_UNSIGNED_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
  double times[2] = {r.step_ms, r.migrate_ms};
  MPI_Allreduce(MPI_IN_PLACE, times, 2, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  int failed = 0;
  if (check) {
    double length = 0;
    initial_state(s, length);
    const std::vector<std::string> bad = check_against(MPI_COMM_WORLD, r, reference, length, tolerance);
    for (const std::string& b : bad)
      std::fprintf(stderr, "coalesce-particles-mpi: %s: %s\n", layout.c_str(), b.c_str());
    failed = bad.empty() ? 0 : 1;
    MPI_Allreduce(MPI_IN_PLACE, &failed, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  }
  if (rank == 0)
    std::printf("| %d | %s | %llu | %d | %llu | %.3f | %.3f | %s |\n", ranks, layout.c_str(), counts[0], s.steps,
                counts[1], times[0], times[1], check ? (failed ? "FAILED" : "passed") : "-");
  return failed;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  CLI::App app{"coalesce-particles-mpi: particles migrating between slabs, one per rank"};
  run_settings s;
  std::vector<std::string> layouts{"blocked:32"};
  std::string backend_name = "auto";
  bool check = false;
  double tolerance = 1e-9;
  app.add_option("--n", s.n, "particles in the box")->capture_default_str();
  app.add_option("--steps", s.steps, "steps")->capture_default_str();
  app.add_option("--dt", s.dt, "time step")->capture_default_str();
  app.add_option("--seed", s.seed, "initial state")->capture_default_str();
  app.add_option("--layout", layouts, "record layouts (aos, packed, soa, blocked:<bd>, split:...), or all")
      ->capture_default_str();
  app.add_option("--backend", backend_name, "cuda, host or auto")->check(CLI::IsMember({"auto", "cuda", "host"}));
  app.add_flag("--check", check, "compare with the one-rank run");
  app.add_option("--tolerance", tolerance, "largest position and velocity difference --check accepts")
      ->capture_default_str();
  int code = 0;
  try {
    app.parse(argc, argv);
    const runtime rt = backend_name == "host"   ? runtime(backend::host)
                       : backend_name == "cuda" ? mpi::local_runtime(MPI_COMM_WORLD, backend::cuda)
                                                : mpi::local_runtime(MPI_COMM_WORLD);
    const std::vector<particle> reference = check ? run_reference(s) : std::vector<particle>{};
    if (rank == 0)
      std::printf("# %s, %d ranks\n"
                  "| ranks | layout | particles | steps | migrated | ms/step | migrate ms/step | check |\n"
                  "|---|---|---|---|---|---|---|---|\n",
                  rt.description().c_str(), ranks);
    if (layouts.size() == 1 && layouts[0] == "all") layouts = all_layouts();
    for (const std::string& l : layouts) code |= run_one(rt, s, l, check, tolerance, reference, rank, ranks);
  } catch (const CLI::ParseError& e) {
    code = rank == 0 ? app.exit(e) : 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "coalesce-particles-mpi (rank %d): %s\n", rank, e.what());
    code = 1;
  }
  MPI_Allreduce(MPI_IN_PLACE, &code, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  MPI_Finalize();
  return code;
}

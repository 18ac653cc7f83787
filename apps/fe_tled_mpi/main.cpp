// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// coalesce-fe-mpi: the TLED app partitioned across MPI ranks (one GPU per rank, or ranks sharing one:
// device = local rank mod device count). Every rank builds the whole model, runs its part, and
// exchanges ghost displacements every step. --check compares with the one-rank run; rank 0 reports.
#include "common/timing.hpp"
#include "distributed_solver.hpp"
#include "gmsh_reader.hpp"

#include <coalesce/mpi/plan.hpp>

#include <CLI/CLI.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

namespace {

using namespace coalesce;
using namespace coalesce::fe;

struct settings {
  std::string box = "24x8x8", mesh_file, size = "3,1,1", partition = "auto", layout = "blocked:128";
  std::string backend = "auto", transport = "automatic", gravity = "0,0,0";
  std::size_t steps = 400, ramp = 0;
  double stretch = 0.05;
  bool check = false;
  int reps = 50;
};

std::array<double, 3> parse_triple(const std::string& text) {
  std::array<double, 3> v{};
  if (std::sscanf(text.c_str(), "%lf,%lf,%lf", &v[0], &v[1], &v[2]) != 3)
    fail(errc::invalid_argument, "--size/--gravity", "'" + text + "' is not three comma-separated numbers");
  return v;
}

mpi::transport parse_transport(const std::string& t) {
  if (t == "staged") return mpi::transport::staged;
  if (t == "cuda_aware") return mpi::transport::cuda_aware;
  return mpi::transport::automatic;
}

double max_over_ranks(double x) {
  MPI_Allreduce(MPI_IN_PLACE, &x, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return x;
}

int run(const settings& s, int rank, int ranks) {
  const runtime rt = s.backend == "host" ? runtime(backend::host)
                     : s.backend == "cuda" ? mpi::local_runtime(MPI_COMM_WORLD, backend::cuda)
                                           : mpi::local_runtime(MPI_COMM_WORLD);
  const auto n = parse_box(s.box);
  const tet_mesh mesh = s.mesh_file.empty() ? generate_box(n[0], n[1], n[2], parse_triple(s.size)) : read_gmsh(s.mesh_file);
  boundary_conditions bc;
  bc.stretch = s.stretch;
  bc.gravity = parse_triple(s.gravity);
  const tled_model global = build_model<float>(mesh, material{}, bc, time_settings{});
  const std::string kind = s.partition != "auto" ? s.partition : s.mesh_file.empty() ? "slab" : "sorted";
  const dist::local_part part = dist::extract_part(mesh, global, dist::partition(kind, mesh, ranks), rank);
  mpi::plan_options options;
  options.via = parse_transport(s.transport);
  const layout_spec layout = parse_layout(s.layout);
  dist::distributed_solver solver(rt, MPI_COMM_WORLD, part, layout, 256, options);
  const std::size_t ramp = s.ramp ? s.ramp : std::max<std::size_t>(1, s.steps / 2);

  MPI_Barrier(MPI_COMM_WORLD);
  const auto t0 = std::chrono::steady_clock::now();
  solver.run(s.steps, ramp);
  MPI_Barrier(MPI_COMM_WORLD);
  const double step_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count() / double(s.steps);
  const bench::stats exchange = bench::time_host([&] { solver.exchange(); }, 3, s.reps);
  const double exchange_ms = max_over_ranks(exchange.median_ms);
  const double ghost_kib = max_over_ranks(double(solver.halo().ghosts() * node_m * sizeof(float)) / 1024.0);
  const std::vector<float> u = solver.global_displacements(mesh.node_count());

  double diff = -1;
  if (s.check && rank == 0) {  // the one-rank reference, on rank 0's runtime
    tled_solver one(rt, global, layout);
    one.run(s.steps, ramp);
    const std::vector<float> ref = one.displacements();
    double d = 0, scale = 0;
    for (std::size_t k = 0; k < ref.size(); ++k) {
      if (!std::isfinite(u[k]) || !std::isfinite(ref[k])) d = INFINITY;  // a diverged run never agrees
      d = std::max(d, std::abs(double(u[k]) - double(ref[k])));
      scale = std::max(scale, std::abs(double(ref[k])));
    }
    diff = scale > 0 ? d / scale : d;
  }
  if (rank == 0) {
    std::printf("| ranks | %d (%s partition, transport %s) |\n| runtime (rank 0) | %s |\n| mesh | %s: %zu elements, %zu nodes |\n",
                ranks, kind.c_str(), mpi::to_string(solver.halo().via()), rt.description().c_str(), mesh.source.c_str(),
                mesh.element_count(), mesh.node_count());
    std::printf("| layout | %s |\n| steps | %zu |\n| time per step | %.4f ms |\n", to_string(layout).c_str(), s.steps, step_ms);
    std::printf("| ghost exchange (median, slowest rank) | %.4f ms for up to %.1f KiB of ghosts |\n", exchange_ms, ghost_kib);
    if (s.check) std::printf("| largest difference from the one-rank run | %.3g (relative) |\n", diff);
  }
  return s.check && rank == 0 && !(diff >= 0 && diff < 1e-5) ? 2 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  CLI::App app{"coalesce-fe-mpi: the TLED app across MPI ranks, ghost nodes exchanged every step"};
  settings s;
  app.add_option("--box", s.box, "generated box of NxNxN hexahedra")->capture_default_str();
  app.add_option("--size", s.size, "box size Lx,Ly,Lz")->capture_default_str();
  app.add_option("--mesh", s.mesh_file, "Gmsh .msh file instead of the box");
  app.add_option("--partition", s.partition, "slab, sorted, or auto (slab for boxes, sorted for meshes)")->capture_default_str();
  app.add_option("--layout", s.layout, "aos, soa, blocked:<bd>")->capture_default_str();
  app.add_option("--backend", s.backend, "cuda, host, or auto")->check(CLI::IsMember({"auto", "cuda", "host"}))->capture_default_str();
  app.add_option("--transport", s.transport, "automatic, staged, cuda_aware")
      ->check(CLI::IsMember({"automatic", "staged", "cuda_aware"}))->capture_default_str();
  app.add_option("--steps", s.steps, "time steps")->capture_default_str();
  app.add_option("--ramp", s.ramp, "load ramp steps (0: half the steps)")->capture_default_str();
  app.add_option("--stretch", s.stretch, "displacement of the loaded face / length")->capture_default_str();
  app.add_option("--gravity", s.gravity, "gravity gx,gy,gz")->capture_default_str();
  app.add_option("--reps", s.reps, "timed ghost exchanges (median)")->capture_default_str();
  app.add_flag("--check", s.check, "compare with the one-rank run (exit 2 beyond 1e-5 relative)");
  int code = 0;
  try {
    app.parse(argc, argv);
    code = run(s, rank, ranks);
  } catch (const CLI::ParseError& e) {
    code = rank == 0 ? app.exit(e) : 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "coalesce-fe-mpi (rank %d): %s\n", rank, e.what());
    code = 1;
  }
  MPI_Allreduce(MPI_IN_PLACE, &code, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  MPI_Finalize();
  return code;
}

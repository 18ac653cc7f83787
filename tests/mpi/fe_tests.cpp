// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The distributed FE app against the one-rank run: a slab split of a box and a sorted split of a
// Gmsh mesh, in several layouts. Owned nodes see all their elements in the global order, so on one
// backend the displacements agree bit for bit (the FE tests' tolerance, 1e-5, is the bound asked for).
#include "distributed_solver.hpp"
#include "gmsh_reader.hpp"
#include "mpi_test_support.hpp"

#include <cmath>
#include <iomanip>
#include <sstream>

using namespace coalesce;
using namespace coalesce::fe;
using namespace coalesce::test;

namespace {

// A jittered box written as Gmsh 2.2 and read back: the path a user's .msh file takes.
tet_mesh gmsh_mesh() {
  const tet_mesh box = generate_box(6, 3, 3, {2.0, 1.0, 1.0}, 0.15, 5);
  std::ostringstream s;
  s << std::setprecision(17) << "$MeshFormat\n2.2 0 8\n$EndMeshFormat\n$Nodes\n" << box.node_count() << '\n';
  for (std::size_t v = 0; v < box.node_count(); ++v)
    s << v + 1 << ' ' << box.nodes[v][0] << ' ' << box.nodes[v][1] << ' ' << box.nodes[v][2] << '\n';
  s << "$EndNodes\n$Elements\n" << box.element_count() << '\n';
  for (std::size_t e = 0; e < box.element_count(); ++e) {
    s << e + 1 << " 4 2 1 1";
    for (auto v : box.tets[e]) s << ' ' << v + 1;
    s << '\n';
  }
  s << "$EndElements\n";
  std::istringstream in(s.str());
  return parse_gmsh(in, "jittered.msh");
}

double relative_difference(const std::vector<float>& a, const std::vector<float>& b) {
  double d = 0, scale = 0;
  for (std::size_t k = 0; k < a.size(); ++k) {
    if (!std::isfinite(a[k]) || !std::isfinite(b[k])) return INFINITY;  // a diverged run never agrees
    d = std::max(d, std::abs(double(a[k]) - double(b[k])));
    scale = std::max(scale, std::abs(double(b[k])));
  }
  return scale > 0 ? d / scale : d;
}

void matches_one_rank(const tet_mesh& mesh, const std::string& partition) {
  boundary_conditions bc;
  bc.stretch = 0.05;
  bc.gravity = {0, 0, -9.81};
  material stiff;
  stiff.young = 1e5;  // gravity must not invert the soft default material's elements
  const tled_model global = build_model<float>(mesh, stiff, bc, time_settings{});
  const std::size_t steps = 80, ramp = 50;
  const auto owners = dist::partition(partition, mesh, world_size());
  const dist::local_part part = dist::extract_part(mesh, global, owners, world_rank());
  for (const runtime& rt : runtimes_to_test()) {
    for (const char* text : {"aos", "soa", "blocked:32"}) {
      INFO(rt.description() << ", layout " << std::string(text) << ", " << partition << " partition");
      dist::distributed_solver solver(rt, MPI_COMM_WORLD, part, parse_layout(text));
      solver.run(steps, ramp);
      const std::vector<float> u = solver.global_displacements(mesh.node_count());
      tled_solver one(rt, global, parse_layout(text));
      one.run(steps, ramp);
      const std::vector<float> ref = one.displacements();
      const double diff = relative_difference(u, ref);
      CHECK(diff < 1e-5);
      std::size_t differ = 0;
      for (std::size_t k = 0; k < u.size(); ++k) differ += u[k] != ref[k];
      INFO("differing components " << differ << " of " << u.size() << ", relative difference " << diff);
      CHECK(differ == 0);  // the same operations in the same order
      double largest = 0;
      for (float x : ref) largest = std::max(largest, double(std::abs(x)));
      CHECK(largest > 1e-3);  // the problem did deform
    }
  }
}

}  // namespace

TEST_SUITE("mpi") {
  TEST_CASE("mpi.fe.box_slabs_match_one_rank") { matches_one_rank(generate_box(12, 4, 4, {3.0, 1.0, 1.0}), "slab"); }
  TEST_CASE("mpi.fe.gmsh_sorted_matches_one_rank") { matches_one_rank(gmsh_mesh(), "sorted"); }

  TEST_CASE("mpi.fe.parts_cover_the_mesh") {
    const tet_mesh mesh = generate_box(8, 3, 3, {2.0, 1.0, 1.0});
    const auto owners = dist::slab_partition(mesh, world_size());
    const dist::local_part part = dist::extract_part(mesh, build_model<float>(mesh, {}, {}, {}), owners, world_rank());
    unsigned long long owned = part.owned, total = 0;
    MPI_Allreduce(&owned, &total, 1, MPI_UNSIGNED_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
    CHECK(total == mesh.node_count());
    CHECK(part.model.nodes - part.owned == mpi::halo(runtime(backend::host), MPI_COMM_WORLD, part.owned,
                                                     part.export_ids, part.export_ranks).ghosts());
  }
}

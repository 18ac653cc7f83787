// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include "distributed_solver.hpp"

#include <coalesce/core/error.hpp>

#include <mpi.h>

namespace coalesce::fe::dist {

distributed_solver::distributed_solver(const runtime& rt, MPI_Comm comm, const local_part& part, layout_spec layout,
                                       unsigned block, mpi::plan_options options)
    : part_(part), solver_(rt, part.model, layout, block),
      halo_(rt, comm, part.owned, part.export_ids, part.export_ranks, options) {
  if (halo_.size() != part.model.nodes)
    fail(errc::size_mismatch, "distributed_solver",
         "the halo delivers " + std::to_string(halo_.ghosts()) + " ghosts, the part has " +
             std::to_string(part.model.nodes - part.owned));
}

void distributed_solver::exchange() {
  // The pack runs on the legacy default stream, after the node pass that wrote u.
  halo_.gather(solver_.arrays().u);
}

void distributed_solver::advance(std::size_t ramp) {
  solver_.advance(ramp);
  exchange();
}

void distributed_solver::run(std::size_t steps, std::size_t ramp) {
  for (std::size_t s = 0; s < steps; ++s) advance(ramp);
  solver_.synchronize();
}

std::vector<float> distributed_solver::owned_displacements() const {
  std::vector<float> u = solver_.displacements();
  u.resize(part_.owned * node_m);
  return u;
}

std::vector<float> distributed_solver::global_displacements(std::size_t global_nodes) const {
  MPI_Comm comm = halo_.communicator();
  int size = 1;
  MPI_Comm_size(comm, &size);
  const std::vector<float> mine = owned_displacements();
  std::vector<double> packed;  // (global id, u0, u1, u2) per owned node; doubles hold ids < 2^53 exactly
  for (std::size_t v = 0; v < part_.owned; ++v) {
    packed.push_back(double(part_.global_node[v]));
    for (std::size_t j = 0; j < node_m; ++j) packed.push_back(double(mine[v * node_m + j]));
  }
  int count = int(packed.size());
  std::vector<int> counts(static_cast<std::size_t>(size), 0), displs(static_cast<std::size_t>(size), 0);
  MPI_Allgather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, comm);
  for (int r = 1; r < size; ++r) displs[std::size_t(r)] = displs[std::size_t(r) - 1] + counts[std::size_t(r) - 1];
  std::vector<double> all(std::size_t(displs.back() + counts.back()));
  MPI_Allgatherv(packed.data(), count, MPI_DOUBLE, all.data(), counts.data(), displs.data(), MPI_DOUBLE, comm);
  std::vector<float> u(global_nodes * node_m, 0.0f);
  for (std::size_t k = 0; k + 3 < all.size(); k += 4)
    for (std::size_t j = 0; j < node_m; ++j) u[std::size_t(all[k]) * node_m + j] = float(all[k + 1 + j]);
  return u;
}

}  // namespace coalesce::fe::dist

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The TLED time loop of one rank: the one-GPU solver on the rank's part, then a halo gather of the
// displacements after every step (owners -> ghosts), straight from the solver's layout.

#include "partition.hpp"
#include "solver.hpp"

#include <coalesce/mpi/halo.hpp>

#include <cstddef>
#include <vector>

namespace coalesce::fe::dist {

class distributed_solver {
 public:
  // Collective over comm.
  distributed_solver(const runtime& rt, MPI_Comm comm, const local_part& part, layout_spec layout,
                     unsigned block = 256, mpi::plan_options options = {});

  // One step on every rank: element pass, node pass, swap, ghost exchange.
  void advance(std::size_t ramp);
  void run(std::size_t steps, std::size_t ramp);
  // The exchange alone (benchmarks).
  void exchange();

  const tled_solver& solver() const noexcept { return solver_; }
  const mpi::halo& halo() const noexcept { return halo_; }
  // This rank's owned displacements (owned x 3, AoS).
  std::vector<float> owned_displacements() const;
  // Every node's displacement in global order (nodes x 3), on every rank.
  std::vector<float> global_displacements(std::size_t global_nodes) const;

 private:
  const local_part& part_;
  tled_solver solver_;
  mpi::halo halo_;
};

}  // namespace coalesce::fe::dist

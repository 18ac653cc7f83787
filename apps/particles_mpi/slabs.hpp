// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Particles in slabs: the box cut along x into one slab per rank. Each step moves every particle
// (drift.hpp) and migrates those that left their slab with a coalesce::mpi::distributor, the record
// array staying in its record layout. The one-rank reference runs the same steps on plain structs.

#include <particle.hpp>

#include <coalesce/mpi/distributor.hpp>

#include <mpi.h>

#include <cstddef>
#include <string>
#include <vector>

namespace coalesce::particles_mpi {

using particles::particle;

struct run_settings {
  std::size_t n = 4000;  // particles in the whole box
  int steps = 100;
  double dt = 0.02;
  std::uint64_t seed = 1;
};

struct run_result {
  std::vector<particle> owned;  // this rank's particles at the end, in the array's order
  std::size_t migrated = 0;     // particles this rank sent away, over all steps
  double step_ms = 0, migrate_ms = 0;  // per step: all of it, and the distributor's share (plan + migrate)
};

// The slab of position x (0 .. ranks - 1) in a box of side `length`.
int slab_of(double x, double length, int ranks);

// The whole box's initial particles (every rank computes the same) and its side.
std::vector<particle> initial_state(const run_settings& s, double& length);

// The distributed run on comm: this rank's slab of the initial state in record layout `layout`.
run_result run_slabs(const runtime& rt, MPI_Comm comm, const run_settings& s, const record_layout_spec& layout);

// The one-rank reference: the same steps on the structs.
std::vector<particle> run_reference(const run_settings& s);

// Collective: every particle exactly once over the ranks, on the rank of its slab, position within
// `tolerance` of the reference's. Returns the failures seen on this rank (empty: passed everywhere
// only when every rank's is empty; the caller reduces).
std::vector<std::string> check_against(MPI_Comm comm, const run_result& r, const std::vector<particle>& reference,
                                       double length, double tolerance);

}  // namespace coalesce::particles_mpi

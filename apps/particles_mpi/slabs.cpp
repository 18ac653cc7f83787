// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include "slabs.hpp"

#include "drift.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace coalesce::particles_mpi {
namespace {

double now_ms() {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

template <class F>
void on_each_rank_particle(const std::vector<particle>& all, double length, int rank, int ranks, F&& f) {
  for (const particle& p : all)
    if (slab_of(p.x[0], length, ranks) == rank) f(p);
}

}  // namespace

int slab_of(double x, double length, int ranks) {
  const int s = int(std::floor(x / length * ranks));
  return std::clamp(s, 0, ranks - 1);
}

std::vector<particle> initial_state(const run_settings& s, double& length) {
  particles::md_settings md;
  md.seed = s.seed;
  const particles::md_box box = particles::make_box(s.n, md);
  length = box.length;
  return particles::initial_particles(s.n, box, md);
}

void drift(const runtime& rt, record_array& particles, double dt, double length) {
  if (rt.kind() == backend::cuda) {
#if defined(COALESCE_PARTICLES_WITH_CUDA)
    return drift_device(particles, dt, length);
#endif
  }
  auto x = particles.field<double>("x");
  auto v = particles.field<double>("v");
  for (std::size_t p = 0; p < particles.n(); ++p) drift_at(x, v, p, dt, length);
}

run_result run_slabs(const runtime& rt, MPI_Comm comm, const run_settings& s, const record_layout_spec& layout) {
  int rank = 0, ranks = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &ranks);
  double length = 0;
  const std::vector<particle> all = initial_state(s, length);
  std::vector<particle> mine;
  on_each_rank_particle(all, length, rank, ranks, [&](const particle& p) { mine.push_back(p); });
  const record_desc desc = particles::particle_record();
  record_array a = rt.upload(host_records(mine.data(), mine.size(), desc), layout);

  run_result r;
  double migrate_ms = 0;
  MPI_Barrier(comm);
  const double start = now_ms();
  for (int step = 0; step < s.steps; ++step) {
    drift(rt, a, s.dt, length);
    // Where each particle belongs now: its x, read on the host (the plan is built from host ranks).
    mine.resize(a.n());
    rt.download(a, host_records(mine.data(), mine.size(), desc));
    std::vector<int> destinations(mine.size());
    for (std::size_t p = 0; p < mine.size(); ++p) {
      destinations[p] = slab_of(mine[p].x[0], length, ranks);
      r.migrated += destinations[p] != rank;
    }
    const double t = now_ms();
    const mpi::distributor d(rt, comm, destinations);
    a = d.migrate(a);
    migrate_ms += now_ms() - t;
  }
  MPI_Barrier(comm);
  const double total = now_ms() - start;
  r.step_ms = s.steps > 0 ? total / s.steps : 0;
  r.migrate_ms = s.steps > 0 ? migrate_ms / s.steps : 0;
  r.owned.resize(a.n());
  rt.download(a, host_records(r.owned.data(), r.owned.size(), desc));
  return r;
}

std::vector<particle> run_reference(const run_settings& s) {
  double length = 0;
  std::vector<particle> all = initial_state(s, length);
  for (int step = 0; step < s.steps; ++step)
    for (particle& p : all) drift_one(p.x, p.v, s.dt, length);
  return all;
}

std::vector<std::string> check_against(MPI_Comm comm, const run_result& r, const std::vector<particle>& reference,
                                       double length, double tolerance) {
  int rank = 0, ranks = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &ranks);
  std::vector<std::string> bad;
  auto note = [&](const std::string& s) {
    if (bad.size() < 10) bad.push_back("rank " + std::to_string(rank) + ": " + s);
  };
  // Particle ids are 0 .. n-1 (initial_particles numbers them); count each id over all ranks.
  std::vector<int> seen(reference.size(), 0);
  std::vector<const particle*> by_id(reference.size(), nullptr);
  for (const particle& p : reference)
    if (p.id >= 0 && std::size_t(p.id) < reference.size()) by_id[std::size_t(p.id)] = &p;
  for (const particle& p : r.owned) {
    if (p.id < 0 || std::size_t(p.id) >= reference.size() || by_id[std::size_t(p.id)] == nullptr) {
      note("particle id " + std::to_string(p.id) + " is not in the reference");
      continue;
    }
    ++seen[std::size_t(p.id)];
    const particle& want = *by_id[std::size_t(p.id)];
    if (slab_of(p.x[0], length, ranks) != rank)
      note("particle " + std::to_string(p.id) + " at x = " + std::to_string(p.x[0]) + " belongs to slab " +
           std::to_string(slab_of(p.x[0], length, ranks)));
    for (int c = 0; c < 3; ++c) {
      // Periodic distance: a particle at the wrap may sit at 0 on one side and at L on the other.
      double d = std::fabs(p.x[c] - want.x[c]);
      d = std::min(d, length - d);
      if (d > tolerance || std::fabs(p.v[c] - want.v[c]) > tolerance)
        note("particle " + std::to_string(p.id) + " component " + std::to_string(c) + ": x " + std::to_string(p.x[c]) +
             " v " + std::to_string(p.v[c]) + ", the reference has x " + std::to_string(want.x[c]) + " v " +
             std::to_string(want.v[c]));
    }
    if (p.mass != want.mass || p.species != want.species)
      note("particle " + std::to_string(p.id) + ": mass or species changed");
  }
  MPI_Allreduce(MPI_IN_PLACE, seen.data(), int(seen.size()), MPI_INT, MPI_SUM, comm);
  if (rank == 0)
    for (std::size_t id = 0; id < seen.size(); ++id)
      if (seen[id] != 1) note("particle " + std::to_string(id) + " is held " + std::to_string(seen[id]) + " times");
  return bad;
}

}  // namespace coalesce::particles_mpi

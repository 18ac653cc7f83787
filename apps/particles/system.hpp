// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// A particle system on a coalesce runtime (CUDA or host/OpenMP): the particles as records in the
// record layout asked for, the forces a vector set in the matching vector layout, and the cell list
// rebuilt every step (a stable sort of the particles by cell: CUB's radix sort on the GPU, a counting
// sort on the host, so both visit the pairs in the same order).

#include "md_kernels.hpp"
#include "particle.hpp"

#include <coalesce/coalesce.hpp>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace coalesce::particles {

struct md_arrays {
  record_array particles;
  array<double> force;  // n x 3
  // The cell list: each particle's cell, the same sorted, particle indices 0..n-1 and sorted by cell,
  // each cell's first slot (cells^3 + 1), and CUB's scratch space (CUDA only).
  array<std::uint32_t> cell, sorted_cell, order, sorted_order, start;
  array<unsigned char> scratch;
};

// The passes per backend (passes_host.cpp, passes_device.cu). The device ones enqueue on the legacy
// default stream and return without waiting.
void host_update_positions(md_arrays& a, const md_box& b, double dt);
void host_build_cells(md_arrays& a, const md_box& b);
void host_pair_forces(md_arrays& a, const md_box& b);
void host_update_velocities(md_arrays& a, double dt);
void device_update_positions(md_arrays& a, const md_box& b, double dt, unsigned block);
void device_build_cells(md_arrays& a, const md_box& b, unsigned block);
void device_pair_forces(md_arrays& a, const md_box& b, unsigned block);
void device_update_velocities(md_arrays& a, double dt, unsigned block);
// CUB's scratch bytes for sorting n keys of `bits` bits.
std::size_t device_sort_scratch_bytes(std::size_t n, int bits);
void device_synchronize();

class particle_system {
 public:
  // Uploads the particles in `layout`; computes the cell list and the first forces. `block` is the
  // CUDA block size (threads), independent of bd.
  particle_system(const runtime& rt, const std::vector<particle>& initial, const md_box& box, double dt,
                  const record_layout_spec& layout, unsigned block = 256);

  // One velocity-Verlet step: positions, cell list, forces, velocities.
  void step();
  void run(std::size_t steps);
  // The passes alone (benchmarks): they leave the step count alone.
  void update_positions();
  void build_cells();
  void pair_forces();
  void update_velocities();
  void synchronize() const;

  std::size_t steps_done() const noexcept { return steps_; }
  const record_layout_spec& layout() const noexcept { return layout_; }
  const runtime& rt() const noexcept { return rt_; }
  const md_box& box() const noexcept { return box_; }
  // The particles in the user's structs (their padding bytes zero), in host memory.
  std::vector<particle> particles() const;

 private:
  runtime rt_;
  md_box box_;
  double dt_;
  record_layout_spec layout_;
  unsigned block_;
  std::size_t steps_ = 0;
  md_arrays arrays_;
};

}  // namespace coalesce::particles

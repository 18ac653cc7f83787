// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include "system.hpp"

#include "../common/record_match.hpp"
#include "md_views.hpp"

#include <coalesce/core/error.hpp>

#include <string>

namespace coalesce::particles {

particle_system::particle_system(const runtime& rt, const std::vector<particle>& initial, const md_box& box, double dt,
                                 const record_layout_spec& layout, unsigned block)
    : rt_(rt), box_(box), dt_(dt), layout_(layout), block_(block) {
  if (block == 0 || block > 1024 || block % 32 != 0)
    fail(errc::invalid_argument, "particle_system",
         "CUDA block size " + std::to_string(block) + " is not a multiple of 32 in 32..1024");
  const std::size_t n = initial.size();
  if (n == 0 || n >= (std::size_t(1) << 32))
    fail(errc::invalid_argument, "particle_system", "n = " + std::to_string(n) + " is not in 1 .. 2^32 - 1");
  md_arrays& a = arrays_;
  a.particles = rt.upload(host_records(initial, particle_record()), layout);
  a.force = rt.allocate<double>(n, 3, apps::matching_vector_layout(layout));
  for (auto* list : {&a.cell, &a.sorted_cell, &a.order, &a.sorted_order})
    *list = rt.allocate<std::uint32_t>(n, 1, aos());
  a.start = rt.allocate<std::uint32_t>(cell_count(box) + 1, 1, aos());
  if (rt.kind() == backend::cuda)
    a.scratch = rt.allocate<unsigned char>(device_sort_scratch_bytes(n, cell_bits(box)), 1, aos());
  build_cells();
  pair_forces();
}

void particle_system::update_positions() {
  if (rt_.kind() == backend::cuda)
    device_update_positions(arrays_, box_, dt_, block_);
  else
    host_update_positions(arrays_, box_, dt_);
}

void particle_system::build_cells() {
  if (rt_.kind() == backend::cuda)
    device_build_cells(arrays_, box_, block_);
  else
    host_build_cells(arrays_, box_);
}

void particle_system::pair_forces() {
  if (rt_.kind() == backend::cuda)
    device_pair_forces(arrays_, box_, block_);
  else
    host_pair_forces(arrays_, box_);
}

void particle_system::update_velocities() {
  if (rt_.kind() == backend::cuda)
    device_update_velocities(arrays_, dt_, block_);
  else
    host_update_velocities(arrays_, dt_);
}

void particle_system::step() {
  update_positions();
  build_cells();
  pair_forces();
  update_velocities();
  ++steps_;
}

void particle_system::run(std::size_t steps) {
  for (std::size_t s = 0; s < steps; ++s) step();
  synchronize();
}

void particle_system::synchronize() const {
  if (rt_.kind() == backend::cuda) device_synchronize();
}

std::vector<particle> particle_system::particles() const {
  synchronize();
  std::vector<particle> out(arrays_.particles.n());
  rt_.download(arrays_.particles, host_records(out, particle_record()));
  return out;
}

}  // namespace coalesce::particles

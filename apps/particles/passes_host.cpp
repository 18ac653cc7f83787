// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The host backend's passes: OpenMP loops over the same per-particle functions as the kernels, and a
// counting sort for the cell list (stable, so the pair order is the GPU's radix sort's).

#include "md_views.hpp"

#include <coalesce/core/error.hpp>

#include <cstdint>

namespace coalesce::particles {

void host_update_positions(md_arrays& a, const md_box& b, double dt) {
  visit<particle_fields>(a.particles, [&](auto p) {
    const auto f = force_view(p, a.force);
    const std::int64_t n = std::int64_t(p.n());
#pragma omp parallel for schedule(static)
    for (std::int64_t i = 0; i < n; ++i) update_positions(p, f, std::size_t(i), dt, b);
  });
}

void host_build_cells(md_arrays& a, const md_box& b) {
  std::uint32_t* cell = a.cell.data();
  std::uint32_t* start = a.start.data();
  std::uint32_t* order = a.sorted_order.data();
  const std::size_t cells = cell_count(b);
  visit<particle_fields>(a.particles, [&](auto p) {
    const std::int64_t n = std::int64_t(p.n());
#pragma omp parallel for schedule(static)
    for (std::int64_t i = 0; i < n; ++i) cell[i] = cell_of(p, std::size_t(i), b);
  });
  const std::size_t n = a.particles.n();
  for (std::size_t c = 0; c <= cells; ++c) start[c] = 0;
  for (std::size_t i = 0; i < n; ++i) ++start[cell[i] + 1];
  for (std::size_t c = 0; c < cells; ++c) start[c + 1] += start[c];
  // Place each particle at its cell's next free slot, in index order; start[c] ends one cell late...
  for (std::size_t i = 0; i < n; ++i) order[start[cell[i]]++] = std::uint32_t(i);
  // ...so shift it back: cell c's run is [start[c - 1], start[c]) now.
  for (std::size_t c = cells; c > 0; --c) start[c] = start[c - 1];
  start[0] = 0;
}

void host_pair_forces(md_arrays& a, const md_box& b) {
  const cell_list_view cells = cells_of(a);
  visit<particle_fields>(a.particles, [&](auto p) {
    const auto f = force_view(p, a.force);
    const std::int64_t n = std::int64_t(p.n());
#pragma omp parallel for schedule(dynamic, 256)
    for (std::int64_t i = 0; i < n; ++i) pair_forces(p, f, cells, std::size_t(i), b);
  });
}

void host_update_velocities(md_arrays& a, double dt) {
  visit<particle_fields>(a.particles, [&](auto p) {
    const auto f = force_view(p, a.force);
    const std::int64_t n = std::int64_t(p.n());
#pragma omp parallel for schedule(static)
    for (std::int64_t i = 0; i < n; ++i) update_velocities(p, f, std::size_t(i), dt);
  });
}

#if !defined(COALESCE_PARTICLES_WITH_CUDA)
// Without CUDA the runtime never reports backend::cuda, so these are unreachable; they fail loudly.
namespace {
[[noreturn]] void no_cuda() { fail(errc::no_device, "coalesce-particles", "this build has no CUDA backend"); }
}  // namespace
void device_update_positions(md_arrays&, const md_box&, double, unsigned) { no_cuda(); }
void device_build_cells(md_arrays&, const md_box&, unsigned) { no_cuda(); }
void device_pair_forces(md_arrays&, const md_box&, unsigned) { no_cuda(); }
void device_update_velocities(md_arrays&, double, unsigned) { no_cuda(); }
std::size_t device_sort_scratch_bytes(std::size_t, int) { no_cuda(); }
void device_synchronize() {}
#endif

}  // namespace coalesce::particles

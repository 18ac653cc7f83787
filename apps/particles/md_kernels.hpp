// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// One particle of each pass of a velocity-Verlet step, written once against a record view of the
// particles (P, any record form) and a vector-set view of the forces (F, n x 3 doubles): the CUDA
// kernels and the OpenMP loops call these, and each record layout gets its own instantiation.
//   update_positions   v += dt/2 f/m, x += dt v (wrapped into the box)
//   cell_of            the cell of x
//   pair_forces        f = sum over the 27 neighbour cells' particles j != i within the cutoff
//   update_velocities  v += dt/2 f/m

#include "md_physics.hpp"
#include "particle.hpp"

#include <cstddef>
#include <cstdint>

namespace coalesce::particles {

// The cell list: particle indices in cell order (`index`), and where each cell's run starts
// (`start`, cells^3 + 1 entries).
struct cell_list_view {
  const std::uint32_t* start = nullptr;
  const std::uint32_t* index = nullptr;
};

template <class P>
COALESCE_HD inline auto& position(const P& p, std::size_t i, int c) {
  return p.template get<&particle::x>(i, std::size_t(c));
}
template <class P>
COALESCE_HD inline auto& velocity(const P& p, std::size_t i, int c) {
  return p.template get<&particle::v>(i, std::size_t(c));
}
template <class P>
COALESCE_HD inline double half_step_over_mass(const P& p, std::size_t i, double dt) {
  return 0.5 * dt / double(p.template get<&particle::mass>(i));
}

template <class P, class F>
COALESCE_HD inline void update_positions(const P& p, const F& f, std::size_t i, double dt, const md_box& b) {
  const double h = half_step_over_mass(p, i, dt);
  COALESCE_UNROLL
  for (int c = 0; c < 3; ++c) {
    const double v = velocity(p, i, c) + h * f(i, std::size_t(c));
    velocity(p, i, c) = v;
    position(p, i, c) = wrap(position(p, i, c) + dt * v, b);
  }
}

template <class P, class F>
COALESCE_HD inline void update_velocities(const P& p, const F& f, std::size_t i, double dt) {
  const double h = half_step_over_mass(p, i, dt);
  COALESCE_UNROLL
  for (int c = 0; c < 3; ++c) velocity(p, i, c) += h * f(i, std::size_t(c));
}

template <class P>
COALESCE_HD inline std::uint32_t cell_of(const P& p, std::size_t i, const md_box& b) {
  return cell_index(cell_coordinate(position(p, i, 0), b), cell_coordinate(position(p, i, 1), b),
                    cell_coordinate(position(p, i, 2), b), b);
}

// The neighbour cells in a fixed order and each cell's particles in index order: every backend and
// layout sums the same pairs in the same order.
template <class P, class F>
COALESCE_HD inline void pair_forces(const P& p, const F& f, const cell_list_view& cells, std::size_t i,
                                    const md_box& b) {
  const double xi[3] = {position(p, i, 0), position(p, i, 1), position(p, i, 2)};
  const unsigned si = p.template get<&particle::species>(i);
  const std::uint32_t home[3] = {cell_coordinate(xi[0], b), cell_coordinate(xi[1], b), cell_coordinate(xi[2], b)};
  double sum[3] = {0, 0, 0};
  for (int dz = -1; dz <= 1; ++dz)
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) {
        const std::uint32_t c =
            cell_index(neighbour(home[0], dx, b), neighbour(home[1], dy, b), neighbour(home[2], dz, b), b);
        for (std::uint32_t k = cells.start[c]; k < cells.start[c + 1]; ++k) {
          const std::size_t j = cells.index[k];
          if (j == i) continue;
          const double d[3] = {minimum_image(xi[0] - position(p, j, 0), b), minimum_image(xi[1] - position(p, j, 1), b),
                               minimum_image(xi[2] - position(p, j, 2), b)};
          lj_pair(d, lj_epsilon(si, p.template get<&particle::species>(j)), b, sum);
        }
      }
  COALESCE_UNROLL
  for (int c = 0; c < 3; ++c) f(i, std::size_t(c)) = sum[c];
}

}  // namespace coalesce::particles

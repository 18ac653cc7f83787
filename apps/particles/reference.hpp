// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The double-precision host reference: the same velocity-Verlet steps on plain arrays with its own
// cell list (a vector of particle indices per cell), serial, plus an all-pairs force for small n
// that checks the cell list itself; energies and the comparison of positions.

#include "md_physics.hpp"
#include "particle.hpp"

#include <array>
#include <cstddef>
#include <vector>

namespace coalesce::particles {

struct reference_state {
  std::vector<std::array<double, 3>> x, v, f;
  std::vector<double> mass;
  std::vector<unsigned> species;
  double potential = 0;  // of the last force computation
};

// The state of the particles, with the forces of the cell list.
reference_state reference_start(const std::vector<particle>& particles, const md_box& box);
// Forces and the potential energy (also returned) by the cell list, O(n), or over all pairs, O(n^2).
double reference_forces(reference_state& s, const md_box& box);
double reference_forces_all_pairs(reference_state& s, const md_box& box);
void reference_run(reference_state& s, const md_box& box, double dt, std::size_t steps);

double kinetic_energy(const reference_state& s);
// Total energy of particles (kinetic plus the cell list's potential).
double total_energy(const std::vector<particle>& particles, const md_box& box);
// The largest distance (nearest image) between a particle's position and the reference's.
double largest_position_error(const std::vector<particle>& particles, const reference_state& s, const md_box& box);

}  // namespace coalesce::particles

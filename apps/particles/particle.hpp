// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The particle as an MD code writes it (mixed types, compiler padding kept: 57 bytes of fields in 64),
// its record, the run's settings and box, and the initial state (an fcc lattice at the density, a
// binary mixture, velocities at the temperature, stored in cell order as a code sorts its particles).

#include "md_physics.hpp"

#include <coalesce/record/record.hpp>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace coalesce::particles {

struct particle {
  double x[3];  // position in [0, L)
  double v[3];
  float mass;
  std::int32_t id;
  std::uint8_t species;  // 0 or 1 (lj_epsilon)
};
using particle_fields = fields<&particle::x, &particle::v, &particle::mass, &particle::id, &particle::species>;

// The record of particle: fields x, v, mass, id, species.
record_desc particle_record();

struct md_settings {
  double density = 0.8;      // particles per sigma^3
  double temperature = 1.0;  // of the initial velocities (k_B = 1)
  double dt = 0.005;
  double cutoff = 2.5;
  std::uint64_t seed = 1;
};

// The box of n particles at the settings' density; throws invalid_argument when it is under three
// cutoffs wide (the cell list needs 3 cells per side), naming the smallest n that fits.
md_box make_box(std::size_t n, const md_settings& s);

// n particles on an fcc lattice filling the box, jittered, species and velocities from the seed (zero
// total momentum, kinetic temperature s.temperature), sorted by cell. Masses: species 0 1.0, species 1 2.0.
std::vector<particle> initial_particles(std::size_t n, const md_box& box, const md_settings& s);

}  // namespace coalesce::particles

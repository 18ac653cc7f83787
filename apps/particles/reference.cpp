// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include "reference.hpp"

#include <algorithm>
#include <cmath>

namespace coalesce::particles {

namespace {

std::array<std::uint32_t, 3> cell_coordinates(const std::array<double, 3>& x, const md_box& b) {
  return {cell_coordinate(x[0], b), cell_coordinate(x[1], b), cell_coordinate(x[2], b)};
}

// The force on i from j and their pair energy.
double add_pair(reference_state& s, std::size_t i, std::size_t j, const md_box& b, double (&f)[3]) {
  const double d[3] = {minimum_image(s.x[i][0] - s.x[j][0], b), minimum_image(s.x[i][1] - s.x[j][1], b),
                       minimum_image(s.x[i][2] - s.x[j][2], b)};
  return lj_pair(d, lj_epsilon(s.species[i], s.species[j]), b, f);
}

void set_force(reference_state& s, std::size_t i, const double (&f)[3]) {
  for (int c = 0; c < 3; ++c) s.f[i][std::size_t(c)] = f[c];
}

}  // namespace

reference_state reference_start(const std::vector<particle>& particles, const md_box& box) {
  reference_state s;
  for (const particle& p : particles) {
    s.x.push_back({p.x[0], p.x[1], p.x[2]});
    s.v.push_back({p.v[0], p.v[1], p.v[2]});
    s.mass.push_back(p.mass);
    s.species.push_back(p.species);
  }
  s.f.resize(particles.size());
  reference_forces(s, box);
  return s;
}

double reference_forces(reference_state& s, const md_box& b) {
  const std::size_t n = s.x.size();
  std::vector<std::vector<std::size_t>> cells(std::size_t(b.cells) * b.cells * b.cells);
  for (std::size_t i = 0; i < n; ++i) {
    const auto c = cell_coordinates(s.x[i], b);
    cells[cell_index(c[0], c[1], c[2], b)].push_back(i);
  }
  double energy = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const auto home = cell_coordinates(s.x[i], b);
    double f[3] = {0, 0, 0};
    for (int dz = -1; dz <= 1; ++dz)
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx)
          for (std::size_t j : cells[cell_index(neighbour(home[0], dx, b), neighbour(home[1], dy, b),
                                                neighbour(home[2], dz, b), b)])
            if (j != i) energy += add_pair(s, i, j, b, f);
    set_force(s, i, f);
  }
  return s.potential = energy / 2;  // each pair was counted from both ends
}

double reference_forces_all_pairs(reference_state& s, const md_box& b) {
  double energy = 0;
  for (std::size_t i = 0; i < s.x.size(); ++i) {
    double f[3] = {0, 0, 0};
    for (std::size_t j = 0; j < s.x.size(); ++j)
      if (j != i) energy += add_pair(s, i, j, b, f);
    set_force(s, i, f);
  }
  return s.potential = energy / 2;
}

void reference_run(reference_state& s, const md_box& b, double dt, std::size_t steps) {
  const std::size_t n = s.x.size();
  for (std::size_t step = 0; step < steps; ++step) {
    for (std::size_t i = 0; i < n; ++i) {
      const double h = 0.5 * dt / s.mass[i];
      for (std::size_t c = 0; c < 3; ++c) {
        s.v[i][c] += h * s.f[i][c];
        s.x[i][c] = wrap(s.x[i][c] + dt * s.v[i][c], b);
      }
    }
    reference_forces(s, b);
    for (std::size_t i = 0; i < n; ++i) {
      const double h = 0.5 * dt / s.mass[i];
      for (std::size_t c = 0; c < 3; ++c) s.v[i][c] += h * s.f[i][c];
    }
  }
}

double kinetic_energy(const reference_state& s) {
  double twice = 0;
  for (std::size_t i = 0; i < s.x.size(); ++i)
    for (std::size_t c = 0; c < 3; ++c) twice += s.mass[i] * s.v[i][c] * s.v[i][c];
  return twice / 2;
}

double total_energy(const std::vector<particle>& particles, const md_box& box) {
  const reference_state s = reference_start(particles, box);
  return kinetic_energy(s) + s.potential;
}

double largest_position_error(const std::vector<particle>& particles, const reference_state& s, const md_box& box) {
  double worst = 0;
  for (std::size_t i = 0; i < particles.size(); ++i)
    for (std::size_t c = 0; c < 3; ++c)
      worst = std::max(worst, std::abs(minimum_image(particles[i].x[c] - s.x[i][c], box)));
  return worst;
}

}  // namespace coalesce::particles

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include "particle.hpp"

#include <coalesce/core/error.hpp>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <string>

namespace coalesce::particles {

record_desc particle_record() {
  return describe_record<particle>(field("x", &particle::x), field("v", &particle::v), field("mass", &particle::mass),
                                   field("id", &particle::id), field("species", &particle::species));
}

md_box make_box(std::size_t n, const md_settings& s) {
  if (!(s.density > 0) || !(s.cutoff > 0) || !(s.dt > 0) || !(s.temperature >= 0))
    fail(errc::invalid_argument, "make_box", "density, cutoff and dt must be positive and the temperature not negative");
  md_box b;
  b.length = std::cbrt(double(n) / s.density);
  b.inv_length = 1.0 / b.length;
  const double per_side = std::floor(b.length / s.cutoff);
  if (per_side < 3) {
    const double smallest = std::ceil(std::pow(3 * s.cutoff, 3) * s.density);
    fail(errc::invalid_argument, "make_box",
         "n = " + std::to_string(n) + " at density " + std::to_string(s.density) + " gives a box of L = " +
             std::to_string(b.length) + ", under three cutoffs of " + std::to_string(s.cutoff) +
             " (the cell list needs 3 cells per side): use n >= " + std::to_string(std::size_t(smallest)));
  }
  b.cells = std::uint32_t(std::min(per_side, 1024.0));  // more cells than that only cost memory
  b.cutoff2 = s.cutoff * s.cutoff;
  const double inv6 = 1.0 / (b.cutoff2 * b.cutoff2 * b.cutoff2);
  b.shift = 4.0 * inv6 * (inv6 - 1.0);
  return b;
}

std::vector<particle> initial_particles(std::size_t n, const md_box& box, const md_settings& s) {
  std::mt19937_64 gen(s.seed);
  std::uniform_real_distribution<double> jitter(-0.05, 0.05), velocity(-0.5, 0.5);
  // fcc: 4 sites per cubic cell, k^3 cells, the first n sites in lattice order.
  std::size_t k = 1;
  while (4 * k * k * k < n) ++k;
  const double a = box.length / double(k);
  const double basis[4][3] = {{0, 0, 0}, {0.5, 0.5, 0}, {0.5, 0, 0.5}, {0, 0.5, 0.5}};
  std::vector<particle> p(n);
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t site = i / 4, cell[3] = {site % k, site / k % k, site / (k * k)};
    for (int c = 0; c < 3; ++c)
      p[i].x[c] = wrap((double(cell[c]) + 0.25 + basis[i % 4][c] + jitter(gen)) * a, box);
    p[i].species = std::uint8_t(gen() & 1);
    p[i].mass = p[i].species ? 2.0f : 1.0f;
    p[i].id = std::int32_t(i);
    for (double& v : p[i].v) v = velocity(gen);
  }
  // Zero total momentum, then scale to the temperature: sum m v^2 = 3 (n - 1) T.
  double momentum[3] = {0, 0, 0}, mass = 0;
  for (const particle& q : p) {
    mass += q.mass;
    for (int c = 0; c < 3; ++c) momentum[c] += q.mass * q.v[c];
  }
  double twice_kinetic = 0;
  for (particle& q : p)
    for (int c = 0; c < 3; ++c) {
      q.v[c] -= momentum[c] / mass;
      twice_kinetic += q.mass * q.v[c] * q.v[c];
    }
  const double scale = twice_kinetic > 0 ? std::sqrt(3.0 * double(n - 1) * s.temperature / twice_kinetic) : 0.0;
  for (particle& q : p)
    for (double& v : q.v) v *= scale;
  // In cell order, as an MD code keeps its particles: neighbours are near in memory.
  const auto cell_of = [&](const particle& q) {
    return cell_index(cell_coordinate(q.x[0], box), cell_coordinate(q.x[1], box), cell_coordinate(q.x[2], box), box);
  };
  std::stable_sort(p.begin(), p.end(), [&](const particle& l, const particle& r) { return cell_of(l) < cell_of(r); });
  return p;
}

}  // namespace coalesce::particles

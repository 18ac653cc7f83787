// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The physics, in one place for the kernels, the host loops and the double reference: a periodic cubic
// box with a cell list of cells at least one cutoff wide, and a Lennard-Jones binary mixture (sigma 1,
// epsilon per species pair) truncated at the cutoff and shifted to zero there.

#include <coalesce/core/config.hpp>

#include <math.h>

#include <cstdint>

namespace coalesce::particles {

struct md_box {
  double length = 0;      // L: periodic in x, y and z
  double inv_length = 0;  // 1 / L
  std::uint32_t cells = 0;  // per side (>= 3): 27 distinct neighbour cells
  double cutoff2 = 0;     // rc^2
  double shift = 0;       // 4 (rc^-12 - rc^-6): the pair energy at the cutoff, subtracted
};

// epsilon of a species pair: 1 (0-0), 1.5 (0-1), 0.5 (1-1).
COALESCE_HD inline double lj_epsilon(unsigned a, unsigned b) { return a != b ? 1.5 : (a == 0 ? 1.0 : 0.5); }

// The nearest periodic image of a separation.
COALESCE_HD inline double minimum_image(double d, const md_box& b) { return d - b.length * ::rint(d * b.inv_length); }

// A coordinate back into [0, L] (L itself only by rounding; cell_coordinate clamps it).
COALESCE_HD inline double wrap(double x, const md_box& b) { return x - b.length * ::floor(x * b.inv_length); }

COALESCE_HD inline std::uint32_t cell_coordinate(double x, const md_box& b) {
  const double c = x * b.inv_length * double(b.cells);
  return c <= 0 ? 0u : c >= double(b.cells - 1) ? b.cells - 1 : std::uint32_t(c);
}

COALESCE_HD inline std::uint32_t cell_index(std::uint32_t cx, std::uint32_t cy, std::uint32_t cz, const md_box& b) {
  return (cz * b.cells + cy) * b.cells + cx;
}

// The neighbour coordinate c + d (d in -1..1), periodic.
COALESCE_HD inline std::uint32_t neighbour(std::uint32_t c, int d, const md_box& b) {
  return d < 0 ? (c == 0 ? b.cells - 1 : c - 1) : d > 0 ? (c + 1 == b.cells ? 0 : c + 1) : c;
}

// The pair with separation d = x_i - x_j (nearest image): adds the force on i to f and returns the
// pair's energy; nothing beyond the cutoff.
COALESCE_HD inline double lj_pair(const double (&d)[3], double epsilon, const md_box& b, double (&f)[3]) {
  const double r2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
  if (r2 >= b.cutoff2) return 0;
  const double inv2 = 1.0 / r2;
  const double inv6 = inv2 * inv2 * inv2;
  const double scale = 24.0 * epsilon * inv2 * inv6 * (2.0 * inv6 - 1.0);
  for (int c = 0; c < 3; ++c) f[c] += scale * d[c];
  return epsilon * (4.0 * inv6 * (inv6 - 1.0) - b.shift);
}

}  // namespace coalesce::particles

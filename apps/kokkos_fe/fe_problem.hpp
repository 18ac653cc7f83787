// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// A random TLED element set in the user's AoS arrays, and the plain host element loop over them that
// the Kokkos loop is checked against. Tetrahedra are jittered copies of the unit corner tetrahedron
// (never inverted), nodes are shared at random, displacements are small.

#include "kokkos_fe.hpp"
#include "tled_physics.hpp"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

namespace coalesce::kokkos_fe {

struct fe_problem {
  std::size_t elements = 0, nodes = 0;
  std::vector<float> element;     // elements x 15: dN/dX (12), V0, mu, kappa
  std::vector<int> connectivity;  // elements x 4
  std::vector<float> u;           // nodes x 3
};

inline fe_problem random_problem(std::size_t elements, std::size_t nodes, std::uint64_t seed) {
  std::mt19937_64 gen(seed);
  std::uniform_real_distribution<float> jitter(-0.2f, 0.2f), small(-0.01f, 0.01f), size(0.5f, 2.0f);
  std::uniform_int_distribution<std::size_t> node(0, nodes - 1);
  fe_problem p{elements, nodes, std::vector<float>(elements * element_m), std::vector<int>(elements * connectivity_m),
               std::vector<float>(nodes * node_m)};
  const float mu = fe::shear_modulus(3000.0f, 0.45f), kappa = fe::bulk_modulus(3000.0f, 0.45f);
  for (std::size_t e = 0; e < elements; ++e) {
    const float h = size(gen);
    float x[4][3] = {{0, 0, 0}, {h, 0, 0}, {0, h, 0}, {0, 0, h}};
    for (auto& corner : x)
      for (float& c : corner) c += h * jitter(gen) * 0.5f;
    float dndx[4][3];
    const float volume = fe::tet_shape_derivatives(x, dndx);
    float* d = &p.element[e * element_m];
    for (std::size_t a = 0; a < 4; ++a)
      for (std::size_t j = 0; j < 3; ++j) d[3 * a + j] = dndx[a][j];
    d[12] = volume;
    d[13] = mu;
    d[14] = kappa;
    for (std::size_t a = 0; a < 4; ++a) p.connectivity[e * connectivity_m + a] = static_cast<int>(node(gen));
  }
  for (float& x : p.u) x = small(gen);
  return p;
}

// The plain host loop: the same physics call, on the AoS arrays; elements x 12 forces.
inline std::vector<float> host_element_loop(const fe_problem& p) {
  std::vector<float> force(p.elements * force_m);
  for (std::size_t e = 0; e < p.elements; ++e) {
    float ue[4][3], dndx[4][3], f[4][3];
    const float* d = &p.element[e * element_m];
    for (std::size_t a = 0; a < 4; ++a) {
      const auto n = static_cast<std::size_t>(p.connectivity[e * connectivity_m + a]);
      for (std::size_t j = 0; j < 3; ++j) {
        ue[a][j] = p.u[n * node_m + j];
        dndx[a][j] = d[3 * a + j];
      }
    }
    fe::element_nodal_forces(ue, dndx, d[12], d[13], d[14], f);
    for (std::size_t a = 0; a < 4; ++a)
      for (std::size_t j = 0; j < 3; ++j) force[e * force_m + 3 * a + j] = f[a][j];
  }
  return force;
}

// The largest difference of an element's forces from the reference over the element's largest
// reference force, across elements: how far a loop on another backend is from the host loop. A GPU
// contracts a * b + c into FMAs where the host compiler does not, and the stress is a difference of
// nearly equal terms at small strain, so single values (near-zero ones most) differ by far more
// than the forces of an element do.
inline double worst_element_difference(const std::vector<float>& out, const std::vector<float>& reference) {
  double worst = 0;
  for (std::size_t e = 0; e * force_m < reference.size(); ++e) {
    double diff = 0, scale = 0;
    for (std::size_t k = e * force_m; k < (e + 1) * force_m; ++k) {
      diff = std::fmax(diff, std::fabs(double(out[k]) - double(reference[k])));
      scale = std::fmax(scale, std::fabs(double(reference[k])));
    }
    worst = std::fmax(worst, scale > 0 ? diff / scale : diff);
  }
  return worst;
}

}  // namespace coalesce::kokkos_fe

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The per-element physics of TLED (total Lagrangian explicit dynamics) on linear tetrahedra with a
// compressible neo-Hookean material. Plain functions of small arrays, host and device, no CUDA or
// Kokkos: the CUDA kernels, the OpenMP loops, the double-precision reference and a Kokkos port all
// call these, so every backend computes the same thing in the same order.

#include <coalesce/core/config.hpp>

#include <math.h>

namespace coalesce::fe {

// Real-type overloads that resolve on the host (libm) and on the device (CUDA math) alike.
COALESCE_HD inline float real_cbrt(float x) { return ::cbrtf(x); }
COALESCE_HD inline double real_cbrt(double x) { return ::cbrt(x); }
COALESCE_HD inline float real_sqrt(float x) { return ::sqrtf(x); }
COALESCE_HD inline double real_sqrt(double x) { return ::sqrt(x); }

// Second Piola-Kirchhoff stress of the compressible neo-Hookean material for the deformation gradient F:
//   S = mu J^(-2/3) (I - tr(C)/3 C^-1) + kappa J (J - 1) C^-1,  C = F^T F,  J = det F.
// Returns J (<= 0 means the element is inverted; S is then meaningless).
template <class T>
COALESCE_HD inline T neo_hookean_stress(const T (&F)[3][3], T mu, T kappa, T (&S)[3][3]) {
  T C[3][3];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) C[i][j] = F[0][i] * F[0][j] + F[1][i] * F[1][j] + F[2][i] * F[2][j];
  const T J = F[0][0] * (F[1][1] * F[2][2] - F[1][2] * F[2][1]) - F[0][1] * (F[1][0] * F[2][2] - F[1][2] * F[2][0]) +
              F[0][2] * (F[1][0] * F[2][1] - F[1][1] * F[2][0]);
  // C^-1 = adj(C) / det C, with det C = J^2.
  const T inv_det_c = T(1) / (J * J);
  T Ci[3][3];
  Ci[0][0] = (C[1][1] * C[2][2] - C[1][2] * C[2][1]) * inv_det_c;
  Ci[1][1] = (C[0][0] * C[2][2] - C[0][2] * C[2][0]) * inv_det_c;
  Ci[2][2] = (C[0][0] * C[1][1] - C[0][1] * C[1][0]) * inv_det_c;
  Ci[0][1] = Ci[1][0] = (C[0][2] * C[2][1] - C[0][1] * C[2][2]) * inv_det_c;
  Ci[0][2] = Ci[2][0] = (C[0][1] * C[1][2] - C[0][2] * C[1][1]) * inv_det_c;
  Ci[1][2] = Ci[2][1] = (C[0][2] * C[1][0] - C[0][0] * C[1][2]) * inv_det_c;
  const T j13 = real_cbrt(J);
  const T deviatoric = mu / (j13 * j13);  // mu J^(-2/3)
  const T trace_third = (C[0][0] + C[1][1] + C[2][2]) / T(3);
  const T volumetric = kappa * J * (J - T(1));
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      S[i][j] = deviatoric * ((i == j ? T(1) : T(0)) - trace_third * Ci[i][j]) + volumetric * Ci[i][j];
  return J;
}

// Element nodal (internal) forces f_a = V0 F S dN_a/dX of one tetrahedron, in any real type.
template <class T>
COALESCE_HD inline void element_nodal_forces_t(const T (&u)[4][3], const T (&dndx)[4][3], T volume, T mu, T kappa,
                                               T (&f)[4][3]) {
  // F = I + sum_a u_a (x) grad N_a
  T F[3][3];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      F[i][j] = (i == j ? T(1) : T(0)) + u[0][i] * dndx[0][j] + u[1][i] * dndx[1][j] + u[2][i] * dndx[2][j] +
                u[3][i] * dndx[3][j];
  T S[3][3];
  neo_hookean_stress(F, mu, kappa, S);
  // P = V0 F S (the first Piola-Kirchhoff stress times the volume), then f_a = P dN_a/dX.
  T P[3][3];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) P[i][j] = volume * (F[i][0] * S[0][j] + F[i][1] * S[1][j] + F[i][2] * S[2][j]);
  for (int a = 0; a < 4; ++a)
    for (int i = 0; i < 3; ++i) f[a][i] = P[i][0] * dndx[a][0] + P[i][1] * dndx[a][1] + P[i][2] * dndx[a][2];
}

// The signature other backends (Kokkos) call: single precision.
COALESCE_HD inline void element_nodal_forces(const float (&u)[4][3], const float (&dndx)[4][3], float volume, float mu,
                                             float kappa, float (&f)[4][3]) {
  element_nodal_forces_t<float>(u, dndx, volume, mu, kappa, f);
}
COALESCE_HD inline void element_nodal_forces(const double (&u)[4][3], const double (&dndx)[4][3], double volume,
                                             double mu, double kappa, double (&f)[4][3]) {
  element_nodal_forces_t<double>(u, dndx, volume, mu, kappa, f);
}

// Signed volume of the tetrahedron x0..x3 (positive when x1-x0, x2-x0, x3-x0 are right-handed).
template <class T>
COALESCE_HD inline T tet_volume(const T (&x)[4][3]) {
  const T a[3] = {x[1][0] - x[0][0], x[1][1] - x[0][1], x[1][2] - x[0][2]};
  const T b[3] = {x[2][0] - x[0][0], x[2][1] - x[0][1], x[2][2] - x[0][2]};
  const T c[3] = {x[3][0] - x[0][0], x[3][1] - x[0][1], x[3][2] - x[0][2]};
  return (a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0]) + a[2] * (b[0] * c[1] - b[1] * c[0])) /
         T(6);
}

// Shape-function derivatives dN_a/dX_j of a linear tetrahedron (constant over it).
// @pre tet_volume(x) != 0. Returns the signed volume.
template <class T>
COALESCE_HD inline T tet_shape_derivatives(const T (&x)[4][3], T (&dndx)[4][3]) {
  // The Jacobian J_ij = x_{i+1, j} - x_{0, j} maps reference to physical edges; grad N_{1..3} are the
  // columns of J^-1 (as rows of J^-T), and grad N_0 = -(their sum).
  T J[3][3];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) J[i][j] = x[i + 1][j] - x[0][j];
  const T det = J[0][0] * (J[1][1] * J[2][2] - J[1][2] * J[2][1]) - J[0][1] * (J[1][0] * J[2][2] - J[1][2] * J[2][0]) +
                J[0][2] * (J[1][0] * J[2][1] - J[1][1] * J[2][0]);
  T inv[3][3];  // inv = J^-1
  inv[0][0] = (J[1][1] * J[2][2] - J[1][2] * J[2][1]) / det;
  inv[0][1] = (J[0][2] * J[2][1] - J[0][1] * J[2][2]) / det;
  inv[0][2] = (J[0][1] * J[1][2] - J[0][2] * J[1][1]) / det;
  inv[1][0] = (J[1][2] * J[2][0] - J[1][0] * J[2][2]) / det;
  inv[1][1] = (J[0][0] * J[2][2] - J[0][2] * J[2][0]) / det;
  inv[1][2] = (J[0][2] * J[1][0] - J[0][0] * J[1][2]) / det;
  inv[2][0] = (J[1][0] * J[2][1] - J[1][1] * J[2][0]) / det;
  inv[2][1] = (J[0][1] * J[2][0] - J[0][0] * J[2][1]) / det;
  inv[2][2] = (J[0][0] * J[1][1] - J[0][1] * J[1][0]) / det;
  for (int a = 1; a < 4; ++a)
    for (int j = 0; j < 3; ++j) dndx[a][j] = inv[j][a - 1];
  for (int j = 0; j < 3; ++j) dndx[0][j] = -(dndx[1][j] + dndx[2][j] + dndx[3][j]);
  return det / T(6);
}

// Smallest altitude of the tetrahedron (3 V / largest face area): its characteristic length for
// the stable time step.
template <class T>
COALESCE_HD inline T tet_min_altitude(const T (&x)[4][3], T volume) {
  T largest = 0;
  for (int skip = 0; skip < 4; ++skip) {
    int v[3], k = 0;
    for (int a = 0; a < 4; ++a)
      if (a != skip) v[k++] = a;
    const T e1[3] = {x[v[1]][0] - x[v[0]][0], x[v[1]][1] - x[v[0]][1], x[v[1]][2] - x[v[0]][2]};
    const T e2[3] = {x[v[2]][0] - x[v[0]][0], x[v[2]][1] - x[v[0]][1], x[v[2]][2] - x[v[0]][2]};
    const T c[3] = {e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]};
    const T area = real_sqrt(c[0] * c[0] + c[1] * c[1] + c[2] * c[2]) / T(2);
    if (area > largest) largest = area;
  }
  return T(3) * volume / largest;
}

// Material constants of the neo-Hookean model from Young's modulus and Poisson's ratio (small-strain limit).
template <class T>
COALESCE_HD inline T shear_modulus(T young, T poisson) {
  return young / (T(2) * (T(1) + poisson));
}
template <class T>
COALESCE_HD inline T bulk_modulus(T young, T poisson) {
  return young / (T(3) * (T(1) - T(2) * poisson));
}
// Dilatational wave speed sqrt((kappa + 4 mu / 3) / rho): the fastest wave, which bounds the time step.
template <class T>
COALESCE_HD inline T dilatational_wave_speed(T mu, T kappa, T density) {
  return real_sqrt((kappa + T(4) * mu / T(3)) / density);
}

// Central differences with mass-proportional damping, M u'' + D M u' + F(u) = R, per node of lumped mass M:
//   u+ = A (R - F) + B u + C u-,  A = 1 / (M/dt^2 + D M/(2 dt)),  B = 2 M/dt^2 A,  C = (D M/(2 dt) - M/dt^2) A.
template <class T>
struct central_difference {
  T a, b, c;
};
template <class T>
COALESCE_HD inline central_difference<T> central_difference_coefficients(T mass, T dt, T damping) {
  const T inertia = mass / (dt * dt);
  const T viscous = damping * mass / (T(2) * dt);
  const T a = T(1) / (inertia + viscous);
  return {a, T(2) * inertia * a, (viscous - inertia) * a};
}

}  // namespace coalesce::fe

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The per-element physics (fe.physics.*): shape derivatives, rigid motions, force balance, the
// small-strain limit of the neo-Hookean stress, and the central-difference coefficients.

#include "tled_physics.hpp"

#include <doctest/doctest.h>

#include <cmath>

using namespace coalesce::fe;

namespace {

const double corners[4][3] = {{0.1, 0.0, 0.2}, {1.2, 0.1, 0.0}, {0.2, 0.9, 0.1}, {0.3, 0.2, 1.1}};

}  // namespace

TEST_SUITE("unit") {
  TEST_CASE("fe.physics.shape_derivatives") {
    double dndx[4][3];
    const double v = tet_shape_derivatives(corners, dndx);
    CHECK(v == doctest::Approx(tet_volume(corners)).epsilon(1e-14));
    CHECK(v > 0);
    // sum_a dN_a/dX_j = 0 and sum_a X_a,k dN_a/dX_j = delta_jk: linear fields are reproduced exactly.
    for (int j = 0; j < 3; ++j) {
      CHECK(std::abs(dndx[0][j] + dndx[1][j] + dndx[2][j] + dndx[3][j]) < 1e-12);
      for (int k = 0; k < 3; ++k) {
        double s = 0;
        for (int a = 0; a < 4; ++a) s += corners[a][k] * dndx[a][j];
        CHECK(std::abs(s - (j == k ? 1.0 : 0.0)) < 1e-12);
      }
    }
  }

  TEST_CASE("fe.physics.rigid_motion_is_force_free") {
    double dndx[4][3], u[4][3], f[4][3];
    const double volume = tet_shape_derivatives(corners, dndx);
    // A finite rotation about z by 0.3 rad plus a translation: F is a rotation, so S = 0.
    const double c = std::cos(0.3), s = std::sin(0.3);
    for (int a = 0; a < 4; ++a) {
      const double* x = corners[a];
      u[a][0] = c * x[0] - s * x[1] - x[0] + 0.5;
      u[a][1] = s * x[0] + c * x[1] - x[1] - 0.2;
      u[a][2] = 0.1;
    }
    element_nodal_forces(u, dndx, volume, 1000.0, 5000.0, f);
    for (auto& fa : f)
      for (double fi : fa) CHECK(std::abs(fi) < 1e-9);
  }

  TEST_CASE("fe.physics.forces_balance") {
    float dndx[4][3], x[4][3], f[4][3];
    for (int a = 0; a < 4; ++a)
      for (int j = 0; j < 3; ++j) x[a][j] = float(corners[a][j]);
    const float volume = tet_shape_derivatives(x, dndx);
    const float u[4][3] = {{0.01f, -0.02f, 0.0f}, {0.05f, 0.0f, 0.01f}, {-0.01f, 0.03f, 0.02f}, {0.0f, 0.01f, -0.04f}};
    element_nodal_forces(u, dndx, volume, 1000.0f, 5000.0f, f);
    for (int j = 0; j < 3; ++j) CHECK(std::abs(f[0][j] + f[1][j] + f[2][j] + f[3][j]) < 1e-3f);
  }

  TEST_CASE("fe.physics.small_strain_limit_is_linear_elastic") {
    // Uniaxial strain eps along x: linear elasticity gives S_xx = (lambda + 2 mu) eps, S_yy = lambda eps.
    const double young = 3000, nu = 0.45, eps = 1e-6;
    const double mu = shear_modulus(young, nu), kappa = bulk_modulus(young, nu), lambda = kappa - 2 * mu / 3;
    const double F[3][3] = {{1 + eps, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    double S[3][3];
    const double J = neo_hookean_stress(F, mu, kappa, S);
    CHECK(J == doctest::Approx(1 + eps));
    CHECK(S[0][0] == doctest::Approx((lambda + 2 * mu) * eps).epsilon(1e-5));
    CHECK(S[1][1] == doctest::Approx(lambda * eps).epsilon(1e-5));
    CHECK(std::abs(S[0][1]) < 1e-12);
  }

  TEST_CASE("fe.physics.central_difference") {
    // Without forces and damping, u+ = 2u - u-: B = 2, C = -1.
    const auto cd = central_difference_coefficients(2.0, 1e-3, 0.0);
    CHECK(cd.b == doctest::Approx(2.0));
    CHECK(cd.c == doctest::Approx(-1.0));
    CHECK(cd.a == doctest::Approx(1e-6 / 2.0));
    const auto damped = central_difference_coefficients(2.0, 1e-3, 10.0);
    CHECK(damped.b + damped.c < 1.0);  // damping takes energy out
  }
}

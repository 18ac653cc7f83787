// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include "model.hpp"

#include "tled_physics.hpp"

#include <coalesce/core/error.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

namespace coalesce::fe {

void parse_face(const std::string& text, boundary_conditions& bc) {
  if (text.size() != 2 || (text[0] != 'x' && text[0] != 'y' && text[0] != 'z') || (text[1] != '-' && text[1] != '+'))
    fail(errc::invalid_argument, "--fixed-face", "'" + text + "' is not one of x-, x+, y-, y+, z-, z+");
  bc.axis = text[0] - 'x';
  bc.fixed_low = text[1] == '-';
}

double load_factor(std::size_t step, std::size_t ramp) {
  if (ramp == 0 || step + 1 >= ramp) return 1.0;
  const double t = double(step + 1) / double(ramp);
  return 0.5 * (1.0 - std::cos(3.14159265358979323846 * t));
}

namespace {

// The constraint of a node from the face boundary conditions of a box [lo, hi].
node_constraint face_constraint(const std::array<double, 3>& x, const boundary_conditions& bc,
                                const std::array<double, 3>& lo, const std::array<double, 3>& hi) {
  node_constraint c;
  const int a = bc.axis;
  const double length = hi[std::size_t(a)] - lo[std::size_t(a)];
  const double tol = 1e-9 * std::max({hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]});
  const bool on_low = std::abs(x[std::size_t(a)] - lo[std::size_t(a)]) <= tol;
  const bool on_high = std::abs(x[std::size_t(a)] - hi[std::size_t(a)]) <= tol;
  const bool fixed = bc.fixed_low ? on_low : on_high;
  const bool loaded = bc.fixed_low ? on_high : on_low;
  const std::uint32_t normal = 1u << a;
  if (fixed) c.mask = bc.roller ? normal : (fix_x | fix_y | fix_z);
  if (loaded && bc.stretch != 0) {
    c.mask = bc.roller ? normal : (fix_x | fix_y | fix_z);
    c.value[std::size_t(a)] = (bc.fixed_low ? 1.0 : -1.0) * bc.stretch * length;
  }
  if (bc.roller)  // symmetry planes: the low faces of the other two axes hold their normal component
    for (int d = 0; d < 3; ++d)
      if (d != a && std::abs(x[std::size_t(d)] - lo[std::size_t(d)]) <= tol) c.mask |= 1u << d;
  return c;
}

}  // namespace

template <class Real>
tled_model_t<Real> build_model(const tet_mesh& mesh, const material& mat, const boundary_conditions& bc,
                               const time_settings& time) {
  validate_mesh(mesh);
  if (!(mat.young > 0) || !(mat.poisson > -1 && mat.poisson < 0.5) || !(mat.density > 0))
    fail(errc::invalid_argument, "material",
         "E = " + std::to_string(mat.young) + ", nu = " + std::to_string(mat.poisson) + ", rho = " +
             std::to_string(mat.density) + ": need E > 0, -1 < nu < 0.5, rho > 0");
  if (!(time.safety > 0 && time.safety <= 1))
    fail(errc::invalid_argument, "time step", "safety factor " + std::to_string(time.safety) + " is outside (0, 1]");
  tled_model_t<Real> m;
  m.nodes = mesh.node_count();
  m.elements = mesh.element_count();
  const double mu = shear_modulus(mat.young, mat.poisson);
  const double kappa = bulk_modulus(mat.young, mat.poisson);
  m.wave_speed = dilatational_wave_speed(mu, kappa, mat.density);
  m.element_data.resize(m.elements * element_m);
  m.connectivity.resize(m.elements * connectivity_m);
  m.mass.assign(m.nodes, 0.0);
  double min_altitude = std::numeric_limits<double>::max(), volume = 0;
  for (std::size_t e = 0; e < m.elements; ++e) {
    double x[4][3], dndx[4][3];
    for (int a = 0; a < 4; ++a)
      for (int j = 0; j < 3; ++j) x[a][j] = mesh.nodes[std::size_t(mesh.tets[e][std::size_t(a)])][std::size_t(j)];
    const double v = tet_shape_derivatives(x, dndx);
    min_altitude = std::min(min_altitude, tet_min_altitude(x, v));
    volume += v;
    Real* d = &m.element_data[e * element_m];
    for (int a = 0; a < 4; ++a)
      for (int j = 0; j < 3; ++j) d[3 * a + j] = Real(dndx[a][j]);
    d[12] = Real(v);
    d[13] = Real(mu);
    d[14] = Real(kappa);
    for (int a = 0; a < 4; ++a) {
      m.connectivity[e * 4 + std::size_t(a)] = mesh.tets[e][std::size_t(a)];
      m.mass[std::size_t(mesh.tets[e][std::size_t(a)])] += mat.density * v / 4;  // lumped: a quarter each
    }
  }
  for (std::size_t i = 0; i < m.nodes; ++i)
    if (m.mass[i] == 0)
      fail(errc::invalid_argument, "mesh", mesh.source + ": node " + std::to_string(i) + " belongs to no element");
  m.min_altitude = min_altitude;
  m.volume = volume;
  m.critical_dt = min_altitude / m.wave_speed;
  m.dt = time.safety * m.critical_dt;
  // Default damping: critical for the lowest mode of a bar as long as the mesh, omega_1 ~ pi c / (2 L).
  const auto lo = mesh.lower(), hi = mesh.upper();
  const double longest = std::max({hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]});
  m.damping = time.damping >= 0 ? time.damping : 3.14159265358979323846 * std::sqrt(mat.young / mat.density) / longest;

  m.coefficients.resize(m.nodes * node_m);
  m.external.resize(m.nodes * node_m);
  m.constraint_mask.resize(m.nodes);
  m.constraint_value.resize(m.nodes * node_m);
  for (std::size_t i = 0; i < m.nodes; ++i) {
    const auto cd = central_difference_coefficients(m.mass[i], m.dt, m.damping);
    m.coefficients[3 * i + 0] = Real(cd.a);
    m.coefficients[3 * i + 1] = Real(cd.b);
    m.coefficients[3 * i + 2] = Real(cd.c);
    for (int j = 0; j < 3; ++j) m.external[3 * i + std::size_t(j)] = Real(m.mass[i] * bc.gravity[std::size_t(j)]);
    const node_constraint c = bc.custom ? bc.custom(mesh.nodes[i]) : face_constraint(mesh.nodes[i], bc, lo, hi);
    m.constraint_mask[i] = std::int32_t(c.mask);
    for (int j = 0; j < 3; ++j) m.constraint_value[3 * i + std::size_t(j)] = Real(c.value[std::size_t(j)]);
  }
  m.node_elements = build_node_element_list(mesh);
  return m;
}

template tled_model_t<float> build_model<float>(const tet_mesh&, const material&, const boundary_conditions&,
                                                const time_settings&);
template tled_model_t<double> build_model<double>(const tet_mesh&, const material&, const boundary_conditions&,
                                                  const time_settings&);

}  // namespace coalesce::fe

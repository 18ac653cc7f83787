// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Small problems shared by the host and GPU tests of the FE app.

#include "mesh.hpp"
#include "model.hpp"
#include "solver.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <vector>

namespace coalesce::fe::test {

// A soft cube, stretched 5% along x with clamped faces, under gravity: every term of the update is
// active (free and prescribed nodes, external force, large enough strains to be nonlinear).
struct stretch_problem {
  tet_mesh mesh = generate_box(5, 4, 3, {1.0, 0.8, 0.6}, 0.15, 7);
  material mat{};
  boundary_conditions bc;
  time_settings time;
  stretch_problem() {
    bc.stretch = 0.05;
    bc.gravity = {0, 0, -9.81};
  }
};

// The patch test: a homogeneous deformation u = H X prescribed on the boundary of a jittered
// (unstructured) mesh. At equilibrium every interior node must follow it, for the nonlinear material too.
struct patch_problem {
  double H[3][3] = {{0.06, 0.02, -0.01}, {0.01, -0.04, 0.03}, {-0.02, 0.015, 0.05}};
  tet_mesh mesh = generate_box(4, 4, 4, {1, 1, 1}, 0.15, 11);
  std::size_t steps = 1000, ramp = 100;

  std::array<double, 3> exact(const std::array<double, 3>& x) const {
    std::array<double, 3> u{};
    for (int i = 0; i < 3; ++i) u[std::size_t(i)] = H[i][0] * x[0] + H[i][1] * x[1] + H[i][2] * x[2];
    return u;
  }
  static bool on_boundary(const std::array<double, 3>& x) {
    for (double c : x)
      if (c < 1e-12 || c > 1 - 1e-12) return true;
    return false;
  }
  tled_model model() const {
    boundary_conditions bc;
    bc.custom = [this](const std::array<double, 3>& x) {
      node_constraint c;
      if (on_boundary(x)) {
        c.mask = fix_x | fix_y | fix_z;
        c.value = exact(x);
      }
      return c;
    };
    return build_model<float>(mesh, material{}, bc, time_settings{});
  }
  std::size_t interior_nodes() const {
    std::size_t count = 0;
    for (const auto& x : mesh.nodes) count += !on_boundary(x);
    return count;
  }
  // The largest error of an interior node relative to the largest displacement.
  double interior_error(const std::vector<float>& u) const {
    double worst = 0, scale = 0;
    for (std::size_t i = 0; i < mesh.node_count(); ++i) {
      const auto ue = exact(mesh.nodes[i]);
      for (std::size_t j = 0; j < 3; ++j) {
        scale = std::max(scale, std::abs(ue[j]));
        if (!on_boundary(mesh.nodes[i])) worst = std::max(worst, std::abs(double(u[3 * i + j]) - ue[j]));
      }
    }
    return worst / scale;
  }
};

// The element record's layouts the tests run: every kind, a static and a dynamic bd, split both ways.
inline constexpr const char* record_layout_texts[] = {"aos",          "packed",         "soa",
                                                      "blocked:32",   "blocked:48",     "blocked:128",
                                                      "split:dN,nodes", "split:dN,nodes:blocked:64"};

// Displacements and element forces after 60 steps of a 40-step ramp in a layout (vector or record).
struct short_run {
  std::vector<float> u, f;
  friend bool operator==(const short_run& a, const short_run& b) { return a.u == b.u && a.f == b.f; }
};
template <class Spec>
short_run run_short(const runtime& rt, const tled_model& model, const Spec& layout) {
  tled_solver solver(rt, model, layout);
  solver.run(60, 40);
  return {solver.displacements(), solver.element_forces()};
}

// The largest |a - b| over the largest |b|.
template <class A, class B>
double relative_difference(const std::vector<A>& a, const std::vector<B>& b) {
  double diff = 0, scale = 0;
  for (std::size_t k = 0; k < a.size(); ++k) {
    diff = std::max(diff, std::abs(double(a[k]) - double(b[k])));
    scale = std::max(scale, std::abs(double(b[k])));
  }
  return scale > 0 ? diff / scale : diff;
}

}  // namespace coalesce::fe::test

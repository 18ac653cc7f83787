// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The precomputed TLED model in the app's natural AoS structs: per element the shape-function
// derivatives, volume and material (15 floats) and the connectivity (4 ints); per node the
// central-difference coefficients, external force and boundary condition. The solver hands these to
// the coalesce runtime, which builds whatever layout was asked for.

#include "mesh.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace coalesce::fe {

struct material {
  double young = 3000;     // Pa (soft tissue)
  double poisson = 0.45;
  double density = 1000;   // kg/m^3
};

// One prescribed component: u_axis(node) = load_factor(t) * value.
inline constexpr std::uint32_t fix_x = 1, fix_y = 2, fix_z = 4;

struct node_constraint {
  std::uint32_t mask = 0;              // fix_x | fix_y | fix_z: which components are prescribed
  std::array<double, 3> value{0, 0, 0};  // their final values (reached when the load factor is 1)
};

// Boundary conditions as the command line states them. The fixed face is held; the opposite face
// moves along the axis by stretch * (box length) (negative: compression). Roller supports prescribe
// only the normal component on both faces and hold the low faces of the other two axes in their
// normal direction (symmetry planes): a uniaxial stress state. Clamped supports hold all components.
struct boundary_conditions {
  int axis = 0;          // 0, 1, 2: the faces are normal to this axis
  bool fixed_low = true;  // the fixed face is the low face of the axis (x-), the loaded one the high face
  bool roller = false;
  double stretch = 0;    // prescribed displacement of the loaded face as a fraction of the length
  std::array<double, 3> gravity{0, 0, 0};
  // A custom constraint per node (tests: a homogeneous deformation on the boundary); overrides the faces.
  std::function<node_constraint(const std::array<double, 3>&)> custom;
};

// Parses "x-", "x+", "y-", ... into axis and side; throws invalid_argument naming the text.
void parse_face(const std::string& text, boundary_conditions& bc);

struct time_settings {
  double safety = 0.5;     // fraction of the critical time step
  double damping = -1;     // mass-proportional damping D (1/s); < 0: from the lowest mode estimate
  std::size_t ramp_steps = 0;  // load ramp length; 0: all steps of the run
};

// Component counts of the vector sets.
inline constexpr std::size_t element_m = 15;   // dN/dX (4 x 3, row a = node), V0, mu, kappa
inline constexpr std::size_t connectivity_m = 4;
inline constexpr std::size_t force_m = 12;     // f_a (4 x 3)
inline constexpr std::size_t node_m = 3;

// Everything the time loop needs, AoS, in the solver's precision (float on devices, double in the reference).
template <class Real>
struct tled_model_t {
  std::size_t nodes = 0, elements = 0;
  std::vector<Real> element_data;            // elements x 15
  std::vector<std::int32_t> connectivity;    // elements x 4
  std::vector<Real> coefficients;            // nodes x 3: A, B, C of the central-difference update
  std::vector<Real> external;                // nodes x 3: R (gravity times lumped mass)
  std::vector<std::int32_t> constraint_mask; // nodes
  std::vector<Real> constraint_value;        // nodes x 3
  node_element_list node_elements;
  std::vector<double> mass;                  // lumped mass per node
  double dt = 0, damping = 0, critical_dt = 0;
  double min_altitude = 0, wave_speed = 0, volume = 0;
};
using tled_model = tled_model_t<float>;
using tled_model_double = tled_model_t<double>;

// Precomputes the model (in double, then rounded to Real). Throws what validate_mesh throws.
template <class Real>
tled_model_t<Real> build_model(const tet_mesh& mesh, const material& mat, const boundary_conditions& bc,
                               const time_settings& time);

// The load factor at step s (0-based) of a smooth ramp of `ramp` steps: 0.5 (1 - cos(pi t)), t = (s+1)/ramp.
double load_factor(std::size_t step, std::size_t ramp);

}  // namespace coalesce::fe

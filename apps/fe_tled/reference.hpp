// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The double-precision host reference (the same per-element and per-node functions on AoS vectors,
// serial order per node), and the reaction force on the loaded face.

#include "model.hpp"

#include <array>
#include <cstddef>
#include <vector>

namespace coalesce::fe {

struct reference_state {
  std::vector<double> u;      // nodes x 3 after the last step
  std::vector<double> force;  // elements x 12 of the last element pass
};

// `steps` steps of the model from rest, with a load ramp of `ramp` steps.
reference_state reference_run(const tled_model_double& model, std::size_t steps, std::size_t ramp);

// The total internal force on the nodes whose component `axis` is prescribed to a nonzero value (the
// loaded face): at equilibrium, the reaction the supports exert there. element_forces: elements x 12.
template <class Real>
std::array<double, 3> loaded_face_reaction(const tled_model_t<Real>& model, const std::vector<Real>& element_forces,
                                           int axis);

}  // namespace coalesce::fe

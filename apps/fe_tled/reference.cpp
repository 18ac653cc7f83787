// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include "reference.hpp"

#include "tled_kernels.hpp"

#include <cstdint>
#include <utility>

namespace coalesce::fe {

namespace {

template <class T, std::size_t M>
row_major_view<T, M> aos_view(std::vector<std::remove_const_t<T>>& data, std::size_t n) {
  using mapping = typename row_major_view<T, M>::mapping_type;
  return {data.data(), mapping(make_extents<extents<M>>(n, M))};
}

}  // namespace

reference_state reference_run(const tled_model_double& model, std::size_t steps, std::size_t ramp) {
  tled_model_double m = model;  // views need non-const data; the copy keeps the caller's model intact
  reference_state s;
  s.u.assign(m.nodes * node_m, 0.0);
  s.force.assign(m.elements * force_m, 0.0);
  std::vector<double> u_prev(m.nodes * node_m, 0.0);
  tled_views<row_major_view<double, element_m>, row_major_view<std::int32_t, connectivity_m>,
             row_major_view<double, force_m>, row_major_view<double, node_m>, row_major_view<std::int32_t, 1>>
      v;
  v.element = aos_view<double, element_m>(m.element_data, m.elements);
  v.connectivity = aos_view<std::int32_t, connectivity_m>(m.connectivity, m.elements);
  v.force = aos_view<double, force_m>(s.force, m.elements);
  v.coefficients = aos_view<double, node_m>(m.coefficients, m.nodes);
  v.external = aos_view<double, node_m>(m.external, m.nodes);
  v.constraint_value = aos_view<double, node_m>(m.constraint_value, m.nodes);
  v.constraint_mask = aos_view<std::int32_t, 1>(m.constraint_mask, m.nodes);
  v.offsets = m.node_elements.offsets.data();
  v.entries = m.node_elements.entries.data();
  const std::int64_t elements = std::int64_t(m.elements), nodes = std::int64_t(m.nodes);
  for (std::size_t step = 0; step < steps; ++step) {
    v.u = aos_view<double, node_m>(s.u, m.nodes);
    v.u_prev = aos_view<double, node_m>(u_prev, m.nodes);
#pragma omp parallel for schedule(static)
    for (std::int64_t e = 0; e < elements; ++e) element_pass(v, std::size_t(e));
    const double factor = load_factor(step, ramp);
#pragma omp parallel for schedule(static)
    for (std::int64_t i = 0; i < nodes; ++i) node_pass(v, std::size_t(i), factor);
    std::swap(s.u, u_prev);  // u_prev now holds the next step
  }
  return s;
}

template <class Real>
std::array<double, 3> loaded_face_reaction(const tled_model_t<Real>& model, const std::vector<Real>& element_forces,
                                           int axis) {
  std::array<double, 3> total{0, 0, 0};
  const auto& list = model.node_elements;
  for (std::size_t i = 0; i < model.nodes; ++i) {
    if (!((model.constraint_mask[i] >> axis) & 1) || model.constraint_value[3 * i + std::size_t(axis)] == Real(0))
      continue;
    for (std::int32_t k = list.offsets[i]; k < list.offsets[i + 1]; ++k) {
      const std::size_t e = std::size_t(list.entries[std::size_t(k)] >> 2);
      const std::size_t a = std::size_t(list.entries[std::size_t(k)] & 3);
      for (std::size_t j = 0; j < 3; ++j) total[j] += double(element_forces[e * force_m + 3 * a + j]);
    }
  }
  return total;
}

template std::array<double, 3> loaded_face_reaction<float>(const tled_model_t<float>&, const std::vector<float>&, int);
template std::array<double, 3> loaded_face_reaction<double>(const tled_model_t<double>&, const std::vector<double>&,
                                                            int);

}  // namespace coalesce::fe

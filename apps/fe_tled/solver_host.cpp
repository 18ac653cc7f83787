// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The host backend's passes: OpenMP loops over the same per-element and per-node functions as the kernels.

#include "counted_views.hpp"
#include "solver_views.hpp"

#include <cstdint>

namespace coalesce::fe {

void host_element_pass(solver_arrays& a) {
  visit_layout(a.element.layout(), [&](auto tag) {
    const auto v = make_views<decltype(tag)>(a);
    const std::int64_t n = std::int64_t(a.element.n());
#pragma omp parallel for schedule(static)
    for (std::int64_t e = 0; e < n; ++e) element_pass(v, std::size_t(e));
  });
}

void host_record_element_pass(solver_arrays& a) {
  visit<element_fields>(a.elements, [&](auto records) {
    const auto v = make_record_views(records, a);
    const std::int64_t n = std::int64_t(records.n());
#pragma omp parallel for schedule(static)
    for (std::int64_t e = 0; e < n; ++e) record_element_pass(v, std::size_t(e));
  });
}

void host_node_pass(solver_arrays& a, float load_factor) {
  visit_layout(a.u.layout(), [&](auto tag) {
    const auto v = make_node_views<decltype(tag)>(a);
    const std::int64_t n = std::int64_t(a.u.n());
#pragma omp parallel for schedule(static)
    for (std::int64_t i = 0; i < n; ++i) node_pass(v, std::size_t(i), load_factor);
  });
}

void host_counted_element_pass(solver_arrays& a, unsigned long long* counters) {
  visit_layout(a.element.layout(), [&](auto tag) {
    const auto v = make_counted_views<decltype(tag)>(a, counters);
    const std::int64_t n = std::int64_t(a.element.n());
#pragma omp parallel for schedule(static)
    for (std::int64_t e = 0; e < n; ++e) element_pass(v, std::size_t(e));
  });
}

void host_counted_record_element_pass(solver_arrays& a, unsigned long long* counters) {
  visit<element_fields>(a.elements, [&](auto records) {
    const auto v = make_counted_record_views(records, a, counters);
    const std::int64_t n = std::int64_t(records.n());
#pragma omp parallel for schedule(static)
    for (std::int64_t e = 0; e < n; ++e) record_element_pass(v, std::size_t(e));
  });
}

#if !defined(COALESCE_FE_WITH_CUDA)
// Without CUDA the runtime never reports backend::cuda, so these are unreachable; they fail loudly.
void device_element_pass(solver_arrays&, unsigned) {
  fail(errc::no_device, "coalesce-fe", "this build has no CUDA backend");
}
void device_record_element_pass(solver_arrays&, unsigned) {
  fail(errc::no_device, "coalesce-fe", "this build has no CUDA backend");
}
void device_node_pass(solver_arrays&, float, unsigned) {
  fail(errc::no_device, "coalesce-fe", "this build has no CUDA backend");
}
void device_counted_element_pass(solver_arrays&, unsigned long long*, unsigned) {
  fail(errc::no_device, "coalesce-fe", "this build has no CUDA backend");
}
void device_counted_record_element_pass(solver_arrays&, unsigned long long*, unsigned) {
  fail(errc::no_device, "coalesce-fe", "this build has no CUDA backend");
}
void device_synchronize() {}
#endif

}  // namespace coalesce::fe

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The CUDA passes: one thread per element, one thread per node, each compiled per layout.

#include "../common/cuda_check.cuh"
#include "counted_views.hpp"
#include "solver_views.hpp"

namespace coalesce::fe {

template <class Views>
__global__ void element_forces_kernel(Views v) {
  const std::size_t e = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
  if (e < v.element.n()) element_pass(v, e);
}

template <class Views>
__global__ void record_element_forces_kernel(Views v) {
  const std::size_t e = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
  if (e < v.element.n()) record_element_pass(v, e);
}

template <class Views>
__global__ void node_update_kernel(Views v, float load_factor) {
  const std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
  if (i < v.u.n()) node_pass(v, i, load_factor);
}

using apps::check;
using apps::check_launch;

namespace {
unsigned blocks_for(std::size_t n, unsigned block) { return unsigned((n + block - 1) / block); }
}  // namespace

void device_element_pass(solver_arrays& a, unsigned block) {
  visit_layout(a.element.layout(), [&](auto tag) {
    const auto v = make_views<decltype(tag)>(a);
    element_forces_kernel<<<blocks_for(a.element.n(), block), block>>>(v);
    check_launch("element_forces_kernel");
  });
}

void device_record_element_pass(solver_arrays& a, unsigned block) {
  visit<element_fields>(a.elements, [&](auto records) {
    const auto v = make_record_views(records, a);
    record_element_forces_kernel<<<blocks_for(records.n(), block), block>>>(v);
    check_launch("record_element_forces_kernel");
  });
}

void device_node_pass(solver_arrays& a, float load_factor, unsigned block) {
  visit_layout(a.u.layout(), [&](auto tag) {
    const auto v = make_node_views<decltype(tag)>(a);
    node_update_kernel<<<blocks_for(a.u.n(), block), block>>>(v, load_factor);
    check_launch("node_update_kernel");
  });
}

void device_counted_element_pass(solver_arrays& a, unsigned long long* counters, unsigned block) {
  visit_layout(a.element.layout(), [&](auto tag) {
    const auto v = make_counted_views<decltype(tag)>(a, counters);
    element_forces_kernel<<<blocks_for(a.element.n(), block), block>>>(v);
    check_launch("element_forces_kernel (counted)");
  });
}

void device_counted_record_element_pass(solver_arrays& a, unsigned long long* counters, unsigned block) {
  visit<element_fields>(a.elements, [&](auto records) {
    const auto v = make_counted_record_views(records, a, counters);
    record_element_forces_kernel<<<blocks_for(records.n(), block), block>>>(v);
    check_launch("record_element_forces_kernel (counted)");
  });
}

void device_synchronize() { check(cudaDeviceSynchronize(), "cudaDeviceSynchronize"); }

}  // namespace coalesce::fe

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Every GPU reduction kernel (reduction.<kernel>.*), every type, op and size class, several block sizes,
// a misaligned input for the vector loads, repeated single-pass launches (the counter must reset), and
// the per-component reduction in every layout (reduction.component_gpu.*). Results land in poisoned
// device memory, so a kernel that writes nothing fails.

#include "component_reduce.hpp"
#include "reduce_device.hpp"
#include "reduction_test_support.hpp"

#include <coalesce/coalesce.hpp>

#include <cuda_runtime.h>
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

using namespace coalesce;
using namespace coalesce::apps::reduction;
using namespace coalesce::apps::reduction::test;

namespace {

void require_cuda(cudaError_t err, const char* call) {
  INFO(call << ": " << cudaGetErrorString(err));
  REQUIRE(err == cudaSuccess);
}

// Device copy of in, with `offset` leading elements of poison before it (a misaligned start when the
// offset is not a multiple of 16 bytes).
template <class T>
buffer device_copy(const std::vector<T>& in, std::size_t offset) {
  buffer b = buffer::allocate(memory_space::device, (in.size() + offset + 1) * sizeof(T), "test");
  std::vector<T> staged(offset, coalesce::test::poison<T>());
  staged.insert(staged.end(), in.begin(), in.end());
  require_cuda(cudaMemcpy(b.data(), staged.data(), staged.size() * sizeof(T), cudaMemcpyHostToDevice), "cudaMemcpy");
  return b;
}

template <class T>
T run_into_poison(const device_reducer<T>& reducer, kernel k, op o, const T* in, std::size_t n, T* slot) {
  const T poison = coalesce::test::poison<T>();
  require_cuda(cudaMemcpy(slot, &poison, sizeof(T), cudaMemcpyHostToDevice), "cudaMemcpy");
  reducer.launch(k, o, in, n, slot);
  T got{};
  require_cuda(cudaMemcpy(&got, slot, sizeof(T), cudaMemcpyDeviceToHost), "cudaMemcpy");
  return got;
}

template <class T>
void check_kernel(kernel k, unsigned block, std::size_t offset) {
  const std::size_t largest = *std::max_element(size_classes.begin(), size_classes.end());
  const device_reducer<T> reducer(largest, block);
  const buffer slot = buffer::allocate(memory_space::device, sizeof(T), "test");
  for (std::size_t n : size_classes) {
    const std::uint64_t seed = coalesce::test::fresh_seed();
    INFO("seed " << seed << " kernel " << info(k).name << " block " << block << " offset " << offset);
    std::vector<T> in = fresh_input<T>(n, seed);
    plant_extremes(in, seed);
    const buffer d = device_copy(in, offset);
    const T* d_in = static_cast<const T*>(d.data()) + offset;
    for (op o : all_ops) {
      const T got = run_into_poison(reducer, k, o, d_in, n, static_cast<T*>(slot.data()));
      check_result(o, got, in, reducer.addition_depth(k, o, n), info(k).name);
    }
  }
}

template <class T>
void check_every_block(kernel k) {
  for (unsigned block : {64u, 256u, 1024u}) check_kernel<T>(k, block, 0);
}

void check_all_types(kernel k) {
  check_every_block<float>(k);
  check_every_block<double>(k);
  check_every_block<int>(k);
}

template <class T>
void check_components(layout_spec spec) {
  const runtime rt{backend::cuda};
  const device_component_reducer<T> reducer;
  for (std::size_t m : component_lengths) {
    for (std::size_t n : {std::size_t(1), std::size_t(31), std::size_t(1000), std::size_t(4097), std::size_t(300007)}) {
      const std::uint64_t seed = coalesce::test::fresh_seed();
      INFO("seed " << seed << " layout " << to_string(spec) << " n " << n << " m " << m);
      const std::vector<T> aos = fresh_input<T>(n * m, seed);
      const array<T> a = rt.upload(host_vectors(aos.data(), n, m), spec, coalesce::test::poison<T>());
      for (op o : all_ops) {
        const std::vector<T> got = reducer.reduce(o, a);
        REQUIRE(got.size() == m);
        for (std::size_t i = 0; i < m; ++i) {
          std::vector<T> column(n);
          for (std::size_t v = 0; v < n; ++v) column[v] = aos[v * m + i];
          check_result(o, got[i], column, reducer.addition_depth(n), "component " + std::to_string(i));
        }
      }
    }
  }
}

}  // namespace

TEST_SUITE("gpu") {
  TEST_CASE("reduction.interleaved_divergent.every_type_op_size_block") { check_all_types(kernel::interleaved_divergent); }
  TEST_CASE("reduction.interleaved_bank_conflicts.every_type_op_size_block") {
    check_all_types(kernel::interleaved_bank_conflicts);
  }
  TEST_CASE("reduction.sequential.every_type_op_size_block") { check_all_types(kernel::sequential); }
  TEST_CASE("reduction.first_add_on_load.every_type_op_size_block") { check_all_types(kernel::first_add_on_load); }
  TEST_CASE("reduction.warp_shuffle.every_type_op_size_block") { check_all_types(kernel::warp_shuffle); }
  TEST_CASE("reduction.unrolled.every_type_op_size_block") { check_all_types(kernel::unrolled); }
  TEST_CASE("reduction.grid_stride.every_type_op_size_block") { check_all_types(kernel::grid_stride); }
  TEST_CASE("reduction.vector_loads.every_type_op_size_block") { check_all_types(kernel::vector_loads); }
  TEST_CASE("reduction.single_pass.every_type_op_size_block") { check_all_types(kernel::single_pass); }

  TEST_CASE("reduction.vector_loads.misaligned_input") {
    for (std::size_t offset : {1, 2, 3}) {
      check_kernel<float>(kernel::vector_loads, 256, offset);
      check_kernel<int>(kernel::vector_loads, 128, offset);
    }
    check_kernel<double>(kernel::vector_loads, 256, 1);
  }
  TEST_CASE("reduction.single_pass.misaligned_input") {
    for (std::size_t offset : {1, 3}) check_kernel<float>(kernel::single_pass, 256, offset);
    check_kernel<double>(kernel::single_pass, 512, 1);
  }
  TEST_CASE("reduction.single_pass.counter_resets_between_launches") {
    // Back-to-back launches without a host sync in between: each must see a zero counter.
    const std::size_t n = 1u << 22;
    const std::vector<float> in = fresh_input<float>(n, coalesce::test::fresh_seed());
    const buffer d = device_copy(in, 0);
    const device_reducer<float> reducer(n, 256);
    const buffer slots = buffer::allocate(memory_space::device, 8 * sizeof(float), "test");
    for (int k = 0; k < 8; ++k)
      reducer.launch(kernel::single_pass, op::sum, static_cast<const float*>(d.data()), n, static_cast<float*>(slots.data()) + k);
    std::vector<float> got(8);
    require_cuda(cudaMemcpy(got.data(), slots.data(), 8 * sizeof(float), cudaMemcpyDeviceToHost), "cudaMemcpy");
    for (int k = 1; k < 8; ++k) CHECK(got[k] == got[0]);  // same grid, same order: bitwise equal
    check_result(op::sum, got[0], in, reducer.addition_depth(kernel::single_pass, op::sum, n), "single_pass");
  }
  TEST_CASE("reduction.device.rejects_bad_arguments") {
    CHECK_THROWS_AS(device_reducer<float>(100, 100), coalesce::error);
    const device_reducer<float> reducer(100, 256);
    const buffer slot = buffer::allocate(memory_space::device, sizeof(float), "test");
    CHECK_THROWS_AS(reducer.launch(kernel::sequential, op::sum, static_cast<const float*>(slot.data()), 101,
                                   static_cast<float*>(slot.data())),
                    coalesce::error);
    CHECK_THROWS_AS(reducer.launch(kernel::sequential, op::sum, nullptr, 10, static_cast<float*>(slot.data())),
                    coalesce::error);
  }

  TEST_CASE("reduction.component_gpu.aos") {
    check_components<float>(aos());
    check_components<int>(aos());
  }
  TEST_CASE("reduction.component_gpu.soa") {
    check_components<float>(soa());
    check_components<double>(soa());
    check_components<int>(soa(false));
  }
  TEST_CASE("reduction.component_gpu.blocked") {
    check_components<float>(blocked(128));
    check_components<double>(blocked(32));
    check_components<int>(blocked(96));
  }
  TEST_CASE("reduction.component_gpu.rejects_host_arrays") {
    const runtime host{backend::host};
    const std::vector<float> data(4 * 3, 1.0f);
    const array<float> a = host.upload(host_vectors(data.data(), 4, 3), aos());
    const device_component_reducer<float> reducer;
    CHECK_THROWS_AS(reducer.reduce(op::sum, a), coalesce::error);
  }
}

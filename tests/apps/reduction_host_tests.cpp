// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The host reductions (reduction.<method>.*) and the host per-component reduction in every layout
// (reduction.component_host.*): every type, op and size class against the reference.

#include "component_reduce.hpp"
#include "reduce_device.hpp"
#include "reduce_host.hpp"
#include "reduction_test_support.hpp"

#include <coalesce/coalesce.hpp>

#include <doctest/doctest.h>

using namespace coalesce;
using namespace coalesce::apps::reduction;
using namespace coalesce::apps::reduction::test;

namespace {

template <class T>
void check_method(host_method method) {
  for (std::size_t n : size_classes) {
    const std::uint64_t seed = coalesce::test::fresh_seed();
    INFO("seed " << seed);
    std::vector<T> in = fresh_input<T>(n, seed);
    plant_extremes(in, seed);
    for (op o : all_ops)
      check_result(o, host_reduce(method, o, in.data(), n), in, host_addition_depth(method, n), "host");
  }
}

template <class T>
void check_components(layout_spec spec) {
  const runtime rt{backend::host};
  for (std::size_t m : component_lengths) {
    for (std::size_t n : {std::size_t(1), std::size_t(2), std::size_t(127), std::size_t(1000), std::size_t(4097)}) {
      const std::uint64_t seed = coalesce::test::fresh_seed();
      INFO("seed " << seed << " layout " << to_string(spec) << " n " << n << " m " << m);
      const std::vector<T> aos = fresh_input<T>(n * m, seed);
      const array<T> a = rt.upload(host_vectors(aos.data(), n, m), spec);
      for (op o : all_ops) {
        const std::vector<T> got = host_component_reduce(o, a);
        REQUIRE(got.size() == m);
        for (std::size_t i = 0; i < m; ++i) {
          std::vector<T> column(n);
          for (std::size_t v = 0; v < n; ++v) column[v] = aos[v * m + i];
          check_result(o, got[i], column, host_component_addition_depth(n), "component " + std::to_string(i));
        }
      }
    }
  }
}

}  // namespace

TEST_SUITE("unit") {
  TEST_CASE("reduction.serial.every_type_op_size") {
    check_method<float>(host_method::serial);
    check_method<double>(host_method::serial);
    check_method<int>(host_method::serial);
  }
  TEST_CASE("reduction.openmp.every_type_op_size") {
    check_method<float>(host_method::openmp);
    check_method<double>(host_method::openmp);
    check_method<int>(host_method::openmp);
  }
  TEST_CASE("reduction.openmp_unrolled.every_type_op_size") {
    check_method<float>(host_method::openmp_unrolled);
    check_method<double>(host_method::openmp_unrolled);
    check_method<int>(host_method::openmp_unrolled);
  }
  TEST_CASE("reduction.host.empty_is_the_identity") {
    CHECK(host_reduce(host_method::openmp, op::sum, static_cast<const float*>(nullptr), 0) == 0.0f);
    CHECK(host_reduce(host_method::openmp, op::min, static_cast<const int*>(nullptr), 0) == std::numeric_limits<int>::max());
    CHECK(std::isinf(host_reduce(host_method::serial, op::max, static_cast<const double*>(nullptr), 0)));
  }
  TEST_CASE("reduction.host.rejects_null_input") {
    CHECK_THROWS_AS(host_reduce(host_method::serial, op::sum, static_cast<const float*>(nullptr), 5), coalesce::error);
  }
  TEST_CASE("reduction.component_host.aos") {
    check_components<float>(aos());
    check_components<int>(aos());
  }
  TEST_CASE("reduction.component_host.soa") {
    check_components<float>(soa());
    check_components<double>(soa());
  }
  TEST_CASE("reduction.component_host.blocked") {
    check_components<float>(blocked(32));
    check_components<double>(blocked(128));
    check_components<int>(blocked(64));
  }
  TEST_CASE("reduction.component_host.rejects_unsupported_m") {
    const runtime rt{backend::host};
    const std::vector<float> data(5 * 5, 1.0f);
    const array<float> a = rt.upload(host_vectors(data.data(), 5, 5), aos());
    CHECK_THROWS_AS(host_component_reduce(op::sum, a), coalesce::error);
  }
}

TEST_SUITE("unit") {
  TEST_CASE("reduction.catalog.names_numbers_and_block_sizes") {
    REQUIRE(all_kernels().size() == 9);
    CHECK(parse_kernel("3") == kernel::sequential);
    CHECK(parse_kernel("single_pass") == kernel::single_pass);
    CHECK(std::string(info(kernel::interleaved_bank_conflicts).name) == "interleaved_bank_conflicts");
    CHECK_THROWS_AS(parse_kernel("10"), coalesce::error);
    CHECK_THROWS_AS(parse_kernel("fast"), coalesce::error);
    CHECK(valid_block_size(64));
    CHECK(valid_block_size(1024));
    CHECK_FALSE(valid_block_size(32));
    CHECK_FALSE(valid_block_size(96));
    CHECK_FALSE(valid_block_size(2048));
  }
}

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// One body for every Thrust system (CPP, OMP, CUDA): thrust::reduce, transform and sort over the
// component ranges of every layout, and sort / transform over zipped components, against a host
// reference computed on the user's AoS copy. The arrays live where the runtime puts them (host or
// device memory); `policy` must be able to access that memory.

#include <coalesce/coalesce.hpp>
#include <coalesce/interop/thrust_ranges.hpp>

#include <thrust/reduce.h>
#include <thrust/sort.h>
#include <thrust/transform.h>
#include <thrust/tuple.h>

#include <doctest/doctest.h>

#include "random.hpp"
#include "round_trip.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <vector>

namespace coalesce::test {

struct twice_minus_one {
  COALESCE_HD int operator()(int x) const { return 2 * x - 1; }
};
// An explicit order: CCCL 3.0's host systems sort signed integers wrongly when given no comparator
// (or thrust::less) on its primitive radix-sort path (NVIDIA/cccl#4919, also with plain pointers).
struct ascending {
  COALESCE_HD bool operator()(int a, int b) const { return a < b; }
};
struct tuple_sum {
  template <class Tuple>
  COALESCE_HD int operator()(const Tuple& t) const {
    return thrust::get<0>(t) + thrust::get<1>(t) + thrust::get<2>(t);
  }
};

// Small values (sums stay exact in int) with many repeats (sorts see ties).
inline std::vector<int> small_values(std::size_t count, std::uint64_t seed) {
  std::vector<int> v = random_values<int>(count, seed);
  for (int& x : v) x %= 50;
  return v;
}

struct range_shape {
  std::size_t n, m;
};
inline std::vector<range_shape> range_shapes() { return {{1, 1}, {33, 3}, {130, 5}, {1000, 2}, {257, 12}}; }

// reduce every component, transform component i into component (i + 1) % m, sort the last one.
template <class Policy>
void check_component_algorithms(const runtime& rt, const Policy& policy) {
  for (const range_shape s : range_shapes()) {
    for (const layout_spec& spec : all_layouts()) {
      const std::uint64_t seed = fresh_seed();
      INFO("n = " << s.n << ", m = " << s.m << ", layout " << to_string(spec) << ", seed = " << seed);
      std::vector<int> expected = small_values(s.n * s.m, seed);
      array<int> a = rt.upload(host_vectors(expected.data(), s.n, s.m), spec);
      const auto at = [&](std::size_t v, std::size_t i) -> int& { return expected[v * s.m + i]; };

      coalesce::visit(a, [&](auto view) {
        for (std::size_t i = 0; i < s.m; ++i) {
          const auto range = component(view, i);
          REQUIRE(range.size() == static_cast<std::ptrdiff_t>(s.n));
          long long sum = 0;
          for (std::size_t v = 0; v < s.n; ++v) sum += at(v, i);
          REQUIRE(thrust::reduce(policy, range.begin(), range.end(), 0) == sum);
        }
        const std::size_t from = 0, to = 1 % s.m, last = s.m - 1;
        thrust::transform(policy, component(view, from).begin(), component(view, from).end(),
                          component(view, to).begin(), twice_minus_one{});
        for (std::size_t v = 0; v < s.n; ++v) at(v, to) = 2 * at(v, from) - 1;

        thrust::sort(policy, component(view, last).begin(), component(view, last).end(), ascending{});
        std::vector<int> column(s.n);
        for (std::size_t v = 0; v < s.n; ++v) column[v] = at(v, last);
        std::sort(column.begin(), column.end());
        for (std::size_t v = 0; v < s.n; ++v) at(v, last) = column[v];
      });

      std::vector<int> out(s.n * s.m, poison<int>());
      rt.download(a, host_vectors(out.data(), s.n, s.m));
      REQUIRE(out == expected);
    }
  }
}

// Whole 3-vectors sorted lexicographically through the zip of their components, then each vector's
// sum written into a second array through a component range.
template <class Policy>
void check_zipped_components(const runtime& rt, const Policy& policy) {
  for (const std::size_t n : {1, 31, 130, 1000}) {
    for (const layout_spec& spec : all_layouts()) {
      const std::uint64_t seed = fresh_seed();
      INFO("n = " << n << ", layout " << to_string(spec) << ", seed = " << seed);
      const std::vector<int> values = small_values(n * 3, seed);
      array<int> a = rt.upload(host_vectors(values.data(), n, 3), spec);
      array<int> sums = rt.allocate<int>(n, 1, spec);

      coalesce::visit<3>(a, [&](auto view) {
        const auto vectors = components<3>(view);
        REQUIRE(vectors.size() == static_cast<std::ptrdiff_t>(n));
        thrust::sort(policy, vectors.begin(), vectors.end());
        coalesce::visit(sums, [&](auto sum_view) {
          thrust::transform(policy, vectors.begin(), vectors.end(), component(sum_view, 0).begin(), tuple_sum{});
        });
      });

      std::vector<std::array<int, 3>> expected(n);
      for (std::size_t v = 0; v < n; ++v) expected[v] = {values[3 * v], values[3 * v + 1], values[3 * v + 2]};
      std::sort(expected.begin(), expected.end());
      std::vector<int> out(n * 3), out_sums(n);
      rt.download(a, host_vectors(out.data(), n, 3));
      rt.download(sums, host_vectors(out_sums.data(), n, 1));
      for (std::size_t v = 0; v < n; ++v) {
        REQUIRE(out[3 * v] == expected[v][0]);
        REQUIRE(out[3 * v + 1] == expected[v][1]);
        REQUIRE(out[3 * v + 2] == expected[v][2]);
        REQUIRE(out_sums[v] == expected[v][0] + expected[v][1] + expected[v][2]);
      }
    }
  }
}

}  // namespace coalesce::test

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Shapes with tails (n not a multiple of any block size) and random host arrays for the Kokkos tests.

#include <coalesce/coalesce.hpp>

#include "random.hpp"
#include "round_trip.hpp"

#include <cstddef>
#include <vector>

namespace coalesce::test {

struct shape {
  std::size_t n, m;
};

inline std::vector<shape> kokkos_shapes() { return {{0, 3}, {1, 1}, {1, 3}, {33, 3}, {130, 5}, {257, 12}}; }

// Random AoS data of a shape, uploaded in `spec` on the host backend.
template <class T>
array<T> random_array(const runtime& rt, shape s, layout_spec spec, std::vector<T>& aos) {
  aos = random_values<T>(s.n * s.m, fresh_seed());
  return rt.upload(host_vectors(aos.data(), s.n, s.m), spec);
}

}  // namespace coalesce::test

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// One round-trip test body for every backend: the user's (row-pitched) AoS -> layout A -> layout B ->
// the user's AoS again, on fresh random data, for every pair of layouts and many shapes with tails.
// Checks bit-exactness of the data and that the user's row padding is never written.

#include <coalesce/coalesce.hpp>

#include <doctest/doctest.h>

#include "random.hpp"

#include <cstring>
#include <string>
#include <vector>

namespace coalesce::test {

inline std::vector<layout_spec> all_layouts() {
  return {aos(), pitched_rows(), soa(), soa(false), blocked(1), blocked(4), blocked(32), blocked(128)};
}

// The user's array: n rows of `pitch` elements; data at [v * pitch + i], padding holds poison.
template <class T>
std::vector<T> user_array(std::size_t n, std::size_t m, std::size_t pitch, std::uint64_t seed) {
  std::vector<T> a = random_values<T>(n * pitch, seed);
  for (std::size_t v = 0; v < n; ++v)
    for (std::size_t i = m; i < pitch; ++i) a[v * pitch + i] = poison<T>();
  return a;
}

// Round trips of one shape through every pair of layouts.
template <class T>
void round_trip_all_pairs(const runtime& rt, std::size_t n, std::size_t m, std::size_t pitch) {
  const std::uint64_t seed = fresh_seed();
  INFO("n = " << n << ", m = " << m << ", pitch = " << pitch << ", sizeof(T) = " << sizeof(T) << ", seed = " << seed);
  const std::vector<T> in = user_array<T>(n, m, pitch, seed);
  for (const layout_spec& a : all_layouts()) {
    const array<T> first = rt.upload(host_vectors(in.data(), n, m, pitch), a);
    REQUIRE(first.n() == n);
    REQUIRE(first.m() == m);
    for (const layout_spec& b : all_layouts()) {
      INFO("layouts " << to_string(a) << " -> " << to_string(b));
      const array<T> second = rt.relayout(first, b);
      std::vector<T> out(n * pitch, poison<T>());
      rt.download(second, host_vectors(out.data(), n, m, pitch));
      // Bit for bit: the user's data and padding come back exactly (padding was poison, and stays so).
      REQUIRE((in.empty() || std::memcmp(out.data(), in.data(), in.size() * sizeof(T)) == 0));
    }
  }
}

// The same from and into the user's vectors stored component by component (component_set: m rows
// of `pitch` >= n elements, poison after each row's n).
template <class T>
void round_trip_components(const runtime& rt, std::size_t n, std::size_t m, std::size_t pitch) {
  const std::uint64_t seed = fresh_seed();
  INFO("components: n = " << n << ", m = " << m << ", pitch = " << pitch << ", seed = " << seed);
  std::vector<T> in = random_values<T>(m * pitch, seed);
  for (std::size_t i = 0; i < m; ++i)
    for (std::size_t v = n; v < pitch; ++v) in[i * pitch + v] = poison<T>();
  for (const layout_spec& a : all_layouts()) {
    INFO("layout " << to_string(a));
    const array<T> first = rt.upload(host_components(in.data(), n, m, pitch), a);
    std::vector<T> aos(n * m, poison<T>());
    rt.download(first, host_vectors(aos.data(), n, m));
    for (std::size_t v = 0; v < n; ++v)
      for (std::size_t i = 0; i < m; ++i) REQUIRE(aos[v * m + i] == in[i * pitch + v]);
    std::vector<T> out(m * pitch, poison<T>());
    rt.download(rt.relayout(first, blocked(32)), host_components(out.data(), n, m, pitch));
    REQUIRE((in.empty() || std::memcmp(out.data(), in.data(), in.size() * sizeof(T)) == 0));
  }
}

template <class T>
void round_trip_shapes(const runtime& rt) {
  for (std::size_t n : {0, 1, 3, 31, 33, 130, 1000})
    for (std::size_t m : {1, 3, 12, 17, 32})
      for (std::size_t extra : {0, 3}) round_trip_all_pairs<T>(rt, n, m, m + extra);
}

// A 16-byte element (float4-like): transforms must move it whole.
struct alignas(16) quad {
  float x, y, z, w;
};

}  // namespace coalesce::test

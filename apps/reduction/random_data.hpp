// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Reproducible random inputs, fast enough for 2^28 elements: element i is a hash of (seed, i), so the
// fill parallelizes and any element can be recomputed. Floating point values lie in [-1, 1); integers in
// [-int_range, int_range], small enough that the sum of 2^28 of them fits an int.

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace coalesce::apps::reduction {

inline constexpr int int_range = 3;

// SplitMix64 (Steele, Lea, Flood 2014): a strong 64-bit mix of a counter.
inline std::uint64_t splitmix64(std::uint64_t x) noexcept {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

template <class T>
T random_element(std::uint64_t seed, std::size_t i) noexcept {
  const std::uint64_t bits = splitmix64(seed ^ splitmix64(i));
  if constexpr (std::is_floating_point_v<T>) {
    return static_cast<T>(static_cast<double>(bits >> 11) * 0x1.0p-52 - 1.0);  // 53 random bits, [-1, 1)
  } else {
    return static_cast<T>(static_cast<int>(bits % (2 * int_range + 1)) - int_range);
  }
}

template <class T>
void fill_random(T* data, std::size_t n, std::uint64_t seed) {
  const auto count = static_cast<std::int64_t>(n);
#if defined(_OPENMP)
#pragma omp parallel for schedule(static)
#endif
  for (std::int64_t i = 0; i < count; ++i) data[i] = random_element<T>(seed, static_cast<std::size_t>(i));
}

}  // namespace coalesce::apps::reduction

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Fresh random test data (a new seed every run, printed on failure) and poison values.

#include <cstdint>
#include <cstring>
#include <random>
#include <type_traits>
#include <vector>

namespace coalesce::test {

// A seed from the clock and a counter, so every run and call draws new data.
inline std::uint64_t fresh_seed() {
  static std::uint64_t counter = 0;
  return std::random_device{}() ^ (++counter * 0x9E3779B97F4A7C15ull);
}

// Random bit patterns that are not NaN for floating point types (so == compares them), never all-zero.
template <class T>
std::vector<T> random_values(std::size_t count, std::uint64_t seed) {
  std::mt19937_64 gen(seed);
  std::vector<T> out(count);
  for (auto& x : out) {
    if constexpr (std::is_floating_point_v<T>) {
      x = static_cast<T>(std::uniform_real_distribution<double>(-1e6, 1e6)(gen));
    } else {
      unsigned char bytes[sizeof(T)];
      for (std::size_t b = 0; b < sizeof(T); b += 8) {
        const std::uint64_t bits = gen() | 1u;
        std::memcpy(bytes + b, &bits, sizeof(T) - b < 8 ? sizeof(T) - b : 8);
      }
      std::memcpy(&x, bytes, sizeof(T));
    }
  }
  return out;
}

// A value no test writes: poisoned destinations must come back either unchanged or overwritten.
template <class T>
T poison() {
  if constexpr (std::is_floating_point_v<T>) {
    return static_cast<T>(-12345.5);
  } else {
    T x;
    std::memset(&x, 0x5A, sizeof(T));
    return x;
  }
}

}  // namespace coalesce::test

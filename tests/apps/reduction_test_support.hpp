// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Shared by the host and GPU reduction tests: the size classes every kernel must handle, fresh inputs,
// and a check against the long double / 64-bit reference with the error bound of reference.hpp.

#include "random.hpp"
#include "random_data.hpp"
#include "reference.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

namespace coalesce::apps::reduction::test {

// Empty, one element, tiny, odd, around the block sizes (64..1024, 2 per thread), not a multiple of
// any block, a large prime, and a power of two with several passes.
inline const std::vector<std::size_t> size_classes = {0,    1,    2,    3,     31,    32,    33,    63,
                                                     64,   255,  256,  257,   511,   512,   513,   1000,
                                                     1023, 1024, 2047, 2049,  4097,  65535, 65536, 100003,
                                                     1u << 20, 1000003};

inline const op all_ops[] = {op::sum, op::min, op::max};

template <class T>
const char* type_name() {
  return std::is_same_v<T, float> ? "float" : std::is_same_v<T, double> ? "double" : "int";
}

// Fresh values with a random sign pattern; for min and max the extreme is planted at a random index, so
// a kernel that drops any element (the first, the last, a block's tail) is caught.
template <class T>
std::vector<T> fresh_input(std::size_t n, std::uint64_t seed) {
  std::vector<T> v(n);
  fill_random(v.data(), n, seed);
  return v;
}

template <class T>
void plant_extremes(std::vector<T>& v, std::uint64_t seed) {
  if (v.size() < 2) return;
  const std::size_t lo = splitmix64(seed + 1) % v.size(), hi = splitmix64(seed + 2) % v.size();
  v[lo] = static_cast<T>(-1000);
  if (hi != lo) v[hi] = static_cast<T>(1000);
}

// CHECKs got against the reference of in[0, n) with the bound for `depth` additions.
template <class T>
void check_result(op o, T got, const std::vector<T>& in, std::size_t depth, const std::string& what) {
  const reference_value<T> ref = reference_reduce(o, in.data(), in.size());
  INFO(what << ": " << type_name<T>() << " " << to_string(o) << " n = " << in.size() << " got "
            << static_cast<long double>(got) << " reference " << ref.value << " allowed error "
            << allowed_error(o, ref, in.size(), depth));
  CHECK(within_bound(o, got, ref, in.size(), depth));
}

}  // namespace coalesce::apps::reduction::test

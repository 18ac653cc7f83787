// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The reference every reduction is checked against: integers exactly (64-bit), floating point against
// a long double sum with the classic error bound of any summation order (Higham, "Accuracy and
// Stability of Numerical Algorithms", 4.2): |computed - exact| <= gamma_d * sum |x_i|, where
// gamma_d = d*u / (1 - d*u), u = epsilon/2, and d bounds the additions any one element passes through
// (d = n - 1 for every order; a tree of depth d gives d). min and max are exact in every type.

#include "reduce_ops.hpp"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

namespace coalesce::apps::reduction {

template <class T>
struct reference_value {
  long double value = 0;    // the exact (integers) or long double (floating point) result
  long double abs_sum = 0;  // sum |x_i|, the scale of the error bound
};

template <class T>
reference_value<T> reference_reduce(op o, const T* in, std::size_t n) {
  reference_value<T> r;
  if (o == op::sum) {
    if constexpr (std::is_integral_v<T>) {
      std::int64_t s = 0, a = 0;
      for (std::size_t i = 0; i < n; ++i) {
        s += in[i];
        a += in[i] < 0 ? -std::int64_t(in[i]) : std::int64_t(in[i]);
      }
      r.value = static_cast<long double>(s);
      r.abs_sum = static_cast<long double>(a);
    } else {
      for (std::size_t i = 0; i < n; ++i) {
        r.value += static_cast<long double>(in[i]);
        r.abs_sum += std::fabs(static_cast<long double>(in[i]));
      }
    }
    return r;
  }
  T v = identity_of<T>(o);
  for (std::size_t i = 0; i < n; ++i) v = o == op::min ? min_op{}(v, in[i]) : max_op{}(v, in[i]);
  r.value = static_cast<long double>(v);
  return r;
}

// gamma_d for T's unit roundoff; infinity when d*u >= 1 (the bound says nothing).
template <class T>
long double gamma_bound(std::size_t depth) {
  const long double du = static_cast<long double>(depth) * std::numeric_limits<T>::epsilon() / 2;
  return du >= 1 ? std::numeric_limits<long double>::infinity() : du / (1 - du);
}

// The largest |computed - reference| a correct reduction may show: 0 for integers and for min/max;
// for floating point sums gamma_depth(T) * sum|x| plus the long double reference's own gamma_(n-1).
template <class T>
long double allowed_error(op o, const reference_value<T>& ref, std::size_t n, std::size_t depth) {
  if (o != op::sum || std::is_integral_v<T> || n == 0) return 0;
  return (gamma_bound<T>(depth < n ? depth : n - 1) + gamma_bound<long double>(n - 1)) * ref.abs_sum;
}

template <class T>
bool within_bound(op o, T computed, const reference_value<T>& ref, std::size_t n, std::size_t depth) {
  if (o != op::sum || std::is_integral_v<T>) return static_cast<long double>(computed) == ref.value;
  return std::fabs(static_cast<long double>(computed) - ref.value) <= allowed_error(o, ref, n, depth);
}

// The reference of each component of n vectors of length m stored as AoS (one per component).
template <class T>
std::vector<reference_value<T>> component_references(op o, const T* aos, std::size_t n, std::size_t m) {
  std::vector<reference_value<T>> refs(m);
  std::vector<T> column(n);
  for (std::size_t i = 0; i < m; ++i) {
    for (std::size_t v = 0; v < n; ++v) column[v] = aos[v * m + i];
    refs[i] = reference_reduce(o, column.data(), n);
  }
  return refs;
}

}  // namespace coalesce::apps::reduction

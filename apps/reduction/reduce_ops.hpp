// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The three reductions (sum, min, max) as function objects with an identity, usable on host and
// device. The identity is what an empty range reduces to, and what out-of-range threads contribute.

#include <coalesce/core/config.hpp>

#include <limits>
#include <string>

namespace coalesce::apps::reduction {

enum class op { sum, min, max };

inline const char* to_string(op o) noexcept {
  switch (o) {
    case op::sum: return "sum";
    case op::min: return "min";
    case op::max: return "max";
  }
  return "unknown";
}

struct sum_op {
  template <class T>
  COALESCE_HD static constexpr T identity() noexcept { return T(0); }
  template <class T>
  COALESCE_HD constexpr T operator()(T a, T b) const noexcept { return a + b; }
};

// min over an empty range is +infinity for floating point (as std::fmin folds) and INT_MAX for integers.
struct min_op {
  template <class T>
  COALESCE_HD static constexpr T identity() noexcept {
    return std::numeric_limits<T>::has_infinity ? std::numeric_limits<T>::infinity() : std::numeric_limits<T>::max();
  }
  template <class T>
  COALESCE_HD constexpr T operator()(T a, T b) const noexcept { return b < a ? b : a; }
};

struct max_op {
  template <class T>
  COALESCE_HD static constexpr T identity() noexcept {
    return std::numeric_limits<T>::has_infinity ? -std::numeric_limits<T>::infinity() : std::numeric_limits<T>::lowest();
  }
  template <class T>
  COALESCE_HD constexpr T operator()(T a, T b) const noexcept { return a < b ? b : a; }
};

// Calls f(sum_op{}), f(min_op{}) or f(max_op{}): the run-time choice becomes a compile-time functor.
template <class F>
decltype(auto) dispatch_op(op o, F&& f) {
  switch (o) {
    case op::min: return f(min_op{});
    case op::max: return f(max_op{});
    case op::sum: break;
  }
  return f(sum_op{});
}

template <class T>
COALESCE_HD constexpr T identity_of(op o) noexcept {
  return o == op::sum ? sum_op::identity<T>() : o == op::min ? min_op::identity<T>() : max_op::identity<T>();
}

}  // namespace coalesce::apps::reduction

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Integer helpers shared by layouts and the runtime.

#include <coalesce/core/config.hpp>
#include <coalesce/core/error.hpp>

#include <cstddef>
#include <limits>
#include <string>

namespace coalesce {

COALESCE_HD constexpr std::size_t ceil_div(std::size_t a, std::size_t b) noexcept { return (a + b - 1) / b; }
COALESCE_HD constexpr std::size_t round_up(std::size_t a, std::size_t b) noexcept { return ceil_div(a, b) * b; }

// a * b, or a size_overflow error naming both factors and what they count.
inline std::size_t checked_mul(std::size_t a, std::size_t b, const std::string& call, const char* what) {
  if (a != 0 && b > std::numeric_limits<std::size_t>::max() / a)
    fail(errc::size_overflow, call,
         std::string(what) + " = " + std::to_string(a) + " * " + std::to_string(b) + " overflows size_t");
  return a * b;
}

inline std::size_t checked_add(std::size_t a, std::size_t b, const std::string& call, const char* what) {
  if (b > std::numeric_limits<std::size_t>::max() - a)
    fail(errc::size_overflow, call,
         std::string(what) + " = " + std::to_string(a) + " + " + std::to_string(b) + " overflows size_t");
  return a + b;
}

}  // namespace coalesce

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// A vector of compile-time length M held in registers (index it with constants, in unrolled loops).

#include <coalesce/core/config.hpp>

#include <cstddef>

namespace coalesce {

template <class T, std::size_t M>
struct vec {
  static_assert(M > 0, "coalesce::vec: M must be positive");
  T data[M];

  COALESCE_HD constexpr T& operator[](std::size_t i) noexcept { return data[i]; }
  COALESCE_HD constexpr const T& operator[](std::size_t i) const noexcept { return data[i]; }
  COALESCE_HD static constexpr std::size_t size() noexcept { return M; }
};

}  // namespace coalesce

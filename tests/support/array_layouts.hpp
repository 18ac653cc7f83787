// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Resolved layouts in one call, for the plan tests.

#include <coalesce/layout/spec.hpp>

#include <cstddef>

namespace coalesce::test {

inline array_layout rows(std::size_t n, std::size_t m, std::size_t pitch) {
  return {layout_kind::row_major, n, m, pitch, 0};
}
inline array_layout cols(std::size_t n, std::size_t m, std::size_t pitch) {
  return {layout_kind::col_major, n, m, pitch, 0};
}
inline array_layout blocks(std::size_t n, std::size_t m, std::size_t bd) { return {layout_kind::blocked, n, m, 0, bd}; }

}  // namespace coalesce::test

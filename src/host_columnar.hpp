// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
#include <coalesce/layout/spec.hpp>

#include <algorithm>
#include <cstddef>

namespace coalesce::detail {

// A columnar side (col_major or blocked): where component i of vector v lives, and where the run of
// consecutive vectors that holds v ends.
struct columnar {
  std::size_t m, pitch, block;
  bool blocked;
  explicit columnar(const array_layout& l)
      : m(l.m), pitch(l.pitch), block(l.block), blocked(l.kind == layout_kind::blocked) {}
  std::size_t offset(std::size_t v, std::size_t i) const {
    return blocked ? (v / block * m + i) * block + v % block : i * pitch + v;
  }
  // From one component to the next, for the same vector.
  std::size_t stride() const { return blocked ? block : pitch; }
  // Vectors from v on, up to end, that lie one after the other.
  std::size_t run(std::size_t v, std::size_t end) const {
    return blocked ? std::min(end, v - v % block + block) - v : end - v;
  }
};

}  // namespace coalesce::detail

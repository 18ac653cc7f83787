// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The rank-2 index space (n, m) of every structure: n vectors (rows) of m components (columns).
// Modelled on std::extents<size_t, dynamic_extent, M>; layout mappings accept either type.

#include <coalesce/core/config.hpp>

#include <cstddef>
#include <type_traits>

namespace coalesce {

template <std::size_t M = dynamic>
class extents {
 public:
  using index_type = std::size_t;
  using size_type = std::size_t;
  using rank_type = std::size_t;

  static constexpr rank_type rank() noexcept { return 2; }
  static constexpr rank_type rank_dynamic() noexcept { return M == dynamic ? 2 : 1; }
  static constexpr std::size_t static_extent(rank_type r) noexcept { return r == 0 ? dynamic : M; }

  constexpr extents() noexcept = default;
  // n vectors of the static length M.
  template <std::size_t MM = M, std::enable_if_t<MM != dynamic, int> = 0>
  COALESCE_HD constexpr explicit extents(index_type n) noexcept : n_(n) {}
  // @pre M == dynamic or m == M
  COALESCE_HD constexpr extents(index_type n, index_type m) noexcept : n_(n), m_(m) {}

  COALESCE_HD constexpr index_type extent(rank_type r) const noexcept { return r == 0 ? n_ : m_; }

  template <std::size_t OM>
  COALESCE_HD friend constexpr bool operator==(const extents& a, const extents<OM>& b) noexcept {
    return a.extent(0) == b.extent(0) && a.extent(1) == b.extent(1);
  }

 private:
  index_type n_ = 0;
  index_type m_ = (M == dynamic ? 0 : M);
};

// Builds any rank-2 extents type (ours or cuda::std::extents<size_t, dynamic_extent, M>) from (n, m).
template <class Extents>
COALESCE_HD constexpr Extents make_extents(std::size_t n, std::size_t m) noexcept {
  if constexpr (Extents::rank_dynamic() == 2) {
    return Extents(n, m);
  } else {
    return Extents(n);
  }
}

// What a layout's inverse reports for an offset: the (v, i) stored there, or padding.
struct location {
  std::size_t v;
  std::size_t i;
  bool is_data;
};

}  // namespace coalesce

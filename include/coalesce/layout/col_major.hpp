// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// col_major: offset(v, i) = i * pitch + v, pitch >= n. The structure of arrays (SoA): component i of
// every vector is one row of the allocation; cudaMallocPitch aligns each of those rows.

#include <coalesce/core/extents.hpp>

namespace coalesce {

struct layout_col_major {
  template <class Extents>
  class mapping {
   public:
    using extents_type = Extents;
    using index_type = typename Extents::index_type;
    using size_type = typename Extents::size_type;
    using rank_type = typename Extents::rank_type;
    using layout_type = layout_col_major;

    constexpr mapping() noexcept = default;
    COALESCE_HD constexpr explicit mapping(const extents_type& e) noexcept : e_(e), pitch_(e.extent(0)) {}
    // @pre pitch >= e.extent(0)
    COALESCE_HD constexpr mapping(const extents_type& e, index_type pitch) noexcept : e_(e), pitch_(pitch) {}
    template <class Other>
    COALESCE_HD constexpr explicit mapping(const mapping<Other>& o) noexcept
        : e_(make_extents<Extents>(o.extents().extent(0), o.extents().extent(1))), pitch_(o.pitch()) {}

    COALESCE_HD constexpr const extents_type& extents() const noexcept { return e_; }
    COALESCE_HD constexpr index_type pitch() const noexcept { return pitch_; }

    // @return one past the largest offset; the last component row is not padded.
    COALESCE_HD constexpr index_type required_span_size() const noexcept {
      return (e_.extent(0) == 0 || e_.extent(1) == 0) ? 0 : (e_.extent(1) - 1) * pitch_ + e_.extent(0);
    }
    COALESCE_HD constexpr index_type operator()(index_type v, index_type i) const noexcept { return i * pitch_ + v; }
    // @pre offset < required_span_size()
    COALESCE_HD constexpr location locate(index_type offset) const noexcept {
      const index_type v = offset % pitch_;
      return {v, offset / pitch_, v < e_.extent(0)};
    }

    static constexpr bool is_always_unique() noexcept { return true; }
    static constexpr bool is_always_exhaustive() noexcept { return false; }
    static constexpr bool is_always_strided() noexcept { return true; }
    COALESCE_HD static constexpr bool is_unique() noexcept { return true; }
    COALESCE_HD constexpr bool is_exhaustive() const noexcept { return pitch_ == e_.extent(0) || e_.extent(1) <= 1 || e_.extent(0) == 0; }
    COALESCE_HD static constexpr bool is_strided() noexcept { return true; }
    COALESCE_HD constexpr index_type stride(rank_type r) const noexcept { return r == 0 ? 1 : pitch_; }

    template <class Other>
    COALESCE_HD friend constexpr bool operator==(const mapping& a, const mapping<Other>& b) noexcept {
      return a.extents() == b.extents() && a.pitch() == b.pitch();
    }

   private:
    extents_type e_{};
    index_type pitch_ = 0;
  };
};

}  // namespace coalesce

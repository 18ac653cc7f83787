// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// blocked<bd> (AoSoA, the interleave of the FE paper):
//   offset(v, i) = m * bd * (v / bd) + i * bd + v % bd
// Block b holds the first components of vectors b*bd .. b*bd+bd-1, then their second components, and
// so on, so one thread per vector reads consecutive addresses across a block. When n is not a multiple
// of bd the last block is padded: the mapping is then not exhaustive, and the padding holds a fill value.
// bd is static (template argument) or dynamic (BD == coalesce::dynamic).

#include <coalesce/core/extents.hpp>

namespace coalesce {

template <std::size_t BD = dynamic>
struct layout_blocked {
  static_assert(BD != 0, "layout_blocked: the block size bd must be positive");

  template <class Extents>
  class mapping {
   public:
    using extents_type = Extents;
    using index_type = typename Extents::index_type;
    using size_type = typename Extents::size_type;
    using rank_type = typename Extents::rank_type;
    using layout_type = layout_blocked;
    static constexpr std::size_t static_block = BD;

    constexpr mapping() noexcept = default;
    template <std::size_t B = BD, std::enable_if_t<B != dynamic, int> = 0>
    COALESCE_HD constexpr explicit mapping(const extents_type& e) noexcept : e_(e) {}
    // @pre block > 0, and block == BD when BD is static
    COALESCE_HD constexpr mapping(const extents_type& e, index_type block) noexcept : e_(e), block_(block) {}
    template <class Other>
    COALESCE_HD constexpr explicit mapping(const mapping<Other>& o) noexcept
        : e_(make_extents<Extents>(o.extents().extent(0), o.extents().extent(1))), block_(o.block()) {}

    COALESCE_HD constexpr const extents_type& extents() const noexcept { return e_; }
    COALESCE_HD constexpr index_type block() const noexcept { return BD == dynamic ? block_ : BD; }
    COALESCE_HD constexpr index_type blocks() const noexcept { return (e_.extent(0) + block() - 1) / block(); }

    // @return blocks() * bd * m: the last block is allocated whole.
    COALESCE_HD constexpr index_type required_span_size() const noexcept { return blocks() * block() * e_.extent(1); }
    COALESCE_HD constexpr index_type operator()(index_type v, index_type i) const noexcept {
      const index_type bd = block();
      return e_.extent(1) * bd * (v / bd) + i * bd + v % bd;
    }
    // @pre offset < required_span_size()
    COALESCE_HD constexpr location locate(index_type offset) const noexcept {
      const index_type bd = block();
      const index_type per_block = bd * e_.extent(1);
      const index_type b = offset / per_block;
      const index_type r = offset % per_block;
      const index_type v = b * bd + r % bd;
      return {v, r / bd, v < e_.extent(0)};
    }

    static constexpr bool is_always_unique() noexcept { return true; }
    static constexpr bool is_always_exhaustive() noexcept { return false; }  // the last block may be padded
    static constexpr bool is_always_strided() noexcept { return false; }
    COALESCE_HD static constexpr bool is_unique() noexcept { return true; }
    COALESCE_HD constexpr bool is_exhaustive() const noexcept { return e_.extent(0) % block() == 0; }
    // One block is a col_major matrix with pitch bd; more blocks are not strided.
    COALESCE_HD constexpr bool is_strided() const noexcept { return blocks() <= 1; }
    // @pre is_strided()
    COALESCE_HD constexpr index_type stride(rank_type r) const noexcept { return r == 0 ? 1 : block(); }

    template <class Other>
    COALESCE_HD friend constexpr bool operator==(const mapping& a, const mapping<Other>& b) noexcept {
      return a.extents() == b.extents() && a.block() == b.block();
    }

   private:
    extents_type e_{};
    index_type block_ = (BD == dynamic ? 0 : BD);
  };
};

}  // namespace coalesce

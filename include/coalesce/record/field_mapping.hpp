// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The mappings of one field of a record (n records x count components, in elements of the field's
// type), with the std::mdspan LayoutMapping interface like the vector layouts:
//   rows and columns are layout_row_major / layout_col_major with a pitch;
//   layout_field_blocks<BD>: (v, c) at (v / bd) * a + c * b + v % bd, the blocked record's field
//     (the block stride a covers the other fields' runs too, so it is not m * bd);
//   layout_field_placed<BD>: any of the three forms, chosen at run time (the fields of a split record,
//     hot or cold).

#include <coalesce/core/extents.hpp>
#include <coalesce/record/layout.hpp>

namespace coalesce {

template <std::size_t BD = dynamic>
struct layout_field_blocks {
  template <class Extents>
  class mapping {
   public:
    using extents_type = Extents;
    using index_type = typename Extents::index_type;
    using size_type = typename Extents::size_type;
    using rank_type = typename Extents::rank_type;
    using layout_type = layout_field_blocks;
    static constexpr std::size_t static_block = BD;

    constexpr mapping() noexcept = default;
    // @pre bd > 0 (== BD when static), b >= bd, a >= count * b
    COALESCE_HD constexpr mapping(const extents_type& e, index_type bd, index_type a, index_type b) noexcept
        : e_(e), bd_(bd), a_(a), b_(b) {}
    template <class Other>
    COALESCE_HD constexpr explicit mapping(const mapping<Other>& o) noexcept
        : e_(make_extents<Extents>(o.extents().extent(0), o.extents().extent(1))),
          bd_(o.block()), a_(o.block_stride()), b_(o.run_stride()) {}

    COALESCE_HD constexpr const extents_type& extents() const noexcept { return e_; }
    COALESCE_HD constexpr index_type block() const noexcept { return BD == dynamic ? bd_ : BD; }
    COALESCE_HD constexpr index_type block_stride() const noexcept { return a_; }
    COALESCE_HD constexpr index_type run_stride() const noexcept { return b_; }
    COALESCE_HD constexpr index_type required_span_size() const noexcept {
      const index_type n = e_.extent(0);
      return n == 0 ? 0 : (n - 1) / block() * a_ + (e_.extent(1) - 1) * b_ + block();
    }
    COALESCE_HD constexpr index_type operator()(index_type v, index_type c) const noexcept {
      const index_type bd = block();
      return (v / bd) * a_ + c * b_ + v % bd;
    }

    static constexpr bool is_always_unique() noexcept { return true; }
    static constexpr bool is_always_exhaustive() noexcept { return false; }
    static constexpr bool is_always_strided() noexcept { return false; }
    COALESCE_HD static constexpr bool is_unique() noexcept { return true; }
    COALESCE_HD constexpr bool is_exhaustive() const noexcept { return false; }
    COALESCE_HD constexpr bool is_strided() const noexcept { return e_.extent(0) <= block(); }
    // @pre is_strided()
    COALESCE_HD constexpr index_type stride(rank_type r) const noexcept { return r == 0 ? 1 : b_; }

    template <class Other>
    COALESCE_HD friend constexpr bool operator==(const mapping& x, const mapping<Other>& y) noexcept {
      return x.extents() == y.extents() && x.block() == y.block() && x.block_stride() == y.block_stride() &&
             x.run_stride() == y.run_stride();
    }

   private:
    extents_type e_{};
    index_type bd_ = (BD == dynamic ? 0 : BD), a_ = 0, b_ = 0;
  };
};

// A field in any of the three forms, picked at run time: what the fields of a split record use.
template <std::size_t BD = dynamic>
struct layout_field_placed {
  template <class Extents>
  class mapping {
   public:
    using extents_type = Extents;
    using index_type = typename Extents::index_type;
    using size_type = typename Extents::size_type;
    using rank_type = typename Extents::rank_type;
    using layout_type = layout_field_placed;

    constexpr mapping() noexcept = default;
    // `place` with its base already folded into the data pointer (base == 0).
    COALESCE_HD constexpr mapping(const extents_type& e, const field_place& place, index_type bd) noexcept
        : e_(e), place_(place), bd_(bd) {}
    template <class Other>
    COALESCE_HD constexpr explicit mapping(const mapping<Other>& o) noexcept
        : e_(make_extents<Extents>(o.extents().extent(0), o.extents().extent(1))), place_(o.place()), bd_(o.block()) {}

    COALESCE_HD constexpr const extents_type& extents() const noexcept { return e_; }
    COALESCE_HD constexpr const field_place& place() const noexcept { return place_; }
    COALESCE_HD constexpr index_type block() const noexcept { return BD == dynamic ? bd_ : BD; }
    COALESCE_HD constexpr field_form form() const noexcept { return place_.form; }
    COALESCE_HD constexpr index_type required_span_size() const noexcept {
      const index_type n = e_.extent(0), m = e_.extent(1);
      if (n == 0 || m == 0) return 0;
      if (place_.form != field_form::blocks) return (*this)(n - 1, m - 1) + 1;
      return (n - 1) / block() * place_.a + (m - 1) * place_.b + block();  // the last block's lanes
    }
    COALESCE_HD constexpr index_type operator()(index_type v, index_type c) const noexcept {
      switch (place_.form) {
        case field_form::rows: return v * place_.a + c;
        case field_form::columns: return c * place_.a + v;
        case field_form::blocks: break;
      }
      const index_type bd = block();
      return (v / bd) * place_.a + c * place_.b + v % bd;
    }

    static constexpr bool is_always_unique() noexcept { return true; }
    static constexpr bool is_always_exhaustive() noexcept { return false; }
    static constexpr bool is_always_strided() noexcept { return false; }
    COALESCE_HD static constexpr bool is_unique() noexcept { return true; }
    COALESCE_HD constexpr bool is_exhaustive() const noexcept { return false; }
    COALESCE_HD constexpr bool is_strided() const noexcept {
      return place_.form != field_form::blocks || e_.extent(0) <= block();
    }
    // @pre is_strided()
    COALESCE_HD constexpr index_type stride(rank_type r) const noexcept {
      switch (place_.form) {
        case field_form::rows: return r == 0 ? place_.a : 1;
        case field_form::columns: return r == 0 ? 1 : place_.a;
        case field_form::blocks: break;
      }
      return r == 0 ? 1 : place_.b;
    }

    template <class Other>
    COALESCE_HD friend constexpr bool operator==(const mapping& x, const mapping<Other>& y) noexcept {
      return x.extents() == y.extents() && x.place() == y.place() && x.block() == y.block();
    }

   private:
    extents_type e_{};
    field_place place_{};
    index_type bd_ = (BD == dynamic ? 0 : BD);
  };
};

}  // namespace coalesce

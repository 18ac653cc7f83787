// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// A record view is {pointer, n, the places of the fields a kernel selected}: trivially copyable,
// passed by value to a __global__ function or a host loop. Fields are selected at compile time by
// member pointer (view.get<&particle::x>(v, c)) or by position in the Fields list (view.at<0>(v, c));
// there are no string lookups in device code. load(v) assembles the user's struct in registers and
// store(v, s) writes its fields back; field<&S::x>() is one field as a (n, count) view whose mapping has
// the mdspan LayoutMapping interface (so to_mdspan works on it).
//
// The form tag says how the fields lie, as the record layout resolved it:
//   form::rows            aos, packed        (v, c) at base + (v * a + c) * w
//   form::columns         soa                (v, c) at base + (c * a + v) * w
//   form::blocks<BD>      blocked            (v, c) at base + ((v / bd) * a + c * b + v % bd) * w
//   form::split<Hot>      split              hot fields in Hot's form, the rest in rows (a run-time bit)

#include <coalesce/core/config.hpp>
#include <coalesce/layout/col_major.hpp>
#include <coalesce/layout/row_major.hpp>
#include <coalesce/record/field_mapping.hpp>
#include <coalesce/record/layout.hpp>
#include <coalesce/record/record.hpp>
#include <coalesce/view/view.hpp>

#include <cstddef>
#include <type_traits>

namespace coalesce {

// The form tags of record views.
namespace form {
struct rows {};
struct columns {};
template <std::size_t BD = dynamic>
struct blocks {
  static constexpr std::size_t block = BD;
};
template <class Hot>
struct split {
  static_assert(std::is_same_v<Hot, columns> || std::is_same_v<Hot, blocks<>>,
                "coalesce::form::split: hot fields are form::columns or form::blocks<>");
};
}  // namespace form

namespace detail {
template <class Form>
struct is_record_blocks : std::false_type {};
template <std::size_t BD>
struct is_record_blocks<form::blocks<BD>> : std::true_type {};
template <class Form>
struct is_record_split : std::false_type {};
template <class Hot>
struct is_record_split<form::split<Hot>> : std::true_type {};

// The form in which the field's formula is compiled (for split: the hot one).
template <class Form>
struct hot_form {
  using type = Form;
};
template <class Hot>
struct hot_form<form::split<Hot>> {
  using type = Hot;
};

template <class Form>
constexpr std::size_t static_block_of_form() noexcept {
  using H = typename hot_form<Form>::type;
  if constexpr (is_record_blocks<H>::value) {
    return H::block;
  } else {
    return dynamic;
  }
}
}  // namespace detail

template <class Fields, class Form, bool Const = false>
class record_view {
  using byte = std::conditional_t<Const, const unsigned char, unsigned char>;
  static constexpr std::size_t BD = detail::static_block_of_form<Form>();

 public:
  using fields_type = Fields;
  using form_type = Form;
  using record_type = typename Fields::record_type;
  template <std::size_t K>
  using element_type = std::conditional_t<Const, const typename Fields::template element_type<K>,
                                          typename Fields::template element_type<K>>;

  constexpr record_view() noexcept = default;
  // places[k]: where Fields' k-th member lies. @pre places match Form, bd == BD when BD is static
  COALESCE_HD record_view(byte* data, std::size_t n, std::size_t bd, const field_place* places) noexcept
      : data_(data), n_(n), bd_(bd) {
    for (std::size_t k = 0; k < Fields::size; ++k) places_[k] = places[k];
  }
  // A read-only view from a writable one.
  template <bool C = Const, std::enable_if_t<C, int> = 0>
  COALESCE_HD record_view(const record_view<Fields, Form, false>& o) noexcept
      : record_view(o.data(), o.n(), o.block(), o.places()) {}

  COALESCE_HD byte* data() const noexcept { return data_; }
  COALESCE_HD std::size_t n() const noexcept { return n_; }
  COALESCE_HD std::size_t block() const noexcept { return BD == dynamic ? bd_ : BD; }
  COALESCE_HD const field_place* places() const noexcept { return places_; }

  // Component c of the K-th selected field of record v.
  template <std::size_t K>
  COALESCE_HD element_type<K>& at(std::size_t v, std::size_t c = 0) const noexcept {
    static_assert(K < Fields::size, "coalesce::record_view::at: K is past the selected fields");
    return *reinterpret_cast<element_type<K>*>(data_ + offset<K>(v, c));
  }
  // Component c of member P (one of the selected fields) of record v.
  template <auto P>
  COALESCE_HD auto& get(std::size_t v, std::size_t c = 0) const noexcept {
    constexpr std::size_t k = Fields::template index_of<P>();
    static_assert(k < Fields::size, "coalesce::record_view::get: the member is not one of the view's fields");
    return at<k>(v, c);
  }

  // Record v as the user's struct: the selected fields loaded, every other byte value-initialized.
  COALESCE_HD record_type load(std::size_t v) const noexcept {
    record_type r{};
    load_fields(v, r, std::make_index_sequence<Fields::size>{});
    return r;
  }
  // Writes the selected fields of r into record v (the other fields are not touched).
  template <bool C = Const, std::enable_if_t<!C, int> = 0>
  COALESCE_HD void store(std::size_t v, const record_type& r) const noexcept {
    store_fields(v, r, std::make_index_sequence<Fields::size>{});
  }

  // The K-th selected field as a view of n records x count components.
  template <std::size_t K>
  COALESCE_HD auto field_at() const noexcept {
    using T = element_type<K>;
    using E = extents<Fields::template count<K>>;
    const field_place& p = places_[K];
    T* base = reinterpret_cast<T*>(data_ + p.base);
    const E e = make_extents<E>(n_, Fields::template count<K>);
    if constexpr (std::is_same_v<Form, form::rows>) {
      return basic_view<T, layout_row_major::mapping<E>>(base, {e, p.a});
    } else if constexpr (std::is_same_v<Form, form::columns>) {
      return basic_view<T, layout_col_major::mapping<E>>(base, {e, p.a});
    } else if constexpr (detail::is_record_blocks<Form>::value) {
      return basic_view<T, typename layout_field_blocks<BD>::template mapping<E>>(base, {e, block(), p.a, p.b});
    } else {
      field_place local = p;
      local.base = 0;
      return basic_view<T, typename layout_field_placed<BD>::template mapping<E>>(base, {e, local, block()});
    }
  }
  template <auto P>
  COALESCE_HD auto field() const noexcept {
    constexpr std::size_t k = Fields::template index_of<P>();
    static_assert(k < Fields::size, "coalesce::record_view::field: the member is not one of the view's fields");
    return field_at<k>();
  }

 private:
  template <std::size_t K>
  COALESCE_HD std::size_t offset(std::size_t v, std::size_t c) const noexcept {
    constexpr std::size_t w = sizeof(typename Fields::template element_type<K>);
    const field_place& p = places_[K];
    if constexpr (std::is_same_v<Form, form::rows>) {
      return p.base + (v * p.a + c) * w;
    } else if constexpr (std::is_same_v<Form, form::columns>) {
      return p.base + (c * p.a + v) * w;
    } else if constexpr (detail::is_record_blocks<Form>::value) {
      const std::size_t bd = block();
      return p.base + ((v / bd) * p.a + c * p.b + v % bd) * w;
    } else {
      if (p.form == field_form::rows) return p.base + (v * p.a + c) * w;
      return place_offset(p, w, block(), v, c);
    }
  }

  template <std::size_t... K>
  COALESCE_HD void load_fields(std::size_t v, record_type& r, std::index_sequence<K...>) const noexcept {
    (load_field<K>(v, r), ...);
  }
  template <std::size_t K>
  COALESCE_HD void load_field(std::size_t v, record_type& r) const noexcept {
    using T = typename Fields::template element_type<K>;
    constexpr auto member = Fields::template member<K>;
    T* out = reinterpret_cast<T*>(&(r.*member));
    COALESCE_UNROLL
    for (std::size_t c = 0; c < Fields::template count<K>; ++c) out[c] = at<K>(v, c);
  }
  template <std::size_t... K>
  COALESCE_HD void store_fields(std::size_t v, const record_type& r, std::index_sequence<K...>) const noexcept {
    (store_field<K>(v, r), ...);
  }
  template <std::size_t K>
  COALESCE_HD void store_field(std::size_t v, const record_type& r) const noexcept {
    using T = typename Fields::template element_type<K>;
    constexpr auto member = Fields::template member<K>;
    const T* in = reinterpret_cast<const T*>(&(r.*member));
    COALESCE_UNROLL
    for (std::size_t c = 0; c < Fields::template count<K>; ++c) at<K>(v, c) = in[c];
  }

  byte* data_ = nullptr;
  std::size_t n_ = 0;
  std::size_t bd_ = 0;
  field_place places_[Fields::size] = {};
};

}  // namespace coalesce

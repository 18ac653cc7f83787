// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Instrumented record views: counted(record_view, counters) counts the reads and writes of every
// selected field's every component. at<K>(v, c) and get<&S::x>(v, c) return a counted_reference; load(v)
// reads each component of each selected field once, store(v, s) writes each once.
//
// Counters: 2 T unsigned long long, T = counted_slots<Fields>() (the selected fields' components in
// the Fields order: field K's component c is slot counted_slot<Fields, K>() + c); reads of a slot at
// counters[slot], writes at counters[T + slot]. Zeroed by the caller, reachable by the kernel.

#include <coalesce/core/config.hpp>
#include <coalesce/record/view.hpp>
#include <coalesce/view/counted.hpp>

#include <cstddef>
#include <utility>

namespace coalesce {

// The first counter slot of Fields' K-th field, and (K = Fields::size) the number of slots.
template <class Fields, std::size_t K>
constexpr std::size_t counted_slot() noexcept {
  if constexpr (K == 0) {
    return 0;
  } else {
    return counted_slot<Fields, K - 1>() + Fields::template count<K - 1>;
  }
}
template <class Fields>
constexpr std::size_t counted_slots() noexcept {
  return counted_slot<Fields, Fields::size>();
}

template <class Fields, class Form, bool Const>
class counted_view<record_view<Fields, Form, Const>> {
  using view_t = record_view<Fields, Form, Const>;
  static constexpr std::size_t slots = counted_slots<Fields>();

 public:
  using view_type = view_t;
  using fields_type = Fields;
  using form_type = Form;
  using record_type = typename Fields::record_type;
  template <std::size_t K>
  using element_type = typename view_t::template element_type<K>;

  constexpr counted_view() noexcept = default;
  // @pre counters holds 2 counted_slots<Fields>() zeroed counters the caller's kernel or loop can reach
  COALESCE_HD counted_view(const view_t& view, unsigned long long* counters) noexcept
      : view_(view), counters_(counters) {}

  COALESCE_HD const view_t& view() const noexcept { return view_; }
  COALESCE_HD unsigned long long* counters() const noexcept { return counters_; }
  COALESCE_HD std::size_t n() const noexcept { return view_.n(); }
  COALESCE_HD std::size_t block() const noexcept { return view_.block(); }

  template <std::size_t K>
  COALESCE_HD counted_reference<element_type<K>> at(std::size_t v, std::size_t c = 0) const noexcept {
    const std::size_t slot = counted_slot<Fields, K>() + c;
    return {view_.template at<K>(v, c), counters_ + slot, counters_ + slots + slot};
  }
  template <auto P>
  COALESCE_HD auto get(std::size_t v, std::size_t c = 0) const noexcept {
    constexpr std::size_t k = Fields::template index_of<P>();
    static_assert(k < Fields::size, "coalesce::counted_view::get: the member is not one of the view's fields");
    return at<k>(v, c);
  }

  COALESCE_HD record_type load(std::size_t v) const noexcept {
    count_fields(counters_, std::make_index_sequence<Fields::size>{});
    return view_.load(v);
  }
  template <bool C = Const, std::enable_if_t<!C, int> = 0>
  COALESCE_HD void store(std::size_t v, const record_type& r) const noexcept {
    count_fields(counters_ + slots, std::make_index_sequence<Fields::size>{});
    view_.store(v, r);
  }

 private:
  // One count for every component of every selected field, in `base` (the reads or the writes).
  template <std::size_t... K>
  COALESCE_HD static void count_fields(unsigned long long* base, std::index_sequence<K...>) noexcept {
    (count_field<K>(base), ...);
  }
  template <std::size_t K>
  COALESCE_HD static void count_field(unsigned long long* base) noexcept {
    COALESCE_UNROLL
    for (std::size_t c = 0; c < Fields::template count<K>; ++c) detail::count_access(base + counted_slot<Fields, K>() + c);
  }

  view_t view_{};
  unsigned long long* counters_ = nullptr;
};

}  // namespace coalesce

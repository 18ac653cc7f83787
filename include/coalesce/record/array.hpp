// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// record_array: n records in a record layout chosen at run time, owning its memory (host or device).
// visit<Fields>(array, f) calls f with the concrete record_view of the fields a kernel selects, so the
// kernel is compiled per layout form (blocked block sizes from a list, as for vector sets).

#include <coalesce/core/buffer.hpp>
#include <coalesce/core/error.hpp>
#include <coalesce/layout/dispatch.hpp>
#include <coalesce/record/layout.hpp>
#include <coalesce/record/record.hpp>
#include <coalesce/record/view.hpp>

#include <cstddef>
#include <string>
#include <type_traits>
#include <utility>

namespace coalesce {

class record_array {
 public:
  record_array() noexcept = default;
  // Adopts memory that holds `layout` of `desc` (the runtime builds record arrays).
  record_array(buffer&& memory, record_desc desc, record_layout layout) noexcept
      : memory_(std::move(memory)), desc_(std::move(desc)), layout_(std::move(layout)) {}

  const record_desc& desc() const noexcept { return desc_; }
  const record_layout& layout() const noexcept { return layout_; }
  record_kind kind() const noexcept { return layout_.kind; }
  std::size_t n() const noexcept { return layout_.n; }
  std::size_t span_bytes() const noexcept { return layout_.span_bytes; }
  memory_space space() const noexcept { return memory_.space(); }
  unsigned char* data() noexcept { return static_cast<unsigned char*>(memory_.data()); }
  const unsigned char* data() const noexcept { return static_cast<const unsigned char*>(memory_.data()); }

  // The view of the fields Fields selects in form Form; throws invalid_argument when the array's
  // layout is another form, or a member of Fields is not a field of the record (named by offset).
  template <class Fields, class Form>
  record_view<Fields, Form> view() {
    field_place places[Fields::size];
    find_places<Fields, Form>(places);
    return {data(), n(), layout_.block, places};
  }
  template <class Fields, class Form>
  record_view<Fields, Form, true> view() const {
    field_place places[Fields::size];
    find_places<Fields, Form>(places);
    return {data(), n(), layout_.block, places};
  }

  // Field `name` as a (n, count) view of T whatever the layout; throws invalid_argument when there is
  // no such field or T's size is not the field's width.
  template <class T>
  basic_view<T, layout_field_placed<>::mapping<extents<>>> field(const std::string& name) {
    return named_field<T>(data(), name);
  }
  template <class T>
  basic_view<const T, layout_field_placed<>::mapping<extents<>>> field(const std::string& name) const {
    return named_field<const T>(data(), name);
  }

 private:
  template <class T, class Byte>
  basic_view<T, layout_field_placed<>::mapping<extents<>>> named_field(Byte* base, const std::string& name) const {
    const std::size_t f = desc_.index_of(name, "record_array::field");
    if (sizeof(T) != desc_[f].width)
      fail(errc::invalid_argument, "record_array::field",
           "field '" + name + "' has " + std::to_string(desc_[f].width) + "-byte elements, not " +
               std::to_string(sizeof(T)) + "-byte ones");
    field_place local = layout_.places[f];
    local.base = 0;
    using mapping = layout_field_placed<>::mapping<extents<>>;
    return {reinterpret_cast<T*>(base + layout_.places[f].base), mapping(extents<>(n(), desc_[f].count), local, layout_.block)};
  }

  // True when Form can address this array's layout.
  template <class Form>
  bool form_matches() const noexcept {
    const record_kind k = layout_.kind;
    if constexpr (std::is_same_v<Form, form::rows>) {
      return k == record_kind::aos || k == record_kind::packed;
    } else if constexpr (std::is_same_v<Form, form::columns>) {
      return k == record_kind::soa;
    } else if constexpr (detail::is_record_blocks<Form>::value) {
      return k == record_kind::blocked && (Form::block == dynamic || Form::block == layout_.block);
    } else {
      using Hot = typename detail::hot_form<Form>::type;
      return k == record_kind::split && (layout_.block != 0) == detail::is_record_blocks<Hot>::value;
    }
  }

  template <class Fields, class Form>
  void find_places(field_place* places) const {
    if (!form_matches<Form>())
      fail(errc::invalid_argument, "record_array::view",
           std::string("the array holds a ") + to_string(layout_.kind) + " record layout" +
               (layout_.block ? " with bd = " + std::to_string(layout_.block) : std::string()) +
               ", which the kernel's form does not address");
    find_each<Fields>(places, std::make_index_sequence<Fields::size>{});
  }
  template <class Fields, std::size_t... K>
  void find_each(field_place* places, std::index_sequence<K...>) const {
    ((places[K] = layout_.places[field_index(detail::member_offset(Fields::template member<K>),
                                             sizeof(typename Fields::template element_type<K>),
                                             Fields::template count<K>, K)]),
     ...);
  }
  // The record's field at `offset` with the member's width and count.
  std::size_t field_index(std::size_t offset, std::size_t width, std::size_t count, std::size_t k) const {
    for (std::size_t f = 0; f < desc_.size(); ++f)
      if (desc_[f].offset == offset && desc_[f].width == width && desc_[f].count == count) return f;
    fail(errc::invalid_argument, "record_array::view",
         "member " + std::to_string(k) + " of the kernel's fields (offset " + std::to_string(offset) + ", " +
             std::to_string(count) + " x " + std::to_string(width) + " bytes) is not a field of the record (" +
             to_string(desc_) + ")");
  }

  buffer memory_;
  record_desc desc_;
  record_layout layout_;
};

namespace detail {
template <class Fields, class A, class F, class Blocks>
decltype(auto) visit_record(A& a, F&& f, Blocks) {
  switch (a.kind()) {
    case record_kind::aos:
    case record_kind::packed: return f(a.template view<Fields, form::rows>());
    case record_kind::soa: return f(a.template view<Fields, form::columns>());
    case record_kind::split:
      if (a.layout().block != 0) return f(a.template view<Fields, form::split<form::blocks<>>>());
      return f(a.template view<Fields, form::split<form::columns>>());
    case record_kind::blocked: break;
  }
  return visit_blocked(a.layout().block, [&](auto tag) -> decltype(auto) {
    constexpr std::size_t bd = decltype(tag)::template mapping<extents<>>::static_block;
    return f(a.template view<Fields, form::blocks<bd>>());
  }, Blocks{});
}
}  // namespace detail

// f(view) with the concrete record_view of Fields: form::rows, form::columns, form::blocks<BD> (BD
// from Blocks when the array's bd is one of them, else dynamic) or form::split<...>. Every call of f
// must return one type.
template <class Fields, class Blocks = default_block_sizes, class F>
decltype(auto) visit(record_array& a, F&& f) {
  return detail::visit_record<Fields>(a, std::forward<F>(f), Blocks{});
}
template <class Fields, class Blocks = default_block_sizes, class F>
decltype(auto) visit(const record_array& a, F&& f) {
  return detail::visit_record<Fields>(a, std::forward<F>(f), Blocks{});
}

}  // namespace coalesce

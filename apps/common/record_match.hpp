// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The apps keep their records in a record layout and their plain arrays (node data, forces) as vector
// sets in the matching vector layout: aos and packed -> aos, soa -> soa, blocked:<bd> -> blocked:<bd>,
// split -> the form of its hot fields. Matching them at compile time too (vector_layout_of<Form>) lets
// a kernel over both be instantiated once per record form, not once per pair of forms.

#include <coalesce/layout/blocked.hpp>
#include <coalesce/layout/col_major.hpp>
#include <coalesce/layout/row_major.hpp>
#include <coalesce/layout/spec.hpp>
#include <coalesce/record/layout.hpp>
#include <coalesce/record/view.hpp>

namespace coalesce::apps {

namespace detail {
template <class Form>
struct vector_layout_of;
template <>
struct vector_layout_of<form::rows> {
  using type = layout_row_major;
};
template <>
struct vector_layout_of<form::columns> {
  using type = layout_col_major;
};
template <std::size_t BD>
struct vector_layout_of<form::blocks<BD>> {
  using type = layout_blocked<BD>;
};
template <class Hot>
struct vector_layout_of<form::split<Hot>> {
  using type = typename vector_layout_of<Hot>::type;
};
}  // namespace detail

// The vector layout tag whose arrays match a record view of form Form.
template <class Form>
using vector_layout_of = typename detail::vector_layout_of<Form>::type;

// The vector layout matching a record layout spec (what vector_layout_of gives at compile time).
inline layout_spec matching_vector_layout(const record_layout_spec& spec) {
  switch (spec.kind) {
    case record_kind::aos:
    case record_kind::packed: return aos();
    case record_kind::soa: return soa();
    case record_kind::blocked: return blocked(spec.block);
    case record_kind::split: break;
  }
  return spec.hot_blocked ? blocked(spec.block) : soa();
}

}  // namespace coalesce::apps

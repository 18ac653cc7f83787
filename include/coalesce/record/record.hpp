// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// A record is the user's struct as it is: named fields, each `count` elements of `width` bytes at a
// byte offset, and the struct's stride (sizeof). Bytes no field covers are the user's padding: they are
// never read into data nor written back. A vector set of n x m of one T is the one-field record.
//
// Built from member pointers with names (describe_record<S>(field("x", &S::x), ...)), or from a
// run-time field list (record_desc({{"x", 0, 8, 3}, ...}, 48)) for codes that read their schema from a
// file. Every constructor validates: a bad field throws invalid_argument naming it.

#include <coalesce/core/config.hpp>
#include <coalesce/core/error.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

namespace coalesce {

struct field_desc {
  std::string name;
  std::size_t offset = 0;  // bytes from the start of the record
  std::size_t width = 0;   // bytes of one element: 1, 2, 4, 8 or 16
  std::size_t count = 1;   // elements: 1 for a scalar, N for T[N]

  std::size_t bytes() const noexcept { return width * count; }
  friend bool operator==(const field_desc& a, const field_desc& b) noexcept {
    return a.name == b.name && a.offset == b.offset && a.width == b.width && a.count == b.count;
  }
};

// The most field components a record may have (a T[N] field has N): kernels carry one entry each.
inline constexpr std::size_t max_record_components = 256;

class record_desc {
 public:
  record_desc() = default;
  // Throws invalid_argument naming the field for: zero fields, an empty or repeated name, a width other
  // than 1/2/4/8/16, a zero count, a field outside the stride, overlapping fields, an offset (or a
  // stride) misaligned for the field's width, or more than max_record_components components.
  record_desc(std::vector<field_desc> fields, std::size_t stride);

  const std::vector<field_desc>& fields() const noexcept { return fields_; }
  std::size_t size() const noexcept { return fields_.size(); }
  const field_desc& operator[](std::size_t f) const noexcept { return fields_[f]; }
  std::size_t stride() const noexcept { return stride_; }
  // Bytes of data per record (fields only, padding not counted).
  std::size_t data_bytes() const noexcept { return data_bytes_; }
  // Field components per record (sum of counts).
  std::size_t components() const noexcept { return components_; }
  // The widest field's width: what the struct must be aligned to.
  std::size_t alignment() const noexcept { return alignment_; }
  // True when some bytes of the stride belong to no field.
  bool has_padding() const noexcept { return data_bytes_ != stride_; }
  // The index of the field called `name`; throws invalid_argument naming it when there is none.
  std::size_t index_of(const std::string& name, const std::string& call = "record_desc::index_of") const;

  friend bool operator==(const record_desc& a, const record_desc& b) noexcept {
    return a.stride_ == b.stride_ && a.fields_ == b.fields_;
  }
  friend bool operator!=(const record_desc& a, const record_desc& b) noexcept { return !(a == b); }

 private:
  std::vector<field_desc> fields_;
  std::size_t stride_ = 0, data_bytes_ = 0, components_ = 0, alignment_ = 1;
};

// "x: offset 0, 3 x 8 bytes; v: offset 24, ..." (stride and padding at the end).
std::string to_string(const record_desc& desc);

// ---- From member pointers --------------------------------------------------------------------

namespace detail {
template <class M>
struct member_traits;
template <class S, class M>
struct member_traits<M S::*> {
  using record_type = S;
  using member_type = M;
  using element_type = std::remove_cv_t<std::remove_all_extents_t<M>>;
  static constexpr std::size_t count = sizeof(M) / sizeof(element_type);
};

template <std::size_t K, auto First, auto... Rest>
struct nth_member {
  static constexpr auto value = nth_member<K - 1, Rest...>::value;
};
template <auto First, auto... Rest>
struct nth_member<0, First, Rest...> {
  static constexpr auto value = First;
};

// The byte offset of a member, read off an object's storage (standard-layout structs; the same value
// offsetof gives, without needing a member name at compile time).
template <class S, class M>
std::size_t member_offset(M S::*member) noexcept {
  alignas(S) static const unsigned char storage[sizeof(S)] = {};
  const S* object = reinterpret_cast<const S*>(storage);
  return std::size_t(reinterpret_cast<const unsigned char*>(&(object->*member)) - storage);
}
}  // namespace detail

template <class S, class M>
struct field_ref {
  using member_pointer = M S::*;
  std::string name;
  member_pointer member;
};

// A named member of S; T[N] members are N-component fields, T[N][K] N*K.
template <class S, class M>
field_ref<S, M> field(std::string name, M S::*member) {
  using traits = detail::member_traits<M S::*>;
  using E = typename traits::element_type;
  static_assert(std::is_trivially_copyable_v<E>, "coalesce::field: the member's elements must be trivially copyable");
  static_assert(sizeof(E) == 1 || sizeof(E) == 2 || sizeof(E) == 4 || sizeof(E) == 8 || sizeof(E) == 16,
                "coalesce::field: elements must be 1, 2, 4, 8 or 16 bytes");
  return {std::move(name), member};
}

// The record of struct S from its named members (any subset, in any order).
template <class S, class... Ms>
record_desc describe_record(const field_ref<S, Ms>&... fields) {
  static_assert(std::is_standard_layout_v<S> && std::is_trivially_copyable_v<S>,
                "coalesce::describe_record: S must be a standard-layout, trivially copyable struct");
  std::vector<field_desc> list{field_desc{fields.name, detail::member_offset(fields.member),
                                          sizeof(typename detail::member_traits<Ms S::*>::element_type),
                                          detail::member_traits<Ms S::*>::count}...};
  return record_desc(std::move(list), sizeof(S));
}

// ---- Compile-time field lists for kernels --------------------------------------------------------

// The fields a kernel selects at compile time, by member pointer: fields<&particle::x, &particle::v>.
// A schema may name a subset of the record's fields; views match its members to the record's fields
// by offset, width and count (names are for people, not for device code).
template <auto... Members>
struct fields {
  static_assert(sizeof...(Members) > 0, "coalesce::fields: name at least one member");
  static constexpr std::size_t size = sizeof...(Members);

  // The member pointer at position K.
  template <std::size_t K>
  static constexpr auto member = detail::nth_member<K, Members...>::value;
  using record_type = typename detail::member_traits<std::remove_cv_t<decltype(member<0>)>>::record_type;
  static_assert((std::is_same_v<typename detail::member_traits<decltype(Members)>::record_type, record_type> && ...),
                "coalesce::fields: all members must belong to one struct");
  template <std::size_t K>
  using element_type = typename detail::member_traits<std::remove_cv_t<decltype(member<K>)>>::element_type;
  template <std::size_t K>
  static constexpr std::size_t count = detail::member_traits<std::remove_cv_t<decltype(member<K>)>>::count;

  // The position of member P in the list; size when P is not in it.
  template <auto P>
  COALESCE_HD static constexpr std::size_t index_of() noexcept {
    constexpr bool found[] = {same<P, Members>()...};
    for (std::size_t k = 0; k < size; ++k)
      if (found[k]) return k;
    return size;
  }

 private:
  template <auto A, auto B>
  COALESCE_HD static constexpr bool same() noexcept {
    if constexpr (std::is_same_v<decltype(A), decltype(B)>) {
      return A == B;
    } else {
      return false;
    }
  }
};

}  // namespace coalesce

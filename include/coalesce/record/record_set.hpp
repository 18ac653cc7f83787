// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The user's array of structs, described without copying: n records of `desc` at `data` (host or
// device memory), one after another at desc.stride() bytes.

#include <coalesce/core/descriptor.hpp>
#include <coalesce/record/record.hpp>

#include <coalesce/core/error.hpp>

#include <cstddef>
#include <string>
#include <type_traits>
#include <vector>

namespace coalesce {

template <class Byte>  // void, or const void for a read-only source
struct record_set {
  Byte* data = nullptr;
  std::size_t n = 0;
  record_desc desc;
  memory_space space = memory_space::host;

  template <class B = Byte, std::enable_if_t<!std::is_const_v<B>, int> = 0>
  operator record_set<const void>() const {  // NOLINT: implicit by design, like T* -> const T*
    return {data, n, desc, space};
  }
};

template <class S>
using record_set_of = record_set<std::conditional_t<std::is_const_v<S>, const void, void>>;

namespace detail {
// A typed struct array must have the record's stride (raw bytes, void or char, may have any).
template <class S>
void check_struct_stride(const record_desc& desc, const char* call) {
  using U = std::remove_cv_t<S>;
  if constexpr (!std::is_void_v<U> && sizeof(U) > 1) {
    if (sizeof(U) != desc.stride())
      fail(errc::invalid_argument, call,
           "the struct is " + std::to_string(sizeof(U)) + " bytes but the record's stride is " +
               std::to_string(desc.stride()));
  }
}
}  // namespace detail

template <class S>
record_set_of<S> host_records(S* data, std::size_t n, record_desc desc) {
  detail::check_struct_stride<S>(desc, "host_records");
  return {data, n, std::move(desc), memory_space::host};
}
template <class S>
record_set_of<S> device_records(S* data, std::size_t n, record_desc desc) {
  detail::check_struct_stride<S>(desc, "device_records");
  return {data, n, std::move(desc), memory_space::device};
}
// The user's std::vector of structs, all of it.
template <class S, class A>
record_set<void> host_records(std::vector<S, A>& data, record_desc desc) {
  detail::check_struct_stride<S>(desc, "host_records");
  return {data.data(), data.size(), std::move(desc), memory_space::host};
}
template <class S, class A>
record_set<const void> host_records(const std::vector<S, A>& data, record_desc desc) {
  detail::check_struct_stride<S>(desc, "host_records");
  return {data.data(), data.size(), std::move(desc), memory_space::host};
}

}  // namespace coalesce

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Thrust vectors as descriptors, without copying: describe(vec, n, m[, pitch]) gives the vector set
// that lives in a thrust::host_vector (host memory) or thrust::device_vector (device memory), so
// runtime::upload and runtime::download read and write it in place.

#include <coalesce/core/descriptor.hpp>
#include <coalesce/core/error.hpp>

#include <thrust/device_ptr.h>
#include <thrust/memory.h>

#include <string>
#include <type_traits>

namespace coalesce {
namespace detail {
template <class Pointer>
inline constexpr bool is_thrust_device_pointer_v = false;
template <class T>
inline constexpr bool is_thrust_device_pointer_v<thrust::device_ptr<T>> = true;
}  // namespace detail

// @param vec a thrust::host_vector or thrust::device_vector (const or not) holding at least
//            (n - 1) * pitch + m elements; throws size_mismatch otherwise.
template <class Vector>
auto describe(Vector& vec, std::size_t n, std::size_t m, std::size_t pitch) {
  auto* data = thrust::raw_pointer_cast(vec.data());
  using T = std::remove_pointer_t<decltype(data)>;
  constexpr bool on_device = detail::is_thrust_device_pointer_v<std::remove_cv_t<decltype(vec.data())>> ||
                             detail::is_thrust_device_pointer_v<std::decay_t<decltype(vec.data())>>;
  const std::size_t needed = n == 0 ? 0 : (n - 1) * pitch + m;
  if (vec.size() < needed)
    fail(errc::size_mismatch, "describe",
         "the vector holds " + std::to_string(vec.size()) + " elements, but n = " + std::to_string(n) +
             ", m = " + std::to_string(m) + ", pitch = " + std::to_string(pitch) + " need " + std::to_string(needed));
  return vector_set<T>{data, n, m, pitch, on_device ? memory_space::device : memory_space::host};
}

template <class Vector>
auto describe(Vector& vec, std::size_t n, std::size_t m) {
  return describe(vec, n, m, m);
}

}  // namespace coalesce

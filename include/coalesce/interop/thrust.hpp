// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Thrust vectors as descriptors and views, without copying: describe(vec, n, m[, pitch]) gives the
// vector set that lives in a thrust::host_vector (host memory) or thrust::device_vector (device memory
// when THRUST_DEVICE_SYSTEM is CUDA; host memory under the OMP, TBB and CPP device systems), so
// runtime::upload and runtime::download read and write it in place; view_of(vec, mapping) is a coalesce
// view of a vector that already holds a layout. Component ranges: <coalesce/interop/thrust_ranges.hpp>.

#include <coalesce/core/descriptor.hpp>
#include <coalesce/core/error.hpp>
#include <coalesce/view/view.hpp>

#include <thrust/device_ptr.h>
#include <thrust/memory.h>

#include <cstddef>
#include <string>
#include <type_traits>

namespace coalesce {
namespace detail {
template <class Pointer>
inline constexpr bool is_thrust_device_pointer_v = false;
template <class T>
inline constexpr bool is_thrust_device_pointer_v<thrust::device_ptr<T>> = true;

// A thrust::device_ptr points to GPU memory only when the device system is CUDA.
inline constexpr bool thrust_device_is_gpu = THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_CUDA;

template <class Vector>
void check_holds(const Vector& vec, std::size_t needed, const std::string& call, const std::string& shape) {
  if (vec.size() < needed)
    fail(errc::size_mismatch, call,
         "the vector holds " + std::to_string(vec.size()) + " elements, but " + shape + " need " +
             std::to_string(needed));
}
}  // namespace detail

// @param vec a thrust::host_vector or thrust::device_vector (const or not) holding at least
//            (n - 1) * pitch + m elements; throws size_mismatch otherwise.
template <class Vector>
auto describe(Vector& vec, std::size_t n, std::size_t m, std::size_t pitch) {
  auto* data = thrust::raw_pointer_cast(vec.data());
  using T = std::remove_pointer_t<decltype(data)>;
  constexpr bool on_device = detail::thrust_device_is_gpu &&
                             detail::is_thrust_device_pointer_v<std::decay_t<decltype(vec.data())>>;
  const std::size_t needed = n == 0 ? 0 : (n - 1) * pitch + m;
  detail::check_holds(vec, needed, "describe",
                      "n = " + std::to_string(n) + ", m = " + std::to_string(m) + ", pitch = " + std::to_string(pitch));
  return vector_set<T>{data, n, m, pitch, on_device ? memory_space::device : memory_space::host};
}

template <class Vector>
auto describe(Vector& vec, std::size_t n, std::size_t m) {
  return describe(vec, n, m, m);
}

// A view of the layout `map` over the vector's elements (host or device memory, as describe says);
// throws size_mismatch when the vector holds fewer than map.required_span_size() elements.
template <class Vector, class Mapping>
auto view_of(Vector& vec, const Mapping& map) {
  auto* data = thrust::raw_pointer_cast(vec.data());
  detail::check_holds(vec, static_cast<std::size_t>(map.required_span_size()), "view_of",
                      "n = " + std::to_string(map.extents().extent(0)) + ", m = " +
                          std::to_string(map.extents().extent(1)) + " in this layout");
  return basic_view<std::remove_pointer_t<decltype(data)>, Mapping>(data, map);
}

}  // namespace coalesce

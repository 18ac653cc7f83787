// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Descriptors say what the user already has: n vectors of m components of T (or a rows x cols
// matrix), where they live, and their row pitch. They own nothing.

#include <cstddef>
#include <type_traits>

namespace coalesce {

enum class memory_space { host, device };

inline const char* to_string(memory_space s) noexcept { return s == memory_space::host ? "host" : "device"; }

// The user's array of structures: vector v, component i at data[v * pitch + i] (pitch in elements, >= m).
template <class T>
struct vector_set {
  T* data = nullptr;
  std::size_t n = 0;
  std::size_t m = 0;
  std::size_t pitch = 0;
  memory_space space = memory_space::host;

  // A read-only view of the same vectors.
  template <class U = T, std::enable_if_t<!std::is_const_v<U>, int> = 0>
  operator vector_set<const T>() const noexcept {  // NOLINT: implicit by design, like T* -> const T*
    return {data, n, m, pitch, space};
  }
};

// The user's vectors stored component by component (SoA: a Fortran array, a Kokkos LayoutLeft View):
// component i of vector v at data[i * pitch + v] (pitch in elements, >= n).
template <class T>
struct component_set {
  T* data = nullptr;
  std::size_t n = 0;
  std::size_t m = 0;
  std::size_t pitch = 0;
  memory_space space = memory_space::host;

  template <class U = T, std::enable_if_t<!std::is_const_v<U>, int> = 0>
  operator component_set<const T>() const noexcept {  // NOLINT: implicit by design, like T* -> const T*
    return {data, n, m, pitch, space};
  }
};

// A row-major rows x cols matrix with a row pitch in elements; as a vector set each row is a vector.
template <class T>
struct matrix {
  T* data = nullptr;
  std::size_t rows = 0;
  std::size_t cols = 0;
  std::size_t pitch = 0;
  memory_space space = memory_space::host;

  vector_set<T> as_vectors() const noexcept { return {data, rows, cols, pitch, space}; }
  operator vector_set<T>() const noexcept { return as_vectors(); }  // NOLINT: a matrix is a vector set
  template <class U = T, std::enable_if_t<!std::is_const_v<U>, int> = 0>
  operator vector_set<const T>() const noexcept {  // NOLINT
    return {data, rows, cols, pitch, space};
  }
};

template <class T>
vector_set<T> host_vectors(T* data, std::size_t n, std::size_t m) noexcept { return {data, n, m, m, memory_space::host}; }
template <class T>
vector_set<T> host_vectors(T* data, std::size_t n, std::size_t m, std::size_t pitch) noexcept {
  return {data, n, m, pitch, memory_space::host};
}
template <class T>
vector_set<T> device_vectors(T* data, std::size_t n, std::size_t m) noexcept {
  return {data, n, m, m, memory_space::device};
}
template <class T>
vector_set<T> device_vectors(T* data, std::size_t n, std::size_t m, std::size_t pitch) noexcept {
  return {data, n, m, pitch, memory_space::device};
}
template <class T>
component_set<T> host_components(T* data, std::size_t n, std::size_t m) noexcept {
  return {data, n, m, n, memory_space::host};
}
template <class T>
component_set<T> host_components(T* data, std::size_t n, std::size_t m, std::size_t pitch) noexcept {
  return {data, n, m, pitch, memory_space::host};
}
template <class T>
component_set<T> device_components(T* data, std::size_t n, std::size_t m) noexcept {
  return {data, n, m, n, memory_space::device};
}
template <class T>
component_set<T> device_components(T* data, std::size_t n, std::size_t m, std::size_t pitch) noexcept {
  return {data, n, m, pitch, memory_space::device};
}
template <class T>
matrix<T> host_matrix(T* data, std::size_t rows, std::size_t cols, std::size_t pitch) noexcept {
  return {data, rows, cols, pitch, memory_space::host};
}
template <class T>
matrix<T> device_matrix(T* data, std::size_t rows, std::size_t cols, std::size_t pitch) noexcept {
  return {data, rows, cols, pitch, memory_space::device};
}

}  // namespace coalesce

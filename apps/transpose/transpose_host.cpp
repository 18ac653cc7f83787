// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The host backend of the transpose app (OpenMP over rows or blocks of rows).

#include "transpose.hpp"

#include <coalesce/core/error.hpp>
#include <coalesce/core/math.hpp>

#include <algorithm>
#include <cstdint>

namespace coalesce::apps::transpose {

template <class T>
void check_matrix(const matrix<const T>& in, memory_space where, const std::string& call) {
  if (in.space != where)
    fail(errc::wrong_memory_space, call, std::string("the matrix is in ") + to_string(in.space) + " memory, not " + to_string(where));
  if (in.pitch < in.cols)
    fail(errc::invalid_argument, call, "pitch " + std::to_string(in.pitch) + " < cols " + std::to_string(in.cols));
  if (in.data == nullptr && in.rows > 0 && in.cols > 0) fail(errc::invalid_argument, call, "the matrix data is null");
}

template <class T>
void check_transpose_shapes(const matrix<const T>& in, const matrix<T>& out, memory_space where, const std::string& call) {
  check_matrix(in, where, call);
  check_matrix(as_const(out), where, call);
  if (out.rows != in.cols || out.cols != in.rows)
    fail(errc::size_mismatch, call,
         "out is " + std::to_string(out.rows) + " x " + std::to_string(out.cols) + ", the transpose of " +
             std::to_string(in.rows) + " x " + std::to_string(in.cols) + " must be " + std::to_string(in.cols) +
             " x " + std::to_string(in.rows));
}

const char* to_string(host_method m) noexcept { return m == host_method::naive ? "naive" : "blocked"; }

template <class T>
void host_transpose(host_method method, const matrix<const T>& in, const matrix<T>& out) {
  check_transpose_shapes(in, out, memory_space::host, "host_transpose");
  const auto rows = static_cast<std::int64_t>(in.rows);
  if (method == host_method::naive) {
#if defined(_OPENMP)
#pragma omp parallel for schedule(static)
#endif
    for (std::int64_t r = 0; r < rows; ++r)
      for (std::size_t c = 0; c < in.cols; ++c) out.data[c * out.pitch + std::size_t(r)] = in.data[std::size_t(r) * in.pitch + c];
    return;
  }
  constexpr std::size_t b = 32;
  const auto row_blocks = static_cast<std::int64_t>(ceil_div(in.rows, b));
#if defined(_OPENMP)
#pragma omp parallel for schedule(static)
#endif
  for (std::int64_t rb = 0; rb < row_blocks; ++rb) {
    const std::size_t r0 = std::size_t(rb) * b, r1 = std::min(in.rows, r0 + b);
    for (std::size_t c0 = 0; c0 < in.cols; c0 += b) {
      const std::size_t c1 = std::min(in.cols, c0 + b);
      for (std::size_t c = c0; c < c1; ++c)
        for (std::size_t r = r0; r < r1; ++r) out.data[c * out.pitch + r] = in.data[r * in.pitch + c];
    }
  }
}

template <class T>
void host_row_sums(const matrix<const T>& in, T* out) {
  check_matrix(in, memory_space::host, "host_row_sums");
  const auto rows = static_cast<std::int64_t>(in.rows);
#if defined(_OPENMP)
#pragma omp parallel for schedule(static)
#endif
  for (std::int64_t r = 0; r < rows; ++r) {
    T sum = 0;
    for (std::size_t c = 0; c < in.cols; ++c) sum += in.data[std::size_t(r) * in.pitch + c];
    out[r] = sum;
  }
}

// Each thread owns a range of columns and walks the rows: unit stride inside a row, like the GPU's warp.
template <class T>
void host_column_sums(const matrix<const T>& in, T* out) {
  check_matrix(in, memory_space::host, "host_column_sums");
  constexpr std::size_t b = 256;
  const auto col_blocks = static_cast<std::int64_t>(ceil_div(in.cols, b));
#if defined(_OPENMP)
#pragma omp parallel for schedule(static)
#endif
  for (std::int64_t cb = 0; cb < col_blocks; ++cb) {
    const std::size_t c0 = std::size_t(cb) * b, c1 = std::min(in.cols, c0 + b);
    for (std::size_t c = c0; c < c1; ++c) out[c] = 0;
    for (std::size_t r = 0; r < in.rows; ++r)
      for (std::size_t c = c0; c < c1; ++c) out[c] += in.data[r * in.pitch + c];
  }
}

#define COALESCE_TRANSPOSE_INSTANTIATE(T)                                                                         \
  template void check_matrix<T>(const matrix<const T>&, memory_space, const std::string&);                         \
  template void check_transpose_shapes<T>(const matrix<const T>&, const matrix<T>&, memory_space, const std::string&); \
  template void host_transpose<T>(host_method, const matrix<const T>&, const matrix<T>&);                           \
  template void host_row_sums<T>(const matrix<const T>&, T*);                                                       \
  template void host_column_sums<T>(const matrix<const T>&, T*);
COALESCE_TRANSPOSE_INSTANTIATE(float)
COALESCE_TRANSPOSE_INSTANTIATE(double)
COALESCE_TRANSPOSE_INSTANTIATE(int)
#undef COALESCE_TRANSPOSE_INSTANTIATE

}  // namespace coalesce::apps::transpose

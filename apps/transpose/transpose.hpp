// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Transposes and row/column sums of row-major matrices described by coalesce::matrix (data, rows, cols,
// row pitch in elements, memory space). The host versions (OpenMP) are here; the CUDA versions are in
// transpose_device.hpp. Implemented for float, double and int.

#include <coalesce/core/descriptor.hpp>

#include <cstddef>
#include <string>
#include <vector>

namespace coalesce::apps::transpose {

template <class T>
matrix<const T> as_const(const matrix<T>& m) noexcept {
  return {m.data, m.rows, m.cols, m.pitch, m.space};
}

// Throws invalid_argument (null data, pitch < cols), size_mismatch (out is not in's transpose) or
// wrong_memory_space, naming the call and the values.
template <class T>
void check_transpose_shapes(const matrix<const T>& in, const matrix<T>& out, memory_space where, const std::string& call);
template <class T>
void check_matrix(const matrix<const T>& in, memory_space where, const std::string& call);

enum class host_method {
  naive,    // row by row: reads stream, writes jump a whole output row each element
  blocked,  // 32 x 32 blocks: both the read and the written block stay in cache
};
const char* to_string(host_method m) noexcept;

// out = in^T on the host; out must be cols x rows. Only the rows x cols elements are written.
template <class T>
void host_transpose(host_method method, const matrix<const T>& in, const matrix<T>& out);
// out[r] = sum of row r (rows values); out[c] = sum of column c (cols values).
template <class T>
void host_row_sums(const matrix<const T>& in, T* out);
template <class T>
void host_column_sums(const matrix<const T>& in, T* out);

}  // namespace coalesce::apps::transpose

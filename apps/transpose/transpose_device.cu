// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Launches the transpose kernels (32 x 8 threads per 32 x 32 tile) and the row/column sums (256 threads
// per block), and moves device matrices with cudaMemcpy2D.

#include "../common/cuda_check.cuh"
#include "transpose_device.hpp"
#include "transpose_kernels.cuh"

#include <coalesce/core/error.hpp>
#include <coalesce/core/math.hpp>

#include <cstdint>
#include <string>

namespace coalesce::apps::transpose {
namespace {

constexpr unsigned sum_block = 256;
constexpr std::size_t max_grid_y = 65535;

}  // namespace

const char* to_string(method m) noexcept {
  switch (m) {
    case method::naive: return "naive";
    case method::tiled: return "tiled";
    case method::tiled_padded: return "tiled_padded";
    case method::tiled_aligned: return "tiled_aligned";
  }
  return "unknown";
}

template <class T>
gpu_matrix<T>::gpu_matrix(std::size_t rows, std::size_t cols, bool pitched)
    : rows_(rows), cols_(cols), pitch_(cols), pitched_(pitched) {
  const std::size_t row_bytes = checked_mul(cols, sizeof(T), "gpu_matrix", "row bytes");
  if (pitched && rows > 0 && cols > 0) {
    memory_ = buffer::allocate_pitched(memory_space::device, row_bytes, rows, "gpu_matrix");
    if (memory_.pitch_bytes() % sizeof(T) != 0)
      fail(errc::invalid_argument, "gpu_matrix",
           "pitch " + std::to_string(memory_.pitch_bytes()) + " bytes is not a multiple of the element size");
    pitch_ = memory_.pitch_bytes() / sizeof(T);
  } else {
    memory_ = buffer::allocate(memory_space::device, checked_mul(rows, row_bytes, "gpu_matrix", "bytes"), "gpu_matrix");
  }
}

template <class T>
void gpu_matrix<T>::upload(const T* host, std::size_t host_pitch) {
  if (rows_ == 0 || cols_ == 0) return;
  check(cudaMemcpy2D(memory_.data(), pitch_ * sizeof(T), host, host_pitch * sizeof(T), cols_ * sizeof(T), rows_,
                     cudaMemcpyHostToDevice),
        "cudaMemcpy2D");
}

template <class T>
void gpu_matrix<T>::download(T* host, std::size_t host_pitch) const {
  if (rows_ == 0 || cols_ == 0) return;
  check(cudaMemcpy2D(host, host_pitch * sizeof(T), memory_.data(), pitch_ * sizeof(T), cols_ * sizeof(T), rows_,
                     cudaMemcpyDeviceToHost),
        "cudaMemcpy2D");
}

template <class T>
void gpu_matrix<T>::fill_bytes(int byte) {
  if (rows_ == 0 || cols_ == 0) return;
  check(cudaMemset(memory_.data(), byte, rows_ * pitch_ * sizeof(T)), "cudaMemset");
}

// Output rows that all start on a 32-byte sector (cudaMallocPitch's, or a pitch of 8 floats' multiple):
// the padded tile's stores already do.
template <class T>
bool rows_on_sectors(const matrix<T>& m) {
  return reinterpret_cast<std::uintptr_t>(m.data) % 32 == 0 && m.pitch * sizeof(T) % 32 == 0;
}

template <class T>
void device_transpose(method m, const matrix<const T>& in, const matrix<T>& out) {
  check_transpose_shapes(in, out, memory_space::device, "device_transpose");
  if (in.rows == 0 || in.cols == 0) return;
  const bool aligned = m == method::tiled_aligned && !rows_on_sectors(out);
  const unsigned tile_rows = m == method::naive ? kernels::tile : aligned ? kernels::aligned_rows : kernels::tiled_rows;
  const dim3 grid(static_cast<unsigned>(ceil_div(in.cols, kernels::tile)),
                  static_cast<unsigned>(ceil_div(in.rows, tile_rows)));
  if (ceil_div(in.rows, tile_rows) > max_grid_y)
    fail(errc::invalid_argument, "device_transpose", "rows " + std::to_string(in.rows) + " exceed the grid's reach");
  const dim3 block(kernels::tile, kernels::block_rows);
  if (aligned) {
    kernels::tiled_aligned<T><<<grid, block>>>(in.data, in.rows, in.cols, in.pitch, out.data, out.pitch);
  } else if (m == method::naive) {
    kernels::naive<T><<<grid, block>>>(in.data, in.rows, in.cols, in.pitch, out.data, out.pitch);
  } else if (m == method::tiled) {
    kernels::tiled<T, 0><<<grid, block>>>(in.data, in.rows, in.cols, in.pitch, out.data, out.pitch);
  } else {  // tiled_padded, and tiled_aligned onto rows that start on sectors
    kernels::tiled<T, 1><<<grid, block>>>(in.data, in.rows, in.cols, in.pitch, out.data, out.pitch);
  }
  check_launch(to_string(m));
}

template <class T>
void device_row_sums(const matrix<const T>& in, T* out) {
  check_matrix(in, memory_space::device, "device_row_sums");
  if (in.rows == 0) return;
  kernels::row_sums_thread_per_row<T>
      <<<static_cast<unsigned>(ceil_div(in.rows, sum_block)), sum_block>>>(in.data, in.rows, in.cols, in.pitch, out);
  check_launch("row_sums_thread_per_row");
}

template <class T>
void device_column_sums(const matrix<const T>& in, T* out) {
  check_matrix(in, memory_space::device, "device_column_sums");
  if (in.cols == 0) return;
  kernels::column_sums_thread_per_column<T>
      <<<static_cast<unsigned>(ceil_div(in.cols, sum_block)), sum_block>>>(in.data, in.rows, in.cols, in.pitch, out);
  check_launch("column_sums_thread_per_column");
}

#define COALESCE_TRANSPOSE_INSTANTIATE(T)                                            \
  template class gpu_matrix<T>;                                                   \
  template void device_transpose<T>(method, const matrix<const T>&, const matrix<T>&); \
  template void device_row_sums<T>(const matrix<const T>&, T*);                      \
  template void device_column_sums<T>(const matrix<const T>&, T*);
COALESCE_TRANSPOSE_INSTANTIATE(float)
COALESCE_TRANSPOSE_INSTANTIATE(double)
COALESCE_TRANSPOSE_INSTANTIATE(int)
#undef COALESCE_TRANSPOSE_INSTANTIATE

}  // namespace coalesce::apps::transpose

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The CUDA transposes and row/column sums behind a plain C++ interface, and gpu_matrix: a matrix in
// device memory, pitched (cudaMallocPitch, every row starting aligned) or unpitched (pitch = cols),
// moved to and from the host with cudaMemcpy2D. Implemented in transpose_device.cu for float, double
// and int.

#include "transpose.hpp"

#include <coalesce/core/buffer.hpp>
#include <coalesce/core/descriptor.hpp>

#include <cstddef>
#include <vector>

namespace coalesce::apps::transpose {

enum class method {
  naive,          // coalesced reads, strided writes
  tiled,          // through a [64][32] shared tile: coalesced both ways, 32-way bank conflicts
  tiled_padded,   // through a [64][33] tile: coalesced both ways, no bank conflicts
  tiled_aligned,  // tiled_padded with every warp's stores starting on a 32-byte sector
};
const char* to_string(method m) noexcept;
inline constexpr method all_methods[] = {method::naive, method::tiled, method::tiled_padded,
                                          method::tiled_aligned};

template <class T>
class gpu_matrix {
 public:
  // Throws invalid_argument when a pitched allocation's pitch is not a multiple of sizeof(T).
  gpu_matrix(std::size_t rows, std::size_t cols, bool pitched);

  matrix<T> view() noexcept { return {static_cast<T*>(memory_.data()), rows_, cols_, pitch_, memory_space::device}; }
  matrix<const T> view() const noexcept {
    return {static_cast<const T*>(memory_.data()), rows_, cols_, pitch_, memory_space::device};
  }
  bool pitched() const noexcept { return pitched_; }
  std::size_t pitch() const noexcept { return pitch_; }  // elements

  // Copies rows x cols elements from / to host memory with row pitch host_pitch (elements), cudaMemcpy2D.
  void upload(const T* host, std::size_t host_pitch);
  void download(T* host, std::size_t host_pitch) const;
  // Sets every byte of the allocation, padding included (for poisoning).
  void fill_bytes(int byte);

 private:
  std::size_t rows_, cols_, pitch_;
  bool pitched_;
  buffer memory_;
};

// out = in^T; both in device memory, out cols x rows. Enqueued on the default stream.
template <class T>
void device_transpose(method m, const matrix<const T>& in, const matrix<T>& out);
// out (device, rows values) = row sums with a thread per row; out (cols values) = column sums with a
// thread per column.
template <class T>
void device_row_sums(const matrix<const T>& in, T* out);
template <class T>
void device_column_sums(const matrix<const T>& in, T* out);

}  // namespace coalesce::apps::transpose

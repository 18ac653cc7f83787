// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Rows of bytes between any two memories. Contiguous rows go as one cudaMemcpyAsync: the copy
// engines move narrow 2D rows one by one (12-byte rows of pinned memory crossed the bus at 10% of
// a plain copy's rate on the H200).

#include "cuda_check.hpp"

#include <cuda_runtime.h>

#include <cstddef>
#include <string>

namespace coalesce::detail {

inline void copy_rows_async(void* dst, std::size_t dst_pitch, const void* src, std::size_t src_pitch,
                            std::size_t width, std::size_t height, cudaStream_t stream, const std::string& call) {
  if (height <= 1 || (dst_pitch == width && src_pitch == width)) {
    check_cuda(cudaMemcpyAsync(dst, src, width * height, cudaMemcpyDefault, stream), call,
               "cudaMemcpyAsync(" + std::to_string(width * height) + " bytes)");
    return;
  }
  check_cuda(cudaMemcpy2DAsync(dst, dst_pitch, src, src_pitch, width, height, cudaMemcpyDefault, stream), call,
             "cudaMemcpy2DAsync(" + std::to_string(height) + " rows of " + std::to_string(width) + " bytes)");
}

}  // namespace coalesce::detail

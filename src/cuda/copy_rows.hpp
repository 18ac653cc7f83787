// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Rows of bytes between any two memories. Contiguous rows go as one cudaMemcpyAsync: the copy
// engines move narrow 2D rows one by one, far below a plain copy's rate (BENCHMARKS.md, Upload and
// download pipelines).

#include "cuda_check.hpp"

#include <coalesce/layout/spec.hpp>

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

// Between two layouts of one kind and shape (pitches may differ): the data rows of row_major or
// col_major (pitch gaps skipped), or a blocked span whole.
inline void copy_same_kind(const void* src, const array_layout& sl, void* dst, const array_layout& dl,
                           std::size_t elem, cudaStream_t stream, const std::string& call) {
  switch (sl.kind) {
    case layout_kind::row_major:
      return copy_rows_async(dst, dl.pitch * elem, src, sl.pitch * elem, sl.m * elem, sl.n, stream, call);
    case layout_kind::col_major:
      return copy_rows_async(dst, dl.pitch * elem, src, sl.pitch * elem, sl.n * elem, sl.m, stream, call);
    case layout_kind::blocked: break;
  }
  copy_rows_async(dst, 0, src, 0, sl.span() * elem, 1, stream, call);
}

}  // namespace coalesce::detail

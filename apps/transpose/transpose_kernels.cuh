// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Transpose out = in^T of a row-major rows x cols matrix with row pitches in elements (pitch = cols for
// an unpitched matrix, pitch = cudaMallocPitch's bytes / sizeof(T) for a pitched one), and the two ways
// of summing a row-major matrix. Every kernel guards both bounds, so any shape works (1000, 1023, 4097).

#include <cstddef>

namespace coalesce::apps::transpose::kernels {

// Tile edge and the rows of a tile one thread block covers per step: a 32 x 8 block moves a 32 x 32
// tile, 4 elements per thread.
constexpr unsigned tile = 32;
constexpr unsigned block_rows = 8;

// Naive: thread (x, y) reads in(y, x) -- consecutive lanes, consecutive addresses: coalesced -- and writes
// out(x, y) -- consecutive lanes a whole output row apart: every lane its own sector, 32 per request.
template <class T>
__global__ void naive(const T* in, std::size_t rows, std::size_t cols, std::size_t in_pitch, T* out,
                      std::size_t out_pitch) {
  const std::size_t c = std::size_t(blockIdx.x) * tile + threadIdx.x;
  const std::size_t r0 = std::size_t(blockIdx.y) * tile + threadIdx.y;
  if (c >= cols) return;
#pragma unroll
  for (unsigned j = 0; j < tile; j += block_rows)
    if (r0 + j < rows) out[c * out_pitch + r0 + j] = in[(r0 + j) * in_pitch + c];
}

// Tiled: the block reads a tile of 64 input rows x 32 columns with coalesced row reads into shared
// memory, then writes the transposed tile (32 output rows x 64 columns) with coalesced row writes,
// reading the tile down its columns. Pad = 0: a column of a [64][32] float tile lies in one bank, so the
// 32 lanes' reads are a 32-way bank conflict. Pad = 1: the [64][33] tile shifts each row by one bank,
// so a column touches all 32 banks: conflict-free. 64 rows rather than 32 give each thread 8 loads in
// flight instead of 4 (the 32 x 32 tile reached 84% of cudaMemcpy on the H200, this one more).
constexpr unsigned tiled_rows = 64;

template <class T, unsigned Pad>
__global__ void tiled(const T* in, std::size_t rows, std::size_t cols, std::size_t in_pitch, T* out,
                      std::size_t out_pitch) {
  __shared__ T buffer[tiled_rows][tile + Pad];
  const std::size_t c = std::size_t(blockIdx.x) * tile + threadIdx.x;
  const std::size_t r0 = std::size_t(blockIdx.y) * tiled_rows + threadIdx.y;
  if (c < cols) {
#pragma unroll
    for (unsigned j = 0; j < tiled_rows; j += block_rows)
      if (r0 + j < rows) buffer[threadIdx.y + j][threadIdx.x] = in[(r0 + j) * in_pitch + c];
  }
  __syncthreads();
  // The output tile is block (y, x): output row = input column, output column = input row.
  const std::size_t out_c = std::size_t(blockIdx.y) * tiled_rows + threadIdx.x;
  const std::size_t out_r0 = std::size_t(blockIdx.x) * tile + threadIdx.y;
#pragma unroll
  for (unsigned j = 0; j < tile; j += block_rows) {
    if (out_r0 + j >= cols) break;
    T* row = out + (out_r0 + j) * out_pitch;
#pragma unroll
    for (unsigned h = 0; h < tiled_rows; h += tile)
      if (out_c + h < rows) row[out_c + h] = buffer[threadIdx.x + h][threadIdx.y + j];
  }
}

// Thread per row: thread r walks row r. At each step the warp's 32 addresses are a row pitch apart:
// 32 sectors per request, 4 useful bytes in each (the "not coalesced" case of BACKGROUND 3).
template <class T>
__global__ void row_sums_thread_per_row(const T* in, std::size_t rows, std::size_t cols, std::size_t pitch, T* out) {
  const std::size_t r = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  const T* row = in + r * pitch;
  T sum = 0;
  for (std::size_t c = 0; c < cols; ++c) sum += row[c];
  out[r] = sum;
}

// Thread per column: thread c walks column c. At each step the warp reads 32 consecutive elements of
// one row: one 128-byte line per request.
template <class T>
__global__ void column_sums_thread_per_column(const T* in, std::size_t rows, std::size_t cols, std::size_t pitch,
                                              T* out) {
  const std::size_t c = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (c >= cols) return;
  T sum = 0;
  for (std::size_t r = 0; r < rows; ++r) sum += in[r * pitch + c];
  out[c] = sum;
}

}  // namespace coalesce::apps::transpose::kernels

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Transpose out = in^T of a row-major rows x cols matrix with row pitches in elements (pitch = cols for
// an unpitched matrix, pitch = cudaMallocPitch's bytes / sizeof(T) for a pitched one), and the two ways
// of summing a row-major matrix. Every kernel guards both bounds, so any shape works (1000, 1023, 4097).

#include <cstddef>
#include <cstdint>

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

// Rows x Cols input elements per tile (Rows a multiple of tile and Cols of block_rows and tile).
template <class T, unsigned Pad, unsigned Rows = tiled_rows, unsigned Cols = tile>
__global__ void tiled(const T* in, std::size_t rows, std::size_t cols, std::size_t in_pitch, T* out,
                      std::size_t out_pitch) {
  __shared__ T buffer[Rows][Cols + Pad];
  const std::size_t c0 = std::size_t(blockIdx.x) * Cols + threadIdx.x;
  const std::size_t r0 = std::size_t(blockIdx.y) * Rows + threadIdx.y;
  // Guards, not an early exit: the predicated loads all issue before the first one returns.
#pragma unroll
  for (unsigned j = 0; j < Rows; j += block_rows)
#pragma unroll
    for (unsigned k = 0; k < Cols; k += tile)
      if (r0 + j < rows && c0 + k < cols) buffer[threadIdx.y + j][threadIdx.x + k] = in[(r0 + j) * in_pitch + c0 + k];
  __syncthreads();
  // The output tile is block (y, x): output row = input column, output column = input row.
  const std::size_t out_c = std::size_t(blockIdx.y) * Rows + threadIdx.x;
  const std::size_t out_r0 = std::size_t(blockIdx.x) * Cols + threadIdx.y;
#pragma unroll
  for (unsigned j = 0; j < Cols; j += block_rows) {
    if (out_r0 + j >= cols) break;
    T* row = out + (out_r0 + j) * out_pitch;
#pragma unroll
    for (unsigned h = 0; h < Rows; h += tile)
      if (out_c + h < rows) row[out_c + h] = buffer[threadIdx.x + h][threadIdx.y + j];
  }
}

// Tiled, padded, and every warp's stores start on a 32-byte sector, for output rows that do not (a pitch
// of 4097 floats). There the padded tile's output windows start mid-sector, and the sector at each
// window's edge is written half by one block and half by the next: 4097 x 4097 floats ran at 79% of
// cudaMemcpy unpitched against 97% on cudaMallocPitch rows (H200). Here output row j's window of Rows
// columns moves back by s_j < 32 / sizeof(T) columns onto the sector boundary, so the tile also loads
// the `halo` input rows above it (one more round of loads); the last tile's window runs to the row's
// end. Rows = 128 halves the halo's share against 64 (probe benchmarks/probes/transpose_tile_probe.cu:
// 4097 x 4097 unpitched 87-91% against 85-88% with 64).
constexpr unsigned aligned_rows = 128;

template <class T, unsigned Rows = aligned_rows>
__global__ void tiled_aligned(const T* in, std::size_t rows, std::size_t cols, std::size_t in_pitch, T* out,
                              std::size_t out_pitch) {
  constexpr unsigned halo = 32 / sizeof(T);
  __shared__ T buffer[halo + Rows][tile + 1];
  const std::size_t c = std::size_t(blockIdx.x) * tile + threadIdx.x;
  const std::size_t r0 = std::size_t(blockIdx.y) * Rows;
  if (c < cols) {
#pragma unroll
    for (unsigned j = 0; j < halo; j += block_rows) {
      const unsigned k = j + threadIdx.y;
      if (k < halo && r0 + k >= halo) buffer[k][threadIdx.x] = in[(r0 + k - halo) * in_pitch + c];
    }
#pragma unroll
    for (unsigned j = 0; j < Rows; j += block_rows)
      if (r0 + j + threadIdx.y < rows) buffer[halo + j + threadIdx.y][threadIdx.x] = in[(r0 + j + threadIdx.y) * in_pitch + c];
  }
  __syncthreads();
  const bool last = r0 + Rows >= rows;
#pragma unroll
  for (unsigned j = 0; j < tile; j += block_rows) {
    const std::size_t oc = std::size_t(blockIdx.x) * tile + threadIdx.y + j;  // output row = input column
    if (oc >= cols) break;
    const unsigned s = unsigned(reinterpret_cast<std::uintptr_t>(out + oc * out_pitch + r0) / sizeof(T) % halo);
    T* window = out + oc * out_pitch + r0 - s;  // on a sector; the same shift for every lane of the warp
    const T* from = &buffer[halo - s][threadIdx.y + j];
    const std::size_t skip = r0 < s ? s - r0 : 0;  // the first tile: the window's columns before the row
    if (!last) {
#pragma unroll
      for (unsigned h = 0; h < Rows; h += tile)
        if (h + threadIdx.x >= skip) window[h + threadIdx.x] = from[(h + threadIdx.x) * (tile + 1)];
    } else {
      const std::size_t end = rows - r0 + s;
#pragma unroll
      for (unsigned h = 0; h < Rows + halo; h += tile)
        if (h + threadIdx.x >= skip && h + threadIdx.x < end) window[h + threadIdx.x] = from[(h + threadIdx.x) * (tile + 1)];
    }
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

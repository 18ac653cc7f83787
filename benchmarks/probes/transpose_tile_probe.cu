// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Probe: the transpose app's kernels for rows that start off 32-byte sectors (1023, 4097 floats), on
// the app's shapes, unpitched and cudaMallocPitch'ed, as % of cudaMemcpy D2D of the same bytes in the
// same run: the padded tile by shape (input rows x columns per block; a taller tile makes each output
// row's piece longer, so fewer sectors are shared by two blocks), the app's tiled_aligned with 64 and 128
// rows, a first version of it with the halo in per-lane loops (halo128x32), and one block walking K tiles
// down the rows (strip: the shared sectors written by one SM). Results: BENCHMARKS.md, the transpose app.
// Not part of the library. Arguments: [reps] [shape index]. Built in CUDA builds as
// coalesce-transpose-tile-probe (benchmarks/probes/ of the build tree).
#include "transpose/transpose_kernels.cuh"

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "probe_common.hpp"

namespace k = coalesce::apps::transpose::kernels;

struct matrix {
  float* data = nullptr;
  std::size_t rows = 0, cols = 0, pitch = 0;
};

// Blocks of 32 x 8 threads, each covering `rows` input rows x `cols` input columns.
dim3 grid_for(const matrix& in, unsigned rows, unsigned cols) {
  return dim3(unsigned((in.cols + cols - 1) / cols), unsigned((in.rows + rows - 1) / rows));
}
const dim3 block(k::tile, k::block_rows);

template <unsigned R, unsigned C>
void launch(const matrix& in, const matrix& out) {
  k::tiled<float, 1, R, C><<<grid_for(in, R, C), block>>>(in.data, in.rows, in.cols, in.pitch, out.data, out.pitch);
}

// Every warp's stores start on a 32-byte sector: output row j's window of Rows columns moves back to
// the sector boundary at or before the tile's first column (by s_j < 32 / sizeof(T) columns), so the
// tile also loads the `halo` input rows above it; the last tile's window runs to the end of the row.
template <class T, unsigned Rows, unsigned Cols>
__global__ void tiled_aligned_halo_loops(const T* in, std::size_t rows, std::size_t cols, std::size_t in_pitch, T* out,
                              std::size_t out_pitch) {
  constexpr unsigned halo = 32 / sizeof(T), loaded = Rows + halo;
  __shared__ T buffer[loaded][Cols + 1];
  const std::size_t c0 = std::size_t(blockIdx.x) * Cols + threadIdx.x;
  const std::size_t r0 = std::size_t(blockIdx.y) * Rows;
#pragma unroll
  for (unsigned j = 0; j < loaded; j += k::block_rows) {
    const unsigned kk = j + threadIdx.y;
    const std::size_t r = r0 + kk - halo;  // wraps below row 0: then r >= rows
#pragma unroll
    for (unsigned q = 0; q < Cols; q += k::tile)
      if (kk < loaded && r < rows && c0 + q < cols) buffer[kk][threadIdx.x + q] = in[r * in_pitch + c0 + q];
  }
  __syncthreads();
  const bool last = r0 + Rows >= rows;
#pragma unroll
  for (unsigned j = 0; j < Cols; j += k::block_rows) {
    const std::size_t oc = std::size_t(blockIdx.x) * Cols + threadIdx.y + j;
    if (oc >= cols) break;
    T* row = out + oc * out_pitch;
    const unsigned s = unsigned(reinterpret_cast<std::uintptr_t>(row + r0) / sizeof(T) % halo);
    const std::size_t begin = r0 >= s ? r0 - s : 0, end = last ? rows : r0 + Rows - s;
#pragma unroll
    for (unsigned h = 0; h < loaded; h += k::tile) {
      const std::size_t r = begin + h + threadIdx.x;
      if (r < end) row[r] = buffer[r + halo - r0][threadIdx.y + j];
    }
  }
}

// The app's tile (64 x 32) K times down the rows by one block, one after the other: the sectors two
// tiles share are written by the same SM microseconds apart.
template <class T, unsigned K>
__global__ void tiled_strip(const T* in, std::size_t rows, std::size_t cols, std::size_t in_pitch, T* out,
                            std::size_t out_pitch) {
  constexpr unsigned Rows = 64, Cols = 32;
  __shared__ T buffer[Rows][Cols + 1];
  const std::size_t c = std::size_t(blockIdx.x) * Cols + threadIdx.x;
  for (unsigned q = 0; q < K; ++q) {
    const std::size_t r0 = (std::size_t(blockIdx.y) * K + q) * Rows;
    if (r0 >= rows) return;
    if (q) __syncthreads();
#pragma unroll
    for (unsigned j = 0; j < Rows; j += k::block_rows)
      if (c < cols && r0 + j + threadIdx.y < rows)
        buffer[j + threadIdx.y][threadIdx.x] = in[(r0 + j + threadIdx.y) * in_pitch + c];
    __syncthreads();
    const std::size_t out_c = r0 + threadIdx.x, out_r0 = std::size_t(blockIdx.x) * Cols + threadIdx.y;
#pragma unroll
    for (unsigned j = 0; j < Cols; j += k::block_rows) {
      if (out_r0 + j >= cols) break;
      T* row = out + (out_r0 + j) * out_pitch;
#pragma unroll
      for (unsigned h = 0; h < Rows; h += k::tile)
        if (out_c + h < rows) row[out_c + h] = buffer[threadIdx.x + h][threadIdx.y + j];
    }
  }
}

template <unsigned K>
void launch_strip(const matrix& in, const matrix& out) {
  tiled_strip<float, K><<<grid_for(in, 64 * K, 32), block>>>(in.data, in.rows, in.cols, in.pitch, out.data, out.pitch);
}

template <unsigned R>
void launch_app_aligned(const matrix& in, const matrix& out) {
  k::tiled_aligned<float, R><<<grid_for(in, R, k::tile), block>>>(in.data, in.rows, in.cols, in.pitch, out.data, out.pitch);
}

template <unsigned R, unsigned C>
void launch_halo_loops(const matrix& in, const matrix& out) {
  tiled_aligned_halo_loops<float, R, C><<<grid_for(in, R, C), block>>>(in.data, in.rows, in.cols, in.pitch, out.data, out.pitch);
}

using launcher = void (*)(const matrix&, const matrix&);
struct variant {
  const char* name;
  launcher run;
};
const variant variants[] = {{"64x32", launch<64, 32>},          {"128x32", launch<128, 32>},
                            {"halo128x32", launch_halo_loops<128, 32>}, {"aligned64", launch_app_aligned<64>},
                            {"aligned128", launch_app_aligned<128>},     {"strip2", launch_strip<2>},
                            {"strip4", launch_strip<4>},           {"strip16", launch_strip<16>}};

matrix make(std::size_t rows, std::size_t cols, bool pitched) {
  matrix m{nullptr, rows, cols, cols};
  if (pitched) {
    std::size_t pitch = 0;
    CHECK(cudaMallocPitch(reinterpret_cast<void**>(&m.data), &pitch, cols * sizeof(float), rows));
    m.pitch = pitch / sizeof(float);
  } else {
    CHECK(cudaMalloc(&m.data, rows * cols * sizeof(float)));
  }
  return m;
}

int main(int argc, char** argv) {
  const int reps = argc > 1 ? std::atoi(argv[1]) : 50;
  const int only = argc > 2 ? std::atoi(argv[2]) : -1;  // one shape's index, for Nsight Compute
  const std::size_t shapes[][2] = {{8192, 8192}, {8192, 1000}, {8192, 1023}, {8192, 4097}, {4097, 4097}};
  std::printf("| rows x cols | pitch | D2D GB/s |");
  for (const variant& v : variants) std::printf(" %s |", v.name);
  std::printf("\n|---|---|---:|");
  for (std::size_t i = 0; i < sizeof(variants) / sizeof(variants[0]); ++i) std::printf("---:|");
  std::printf("\n");
  bool all_exact = true;
  for (const auto& s : shapes) {
    if (only >= 0 && &s - shapes != only) continue;
    const std::size_t rows = s[0], cols = s[1], n = rows * cols, bytes = n * sizeof(float);
    std::vector<float> host(n), got(n);
    for (std::size_t i = 0; i < n; ++i) host[i] = float(i % 1000003) * 0.5f;
    float *a, *b;
    CHECK(cudaMalloc(&a, bytes));
    CHECK(cudaMalloc(&b, bytes));
    const float copy = median_ms([&] { CHECK(cudaMemcpyAsync(b, a, bytes, cudaMemcpyDeviceToDevice)); }, reps);
    CHECK(cudaFree(a));
    CHECK(cudaFree(b));
    const double ceiling = 2.0 * bytes / copy / 1e6;
    for (bool pitched : {false, true}) {
      matrix in = make(rows, cols, pitched), out = make(cols, rows, pitched);
      CHECK(cudaMemcpy2D(in.data, in.pitch * 4, host.data(), cols * 4, cols * 4, rows, cudaMemcpyHostToDevice));
      std::printf("| %zu x %zu | %s | %.0f |", rows, cols, pitched ? "pitched" : "unpitched", ceiling);
      for (const variant& v : variants) {
        CHECK(cudaMemset(out.data, 0xFF, out.rows * out.pitch * 4));
        v.run(in, out);
        CHECK(cudaGetLastError());
        CHECK(cudaMemcpy2D(got.data(), rows * 4, out.data, out.pitch * 4, rows * 4, cols, cudaMemcpyDeviceToHost));
        bool exact = true;
        for (std::size_t r = 0; r < rows && exact; ++r)
          for (std::size_t c = 0; c < cols; ++c)
            if (got[c * rows + r] != host[r * cols + c]) {
              exact = false;
              break;
            }
        all_exact = all_exact && exact;
        const float ms = median_ms([&] { v.run(in, out); }, reps);
        std::printf(" %.1f%s |", 100.0 * (2.0 * bytes / ms / 1e6) / ceiling, exact ? "" : " WRONG");
      }
      std::printf("\n");
      CHECK(cudaFree(in.data));
      CHECK(cudaFree(out.data));
    }
  }
  std::printf("all exact: %s\n", all_exact ? "yes" : "NO");
  return all_exact ? 0 : 1;
}

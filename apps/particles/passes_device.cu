// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The CUDA passes: one thread per particle, each kernel compiled per record form; the cell list is a
// stable radix sort of (cell, index) pairs (CUB), then each cell's first slot by binary search.

#include "../common/cuda_check.cuh"
#include "md_views.hpp"

#include <cub/device/device_radix_sort.cuh>

namespace coalesce::particles {

namespace {

using apps::check;
using apps::check_launch;

unsigned blocks_for(std::size_t n, unsigned block) { return unsigned((n + block - 1) / block); }

template <class P, class F>
__global__ void update_positions_kernel(P p, F f, double dt, md_box b) {
  const std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
  if (i < p.n()) update_positions(p, f, i, dt, b);
}

template <class P, class F>
__global__ void update_velocities_kernel(P p, F f, double dt) {
  const std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
  if (i < p.n()) update_velocities(p, f, i, dt);
}

template <class P>
__global__ void cell_kernel(P p, md_box b, std::uint32_t* cell, std::uint32_t* order) {
  const std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
  if (i >= p.n()) return;
  cell[i] = cell_of(p, i, b);
  order[i] = std::uint32_t(i);
}

// start[c] = the first slot whose cell is >= c (c = cells gives n).
__global__ void cell_start_kernel(const std::uint32_t* sorted_cell, std::size_t n, std::size_t cells,
                                  std::uint32_t* start) {
  const std::size_t c = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
  if (c > cells) return;
  std::size_t lo = 0, hi = n;
  while (lo < hi) {
    const std::size_t mid = (lo + hi) / 2;
    if (sorted_cell[mid] < c)
      lo = mid + 1;
    else
      hi = mid;
  }
  start[c] = std::uint32_t(lo);
}

template <class P, class F>
__global__ void pair_forces_kernel(P p, F f, cell_list_view cells, md_box b) {
  const std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
  if (i < p.n()) pair_forces(p, f, cells, i, b);
}

}  // namespace

void device_update_positions(md_arrays& a, const md_box& b, double dt, unsigned block) {
  visit<particle_fields>(a.particles, [&](auto p) {
    update_positions_kernel<<<blocks_for(p.n(), block), block>>>(p, force_view(p, a.force), dt, b);
    check_launch("update_positions_kernel");
  });
}

void device_build_cells(md_arrays& a, const md_box& b, unsigned block) {
  const std::size_t n = a.particles.n(), cells = cell_count(b);
  visit<particle_fields>(a.particles, [&](auto p) {
    cell_kernel<<<blocks_for(n, block), block>>>(p, b, a.cell.data(), a.order.data());
    check_launch("cell_kernel");
  });
  std::size_t bytes = a.scratch.n();
  check(cub::DeviceRadixSort::SortPairs(a.scratch.data(), bytes, a.cell.data(), a.sorted_cell.data(), a.order.data(),
                                        a.sorted_order.data(), n, 0, cell_bits(b)),
        "cub::DeviceRadixSort::SortPairs");
  cell_start_kernel<<<blocks_for(cells + 1, block), block>>>(a.sorted_cell.data(), n, cells, a.start.data());
  check_launch("cell_start_kernel");
}

void device_pair_forces(md_arrays& a, const md_box& b, unsigned block) {
  const cell_list_view cells = cells_of(a);
  visit<particle_fields>(a.particles, [&](auto p) {
    pair_forces_kernel<<<blocks_for(p.n(), block), block>>>(p, force_view(p, a.force), cells, b);
    check_launch("pair_forces_kernel");
  });
}

void device_update_velocities(md_arrays& a, double dt, unsigned block) {
  visit<particle_fields>(a.particles, [&](auto p) {
    update_velocities_kernel<<<blocks_for(p.n(), block), block>>>(p, force_view(p, a.force), dt);
    check_launch("update_velocities_kernel");
  });
}

std::size_t device_sort_scratch_bytes(std::size_t n, int bits) {
  std::size_t bytes = 0;
  check(cub::DeviceRadixSort::SortPairs<std::uint32_t, std::uint32_t>(nullptr, bytes, nullptr, nullptr, nullptr,
                                                                      nullptr, n, 0, bits),
        "cub::DeviceRadixSort::SortPairs (scratch size)");
  return bytes;
}

void device_synchronize() { check(cudaDeviceSynchronize(), "cudaDeviceSynchronize"); }

}  // namespace coalesce::particles

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The step's kernel: one thread per particle, through the record's field views (any record layout).
#include "drift.hpp"

#include <coalesce/core/error.hpp>

#include <cuda_runtime.h>

#include <string>

namespace coalesce::particles_mpi {
namespace {

template <class View>
__global__ void drift_kernel(View x, View v, std::size_t n, double dt, double length) {
  const std::size_t p = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (p < n) drift_at(x, v, p, dt, length);
}

void check(cudaError_t err, const char* what) {
  if (err != cudaSuccess) throw cuda_error(errc::cuda, "drift", int(err), cudaGetErrorName(err), what);
}

}  // namespace

void drift_device(record_array& particles, double dt, double length) {
  const std::size_t n = particles.n();
  if (n == 0) return;
  // The launch goes to the device holding the array (ranks of a node use different GPUs).
  cudaPointerAttributes where{};
  check(cudaPointerGetAttributes(&where, particles.data()), "cudaPointerGetAttributes");
  int previous = 0;
  check(cudaGetDevice(&previous), "cudaGetDevice");
  check(cudaSetDevice(where.device), "cudaSetDevice");
  auto x = particles.field<double>("x");
  auto v = particles.field<double>("v");
  drift_kernel<<<unsigned((n + 255) / 256), 256>>>(x, v, n, dt, length);
  check(cudaGetLastError(), "drift kernel launch");
  check(cudaDeviceSynchronize(), "drift kernel");
  check(cudaSetDevice(previous), "cudaSetDevice");
}

}  // namespace coalesce::particles_mpi

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include "common/timing.hpp"

#include <coalesce/core/error.hpp>

#include <cuda_runtime.h>

#include <vector>

namespace coalesce::bench {

void check(int err, const std::string& what) {
  const auto e = static_cast<cudaError_t>(err);
  if (e != cudaSuccess) throw cuda_error(errc::cuda, "bench", err, cudaGetErrorName(e), what + ": " + cudaGetErrorString(e));
}

bool gpu_available() {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) {
    cudaGetLastError();
    return false;
  }
  return count > 0;
}

stats time_gpu(const std::function<void()>& f, int warmup, int reps) {
  for (int k = 0; k < warmup; ++k) f();
  check(cudaGetLastError(), "warm-up launch");
  check(cudaDeviceSynchronize(), "warm-up");
  cudaEvent_t start, stop;
  check(cudaEventCreate(&start), "cudaEventCreate");
  check(cudaEventCreate(&stop), "cudaEventCreate");
  std::vector<double> ms;
  for (int k = 0; k < reps; ++k) {
    check(cudaEventRecord(start), "cudaEventRecord");
    f();
    check(cudaGetLastError(), "timed launch");
    check(cudaEventRecord(stop), "cudaEventRecord");
    check(cudaEventSynchronize(stop), "cudaEventSynchronize");
    float t = 0;
    check(cudaEventElapsedTime(&t, start, stop), "cudaEventElapsedTime");
    ms.push_back(t);
  }
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  return summarize(ms);
}

stats d2d_copy_ceiling(std::size_t bytes, int reps) {
  void *a = nullptr, *b = nullptr;
  check(cudaMalloc(&a, bytes), "cudaMalloc (ceiling source)");
  if (cudaMalloc(&b, bytes) != cudaSuccess) {
    cudaFree(a);
    check(cudaErrorMemoryAllocation, "cudaMalloc (ceiling destination)");
  }
  check(cudaMemset(a, 1, bytes), "cudaMemset");
  const stats s = time_gpu([&] { cudaMemcpy(b, a, bytes, cudaMemcpyDeviceToDevice); }, 3, reps);
  cudaFree(a);
  cudaFree(b);
  return s;
}

}  // namespace coalesce::bench

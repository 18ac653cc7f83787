// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include "staging.hpp"

#include <coalesce/core/error.hpp>

#include <cuda_runtime.h>

#include <cstdlib>
#include <utility>

namespace coalesce::mpi::detail {
namespace {
void check(cudaError_t err, const std::string& call, const std::string& what) {
  if (err == cudaSuccess) return;
  cudaGetLastError();
  throw cuda_error(err == cudaErrorMemoryAllocation ? errc::out_of_memory : errc::cuda, call, int(err),
                   cudaGetErrorName(err), what + " failed: " + cudaGetErrorString(err));
}
}  // namespace

host_buffer::host_buffer(std::size_t bytes, bool pinned, const std::string& call) : bytes_(bytes), pinned_(pinned) {
  if (bytes == 0) return;
  if (pinned) {
    check(cudaMallocHost(&data_, bytes), call, "cudaMallocHost(" + std::to_string(bytes) + " bytes)");
  } else if ((data_ = std::malloc(bytes)) == nullptr) {
    fail(errc::out_of_memory, call, "malloc(" + std::to_string(bytes) + " bytes)");
  }
}

host_buffer::~host_buffer() {
  if (data_ == nullptr) return;
  if (pinned_)
    cudaFreeHost(data_);
  else
    std::free(data_);
}

void host_buffer::swap(host_buffer& o) noexcept {
  std::swap(data_, o.data_);
  std::swap(bytes_, o.bytes_);
  std::swap(pinned_, o.pinned_);
}

void copy_to_host(void* host, const void* device, std::size_t bytes, const std::string& call) {
  check(cudaMemcpy(host, device, bytes, cudaMemcpyDeviceToHost), call, "cudaMemcpy to the staging buffer");
}
void copy_to_device(void* device, const void* host, std::size_t bytes, const std::string& call) {
  check(cudaMemcpy(device, host, bytes, cudaMemcpyHostToDevice), call, "cudaMemcpy from the staging buffer");
}
void synchronize_device(const std::string& call) { check(cudaDeviceSynchronize(), call, "cudaDeviceSynchronize"); }

}  // namespace coalesce::mpi::detail

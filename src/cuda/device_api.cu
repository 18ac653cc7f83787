// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include "../device_api.hpp"
#include "cuda_check.hpp"

#include <iomanip>
#include <sstream>
#include <string>

namespace coalesce::detail {

int device_count() noexcept {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) {
    cudaGetLastError();
    return 0;
  }
  return count;
}

void use_device(int device, const std::string& call) {
  check_cuda(cudaSetDevice(device), call, "cudaSetDevice(" + std::to_string(device) + ")");
}

device_scope::device_scope(int device, const std::string& call) {
  if (device < 0) return;
  int current = 0;
  check_cuda(cudaGetDevice(&current), call, "cudaGetDevice");
  if (current == device) return;
  use_device(device, call);
  restore_ = current;
}

device_scope::~device_scope() {
  if (restore_ >= 0) cudaSetDevice(restore_);
}

std::string device_description(int device) {
  cudaDeviceProp prop{};
  check_cuda(cudaGetDeviceProperties(&prop, device), "runtime", "cudaGetDeviceProperties");
  std::ostringstream memory;
  memory << std::fixed << std::setprecision(1) << double(prop.totalGlobalMem) / double(1ull << 30) << " GiB";
  return std::string(prop.name) + " (sm_" + std::to_string(prop.major) + std::to_string(prop.minor) + ", " +
         std::to_string(prop.multiProcessorCount) + " SMs, " + memory.str() + ")";
}

void* device_malloc(std::size_t bytes, const std::string& call) {
  void* p = nullptr;
  check_cuda(cudaMalloc(&p, bytes), call, "cudaMalloc(" + std::to_string(bytes) + " bytes)");
  return p;
}

void* device_malloc_pitch(std::size_t width_bytes, std::size_t height, std::size_t* pitch_bytes,
                          const std::string& call) {
  void* p = nullptr;
  check_cuda(cudaMallocPitch(&p, pitch_bytes, width_bytes, height), call,
             "cudaMallocPitch(" + std::to_string(height) + " rows of " + std::to_string(width_bytes) + " bytes)");
  return p;
}

void device_free(void* p) noexcept { cudaFree(p); }

namespace {
cudaPointerAttributes attributes(const void* p) {
  cudaPointerAttributes attr{};
  if (cudaPointerGetAttributes(&attr, p) != cudaSuccess) {
    cudaGetLastError();
    attr.type = cudaMemoryTypeUnregistered;
  }
  return attr;
}
}  // namespace

bool is_device_pointer(const void* p) {
  const cudaMemoryType type = attributes(p).type;
  return type == cudaMemoryTypeDevice || type == cudaMemoryTypeManaged;
}

bool is_device_only_pointer(const void* p) { return attributes(p).type == cudaMemoryTypeDevice; }

void synchronize(const std::string& call) { check_cuda(cudaDeviceSynchronize(), call, "cudaDeviceSynchronize"); }

}  // namespace coalesce::detail

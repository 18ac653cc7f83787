// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// CUDA errors become coalesce::cuda_error, naming the call, what it did and the error; device attributes.

#include <coalesce/core/error.hpp>

#include <cuda_runtime.h>

#include <string>

namespace coalesce::detail {

[[noreturn]] inline void throw_cuda(cudaError_t err, const std::string& call, const std::string& what) {
  cudaGetLastError();  // clears a non-sticky error so later calls start clean
  const errc code = err == cudaErrorMemoryAllocation ? errc::out_of_memory : errc::cuda;
  throw cuda_error(code, call, static_cast<int>(err), cudaGetErrorName(err),
                   what + " failed: " + cudaGetErrorString(err));
}

inline void check_cuda(cudaError_t err, const std::string& call, const std::string& what) {
  if (err != cudaSuccess) throw_cuda(err, call, what);
}

// An attribute of the current device (a cheap query: ranks and threads may use different devices).
inline int device_attribute(cudaDeviceAttr attribute, const std::string& call) {
  int device = 0, value = 0;
  check_cuda(cudaGetDevice(&device), call, "cudaGetDevice");
  check_cuda(cudaDeviceGetAttribute(&value, attribute, device), call, "cudaDeviceGetAttribute");
  return value;
}

}  // namespace coalesce::detail

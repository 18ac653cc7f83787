// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Every CUDA call of an app goes through check(); every launch is followed by check_launch().
// (apps/common holds what the apps share; it is no app itself.)
// A failure throws coalesce::cuda_error naming the call and the CUDA error.

#include <coalesce/core/error.hpp>

#include <cuda_runtime.h>

#include <string>

namespace coalesce::apps {

inline void check(cudaError_t err, const char* call) {
  if (err != cudaSuccess)
    throw cuda_error(errc::cuda, call, static_cast<int>(err), cudaGetErrorName(err), cudaGetErrorString(err));
}

// A launch reports configuration errors through cudaGetLastError (and faults at the next synchronisation).
inline void check_launch(const char* kernel) { check(cudaGetLastError(), kernel); }

}  // namespace coalesce::apps

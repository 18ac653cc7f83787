// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Device to device copies of bytes at copy speed whatever the two addresses: cudaMemcpyAsync, or
// where it is slow (shifted_copy_pays, relayout_plan.hpp) a kernel that reads whole aligned 16-byte
// chunks of the source and shifts each into an aligned chunk of the destination.

#include <cuda_runtime.h>

#include <cstddef>
#include <string>

namespace coalesce::detail {

void copy_device_bytes(void* dst, const void* src, std::size_t bytes, cudaStream_t stream, const std::string& call);

}  // namespace coalesce::detail

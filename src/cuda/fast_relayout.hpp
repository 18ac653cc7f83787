// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The fast rows of the dispatch table, for whole-array device-to-device moves.

#include "../device_api.hpp"

#include <cuda_runtime.h>

#include <string>

namespace coalesce::detail {

// Moves all of src into dst (with a blocked destination's padding) by plan_fast_relayout's method;
// false where no fast method applies (nothing launched).
bool relayout_fast(const void* src, const array_layout& sl, void* dst, const array_layout& dl, std::size_t elem,
                   const void* fill, const std::string& call, cudaStream_t stream);

}  // namespace coalesce::detail

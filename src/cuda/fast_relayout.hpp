// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The flat, runs and transpose routes (move_routes.hpp), for whole-array device-to-device moves.

#include "../device_api.hpp"

#include <cuda_runtime.h>

#include <string>

namespace coalesce::detail {

// Moves all of src into dst (with a blocked destination's padding) by `plan` (plan_fast_relayout's;
// its method not none). The transpose kernel's first blocks move what its whole tiles leave.
void relayout_fast(const void* src, const array_layout& sl, void* dst, const array_layout& dl, std::size_t elem,
                   const void* fill, const fast_plan& plan, const std::string& call, cudaStream_t stream);

}  // namespace coalesce::detail

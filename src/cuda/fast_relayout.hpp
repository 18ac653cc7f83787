// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The fast rows of the dispatch table, for whole-array device-to-device moves.

#include "../device_api.hpp"

#include <cuda_runtime.h>

#include <string>

namespace coalesce::detail {

// Moves what plan_fast_relayout's method can of src into dst and returns how many vectors that was
// (with their padding): all of them, those of the transpose's whole tiles, or 0 where no fast method
// applies (nothing launched). `generic` is plan_relayout's plan.
std::size_t relayout_fast(const void* src, const array_layout& sl, void* dst, const array_layout& dl,
                          std::size_t elem, const void* fill, const relayout_plan& generic, const std::string& call,
                          cudaStream_t stream);

}  // namespace coalesce::detail

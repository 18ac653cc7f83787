// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
#include <coalesce/layout/spec.hpp>

#include <cstddef>
#include <string>

namespace coalesce::detail {

// Host to host (OpenMP when available): every element of src into dst's layout. Padding of dst gets
// *fill, or is left alone when fill is null.
void relayout_host(const void* src, const array_layout& src_layout, void* dst, const array_layout& dst_layout,
                   std::size_t elem, const void* fill, const std::string& call);

}  // namespace coalesce::detail

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The element types an access pattern can be written over; the size of one is the access width.

#include <cstddef>
#include <string>

namespace coalesce::analysis {

enum class element_type { char_, short_, int_, float_, float2_, float4_, double_, double2_ };

// @return the CUDA name ("float4", ...).
const char* to_string(element_type t) noexcept;
// @return sizeof the CUDA type: 1, 2, 4, 8 or 16 bytes.
std::size_t size_of(element_type t) noexcept;
// Throws coalesce::error (invalid_argument) naming the text when it is not one of the eight names.
element_type parse_element_type(const std::string& text);

}  // namespace coalesce::analysis

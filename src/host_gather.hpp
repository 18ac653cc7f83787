// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The host transposes of 4- and 8-byte words through AVX-512 gathers, where the CPU has them (asked at
// run time: the library itself is built for the baseline x86-64). A gather reads 16 (8) words at any
// offsets from the lines in L1 in one instruction and a store writes them as one 64-byte line, so a
// tile turns without the 4 x 4 shuffles and the buffer between the turn and the write-out, faster
// than the SSE2 turn where gathers_cover takes the plan (BENCHMARKS.md, Host backend).

#include "host_plan.hpp"

#include <cstddef>

namespace coalesce::detail {

// Whether this CPU has AVX-512F and the library was built with the gather code (GCC or Clang on x86-64).
bool host_gathers_available() noexcept;

// Whether the gathers can run plan (a transpose of 4- or 8-byte words whose offsets within one
// gather fit the 32-bit indices), on any CPU.
bool gathers_cover(const host_plan& plan, std::size_t elem) noexcept;

// @pre host_gathers_available() and gathers_cover(plan, elem): plan run by the gathers, as
// run_host_plan would (dst's blocked padding is not written).
void gather_transpose(const host_plan& plan, const unsigned char* src, unsigned char* dst, std::size_t elem);

}  // namespace coalesce::detail

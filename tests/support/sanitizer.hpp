// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Under AddressSanitizer: memory around a kernel's buffers made unaddressable while its code runs on
// the host (whole 8-byte granules, what ASan can mark), so that a load or store outside fails; and
// the longest enumerations run a random part of their cases (a fresh part each run; the optimised
// build of the same CI runs them all).

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#define FENCE(p, bytes) ASAN_POISON_MEMORY_REGION(p, bytes)
#define UNFENCE(p, bytes) ASAN_UNPOISON_MEMORY_REGION(p, bytes)
#else
#define FENCE(p, bytes) ((void)(p), (void)(bytes))
#define UNFENCE(p, bytes) ((void)(p), (void)(bytes))
#endif

#include <random>

namespace coalesce::test {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool under_sanitizer = true;
#else
inline constexpr bool under_sanitizer = false;
#endif

// Whether to run a case: always, or under a sanitizer with probability `share`.
template <class Gen>
bool run_case(Gen& gen, double share) {
  return !under_sanitizer || std::uniform_real_distribution<double>(0, 1)(gen) < share;
}

}  // namespace coalesce::test

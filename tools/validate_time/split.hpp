// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The halves of the timed kernels: the time model is fitted on one and judged on the other. The rule
// is fixed, chosen before any fit and blind to the measurements, and reads only the kernel's name, so
// every size and layout of a kernel falls in the same half: the fit half is the kernels whose 32-bit
// FNV-1a hash of the name is even (fit_half.txt lists them: coalesce-validate-time --list-fit).

#include <cstdint>
#include <string_view>

namespace validate_time {

constexpr std::uint32_t fnv1a(std::string_view s) {
  std::uint32_t h = 2166136261u;
  for (const char c : s) h = (h ^ static_cast<unsigned char>(c)) * 16777619u;
  return h;
}

constexpr bool in_fit_half(std::string_view kernel_name) { return fnv1a(kernel_name) % 2 == 0; }

}  // namespace validate_time

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Number formatting shared by the advisors' explanations.

#include <cstdint>
#include <cstdio>
#include <string>

namespace coalesce::analysis::detail {

inline std::string fixed(double x, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, x);
  return buf;
}

inline std::string megabytes(std::uint64_t bytes) { return fixed(static_cast<double>(bytes) / 1e6, 2) + " MB"; }

}  // namespace coalesce::analysis::detail

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// GPU generations, by compute capability, and the global-memory model each one follows.

#include <string>

namespace coalesce::analysis {

enum class memory_model {
  cc1_0,     // 1.0, 1.1: half-warps, strictly sequential and aligned, else one transaction per thread
  cc1_2,     // 1.2, 1.3: half-warps, one transaction per 32/64/128-byte segment, shrunk when half unused
  cc2_x,     // 2.x: 128-byte L1 lines (32-byte segments when L1 is bypassed)
  sectored,  // 3.0 through 9.0: 32-byte sectors of 128-byte lines
};

struct gpu_arch {
  int major = 9;
  int minor = 0;

  memory_model model() const noexcept;
  // "sm_90", "cc1.3": the spelling of the compute capability used for the family.
  std::string name() const;
};

// Accepts "cc<major>.<minor>" and "sm_<major><minor>" for the compute capabilities NVIDIA shipped from
// 1.0 through 9.0 (sm_90a too). Throws invalid_argument naming the text otherwise.
gpu_arch parse_arch(const std::string& text);

}  // namespace coalesce::analysis

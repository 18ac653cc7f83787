// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The shared-memory bank model: 32 banks, each 4 bytes wide (8 bytes in Kepler's eight-byte mode);
// bank = (address / bank_bytes) % 32. A warp request wider than 32 banks' worth is served in phases
// (half-warps for 8-byte, quarter-warps for 16-byte words in four-byte mode). Within a phase, each bank
// delivers one distinct word per wavefront; lanes reading the same word share it (broadcast), so the
// phase needs as many wavefronts as the busiest bank has distinct words. Nsight Compute's
// l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_{ld,st}.sum counts wavefronts beyond the ideal.

#include <coalesce/analysis/access_pattern.hpp>

#include <array>
#include <cstddef>
#include <cstdint>

namespace coalesce::analysis {

inline constexpr std::size_t bank_count = 32;

struct bank_options {
  std::size_t bank_bytes = 4;  // 4 (every generation since Maxwell), or 8 (Kepler's eight-byte mode)
};

struct bank_report {
  std::size_t wavefronts = 0;        // per request
  std::size_t ideal_wavefronts = 0;  // one per phase that has an active lane
  std::size_t ways = 0;              // the worst n-way conflict in any phase (1 = conflict-free)
  std::size_t phases = 0;            // phases the request is split into
  std::array<std::int32_t, warp_size> bank{};  // first bank of each lane, -1 when inactive

  std::size_t conflicts() const noexcept { return wavefronts - ideal_wavefronts; }
};

// Throws invalid_argument for a bank width other than 4 or 8.
bank_report analyze_banks(const access_pattern& p, const bank_options& options = {});

}  // namespace coalesce::analysis

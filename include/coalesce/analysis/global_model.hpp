// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The global-memory models: how many transactions one warp request costs on each generation.
//
// cc 1.0/1.1 (CUDA C Programming Guide 3.x, G.3.2.1): each half-warp is served on its own. It is
//   coalesced only if the words are 4, 8 or 16 bytes, every active thread k accesses word k of a
//   segment aligned to 16 words, and then costs one 64-byte (4-byte words), one 128-byte (8-byte) or
//   two 128-byte (16-byte) transactions. Otherwise each active thread costs one 32-byte transaction.
// cc 1.2/1.3 (G.3.2.2): per half-warp, repeat: take the segment (32 bytes for 1-byte words, 64 for
//   2-byte, 128 for 4-, 8-, 16-byte words) holding the lowest active thread's address, serve every
//   thread inside it, shrink 128 to 64 and 64 to 32 bytes while only one half of it is used.
// cc 2.x (G.4.2): the warp request is split into one request per half-warp for 8-byte and per
//   quarter-warp for 16-byte words; each costs one transaction per 128-byte L1 line touched, or per
//   32-byte segment when L1 caching is bypassed (-dlcm=cg).
// cc 3.0 .. 9.0 (Nsight Compute, l1tex__t_sectors_pipe_lsu_mem_global_op_{ld,st}.sum): one request
//   per warp instruction; it moves every 32-byte sector that holds a requested byte, once.

#include <coalesce/analysis/access_pattern.hpp>
#include <coalesce/analysis/arch.hpp>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace coalesce::analysis {

struct global_options {
  bool l1_bypass = false;  // cc 2.x only: loads cached in L2 only, 32-byte segments
};

struct transaction {
  std::uint64_t address;  // aligned to its size
  std::uint32_t bytes;    // 32, 64 or 128
  std::uint32_t lanes;    // bit l: the transaction carries bytes of lane l
  std::uint32_t bytes_used;  // distinct bytes of it that active lanes access
};

struct global_report {
  memory_model model = memory_model::sectored;
  const char* unit = "sector";  // what one transaction is called on this generation
  std::vector<transaction> transactions;  // in the order the hardware issues them
  std::size_t bytes_requested = 0;        // active lanes x width (a broadcast counts every lane)
  std::size_t bytes_used = 0;             // distinct bytes accessed
  std::size_t bytes_moved = 0;            // sum of the transactions' sizes
  std::size_t min_transactions = 0;       // the fewest this generation could need for bytes_used
  std::size_t lines = 0;                  // distinct 128-byte lines touched (cc 2.x and later)

  // One warp instruction is one request; on sm_50 and later these are sectors per request.
  std::size_t transactions_per_request() const noexcept { return transactions.size(); }
  // bytes_used / bytes_moved, in [0, 1]; 1 for a pattern with no active lane.
  double efficiency() const noexcept;
  // True when no fewer transactions could serve the same bytes on this generation.
  bool coalesced() const noexcept { return transactions.size() <= min_transactions; }
};

global_report analyze_global(const access_pattern& p, const gpu_arch& arch, const global_options& options = {});

}  // namespace coalesce::analysis

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The names and lessons of the GPU kernels, and the block sizes they accept: plain C++, so host-only
// builds can parse and print them.

#include "reduce_device.hpp"

#include <coalesce/core/error.hpp>

#include <string>
#include <vector>

namespace coalesce::apps::reduction {

const std::vector<kernel_info>& all_kernels() {
  static const std::vector<kernel_info> list = {
      {kernel::interleaved_divergent, "interleaved_divergent", "tid % 2s == 0: divergent warps, slow modulo"},
      {kernel::interleaved_bank_conflicts, "interleaved_bank_conflicts", "index = 2*s*tid: no divergence, n-way bank conflicts"},
      {kernel::sequential, "sequential", "partners s apart: conflict-free, contiguous active threads"},
      {kernel::first_add_on_load, "first_add_on_load", "two loads per thread: no idle threads in step 1"},
      {kernel::warp_shuffle, "warp_shuffle", "last warp folded with __shfl_down_sync: no syncs, no shared memory"},
      {kernel::unrolled, "unrolled", "block size a template parameter: the whole tree unrolled"},
      {kernel::grid_stride, "grid_stride", "one wave of blocks, many elements per thread in registers"},
      {kernel::vector_loads, "vector_loads", "16-byte loads, 4 in flight per thread, shuffle block reduce"},
      {kernel::single_pass, "single_pass", "one launch: the last block to finish folds the partials"},
  };
  return list;
}

const kernel_info& info(kernel k) {
  for (const auto& i : all_kernels())
    if (i.id == k) return i;
  fail(errc::invalid_argument, "reduction::info", "unknown kernel " + std::to_string(static_cast<int>(k)));
}

kernel parse_kernel(const std::string& text) {
  for (const auto& i : all_kernels())
    if (text == i.name || text == std::to_string(static_cast<int>(i.id))) return i.id;
  fail(errc::invalid_argument, "reduction::parse_kernel", "unknown kernel '" + text + "' (1-9 or a kernel name)");
}

bool valid_block_size(unsigned block) noexcept { return block >= 64 && block <= 1024 && (block & (block - 1)) == 0; }

}  // namespace coalesce::apps::reduction

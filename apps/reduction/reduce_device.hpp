// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The GPU reductions behind a plain C++ interface (no CUDA types), so the program and the tests compile
// with the host compiler. Implemented in reduce_device.cu for float, double and int.

#include "reduce_ops.hpp"

#include <coalesce/core/buffer.hpp>

#include <cstddef>
#include <string>
#include <vector>

namespace coalesce::apps::reduction {

// The progression, numbered as in the classic talk; 8 and 9 are the modern additions.
enum class kernel {
  interleaved_divergent = 1,
  interleaved_bank_conflicts = 2,
  sequential = 3,
  first_add_on_load = 4,
  warp_shuffle = 5,
  unrolled = 6,
  grid_stride = 7,
  vector_loads = 8,
  single_pass = 9,
};

struct kernel_info {
  kernel id;
  const char* name;    // "sequential"
  const char* lesson;  // what the step teaches, one line
};

// All kernels in order.
const std::vector<kernel_info>& all_kernels();
const kernel_info& info(kernel k);
// "3" or "sequential" -> kernel::sequential; invalid_argument naming the text otherwise.
kernel parse_kernel(const std::string& text);

// Block sizes the kernels accept: powers of two from 64 to 1024.
bool valid_block_size(unsigned block) noexcept;

// Reduces device arrays of up to max_n elements with any kernel. Owns the scratch memory (partials of
// every pass, the single-pass counter, one result slot) so a timed launch allocates nothing.
template <class T>
class device_reducer {
 public:
  // Throws invalid_argument for a block size outside valid_block_size, cuda_error when no device works.
  explicit device_reducer(std::size_t max_n, unsigned block = 256);

  // Enqueues the reduction of in[0, n) (device memory) into *out (device memory) on the default stream;
  // returns without waiting. n = 0 gives the op's identity. Throws invalid_argument for n > max_n.
  void launch(kernel k, op o, const T* in, std::size_t n, T* out) const;
  // launch() into the reducer's own result slot, then waits and returns the value.
  T reduce(kernel k, op o, const T* in, std::size_t n) const;

  std::size_t max_n() const noexcept { return max_n_; }
  unsigned block() const noexcept { return block_; }
  // The number of launches kernel k needs for n elements (its passes).
  unsigned passes(kernel k, op o, std::size_t n) const;
  // An upper bound on the additions any one element passes through (serial chain in a thread, tree in
  // the block, and so on for every pass): the d of the floating point error bound gamma_d * sum|x|.
  std::size_t addition_depth(kernel k, op o, std::size_t n) const;

 private:
  // Blocks of one full wave of kernel k (SMs x resident blocks per SM), from the occupancy calculator;
  // computed at the first launch (an untimed warm-up) and cached.
  std::size_t wave_blocks(kernel k, op o) const;
  // The grid of a pass over n elements; grid-sized kernels fold their partials with one block.
  std::size_t pass_blocks(kernel k, op o, std::size_t n, bool first) const;

  std::size_t max_n_;
  unsigned block_;
  unsigned sms_ = 0;
  mutable unsigned wave_cache_[3][3] = {};  // [kernel 7, 8, 9][op]
  buffer ping_, pong_, counter_, result_;
};

extern template class device_reducer<float>;
extern template class device_reducer<double>;
extern template class device_reducer<int>;

}  // namespace coalesce::apps::reduction

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Launches the reduction kernels: picks grids, chains the passes of the multi-pass kernels through two
// scratch arrays, and instantiates everything for float, double and int.

#include "../common/cuda_check.cuh"
#include "reduce_device.hpp"
#include "reduce_kernels.cuh"

#include <coalesce/core/error.hpp>
#include <coalesce/core/math.hpp>

#include <algorithm>
#include <type_traits>
#include <utility>

namespace coalesce::apps::reduction {
namespace {

// 16-byte vectors per thread per iteration of kernels 8 and 9: 64 bytes in flight per thread.
constexpr unsigned vector_unroll = 4;

// Calls f(std::integral_constant<unsigned, block>) for the block sizes the templated kernels exist for.
template <class F>
void with_block(unsigned block, F&& f) {
  switch (block) {
    case 64: f(std::integral_constant<unsigned, 64>{}); return;
    case 128: f(std::integral_constant<unsigned, 128>{}); return;
    case 256: f(std::integral_constant<unsigned, 256>{}); return;
    case 512: f(std::integral_constant<unsigned, 512>{}); return;
    case 1024: f(std::integral_constant<unsigned, 1024>{}); return;
    default: fail(errc::invalid_argument, "reduction", "block size " + std::to_string(block) + " is not 64..1024, a power of two");
  }
}

// The kernel function of a grid-sized kernel, for the occupancy query.
template <unsigned B, class T, class Op>
const void* grid_kernel(kernel k) {
  switch (k) {
    case kernel::grid_stride: return reinterpret_cast<const void*>(&kernels::grid_stride<B, T, Op>);
    case kernel::vector_loads: return reinterpret_cast<const void*>(&kernels::vector_loads<B, vector_unroll, T, Op>);
    default: return reinterpret_cast<const void*>(&kernels::single_pass<B, vector_unroll, T, Op>);
  }
}

// Elements one block covers in kernels 1-6 (one or two per thread).
std::size_t elements_per_block(kernel k, unsigned block) {
  return k <= kernel::sequential ? block : std::size_t(2) * block;
}

bool is_grid_sized(kernel k) { return k >= kernel::grid_stride; }

template <class T, class Op>
void launch_pass(kernel k, unsigned block, std::size_t blocks, const T* in, std::size_t n, T* out, T* partials,
                 unsigned* counter) {
  const dim3 grid(static_cast<unsigned>(blocks));
  const std::size_t shared = block * sizeof(T);
  switch (k) {
    case kernel::interleaved_divergent:
      kernels::interleaved_divergent<T, Op><<<grid, block, shared>>>(in, n, out);
      break;
    case kernel::interleaved_bank_conflicts:
      kernels::interleaved_bank_conflicts<T, Op><<<grid, block, shared>>>(in, n, out);
      break;
    case kernel::sequential: kernels::sequential<T, Op><<<grid, block, shared>>>(in, n, out); break;
    case kernel::first_add_on_load: kernels::first_add_on_load<T, Op><<<grid, block, shared>>>(in, n, out); break;
    case kernel::warp_shuffle: kernels::warp_shuffle<T, Op><<<grid, block, shared>>>(in, n, out); break;
    case kernel::unrolled:
      with_block(block, [&](auto b) { kernels::unrolled<decltype(b)::value, T, Op><<<grid, b.value>>>(in, n, out); });
      break;
    case kernel::grid_stride:
      with_block(block, [&](auto b) { kernels::grid_stride<decltype(b)::value, T, Op><<<grid, b.value>>>(in, n, out); });
      break;
    case kernel::vector_loads:
      with_block(block, [&](auto b) {
        kernels::vector_loads<decltype(b)::value, vector_unroll, T, Op><<<grid, b.value>>>(in, n, out);
      });
      break;
    case kernel::single_pass:
      with_block(block, [&](auto b) {
        kernels::single_pass<decltype(b)::value, vector_unroll, T, Op><<<grid, b.value>>>(in, n, partials, counter, out);
      });
      break;
  }
  check_launch(info(k).name);
}

}  // namespace

template <class T>
device_reducer<T>::device_reducer(std::size_t max_n, unsigned block) : max_n_(max_n), block_(block) {
  if (!valid_block_size(block))
    fail(errc::invalid_argument, "device_reducer", "block size " + std::to_string(block) + " is not 64..1024, a power of two");
  int device = 0, sms = 0;
  check(cudaGetDevice(&device), "cudaGetDevice");
  check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device), "cudaDeviceGetAttribute");
  sms_ = static_cast<unsigned>(sms);
  // Pass 1 of kernels 1-3 writes the most partials; pass 2 the most of what remains.
  const std::size_t first = std::max<std::size_t>(1, ceil_div(max_n, block));
  const std::size_t second = std::max<std::size_t>(1, ceil_div(first, block));
  ping_ = buffer::allocate(memory_space::device, first * sizeof(T), "device_reducer");
  pong_ = buffer::allocate(memory_space::device, second * sizeof(T), "device_reducer");
  counter_ = buffer::allocate(memory_space::device, sizeof(unsigned), "device_reducer");
  result_ = buffer::allocate(memory_space::device, sizeof(T), "device_reducer");
  check(cudaMemset(counter_.data(), 0, sizeof(unsigned)), "cudaMemset");
}

template <class T>
std::size_t device_reducer<T>::wave_blocks(kernel k, op o) const {
  unsigned& cached = wave_cache_[static_cast<int>(k) - static_cast<int>(kernel::grid_stride)][static_cast<int>(o)];
  if (cached == 0) {
    int per_sm = 0;
    dispatch_op(o, [&](auto functor) {
      with_block(block_, [&](auto b) {
        const void* fn = grid_kernel<decltype(b)::value, T, decltype(functor)>(k);
        check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, fn, static_cast<int>(block_), 0),
              "cudaOccupancyMaxActiveBlocksPerMultiprocessor");
      });
    });
    cached = std::max(1u, static_cast<unsigned>(per_sm) * sms_);
  }
  return cached;
}

template <class T>
std::size_t device_reducer<T>::pass_blocks(kernel k, op o, std::size_t n, bool first) const {
  if (!is_grid_sized(k)) return std::max<std::size_t>(1, ceil_div(n, elements_per_block(k, block_)));
  if (!first) return 1;  // one block folds the first pass's partials
  const std::size_t per_block =
      std::size_t(block_) * (k == kernel::grid_stride ? 2 : vector_unroll * (16 / sizeof(T)));
  return std::max<std::size_t>(1, std::min(wave_blocks(k, o), ceil_div(n, per_block)));
}

template <class T>
unsigned device_reducer<T>::passes(kernel k, op o, std::size_t n) const {
  if (k == kernel::single_pass) return 1;
  unsigned count = 1;
  for (std::size_t blocks = pass_blocks(k, o, n, true); blocks > 1; blocks = pass_blocks(k, o, blocks, false)) ++count;
  return count;
}

template <class T>
std::size_t device_reducer<T>::addition_depth(kernel k, op o, std::size_t n) const {
  unsigned log2_block = 0;
  while ((1u << log2_block) < block_) ++log2_block;
  // One pass over c elements with g blocks: a thread's serial chain (its elements: at most
  // ceil(c / threads), plus one vector's lanes when the vectors do not divide evenly), the fold of its
  // accumulators (vector_unroll), the head, the tail and the first add (3), and the block's tree.
  constexpr std::size_t max_lanes = 4;
  const auto pass_depth = [&](std::size_t c, std::size_t g) {
    return ceil_div(c, g * block_) + max_lanes + vector_unroll + 3 + log2_block;
  };
  const std::size_t first = pass_blocks(k, o, n, true);
  if (k == kernel::single_pass) return pass_depth(n, first) + pass_depth(first, 1);
  std::size_t depth = pass_depth(n, first);
  for (std::size_t count = first; count > 1;) {
    const std::size_t blocks = pass_blocks(k, o, count, false);
    depth += pass_depth(count, blocks);
    count = blocks;
  }
  return depth;
}

template <class T>
void device_reducer<T>::launch(kernel k, op o, const T* in, std::size_t n, T* out) const {
  if (n > max_n_)
    fail(errc::invalid_argument, "device_reducer::launch",
         "n = " + std::to_string(n) + " exceeds the reducer's max_n = " + std::to_string(max_n_));
  if (n > 0 && in == nullptr) fail(errc::invalid_argument, "device_reducer::launch", "input is null with n = " + std::to_string(n));
  if (out == nullptr) fail(errc::invalid_argument, "device_reducer::launch", "output is null");
  T* partials[2] = {static_cast<T*>(ping_.data()), static_cast<T*>(pong_.data())};
  auto* counter = static_cast<unsigned*>(counter_.data());
  dispatch_op(o, [&](auto functor) {
    using Op = decltype(functor);
    if (k == kernel::single_pass) {
      launch_pass<T, Op>(k, block_, pass_blocks(k, o, n, true), in, n, out, partials[0], counter);
      return;
    }
    const T* src = in;
    std::size_t count = n;
    for (int pass = 0;; ++pass) {
      const std::size_t blocks = pass_blocks(k, o, count, pass == 0);
      T* dst = blocks == 1 ? out : partials[pass % 2];
      launch_pass<T, Op>(k, block_, blocks, src, count, dst, nullptr, nullptr);
      if (blocks == 1) return;
      src = dst;
      count = blocks;
    }
  });
}

template <class T>
T device_reducer<T>::reduce(kernel k, op o, const T* in, std::size_t n) const {
  T* slot = static_cast<T*>(result_.data());
  launch(k, o, in, n, slot);
  T value{};
  check(cudaMemcpy(&value, slot, sizeof(T), cudaMemcpyDeviceToHost), "cudaMemcpy");
  return value;
}

template class device_reducer<float>;
template class device_reducer<double>;
template class device_reducer<int>;

}  // namespace coalesce::apps::reduction

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Launches the per-component reduction: one wave of pass-1 blocks over the vectors, then m blocks that
// fold the partials. The view type (layout and m) is resolved once per call by coalesce::visit<M>.

#include "component_reduce.hpp"
#include "component_reduce_kernels.cuh"
#include "../common/cuda_check.cuh"

#include <coalesce/core/error.hpp>
#include <coalesce/core/math.hpp>

#include <algorithm>
#include <string>

namespace coalesce::apps::reduction {
namespace {

constexpr unsigned component_block = 256;
constexpr std::size_t widest_m = 16;

}  // namespace

template <class T>
device_component_reducer<T>::device_component_reducer() {
  int device = 0, sms = 0, threads_per_sm = 0;
  check(cudaGetDevice(&device), "cudaGetDevice");
  check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device), "cudaDeviceGetAttribute");
  check(cudaDeviceGetAttribute(&threads_per_sm, cudaDevAttrMaxThreadsPerMultiProcessor, device),
        "cudaDeviceGetAttribute");
  // No configuration has more resident blocks than the thread limit allows.
  max_blocks_ = std::size_t(sms) * std::max(1, threads_per_sm / int(component_block));
  partials_ = buffer::allocate(memory_space::device, max_blocks_ * widest_m * sizeof(T), "device_component_reducer");
  result_ = buffer::allocate(memory_space::device, widest_m * sizeof(T), "device_component_reducer");
}

template <class T>
void device_component_reducer<T>::launch(op o, const array<T>& a, T* out) const {
  if (a.space() != memory_space::device)
    fail(errc::wrong_memory_space, "device_component_reducer::launch", "the array lives in host memory");
  if (out == nullptr) fail(errc::invalid_argument, "device_component_reducer::launch", "output is null");
  T* partials = static_cast<T*>(partials_.data());
  with_length(a.m(), [&](auto length) {
    constexpr std::size_t M = decltype(length)::value;
    visit<M>(a, [&](auto view) {
      dispatch_op(o, [&](auto functor) {
        using Op = decltype(functor);
        const auto pass1 = kernels::component_partials<component_block, M, T, Op, decltype(view)>;
        const auto key = std::make_tuple(static_cast<int>(a.kind()), M, static_cast<int>(o));
        auto cached = wave_cache_.find(key);
        if (cached == wave_cache_.end()) {
          int per_sm = 0, device = 0, sms = 0;
          check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, pass1, component_block, 0),
                "cudaOccupancyMaxActiveBlocksPerMultiprocessor");
          check(cudaGetDevice(&device), "cudaGetDevice");
          check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device), "cudaDeviceGetAttribute");
          const std::size_t wave = std::size_t(std::max(per_sm, 1)) * std::size_t(sms);
          cached = wave_cache_.emplace(key, std::min(wave, max_blocks_)).first;
        }
        const std::size_t blocks = std::max<std::size_t>(1, std::min(cached->second, ceil_div(a.n(), component_block)));
        pass1<<<static_cast<unsigned>(blocks), component_block>>>(view, partials);
        check_launch("component_partials");
        kernels::fold_component_partials<component_block, T, Op>
            <<<static_cast<unsigned>(M), component_block>>>(partials, blocks, M, out);
        check_launch("fold_component_partials");
      });
    });
  });
}

template <class T>
std::size_t device_component_reducer<T>::addition_depth(std::size_t n) const {
  // Pass 1 with at least one block: a chain of at most ceil(n / block) vectors per thread, then the
  // warp (5) and the warps (block / 32); pass 2: ceil(blocks / block), then warp (5) and warps again.
  const std::size_t tree = 5 + component_block / 32;
  return ceil_div(n, component_block) + tree + ceil_div(max_blocks_, component_block) + tree;
}

template <class T>
std::vector<T> device_component_reducer<T>::reduce(op o, const array<T>& a) const {
  T* slot = static_cast<T*>(result_.data());
  launch(o, a, slot);
  std::vector<T> out(a.m());
  check(cudaMemcpy(out.data(), slot, a.m() * sizeof(T), cudaMemcpyDeviceToHost), "cudaMemcpy");
  return out;
}

template class device_component_reducer<float>;
template class device_component_reducer<double>;
template class device_component_reducer<int>;

}  // namespace coalesce::apps::reduction

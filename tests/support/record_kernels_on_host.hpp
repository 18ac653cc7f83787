// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The record kernels' code (src/cuda/record_stage.cuh, record_lanes.cuh, record_element.cuh) run on the
// host, phase by phase and thread after thread (cuda_host_shim.hpp), as the device would run a plan;
// and side memory with poisoned bytes around it. Shared memory is sized exactly as the launch sizes it
// and starts poisoned, so that AddressSanitizer reports an entry past it and a byte stored that was
// never loaded shows.
#include "cuda_host_shim.hpp"

#include "../../src/cuda/record_choice.cuh"
#include "sanitizer.hpp"

#include <cstring>
#include <type_traits>
#include <variant>
#include <vector>

namespace coalesce::test {

using namespace coalesce::detail;

// The kernels' loop for one thread block that takes every tile, each phase for all threads in turn,
// as the device instantiates them (Swizzle: the plan's swizzle known to the compiler).
template <bool Swizzle, class P>
inline void run_stage(const P& p, const unsigned char* src, unsigned char* dst) {
  std::vector<uint4> shared((stage_shared_bytes(p) + 15) / 16);
  auto* buffers = reinterpret_cast<unsigned char*>(shared.data());
  const std::uint32_t source_bytes = stage_source_bytes(p);
  unsigned char* image = buffers + p.depth * source_bytes;
  std::memset(buffers, 0xCD, shared.size() * 16);
  std::memset(image, 0, p.dst_rows_bytes);
  for (std::uint64_t t = 0; t < p.tiles; ++t) {
    unsigned char* source = buffers + (t % p.depth) * source_bytes;
    for (unsigned tid = 0; tid < p.threads; ++tid) stage_load<Swizzle>(p, t, src, source, tid);
    for (unsigned tid = 0; tid < p.threads; ++tid) stage_elements<Swizzle>(p, t, source, image, dst, tid);
    for (unsigned tid = 0; tid < p.threads; ++tid) stage_store<Swizzle>(p, t, source, image, dst, tid);
  }
}

template <class P>
inline void run_stage(const P& p, const unsigned char* src, unsigned char* dst) {
  if (p.swizzle) run_stage<true>(p, src, dst);
  else run_stage<false>(p, src, dst);
}

struct side_memory {
  std::vector<uint4> words;
  unsigned char* data = nullptr;
  side_memory(std::size_t bytes, std::size_t offset, unsigned char fill) : words((bytes + offset + 31) / 16) {
    std::memset(words.data(), fill, words.size() * 16);
    data = reinterpret_cast<unsigned char*>(words.data()) + offset;
  }
  std::vector<unsigned char> bytes() const {
    const auto* all = reinterpret_cast<const unsigned char*>(words.data());
    return {all, all + words.size() * 16};
  }
  // The bytes from data + used to the end of the memory.
  std::size_t past(std::size_t used) const {
    return reinterpret_cast<const unsigned char*>(words.data()) + words.size() * 16 - (data + used);
  }
};

template <class P>
inline void run_lanes(const P& p, const unsigned char* src, unsigned char* dst) {
  for (std::uint32_t v = 0; v < p.dst_count; ++v) {
    if (p.narrow) lanes_record<std::uint32_t>(p, v, src, dst);
    else lanes_record<std::uint64_t>(p, v, src, dst);
  }
}

// One thread per destination element, in the device's order (records or a vector set).
inline void run_elements(const element_params& p, const void* src, void* dst) {
  for (std::uint64_t e = 0; e < p.dst_count * p.comps; ++e)
    record_element(p, e, static_cast<const unsigned char*>(src), static_cast<unsigned char*>(dst));
}

// The chosen kernel's code on the move (choose_record_kernel).
inline void run_record_kernel(const record_kernel& kernel, const record_move& move, const record_range& range,
                              const unsigned char* src, unsigned char* dst) {
  std::visit(
      [&](const auto& p) {
        using P = std::decay_t<decltype(p)>;
        if constexpr (std::is_base_of_v<lanes_header, P>) run_lanes(p, src, dst);
        else if constexpr (std::is_base_of_v<stage_header, P>) run_stage(p, src, dst);
        else run_elements(*plan_record_elements(move, range), src, dst);
      },
      kernel);
}

}  // namespace coalesce::test

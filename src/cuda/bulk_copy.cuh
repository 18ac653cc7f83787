// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Hopper's bulk copies (the TMA engine's 1D form, sm_90): one instruction moves a contiguous,
// 16-byte aligned range between global and shared memory, so a tile's loads are all in flight at once
// without registers or per-chunk instructions. Loads complete on an mbarrier (with the bytes
// expected); stores are committed as a bulk group and waited for before shared memory goes away.
// Only compiled for __CUDA_ARCH__ >= 900; callers keep a per-thread path for older GPUs.

#include <cstdint>

namespace coalesce::detail::bulk {

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900

__device__ __forceinline__ std::uint32_t shared_address(const void* p) {
  return static_cast<std::uint32_t>(__cvta_generic_to_shared(p));
}

// Makes the barrier count `arrivals` arrivals per phase, visible to the async proxy.
__device__ __forceinline__ void init(std::uint64_t* barrier, std::uint32_t arrivals) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(shared_address(barrier)), "r"(arrivals) : "memory");
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
}

// One arrival, announcing `bytes` that bulk loads will complete on this barrier.
__device__ __forceinline__ void arrive_expect(std::uint64_t* barrier, std::uint32_t bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(shared_address(barrier)), "r"(bytes)
               : "memory");
}

// Waits until phase `parity` of the barrier has completed.
__device__ __forceinline__ void wait(std::uint64_t* barrier, std::uint32_t parity) {
  asm volatile(
      "{\n"
      ".reg .pred done;\n"
      "wait_%=:\n"
      "mbarrier.try_wait.parity.shared::cta.b64 done, [%0], %1;\n"
      "@!done bra wait_%=;\n"
      "}\n" ::"r"(shared_address(barrier)),
      "r"(parity)
      : "memory");
}

// Global -> shared, `bytes` a multiple of 16, both addresses 16-byte aligned.
__device__ __forceinline__ void load(void* shared, const void* global, std::uint32_t bytes, std::uint64_t* barrier) {
  asm volatile(
      "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(
          shared_address(shared)),
      "l"(global), "r"(bytes), "r"(shared_address(barrier))
      : "memory");
}

// Orders this thread's earlier writes to shared memory before later bulk stores read it.
__device__ __forceinline__ void fence_shared() { asm volatile("fence.proxy.async.shared::cta;" ::: "memory"); }

// Shared -> global, `bytes` a multiple of 16, both addresses 16-byte aligned.
__device__ __forceinline__ void store(void* global, const void* shared, std::uint32_t bytes) {
  asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;" ::"l"(global), "r"(shared_address(shared)),
               "r"(bytes)
               : "memory");
}

// Commits this thread's bulk stores and waits until they have read shared memory.
__device__ __forceinline__ void finish_stores() {
  asm volatile("cp.async.bulk.commit_group;" ::: "memory");
  asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
}

#endif

}  // namespace coalesce::detail::bulk

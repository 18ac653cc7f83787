// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Where coalesce memory lives in Kokkos terms. Host arrays are plain host memory: Kokkos::HostSpace.
// Device arrays come from cudaMalloc: Kokkos::CudaSpace, when Kokkos was built with CUDA. A Kokkos
// execution space may run a loop over a coalesce array only if it can access that memory space.

#include <coalesce/core/descriptor.hpp>
#include <coalesce/core/error.hpp>

#include <Kokkos_Core.hpp>

#include <string>
#include <type_traits>

namespace coalesce::kokkos {

// True when memory in coalesce space `s` is memory of the Kokkos memory space MemorySpace.
template <class MemorySpace>
constexpr bool holds(memory_space s) noexcept {
  if (s == memory_space::host) return std::is_same_v<MemorySpace, Kokkos::HostSpace>;
#if defined(KOKKOS_ENABLE_CUDA)
  return std::is_same_v<MemorySpace, Kokkos::CudaSpace>;
#else
  return false;
#endif
}

// The coalesce space of a Kokkos memory space: host when the host can dereference it (HostSpace,
// pinned and managed memory), else device.
template <class MemorySpace>
constexpr memory_space space_of() noexcept {
  return Kokkos::SpaceAccessibility<Kokkos::HostSpace, MemorySpace>::accessible ? memory_space::host
                                                                                  : memory_space::device;
}

// True when a loop on ExecutionSpace may read and write coalesce memory in space `s`.
template <class ExecutionSpace>
constexpr bool can_access(memory_space s) noexcept {
  if (s == memory_space::host) return Kokkos::SpaceAccessibility<ExecutionSpace, Kokkos::HostSpace>::accessible;
#if defined(KOKKOS_ENABLE_CUDA)
  return Kokkos::SpaceAccessibility<ExecutionSpace, Kokkos::CudaSpace>::accessible;
#else
  return false;
#endif
}

namespace detail {
template <class MemorySpace>
void require_holds(memory_space s, const std::string& call) {
  if (!holds<MemorySpace>(s))
    fail(errc::wrong_memory_space, call,
         std::string("the array lives in ") + to_string(s) + " memory, which is not Kokkos memory space " +
             MemorySpace::name());
}
template <class ExecutionSpace>
void require_access(memory_space s, const std::string& call) {
  if (!can_access<ExecutionSpace>(s))
    fail(errc::wrong_memory_space, call,
         std::string("Kokkos execution space ") + ExecutionSpace::name() + " cannot access coalesce " + to_string(s) +
             " memory");
}
}  // namespace detail

}  // namespace coalesce::kokkos

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// coalesce views inside Kokkos loops. A coalesce view ({pointer, mapping}) is trivially copyable and
// its operator() is host and device code, so a Kokkos functor may hold one by value and run on any
// execution space that can access the array's memory. vector_range gives the loop over the vectors
// and checks that access first, so a host array never reaches a CUDA kernel.

#include <coalesce/interop/kokkos/spaces.hpp>
#include <coalesce/runtime/array.hpp>

#include <Kokkos_Core.hpp>

#include <cstddef>

namespace coalesce::kokkos {

template <class ExecutionSpace>
using index_range = Kokkos::RangePolicy<ExecutionSpace, Kokkos::IndexType<std::size_t>>;

// [0, a.n()) on ExecutionSpace; throws wrong_memory_space when ExecutionSpace cannot access the array.
template <class ExecutionSpace = Kokkos::DefaultExecutionSpace, class T>
index_range<ExecutionSpace> vector_range(const array<T>& a, const ExecutionSpace& space = ExecutionSpace()) {
  detail::require_access<ExecutionSpace>(a.space(), "kokkos::vector_range");
  return index_range<ExecutionSpace>(space, 0, a.n());
}

}  // namespace coalesce::kokkos

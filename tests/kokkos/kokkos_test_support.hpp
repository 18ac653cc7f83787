// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Shapes with tails (n not a multiple of any block size) and random host arrays for the Kokkos tests.

#include <coalesce/coalesce.hpp>

#include "random.hpp"
#include "round_trip.hpp"

#include <Kokkos_Core.hpp>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace coalesce::test {

struct shape {
  std::size_t n, m;
};

inline std::vector<shape> kokkos_shapes() { return {{0, 3}, {1, 1}, {1, 3}, {33, 3}, {130, 5}, {257, 12}}; }

// Random AoS data of a shape, uploaded in `spec` on the host backend.
template <class T>
array<T> random_array(const runtime& rt, shape s, layout_spec spec, std::vector<T>& aos) {
  aos = random_values<T>(s.n * s.m, fresh_seed());
  return rt.upload(host_vectors(aos.data(), s.n, s.m), spec);
}

// Counts the Kokkos kernels (parallel_for / reduce / scan) and deep_copies launched while it lives,
// through the Kokkos Tools callbacks (Kokkos 3.4 and 4.x): the transforms of coalesce::kokkos must
// launch none. One at a time.
class kokkos_launch_counter {
 public:
  kokkos_launch_counter() {
    count() = 0;
    Kokkos::Tools::Experimental::set_begin_parallel_for_callback(&on_kernel);
    Kokkos::Tools::Experimental::set_begin_parallel_reduce_callback(&on_kernel);
    Kokkos::Tools::Experimental::set_begin_parallel_scan_callback(&on_kernel);
    Kokkos::Tools::Experimental::set_begin_deep_copy_callback(&on_deep_copy);
  }
  ~kokkos_launch_counter() {
    Kokkos::Tools::Experimental::set_begin_parallel_for_callback(nullptr);
    Kokkos::Tools::Experimental::set_begin_parallel_reduce_callback(nullptr);
    Kokkos::Tools::Experimental::set_begin_parallel_scan_callback(nullptr);
    Kokkos::Tools::Experimental::set_begin_deep_copy_callback(nullptr);
  }
  kokkos_launch_counter(const kokkos_launch_counter&) = delete;
  kokkos_launch_counter& operator=(const kokkos_launch_counter&) = delete;
  static std::size_t& count() {
    static std::size_t launches = 0;
    return launches;
  }

 private:
  static void on_kernel(const char*, std::uint32_t, std::uint64_t*) { ++count(); }
  static void on_deep_copy(Kokkos::Tools::SpaceHandle, const char*, const void*, Kokkos::Tools::SpaceHandle,
                           const char*, const void*, std::uint64_t) {
    ++count();
  }
};

}  // namespace coalesce::test

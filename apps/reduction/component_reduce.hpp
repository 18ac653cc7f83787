// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Per-component reduction of a vector set: n vectors of length m in -> m values out,
// out[i] = fold over v of x(v, i). One thread reads one whole vector (the FE code's access pattern), so
// the layout decides whether a warp's loads coalesce: AoS puts lane k's component i m elements after
// lane k-1's, SoA and blocked put them side by side. The array comes from the coalesce runtime in any
// layout; m is a compile-time constant inside the kernels (one of component_lengths).

#include "reduce_ops.hpp"

#include <coalesce/core/buffer.hpp>
#include <coalesce/core/error.hpp>
#include <coalesce/runtime/array.hpp>

#include <cstddef>
#include <map>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

namespace coalesce::apps::reduction {

// The vector lengths the kernels are compiled for.
inline constexpr std::size_t component_lengths[] = {1, 2, 3, 4, 8, 12, 16};
bool supported_length(std::size_t m) noexcept;
// "1, 2, 3, 4, 8, 12, 16", for messages.
std::string supported_lengths_text();

// Calls f(std::integral_constant<size_t, M>) for m in component_lengths; invalid_argument otherwise.
template <class F>
void with_length(std::size_t m, F&& f) {
  switch (m) {
    case 1: f(std::integral_constant<std::size_t, 1>{}); return;
    case 2: f(std::integral_constant<std::size_t, 2>{}); return;
    case 3: f(std::integral_constant<std::size_t, 3>{}); return;
    case 4: f(std::integral_constant<std::size_t, 4>{}); return;
    case 8: f(std::integral_constant<std::size_t, 8>{}); return;
    case 12: f(std::integral_constant<std::size_t, 12>{}); return;
    case 16: f(std::integral_constant<std::size_t, 16>{}); return;
    default:
      fail(errc::invalid_argument, "component_reduce",
           "m = " + std::to_string(m) + " is not one of the compiled lengths (" + supported_lengths_text() + ")");
  }
}

// Host backend: a (host memory, any layout) reduced with OpenMP; m values.
template <class T>
std::vector<T> host_component_reduce(op o, const array<T>& a);
// The d of the error bound gamma_d * sum|x| for the host version over n vectors.
std::size_t host_component_addition_depth(std::size_t n);

// CUDA backend: a must live in device memory. Owns the per-block partials, so a timed launch allocates
// nothing.
template <class T>
class device_component_reducer {
 public:
  device_component_reducer();
  // Enqueues out[0, m) = the per-component fold (out: device memory) and returns without waiting.
  // Throws invalid_argument for a host array or an unsupported m.
  void launch(op o, const array<T>& a, T* out) const;
  // launch() and wait; the m values on the host.
  std::vector<T> reduce(op o, const array<T>& a) const;
  // The d of the error bound gamma_d * sum|x| (reference.hpp) for n vectors, whatever grid is chosen.
  std::size_t addition_depth(std::size_t n) const;

 private:
  std::size_t max_blocks_;  // one wave of the widest configuration; the partials hold max_blocks_ x 16
  mutable std::map<std::tuple<int, std::size_t, int>, std::size_t> wave_cache_;  // (layout, m, op) -> blocks
  buffer partials_, result_;
};

extern template std::vector<float> host_component_reduce<float>(op, const array<float>&);
extern template std::vector<double> host_component_reduce<double>(op, const array<double>&);
extern template std::vector<int> host_component_reduce<int>(op, const array<int>&);

}  // namespace coalesce::apps::reduction

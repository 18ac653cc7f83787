// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include "kernel_list.hpp"

namespace validate_time {

using coalesce::analysis::element_type;

const std::vector<timed_kernel>& all_kernels() {
  static const std::vector<timed_kernel> list = [] {
    constexpr amount ALL = amount::all, SOME = amount::some, ONE = amount::one, NONE = amount::none;
    constexpr thread_map THREAD = thread_map::thread, WARP = thread_map::warp, ELEMENT = thread_map::element;
    constexpr element_type float_ = element_type::float_, double_ = element_type::double_;
    std::vector<timed_kernel> out;
#define TIMED(name, type, m, reads, writes, map) out.push_back({#name, type##_, m, reads, writes, map});
#include "kernels.def"
#undef TIMED
    return out;
  }();
  return list;
}

const std::vector<std::string>& layout_names() {
  static const std::vector<std::string> names{"aos", "soa", "blocked:32", "blocked:128"};
  return names;
}

std::size_t count(amount a, std::size_t m) {
  switch (a) {
    case amount::all:
      return m;
    case amount::some:
      return (m + 1) / 2;
    case amount::one:
      return 1;
    case amount::none:
      break;
  }
  return 0;
}

std::size_t threads(const timed_kernel& k, std::size_t n) {
  switch (k.map) {
    case thread_map::thread:
      return n;
    case thread_map::warp:
      return 32 * n;
    case thread_map::element:
      break;
  }
  return n * k.m;
}

coalesce::analysis::kernel_description describe(const timed_kernel& k, std::size_t n) {
  coalesce::analysis::kernel_description d;
  d.n = n;
  d.m = k.m;
  d.type = k.type;
  d.threads = threads(k, n);
  if (k.map == thread_map::thread) {
    d.loads_in_flight = 4;  // validate_time.cu's `#pragma unroll 4` over the thread's loads
    for (std::size_t i = 0; i < count(k.reads, k.m); ++i) d.reads.push_back(i);
    for (std::size_t i = 0; i < count(k.writes, k.m); ++i) d.writes.push_back(i);
    return d;
  }
  // One element per thread: component 0 + the thread's component.
  const std::string m = std::to_string(k.m);
  d.thread_to_vector = k.map == thread_map::warp ? "idx/32" : "idx/" + m;
  d.thread_to_component = k.map == thread_map::warp ? "idx%32" : "idx%" + m;
  if (k.reads != amount::none) d.reads = {0};
  if (k.writes != amount::none) d.writes = {0};
  return d;
}

}  // namespace validate_time

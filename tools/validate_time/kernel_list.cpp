// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include "kernel_list.hpp"

namespace validate_time {

using coalesce::analysis::element_type;

const std::vector<timed_kernel>& all_kernels() {
  static const std::vector<timed_kernel> list = [] {
    constexpr amount ALL = amount::all, SOME = amount::some, ONE = amount::one, NONE = amount::none, TWO = amount::two,
                     EVERY_OTHER = amount::every_other, HIGH_HALF = amount::high_half, LAST = amount::last;
    constexpr thread_map THREAD = thread_map::thread, WARP = thread_map::warp, ELEMENT = thread_map::element;
    constexpr element_type float_ = element_type::float_, double_ = element_type::double_;
    std::vector<timed_kernel> out;
    std::string section = "base";
#define SECTION(name) section = #name;
#define TIMED(name, type, m, reads, writes, map) out.push_back({#name, type##_, m, reads, writes, map, section});
#include "kernels.def"
#undef TIMED
#undef SECTION
    return out;
  }();
  return list;
}

const std::vector<std::string>& layout_names() {
  static const std::vector<std::string> names{"aos", "soa", "blocked:32", "blocked:128"};
  return names;
}

std::vector<std::size_t> components(amount a, std::size_t m) {
  const auto range = [](std::size_t from, std::size_t to, std::size_t step) {
    std::vector<std::size_t> c;
    for (std::size_t i = from; i < to; i += step) c.push_back(i);
    return c;
  };
  switch (a) {
    case amount::all:
      return range(0, m, 1);
    case amount::some:
      return range(0, (m + 1) / 2, 1);
    case amount::one:
      return {0};
    case amount::two:
      return m / 2 ? std::vector<std::size_t>{0, m / 2} : std::vector<std::size_t>{0};
    case amount::every_other:
      return range(0, m, 2);
    case amount::high_half:
      return range(m / 2, m, 1);
    case amount::last:
      return {m - 1};
    case amount::none:
      break;
  }
  return {};
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
    d.reads = components(k.reads, k.m);
    d.writes = components(k.writes, k.m);
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

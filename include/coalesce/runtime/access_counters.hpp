// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Counters for counted views (view/counted.hpp, record/counted.hpp) in the runtime's memory: device
// memory on the CUDA backend, host memory on the host backend, zeroed; values() brings them back.

#include <coalesce/core/descriptor.hpp>
#include <coalesce/layout/spec.hpp>
#include <coalesce/runtime/array.hpp>
#include <coalesce/runtime/runtime.hpp>

#include <cstddef>
#include <vector>

namespace coalesce {

class access_counters {
 public:
  // `count` zeroed counters (2 m for a counted view of m components, 2 T for a counted record view).
  access_counters(const runtime& rt, std::size_t count) : rt_(rt) {
    std::vector<unsigned long long> zeros(count, 0);
    counters_ = rt_.upload(host_vectors(zeros.data(), count, 1), aos());
  }

  // Where the counted views count (what to pass to counted(view, counters)).
  unsigned long long* data() noexcept { return counters_.data(); }
  std::size_t size() const noexcept { return counters_.n(); }
  // The counts, after the counting kernels or loops have finished (a CUDA download waits for the device).
  std::vector<unsigned long long> values() const {
    std::vector<unsigned long long> out(size());
    rt_.download(counters_, host_vectors(out.data(), out.size(), 1));
    return out;
  }

 private:
  runtime rt_;
  array<unsigned long long> counters_;
};

}  // namespace coalesce

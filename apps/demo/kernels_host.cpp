// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The demo's kernels as host loops (OpenMP when the build has it), timed with std::chrono.
#include "kernels.hpp"

namespace coalesce::demo {

bench::stats time_on_host(kernel k, array<float>& a, int reps) {
  return visit_any_m(a, [&](auto x) {
    const std::ptrdiff_t n = std::ptrdiff_t(x.n());
    return bench::time_host(
        [&] {
          if (k == kernel::scale) {
#pragma omp parallel for schedule(static)
            for (std::ptrdiff_t v = 0; v < n; ++v) scale_vector(x, std::size_t(v), 2.0f);
          } else {
#pragma omp parallel for schedule(static)
            for (std::ptrdiff_t v = 0; v < n; ++v) pair_vector(x, std::size_t(v), 0.5f);
          }
        },
        1, reps);
  });
}

}  // namespace coalesce::demo

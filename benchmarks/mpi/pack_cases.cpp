// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Pack/unpack throughput: the packed bytes read and written, against a plain copy of them in the
// same process (cudaMemcpy D2D on the GPU, memcpy on the host), for sorted and random id lists.
#include "pack_cases.hpp"
#include "timing.hpp"

#include <coalesce/runtime/pack.hpp>

#include <algorithm>
#include <cstring>
#include <numeric>
#include <random>

namespace coalesce::bench {
namespace {

std::vector<std::pair<std::string, layout_spec>> layouts() {
  return {{"aos", aos()}, {"soa", soa()}, {"blocked:128", blocked(128)}};
}

stats time_it([[maybe_unused]] const runtime& rt, const std::function<void()>& f, int reps) {
#if defined(COALESCE_BENCH_WITH_CUDA)
  if (rt.kind() == backend::cuda) return time_gpu(f, 3, reps);
#endif
  return time_host(f, 2, reps);
}

stats copy_ceiling([[maybe_unused]] const runtime& rt, std::size_t bytes, int reps) {
#if defined(COALESCE_BENCH_WITH_CUDA)
  if (rt.kind() == backend::cuda) return d2d_copy_ceiling(bytes, reps);
#endif
  std::vector<unsigned char> a(bytes, 1), b(bytes);
  return time_host([&] { std::memcpy(b.data(), a.data(), bytes); }, 2, reps);
}

}  // namespace

void pack_cases(const runtime& rt, const mpi_bench_options& opt, std::vector<mpi_row>& out) {
  for (std::size_t m : opt.ms) {
    const std::size_t bytes = opt.pack_mib << 20, count = bytes / (m * sizeof(float)), n = 2 * count;
    const stats ceiling = copy_ceiling(rt, count * m * sizeof(float), opt.reps);
    const double ceiling_gbs = gbs(2.0 * double(count * m * sizeof(float)), ceiling.median_ms);
    // Half the vectors, once in increasing order and once shuffled.
    std::mt19937_64 gen(7);
    std::vector<std::uint32_t> all(n);
    std::iota(all.begin(), all.end(), 0u);
    std::shuffle(all.begin(), all.end(), gen);
    std::vector<std::uint32_t> random(all.begin(), all.begin() + std::ptrdiff_t(count)), sorted = random;
    std::sort(sorted.begin(), sorted.end());
    for (const auto& [name, spec] : layouts()) {
      array<float> a = rt.allocate<float>(n, m, spec);
      array<float> wire = rt.allocate<float>(count, m, aos());
      const std::size_t wire_bytes = count * m * sizeof(float);
      for (const auto* which : {&sorted, &random}) {
        const index_list ids(rt, n, *which);
        const std::string order = which == &sorted ? "sorted" : "random";
        auto row = [&](const std::string& what, const stats& s) {
          mpi_row r{"pack", what, name, order, m, count, wire_bytes, 1, s.median_ms, s.min_ms, s.max_ms,
                    gbs(2.0 * double(wire_bytes), s.median_ms), ceiling_gbs};
          out.push_back(r);
        };
        row("pack", time_it(rt, [&] { pack_async(rt, a, ids, wire.data(), wire_bytes, nullptr); }, opt.reps));
        row("unpack", time_it(rt, [&] {
              unpack_async(rt, wire.data(), wire_bytes, ids, a, unpack_mode::overwrite, nullptr);
            }, opt.reps));
      }
    }
  }
}

}  // namespace coalesce::bench

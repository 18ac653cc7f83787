// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Pack/unpack throughput: the packed bytes read and written, against a plain copy of them in the
// same process (cudaMemcpy D2D on the GPU, memcpy on the host), and against the sector ceiling (what
// the copy's bandwidth allows when every 32-byte sector the ids touch is moved whole), for sorted
// and random id lists.
#include "pack_cases.hpp"
#include "common/timing.hpp"

#include <coalesce/runtime/pack.hpp>

#include <algorithm>
#include <cstring>
#include <numeric>
#include <random>

namespace coalesce::bench {
namespace {

constexpr std::size_t sector = 32;

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

// The distinct 32-byte sectors of the layout side that the ids' elements lie in.
std::size_t sectors_touched(const array_layout& l, std::size_t elem, const std::vector<std::uint32_t>& ids) {
  std::vector<std::uint64_t> seen((l.span() * elem / sector + 64) / 64, 0);
  std::size_t count = 0;
  visit_mapping(l, [&](auto map) {
    for (const std::uint32_t id : ids)
      for (std::size_t i = 0; i < l.m; ++i) {
        const std::size_t s = map(id, i) * elem / sector;
        const std::uint64_t bit = std::uint64_t(1) << (s % 64);
        if (!(seen[s / 64] & bit)) ++count;
        seen[s / 64] |= bit;
      }
  });
  return count;
}

template <class T>
void cases_of(const runtime& rt, const mpi_bench_options& opt, const char* type, std::vector<mpi_row>& out) {
  for (const std::size_t count : opt.pack_ids) {
    const std::size_t n = 2 * count;
    if (count * sizeof(T) > (opt.pack_mib << 20)) continue;
    // Half the vectors: one contiguous run (a slab's boundary layer), a random half in increasing
    // order (every sector touched: the sector ceiling is below the copy), and the same half shuffled.
    // Built once per count (an index_list sorts its ids once).
    std::mt19937_64 gen(7);
    std::vector<std::uint32_t> all(n), run(count);
    std::iota(all.begin(), all.end(), 0u);
    std::iota(run.begin(), run.end(), std::uint32_t(count / 2));
    std::shuffle(all.begin(), all.end(), gen);
    std::vector<std::uint32_t> random(all.begin(), all.begin() + std::ptrdiff_t(count)), sorted = random;
    std::sort(sorted.begin(), sorted.end());
    const std::vector<std::pair<std::string, const std::vector<std::uint32_t>*>> orders{
        {"run", &run}, {"sorted", &sorted}, {"random", &random}};
    std::vector<index_list> lists;
    for (const auto& order : orders) lists.emplace_back(rt, n, *order.second);
    for (const std::size_t m : opt.ms) {
      const std::size_t wire_bytes = count * m * sizeof(T);
      if (wire_bytes > (opt.pack_mib << 20)) continue;
      const int reps = wire_bytes >= (std::size_t(256) << 20) ? std::max(3, opt.reps / 4) : opt.reps;
      const stats copy = copy_ceiling(rt, wire_bytes, reps);
      const double copy_gbs = gbs(2.0 * double(wire_bytes), copy.median_ms);
      array<T> wire = rt.allocate<T>(count, m, aos());
      for (const auto& [name, spec] : layouts()) {
        array<T> a = rt.allocate<T>(n, m, spec);
        for (std::size_t o = 0; o < orders.size(); ++o) {
          const index_list& ids = lists[o];
          const double layout_bytes = double(sectors_touched(a.layout(), sizeof(T), *orders[o].second) * sector);
          auto row = [&](const std::string& what, const stats& s, double layout_passes) {
            // The copy moves 2 x wire bytes in copy.median_ms; the ceiling moves layout_passes x the
            // touched sectors plus the wire at the same bandwidth.
            const double ceiling_ms = copy.median_ms * (layout_passes * layout_bytes + double(wire_bytes)) /
                                      (2.0 * double(wire_bytes));
            mpi_row r{"pack", what, name, orders[o].first, m, count, wire_bytes, 1, s.median_ms, s.min_ms, s.max_ms,
                      gbs(2.0 * double(wire_bytes), s.median_ms), copy_gbs, type,
                      gbs(2.0 * double(wire_bytes), ceiling_ms)};
            out.push_back(r);
          };
          row("pack", time_it(rt, [&] { pack_async(rt, a, ids, wire.data(), wire_bytes, nullptr); }, reps), 1);
          row("unpack", time_it(rt, [&] {
                unpack_async(rt, wire.data(), wire_bytes, ids, a, unpack_mode::overwrite, nullptr);
              }, reps), 1);
          row("unpack sum", time_it(rt, [&] {
                unpack_async(rt, wire.data(), wire_bytes, ids, a, unpack_mode::sum, nullptr);
              }, reps), 2);
        }
      }
    }
  }
}

}  // namespace

void pack_cases(const runtime& rt, const mpi_bench_options& opt, std::vector<mpi_row>& out) {
  cases_of<float>(rt, opt, "float", out);
  cases_of<double>(rt, opt, "double", out);
}

}  // namespace coalesce::bench

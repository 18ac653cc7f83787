// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include "replay.hpp"

#include <coalesce/core/error.hpp>

#include <cuda_runtime.h>

#include <algorithm>
#include <memory>

namespace coalesce::bench {
namespace {

struct replay_family {
  detail::interval_family f;
  std::uintptr_t base = 0;
  std::uint64_t windows = 0;     // units per interval
  std::uint64_t first_unit = 0;  // the family's first unit
  unsigned write = 0;            // a destination family: write its bytes, else read them
};

constexpr unsigned replay_threads = 256;

// Unit u: a window of some family's interval, read (its bytes folded into `acc`) or written with zeros.
__global__ void __launch_bounds__(replay_threads)
    replay_kernel(const replay_family* __restrict__ fams, unsigned count, std::uint64_t units, unsigned* sink) {
  unsigned acc = 0;
  for (std::uint64_t u = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; u < units;
       u += std::uint64_t(gridDim.x) * blockDim.x) {
    unsigned lo = 0, hi = count - 1;  // the last family whose first unit is at most u
    while (lo < hi) {
      const unsigned mid = (lo + hi + 1) / 2;
      if (fams[mid].first_unit <= u) lo = mid;
      else hi = mid - 1;
    }
    const replay_family& r = fams[lo];
    const std::uint64_t local = u - r.first_unit, k = local / r.windows;
    const detail::replay_window w = detail::window_of(r.f, r.base, k, local - k * r.windows);
    if (w.first == w.end) continue;
    if (r.write) {
      if (w.end - w.first == 16) *reinterpret_cast<uint4*>(w.at) = make_uint4(0, 0, 0, 0);
      else
        for (unsigned b = w.first; b < w.end; ++b) reinterpret_cast<unsigned char*>(w.at)[b] = 0;
    } else if (w.end - w.first == 16) {
      const uint4 v = __ldcs(reinterpret_cast<const uint4*>(w.at));
      acc ^= v.x ^ v.y ^ v.z ^ v.w;
    } else {
      for (unsigned b = w.first; b < w.end; ++b) acc += reinterpret_cast<const unsigned char*>(w.at)[b];
    }
  }
  if (acc == 0x9e3779b9u) atomicAdd(sink, 1u);  // keeps the loads; (almost) never taken
}

void add(std::vector<replay_family>& out, const std::vector<detail::interval_family>& fams, const void* base,
         unsigned write, std::uint64_t& units) {
  for (const detail::interval_family& f : fams) {
    replay_family r;
    r.f = f;
    r.base = reinterpret_cast<std::uintptr_t>(base);
    r.windows = detail::windows_per_interval(f, r.base);
    r.first_unit = units;
    r.write = write;
    units += r.windows * f.count;
    out.push_back(r);
  }
}

}  // namespace

replay_sides vector_replay(const array_layout& sl, const void* src, const array_layout& dl, void* dst,
                           std::size_t elem, std::size_t dst_records) {
  const detail::record_move move = detail::vector_record_move(sl, dl, elem, nullptr);
  return record_replay(move, src, sl.n, dst, dst_records);
}

replay_sides record_replay(const detail::record_move& move, const void* src, std::size_t src_records, void* dst,
                           std::size_t dst_records) {
  return {detail::side_intervals(move.src, move.width, src_records), detail::side_intervals(move.dst, move.width, dst_records),
          src, dst};
}

replay_sides record_array_replay(const record_array& src, record_array& dst, bool dst_is_user) {
  const detail::record_move move = detail::plan_record_move(src.desc(), src.layout(), dst.layout(), nullptr, dst_is_user);
  return record_replay(move, src.data(), src.n(), dst.data(), dst_is_user ? dst.n() : dst.layout().extent());
}

stats time_replay(const replay_sides& sides, int warmup, int reps) {
  std::vector<replay_family> fams;
  std::uint64_t units = 0;
  add(fams, sides.src, sides.src_data, 0, units);
  add(fams, sides.dst, sides.dst_data, 1, units);
  if (fams.empty()) return {};
  replay_family* d_fams = nullptr;
  unsigned* sink = nullptr;
  check(cudaMalloc(&d_fams, fams.size() * sizeof(replay_family)), "cudaMalloc (replay families)");
  const std::unique_ptr<replay_family, decltype(&cudaFree)> own_fams(d_fams, cudaFree);
  check(cudaMalloc(&sink, sizeof(unsigned)), "cudaMalloc (replay sink)");
  const std::unique_ptr<unsigned, decltype(&cudaFree)> own_sink(sink, cudaFree);
  check(cudaMemcpy(d_fams, fams.data(), fams.size() * sizeof(replay_family), cudaMemcpyHostToDevice),
        "cudaMemcpy (replay families)");
  int sms = 0, per_sm = 0;
  check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0), "cudaDeviceGetAttribute");
  check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, replay_kernel, replay_threads, 0),
        "cudaOccupancyMaxActiveBlocksPerMultiprocessor");
  const std::uint64_t blocks =
      std::min<std::uint64_t>((units + replay_threads - 1) / replay_threads, std::uint64_t(sms) * per_sm * 4);
  return time_gpu(
      [&] {
        replay_kernel<<<unsigned(blocks), replay_threads>>>(d_fams, unsigned(fams.size()), units, sink);
        check(cudaGetLastError(), "replay kernel launch");
      },
      warmup, reps);
}

}  // namespace coalesce::bench

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Record cases: every pair of record layouts device to device for four structs, each beside the
// kernel a user writes by hand (one thread per record: load the struct from one layout, store its
// fields into the other), both against cudaMemcpy D2D of the same run. Bytes counted: the fields'
// bytes read + written (padding not counted). Also the pipelines from pageable and pinned memory.
#include "bench_result.hpp"
#include "record_types.hpp"

#include <coalesce/coalesce.hpp>

#include <cuda_runtime.h>

#include <cstring>
#include <string>
#include <utility>
#include <vector>

namespace coalesce::bench {
namespace {

template <class From, class To>
__global__ void one_thread_per_record(From from, To to) {
  const std::size_t v = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (v < from.n()) to.store(v, from.load(v));
}

template <class S, class Fields>
void record_cases(const options& opt, const char* label, const result& d2d, std::vector<result>& out) {
  const runtime rt{backend::cuda};
  const record_desc d = describe(static_cast<S*>(nullptr));
  const std::size_t n = opt.bytes / d.data_bytes();
  for_each_record_pair(
      rt, d, n, label, opt.only,
      [](record_array& src) { check(cudaMemset(src.data(), 0x3f, src.span_bytes()), "cudaMemset"); },
      [&](const record_array& src, record_array& dst, result& r) {
        r.time = time_gpu([&] { rt.copy_async(src, dst, nullptr); }, 3, opt.reps);
        r = compared(r, d2d);
        r.kernel = device_record_kernel(src, dst);
        r.sector_fraction = gbs(record_sector_bytes(src) + record_sector_bytes(dst), r.time.median_ms) / d2d.gbs;
        out.push_back(r);
        visit<Fields, block_sizes<128>>(src, [&](auto from_view) {
          visit<Fields, block_sizes<128>>(dst, [&](auto to_view) {
            result naive = r;
            naive.group = "records-naive";
            naive.kernel = "one thread per record";
            naive.sector_fraction = 0;
            naive.time = time_gpu([&] {
              one_thread_per_record<<<unsigned((n + 255) / 256), 256>>>(from_view, to_view);
              check(cudaGetLastError(), "one_thread_per_record");
            }, 3, opt.reps);
            out.push_back(compared(naive, d2d));
          });
        });
      });
}

// The user's structs from pageable and pinned memory into each layout and back, against cudaMemcpy
// of the same bytes from the same buffers (the structs' whole stride crosses the bus).
template <class S>
void record_transfer_cases(const options& opt, const char* label, const result ceilings[4], std::vector<result>& out) {
  const runtime rt{backend::cuda};
  const record_desc d = describe(static_cast<S*>(nullptr));
  const std::size_t n = opt.bytes / d.stride();
  std::vector<S> pageable(n);
  std::memset(pageable.data(), 0x3c, n * sizeof(S));
  S* pinned = nullptr;
  check(cudaMallocHost(&pinned, n * sizeof(S)), "cudaMallocHost");
  std::memcpy(pinned, pageable.data(), n * sizeof(S));
  for (const auto& [name, spec] : record_bench_layouts(d)) {
    if (name != "soa" && name != "blocked:128" && name != "split") continue;
    if (!selected(opt.only, "transfers")) continue;
    record_array dev = rt.allocate(d, n, spec);
    for (int memory = 0; memory < 2; ++memory) {
      S* host = memory ? pinned : pageable.data();
      const std::string where = memory ? "pinned" : "pageable";
      result up;
      up.group = "upload";
      up.name = std::string(label) + " records, " + where + " aos -> " + name;
      up.type = label;
      up.n = n;
      up.bytes = double(n * sizeof(S));
      up.time = time_gpu([&] { rt.upload_async(host_records(static_cast<const S*>(host), n, d), dev, nullptr); }, 2,
                         opt.reps);
      out.push_back(compared(up, ceilings[memory]));
      result down = up;
      down.group = "download";
      down.name = std::string(label) + " records, " + where + " " + name + " -> aos";
      down.time = time_gpu([&] { rt.download_async(dev, host_records(host, n, d), nullptr); }, 2, opt.reps);
      out.push_back(compared(down, ceilings[2 + memory]));
    }
  }
  cudaFreeHost(pinned);
}

}  // namespace

void record_device_cases(const options& opt, const result& d2d, const result transfers[4], std::vector<result>& out) {
  record_cases<body, body_fields>(opt, "body", d2d, out);
  record_cases<particle, particle_fields>(opt, "particle", d2d, out);
  record_cases<element, element_fields>(opt, "element", d2d, out);
  record_cases<mixed, mixed_fields>(opt, "mixed16", d2d, out);
  record_transfer_cases<particle>(opt, "particle", transfers, out);
}

}  // namespace coalesce::bench

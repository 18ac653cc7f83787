// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Device cases: the ceilings of this run (cudaMemcpy D2D, a read-only kernel, pinned and pageable
// cudaMemcpy both ways), then relayout between every pair of layouts device to device, and the
// upload/download pipelines from pageable and pinned host memory.
#include "bench_result.hpp"

#include <coalesce/coalesce.hpp>

#include <cuda_runtime.h>

#include <cstring>
#include <memory>
#include <vector>

namespace coalesce::bench {
namespace {

// Reads every 16-byte word once; one store per block keeps the loads alive.
__global__ void read_only_kernel(const uint4* __restrict__ data, std::size_t words, unsigned* sink) {
  unsigned acc = 0;
  for (std::size_t k = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; k < words; k += std::size_t(gridDim.x) * blockDim.x) {
    const uint4 w = data[k];
    acc ^= w.x ^ w.y ^ w.z ^ w.w;
  }
  if (acc == 0x9e3779b9u) sink[blockIdx.x] = acc;  // practically never: the data is not that pattern
}

struct device_buffer {
  void* p = nullptr;
  explicit device_buffer(std::size_t bytes) { check(cudaMalloc(&p, bytes), "cudaMalloc"); }
  ~device_buffer() { cudaFree(p); }
};
struct pinned_buffer {
  void* p = nullptr;
  explicit pinned_buffer(std::size_t bytes) { check(cudaMallocHost(&p, bytes), "cudaMallocHost"); }
  ~pinned_buffer() { cudaFreeHost(p); }
};

template <class T>
void relayout_cases(const options& opt, const std::string& type, const result& d2d, std::vector<result>& out) {
  const runtime rt{backend::cuda};
  for (std::size_t m : opt.ms) {
    const std::size_t n = opt.bytes / (m * sizeof(T));
    for (const auto& [from_name, from] : bench_layouts()) {
      array<T> src = rt.allocate<T>(n, m, from);
      check(cudaMemset(src.data(), 0x3f, src.span() * sizeof(T)), "cudaMemset");  // not zeros
      for (const auto& [to_name, to] : bench_layouts()) {
        if (from_name == to_name) continue;
        array<T> dst = rt.allocate<T>(n, m, to);
        const stats time = time_gpu([&] { rt.copy_async(src, dst, nullptr); }, 3, opt.reps);
        out.push_back(compared(relayout_result(from_name, to_name, type, m, n, sizeof(T), time), d2d));
      }
    }
  }
}

// Host AoS <-> device layout through the pipelines, against cudaMemcpy of the same bytes from the
// same (pageable or pinned) buffer.
void transfer_cases(const options& opt, std::vector<result>& out, const result ceilings[4]) {
  const runtime rt{backend::cuda};
  const std::size_t bytes = opt.bytes;
  pinned_buffer pinned(bytes);
  std::vector<unsigned char> pageable(bytes);
  for (std::size_t k = 0; k < bytes; ++k) pageable[k] = static_cast<unsigned char>(k * 131 + 7);
  std::memcpy(pinned.p, pageable.data(), bytes);
  for (std::size_t m : {std::size_t(3), std::size_t(12)}) {
    const std::size_t n = bytes / (m * sizeof(float));
    for (const auto& [name, spec] : bench_layouts()) {
      if (name == "aos") continue;
      array<float> dev = rt.allocate<float>(n, m, spec);
      for (int memory = 0; memory < 2; ++memory) {  // 0 pageable, 1 pinned
        float* host = static_cast<float*>(memory ? pinned.p : static_cast<void*>(pageable.data()));
        const std::string where = memory ? "pinned" : "pageable";
        result up;
        up.group = "upload";
        up.name = where + " aos -> " + name;
        up.type = "float";
        up.m = m;
        up.n = n;
        up.bytes = double(n * m * sizeof(float));
        up.time = time_gpu([&] { rt.upload_async(host_vectors(static_cast<const float*>(host), n, m), dev, nullptr); },
                           2, opt.reps);
        out.push_back(compared(up, ceilings[memory]));
        result down = up;
        down.group = "download";
        down.name = where + " " + name + " -> aos";
        down.time = time_gpu([&] { rt.download_async(dev, host_vectors(host, n, m), nullptr); }, 2, opt.reps);
        out.push_back(compared(down, ceilings[2 + memory]));
      }
    }
  }
}

}  // namespace

std::vector<result> run_device(const options& opt) {
  std::vector<result> out;
  const std::size_t bytes = opt.bytes;
  const result d2d = ceiling_result("cudaMemcpy D2D (bytes read + written)", 2.0 * double(bytes), d2d_copy_ceiling(bytes, opt.reps));
  out.push_back(d2d);
  {
    device_buffer data(bytes), sink(4096 * sizeof(unsigned));
    check(cudaMemset(data.p, 0x5a, bytes), "cudaMemset");
    int sms = 0;
    check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0), "cudaDeviceGetAttribute");
    const stats s = time_gpu([&] {
      read_only_kernel<<<sms * 8, 512>>>(static_cast<const uint4*>(data.p), bytes / 16, static_cast<unsigned*>(sink.p));
    }, 3, opt.reps);
    out.push_back(ceiling_result("read-only kernel (bytes read)", double(bytes), s));
  }
  result transfers[4];
  {
    device_buffer dev(bytes);
    pinned_buffer pinned(bytes);
    std::vector<unsigned char> pageable(bytes, 0x42);
    std::memset(pinned.p, 0x42, bytes);
    transfers[0] = ceiling_result("cudaMemcpy H2D pageable", double(bytes), time_gpu([&] {
      check(cudaMemcpy(dev.p, pageable.data(), bytes, cudaMemcpyHostToDevice), "H2D");
    }, 2, opt.reps));
    transfers[1] = ceiling_result("cudaMemcpy H2D pinned", double(bytes), time_gpu([&] {
      check(cudaMemcpyAsync(dev.p, pinned.p, bytes, cudaMemcpyHostToDevice), "H2D");
    }, 2, opt.reps));
    transfers[2] = ceiling_result("cudaMemcpy D2H pageable", double(bytes), time_gpu([&] {
      check(cudaMemcpy(pageable.data(), dev.p, bytes, cudaMemcpyDeviceToHost), "D2H");
    }, 2, opt.reps));
    transfers[3] = ceiling_result("cudaMemcpy D2H pinned", double(bytes), time_gpu([&] {
      check(cudaMemcpyAsync(pinned.p, dev.p, bytes, cudaMemcpyDeviceToHost), "D2H");
    }, 2, opt.reps));
    for (const result& r : transfers) out.push_back(r);
  }
  if (!opt.paths.empty()) {
    path_device_cases(opt, d2d, out);
    return out;
  }
  if (opt.records) {
    record_device_cases(opt, d2d, transfers, out);
    return out;
  }
  for (const std::string& type : opt.types) {
    if (type == "float") relayout_cases<float>(opt, type, d2d, out);
    if (type == "double") relayout_cases<double>(opt, type, d2d, out);
  }
  transfer_cases(opt, out, transfers);
  return out;
}

}  // namespace coalesce::bench

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// One small kernel per validation pattern (patterns.def), and the driver:
//   validate_patterns run                       launch every pattern kernel once, in order (under ncu)
//   validate_patterns predict                   print the analyzer's predictions (no GPU needed)
//   validate_patterns metrics                   print the ncu --metrics list
//   validate_patterns report CSV OUT.md MACHINE join ncu's CSV with the predictions into Markdown
#include "ncu_csv.hpp"
#include "pattern_list.hpp"
#include "report.hpp"

#include <coalesce/layout/blocked.hpp>
#include <coalesce/layout/col_major.hpp>
#include <coalesce/layout/row_major.hpp>

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>

// A loaded value is only stored (to keep the load alive) when it equals a marker the zeroed buffers
// never hold, so load kernels issue no global stores.
__device__ bool marked(char v) { return v == 123; }
__device__ bool marked(short v) { return v == 12345; }
__device__ bool marked(int v) { return v == 1234567; }
__device__ bool marked(float v) { return v == 1234.5f; }
__device__ bool marked(float2 v) { return v.x == 1234.5f; }
__device__ bool marked(float4 v) { return v.x == 1234.5f; }
__device__ bool marked(double v) { return v == 1234.5; }
__device__ bool marked(double2 v) { return v.x == 1234.5; }

template <class T>
__device__ T value_of(long long x);
template <>
__device__ char value_of<char>(long long x) { return static_cast<char>(x); }
template <>
__device__ short value_of<short>(long long x) { return static_cast<short>(x); }
template <>
__device__ int value_of<int>(long long x) { return static_cast<int>(x); }
template <>
__device__ float value_of<float>(long long x) { return static_cast<float>(x); }
template <>
__device__ float2 value_of<float2>(long long x) { return make_float2(x, x + 1); }
template <>
__device__ float4 value_of<float4>(long long x) { return make_float4(x, x + 1, x + 2, x + 3); }
template <>
__device__ double value_of<double>(long long x) { return static_cast<double>(x); }
template <>
__device__ double2 value_of<double2>(long long x) { return make_double2(x, x + 1); }

// Element offsets through the library's own mappings, so the device side checks them too.
using dyn_extents = coalesce::extents<>;
__device__ std::size_t offset_AOS(std::size_t n, std::size_t m, std::size_t pitch, std::size_t, std::size_t v,
                                  std::size_t i) {
  return coalesce::layout_row_major::mapping<dyn_extents>(dyn_extents(n, m), pitch)(v, i);
}
__device__ std::size_t offset_SOA(std::size_t n, std::size_t m, std::size_t pitch, std::size_t, std::size_t v,
                                  std::size_t i) {
  return coalesce::layout_col_major::mapping<dyn_extents>(dyn_extents(n, m), pitch)(v, i);
}
__device__ std::size_t offset_BLOCKED(std::size_t n, std::size_t m, std::size_t, std::size_t bd, std::size_t v,
                                      std::size_t i) {
  return coalesce::layout_blocked<>::mapping<dyn_extents>(dyn_extents(n, m), bd)(v, i);
}

#define ACCESS_LOAD(T, ptr)   \
  {                           \
    const T loaded = *(ptr);            \
    if (marked(loaded)) *sink = loaded; \
  }
#define ACCESS_STORE(T, ptr) \
  { *(ptr) = value_of<T>(gtid); }

// Global: lane idx of warp w accesses base_w[EXPR], base_w = buf + w * span + OFFSET (span is a
// multiple of 256, so every warp is a translate of warp 0 that no model can tell apart).
#define GLOBAL(name, T, OP, OFFSET, EXPR)                                                      \
  __global__ void k_##name(char* buf, unsigned long long span, T* sink) {                      \
    const long long gtid = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x;      \
    const int idx = threadIdx.x & 31;                                                          \
    (void)idx;                                                                                 \
    T* base = reinterpret_cast<T*>(buf + (gtid >> 5) * static_cast<long long>(span) + (OFFSET)); \
    ACCESS_##OP(T, base + (EXPR))                                                              \
  }

// Shared: one warp per block; stores are read back by s[idx] (conflict-free) to stay alive.
#define SHARED_LOAD(T, ptr) ACCESS_LOAD(T, ptr)
#define SHARED_STORE(T, ptr)   \
  {                            \
    *(ptr) = value_of<T>(gtid); \
    __syncthreads();           \
    const T back = s[idx];     \
    if (marked(back)) *sink = back; \
  }
#define SHARED(name, T, OP, EXPR)                                                          \
  __global__ void k_##name(T* sink) {                                                      \
    extern __shared__ __align__(16) unsigned char smem_raw[];                              \
    T* s = reinterpret_cast<T*>(smem_raw);                                                 \
    const long long gtid = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x;  \
    const int idx = threadIdx.x;                                                           \
    (void)gtid;                                                                            \
    (void)idx;                                                                             \
    SHARED_##OP(T, s + (EXPR))                                                             \
  }

// Layouts: thread v accesses component COMP of vector v.
#define LAYOUT(name, T, OP, KIND, N, M, BD, COMP)                                                  \
  __global__ void k_##name(T* data, unsigned long long pitch, T* sink) {                           \
    const unsigned long long vec = blockIdx.x * static_cast<unsigned long long>(blockDim.x) + threadIdx.x; \
    if (vec >= (N)) return;                                                                        \
    const long long gtid = static_cast<long long>(vec);                                            \
    (void)gtid;                                                                                    \
    ACCESS_##OP(T, data + offset_##KIND(N, M, pitch, BD, vec, COMP))                               \
  }

#include "patterns.def"
#undef GLOBAL
#undef SHARED
#undef LAYOUT

namespace {

void check(cudaError_t e, const std::string& what) {
  if (e != cudaSuccess) throw std::runtime_error(what + ": " + cudaGetErrorName(e) + " " + cudaGetErrorString(e));
}

std::size_t bytes_needed() {
  std::size_t most = 0;
  for (const validate::pattern_spec& p : validate::all_patterns()) {
    if (p.where == validate::space::global) most = std::max(most, validate::warp_span(p) * validate::global_warps);
    if (p.where == validate::space::layout) {
      const std::size_t size = coalesce::analysis::size_of(coalesce::analysis::parse_element_type(p.type));
      most = std::max(most, p.layout.span() * size);
    }
  }
  return most;
}

void run_all() {
  int device = 0;
  cudaDeviceProp prop{};
  check(cudaGetDeviceProperties(&prop, device), "cudaGetDeviceProperties");
  std::cerr << "validate_patterns: " << prop.name << " (sm_" << prop.major << prop.minor << ")\n";
  const std::size_t bytes = bytes_needed();
  char* buf = nullptr;
  char* sink = nullptr;
  check(cudaMalloc(&buf, bytes), "cudaMalloc " + std::to_string(bytes) + " bytes");
  check(cudaMalloc(&sink, 256), "cudaMalloc sink");
  check(cudaMemset(buf, 0, bytes), "cudaMemset");
  check(cudaDeviceSynchronize(), "cudaMemset");
  const auto& patterns = validate::all_patterns();
  std::size_t k = 0;
  const auto done = [&](const char* name) {
    check(cudaGetLastError(), std::string("launch of k_") + name);
    check(cudaDeviceSynchronize(), std::string("k_") + name);
    ++k;
  };
#define GLOBAL(name, T, OP, OFFSET, EXPR)                                                               \
  k_##name<<<validate::global_warps * 32 / 256, 256>>>(buf, validate::warp_span(patterns[k]),           \
                                                       reinterpret_cast<T*>(sink));                     \
  done(#name);
#define SHARED(name, T, OP, EXPR)                                                                        \
  k_##name<<<validate::shared_blocks, 32, validate::warp_span(patterns[k])>>>(reinterpret_cast<T*>(sink)); \
  done(#name);
#define LAYOUT(name, T, OP, KIND, N, M, BD, COMP)                                                        \
  k_##name<<<((N) + 255) / 256, 256>>>(reinterpret_cast<T*>(buf), patterns[k].layout.pitch,             \
                                       reinterpret_cast<T*>(sink));                                     \
  done(#name);
#include "patterns.def"
#undef GLOBAL
#undef SHARED
#undef LAYOUT
  check(cudaFree(buf), "cudaFree");
  check(cudaFree(sink), "cudaFree");
  std::cerr << "validate_patterns: launched " << k << " pattern kernels\n";
}

void print_predictions() {
  std::size_t k = 0;
  for (const validate::pattern_spec& p : validate::all_patterns()) {
    const validate::prediction pr = validate::predict(p);
    std::cout << ++k << '\t' << p.name << '\t' << (p.store ? "st" : "ld") << '\t' << pr.per_request << '\t'
              << pr.conflicts_per_request << '\t' << pr.requests << '\n';
  }
}

std::string read_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw std::runtime_error("cannot read " + path);
  std::ostringstream s;
  s << f.rdbuf();
  return s.str();
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const std::string mode = argc > 1 ? argv[1] : "";
    if (mode == "run") {
      run_all();
    } else if (mode == "predict") {
      print_predictions();
    } else if (mode == "metrics") {
      std::cout << validate::metric_list() << "\n";
    } else if (mode == "report" && argc == 5) {
      const auto launches = validate::parse_ncu_csv(read_file(argv[2]));
      const validate::report_summary s = validate::make_report(validate::all_patterns(), launches, argv[4]);
      std::ofstream(argv[3]) << s.markdown;
      std::cout << s.matched << " of " << s.compared << " patterns match\n";
    } else {
      std::cerr << "usage: validate_patterns run | predict | metrics | report CSV OUT.md MACHINE\n";
      return 64;
    }
  } catch (const std::exception& e) {
    std::cerr << "validate_patterns: " << e.what() << "\n";
    return 1;
  }
  return 0;
}

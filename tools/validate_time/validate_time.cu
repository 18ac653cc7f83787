// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Times every kernel of kernels.def on every layout of kernel_list.hpp and writes the measurements as
// JSON (the kernel as the advisor sees it, and the median time per layout). The predictions and the
// statistics are computed on the host from that file: coalesce-advise validate --measured FILE.
//   coalesce-validate-time [--out FILE] [--reps R] [--n N ...] [--array-mib LIST] [--array-section S]
//                          [--batch-ms B]
//     (default n = 2^24 and 2^20, R = 21 samples per layout, the layouts interleaved; each sample times
//     back-to-back launches filling B = 0.2 ms, per launch; B = 0 times single launches)
//     --array-mib 256,1024: also each kernel of section S (default: all) at the smallest n whose aos
//     array spans that many MiB, plus 13 (no round n); the last --array-mib counts, "" times none.
//     A (kernel, size) whose arrays do not fit in free device memory is skipped, with a line on stderr.
//   coalesce-validate-time --list                                 the kernels, no GPU needed
//   coalesce-validate-time --list-fit                             the fit half (split.hpp), no GPU needed
#include "kernel_list.hpp"
#include "split.hpp"

#include <coalesce/core/error.hpp>
#include <coalesce/layout/blocked.hpp>
#include <coalesce/layout/col_major.hpp>
#include <coalesce/layout/row_major.hpp>

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

namespace {

using coalesce::analysis::element_type;
using validate_time::thread_map;
using validate_time::timed_kernel;

void check(cudaError_t err, const char* call) {
  if (err != cudaSuccess)
    throw coalesce::cuda_error(coalesce::errc::cuda, call, static_cast<int>(err), cudaGetErrorName(err),
                               cudaGetErrorString(err));
}

using dyn_extents = coalesce::extents<>;
enum { AOS, SOA, BLOCKED };

// Element offsets through the library's own mappings; bd is static, as in a tuned kernel.
template <int Layout, std::size_t BD>
__device__ __forceinline__ std::size_t offset(std::size_t n, std::size_t m, std::size_t pitch, std::size_t v,
                                              std::size_t i) {
  if constexpr (Layout == AOS) return coalesce::layout_row_major::mapping<dyn_extents>(dyn_extents(n, m), pitch)(v, i);
  if constexpr (Layout == SOA) return coalesce::layout_col_major::mapping<dyn_extents>(dyn_extents(n, m), pitch)(v, i);
  if constexpr (Layout == BLOCKED)
    return coalesce::layout_blocked<BD>::template mapping<dyn_extents>(dyn_extents(n, m))(v, i);
  return 0;
}

// By value, so the component lists reach the kernel without a copy to the device.
struct args {
  std::size_t n, m, pitch, threads;
  unsigned reads, writes;  // how many of read_at, write_at (WARP, ELEMENT: nonzero reads, writes)
  unsigned char read_at[validate_time::max_components], write_at[validate_time::max_components];
};

// THREAD: all loads, then all stores, of the thread's own vector; a store writes the sum of the loads
// plus its component, so the loads stay. A pure read keeps its loads by storing only when the sum is
// a value the zeroed buffer never produces (no store is issued).
// WARP / ELEMENT: the thread's one element (vector, component) is read and/or written.
template <class T, int Layout, std::size_t BD, thread_map Map>
__global__ void timed(T* x, args a, T* sink) {
  const std::size_t t = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
  if (t >= a.threads) return;
  if constexpr (Map == thread_map::thread) {
    const std::size_t v = t;
    T acc = 0;
#pragma unroll 4
    for (unsigned i = 0; i < a.reads; ++i) acc += x[offset<Layout, BD>(a.n, a.m, a.pitch, v, a.read_at[i])];
#pragma unroll 4
    for (unsigned i = 0; i < a.writes; ++i) x[offset<Layout, BD>(a.n, a.m, a.pitch, v, a.write_at[i])] = acc + T(i + 1);
    if (a.writes == 0 && acc == T(1234.5)) *sink = acc;
  } else {
    const std::size_t per = Map == thread_map::warp ? 32 : a.m;
    const std::size_t v = t / per, i = t % per;
    if (i >= a.m) return;
    T* p = x + offset<Layout, BD>(a.n, a.m, a.pitch, v, i);
    T acc = a.reads ? *p : T(0);
    if (a.writes)
      *p = acc + T(1);
    else if (acc == T(1234.5))
      *sink = acc;
  }
}

template <class T, int Layout, std::size_t BD, thread_map Map>
void launch(void* x, const args& a, void* sink) {
  constexpr unsigned block = 256;
  const std::size_t grid = (a.threads + block - 1) / block;
  timed<T, Layout, BD, Map><<<static_cast<unsigned>(grid), block>>>(static_cast<T*>(x), a, static_cast<T*>(sink));
}

template <class T, thread_map Map>
void launch_layout(const std::string& layout, void* x, const args& a, void* sink) {
  if (layout == "aos") return launch<T, AOS, 1, Map>(x, a, sink);
  if (layout == "soa") return launch<T, SOA, 1, Map>(x, a, sink);
  if (layout == "blocked:32") return launch<T, BLOCKED, 32, Map>(x, a, sink);
  if (layout == "blocked:128") return launch<T, BLOCKED, 128, Map>(x, a, sink);
  throw coalesce::error(coalesce::errc::invalid_argument, "validate_time", "unknown layout '" + layout + "'");
}

template <class T>
void launch_map(thread_map map, const std::string& layout, void* x, const args& a, void* sink) {
  switch (map) {
    case thread_map::thread:
      return launch_layout<T, thread_map::thread>(layout, x, a, sink);
    case thread_map::warp:
      return launch_layout<T, thread_map::warp>(layout, x, a, sink);
    case thread_map::element:
      break;
  }
  launch_layout<T, thread_map::element>(layout, x, a, sink);
}

std::size_t round_up(std::size_t x, std::size_t a) { return (x + a - 1) / a * a; }

// The layout's element pitch and span (elements), as the advisor resolves them.
void geometry(const std::string& layout, std::size_t n, std::size_t m, std::size_t size, std::size_t& pitch,
              std::size_t& span) {
  pitch = m;
  span = n * m;
  if (layout == "soa") {
    pitch = round_up(n * size, validate_time::pitch_alignment) / size;  // what cudaMallocPitch returns
    span = pitch * m;
  } else if (layout != "aos") {
    const std::size_t bd = std::stoul(layout.substr(layout.find(':') + 1));
    span = round_up(n, bd) * m;
  }
}

// The arguments of a kernel as the advisor sees it (pitch 0: geometry() sets it per layout).
args make_args(const coalesce::analysis::kernel_description& d) {
  args a{};
  a.n = d.n;
  a.m = d.m;
  a.threads = d.threads;
  const auto fill = [&](const std::vector<std::size_t>& c, unsigned char* at) {
    if (c.size() > validate_time::max_components || (!c.empty() && c.back() > 255))
      throw coalesce::error(coalesce::errc::invalid_argument, "validate_time",
                            "a kernel of m = " + std::to_string(d.m) + " accesses more than the argument holds");
    std::copy(c.begin(), c.end(), at);
    return static_cast<unsigned>(c.size());
  };
  a.reads = fill(d.reads, a.read_at);
  a.writes = fill(d.writes, a.write_at);
  return a;
}

// One layout's share of a kernel's timing.
struct timing {
  args a{};
  std::size_t bytes = 0, copies = 1, next = 0;
  int launches = 1;
  std::vector<float> ms;
};
constexpr int max_launches = 64;

struct options {
  std::string out = "validate_time.json";
  std::vector<std::size_t> n;
  std::vector<std::size_t> array_mib;
  std::string array_section;  // empty: every section
  int reps = 21;
  float batch_ms = 0.2f;  // back-to-back launches per sample fill this much; 0: one launch per sample
  bool list = false, list_fit = false;
};

// "256,1024" -> {256, 1024}; "" -> {}.
std::vector<std::size_t> parse_list(const std::string& s) {
  std::vector<std::size_t> out;
  for (std::size_t at = 0; at < s.size();) {
    const std::size_t end = std::min(s.find(',', at), s.size());
    const std::string item = s.substr(at, end - at);
    if (item.empty() || item.find_first_not_of("0123456789") != std::string::npos || std::stoul(item) == 0)
      throw coalesce::error(coalesce::errc::invalid_argument, "--array-mib", "'" + s + "' is not a list of MiB > 0");
    out.push_back(std::stoul(item));
    at = end + 1;
  }
  return out;
}

options parse(int argc, char** argv) {
  options o;
  for (int k = 1; k < argc; ++k) {
    const std::string s = argv[k];
    const bool more = k + 1 < argc;
    if (s == "--list")
      o.list = true;
    else if (s == "--list-fit")
      o.list_fit = true;
    else if (s == "--out" && more)
      o.out = argv[++k];
    else if (s == "--reps" && more)
      o.reps = std::stoi(argv[++k]);
    else if (s == "--batch-ms" && more)
      o.batch_ms = std::stof(argv[++k]);
    else if (s == "--n" && more)
      o.n.push_back(std::stoul(argv[++k]));
    else if (s == "--array-mib" && more)
      o.array_mib = parse_list(argv[++k]);
    else if (s == "--array-section" && more)
      o.array_section = argv[++k];
    else
      throw coalesce::error(coalesce::errc::invalid_argument, "coalesce-validate-time", "bad argument '" + s + "'");
  }
  if (o.n.empty()) o.n = {std::size_t(1) << 24, std::size_t(1) << 20};
  if (!(o.batch_ms >= 0)) throw coalesce::error(coalesce::errc::invalid_argument, "--batch-ms", "must be >= 0");
  if (o.reps < 1) throw coalesce::error(coalesce::errc::invalid_argument, "--reps", "needs at least 1");
  return o;
}

// One kernel at one size: n vectors, mib > 0 where --array-mib chose n.
struct job {
  const timed_kernel* k;
  std::size_t n, mib;
};

std::vector<job> plan(const options& o, const std::vector<timed_kernel>& kernels) {
  std::vector<job> jobs;
  for (std::size_t n : o.n)
    for (const timed_kernel& k : kernels) jobs.push_back({&k, n, 0});
  const std::size_t given = jobs.size();
  for (std::size_t mib : o.array_mib)
    for (const timed_kernel& k : kernels) {
      if (!o.array_section.empty() && k.section != o.array_section) continue;
      const std::size_t record = k.m * coalesce::analysis::size_of(k.type);
      jobs.push_back({&k, ((mib << 20) + record - 1) / record + 13, mib});
    }
  if (!o.array_mib.empty() && jobs.size() == given)
    throw coalesce::error(coalesce::errc::invalid_argument, "--array-section",
                          "no kernel in '" + o.array_section + "'");
  return jobs;
}

// The largest of the job's layouts, in bytes.
std::size_t footprint(const job& j) {
  const std::size_t size = coalesce::analysis::size_of(j.k->type);
  std::size_t biggest = 0;
  for (const std::string& l : validate_time::layout_names()) {
    std::size_t pitch = 0, span = 0;
    geometry(l, j.n, j.k->m, size, pitch, span);
    biggest = std::max(biggest, round_up(span * size, 256));
  }
  return biggest;
}

// The jobs whose arrays fit in free device memory (less a margin for the context's own allocations).
std::vector<job> fitting(const std::vector<job>& jobs) {
  std::size_t free = 0, total = 0;
  check(cudaMemGetInfo(&free, &total), "cudaMemGetInfo");
  const std::size_t margin = std::size_t(256) << 20;
  const std::size_t room = free > margin ? free - margin : 0;
  std::vector<job> out;
  for (const job& j : jobs) {
    if (footprint(j) <= room) {
      out.push_back(j);
      continue;
    }
    std::cerr << "coalesce-validate-time: skipping " << j.k->name << " at n = " << j.n << ": " << (footprint(j) >> 20)
              << " MiB per array, " << (room >> 20) << " MiB free\n";
  }
  return out;
}

std::string json_list(const std::vector<std::size_t>& v) {
  std::string s = "[";
  for (std::size_t k = 0; k < v.size(); ++k) s += (k ? "," : "") + std::to_string(v[k]);
  return s + "]";
}

int run(const options& o) {
  const auto& kernels = validate_time::all_kernels();
  if (o.list || o.list_fit) {
    for (const timed_kernel& k : kernels)
      if (o.list || validate_time::in_fit_half(k.name)) std::cout << k.name << "\n";
    return 0;
  }
  int device = 0;
  if (cudaGetDevice(&device) != cudaSuccess) {
    std::cerr << "coalesce-validate-time: no CUDA device\n";
    return 77;
  }
  cudaDeviceProp prop{};
  check(cudaGetDeviceProperties(&prop, device), "cudaGetDeviceProperties");
  // Rotate among copies while one is smaller than twice the L2, so no timed launch starts warm.
  const std::size_t l2 = static_cast<std::size_t>(prop.l2CacheSize);
  const std::vector<job> jobs = fitting(plan(o, kernels));
  std::size_t biggest = 0;
  for (const job& j : jobs) biggest = std::max(biggest, footprint(j));
  const std::size_t pool_bytes = std::max(biggest, 4 * l2) + 256;
  void* pool = nullptr;
  void* sink = nullptr;
  check(cudaMalloc(&pool, pool_bytes), "cudaMalloc(pool)");
  check(cudaMalloc(&sink, 64), "cudaMalloc(sink)");
  check(cudaMemset(pool, 0, pool_bytes), "cudaMemset(pool)");
  cudaEvent_t start, stop;
  check(cudaEventCreate(&start), "cudaEventCreate");
  check(cudaEventCreate(&stop), "cudaEventCreate");

  std::ofstream out(o.out);
  if (!out) throw coalesce::error(coalesce::errc::invalid_argument, "--out", "cannot write '" + o.out + "'");
  out << "{\"device\": \"" << prop.name << "\", \"sms\": " << prop.multiProcessorCount << ", \"l2_bytes\": " << l2
      << ", \"reps\": " << o.reps << ", \"batch_ms\": " << o.batch_ms << ",\n \"kernels\": [\n";
  bool first = true;
  for (const job& j : jobs) {
    const timed_kernel& k = *j.k;
    const std::size_t n = j.n;
    const coalesce::analysis::kernel_description d = validate_time::describe(k, n);
    const std::size_t size = coalesce::analysis::size_of(k.type);
    out << (first ? "" : ",\n") << "  {\"name\": \"" << k.name << "\", \"n\": " << n
        << (j.mib ? ", \"array_mib\": " + std::to_string(j.mib) : std::string()) << ", \"m\": " << k.m
        << ", \"type\": \"" << coalesce::analysis::to_string(k.type) << "\", \"reads\": " << json_list(d.reads)
        << ", \"writes\": " << json_list(d.writes) << ", \"thread_to_vector\": \"" << d.thread_to_vector
        << "\", \"thread_to_component\": \"" << d.thread_to_component << "\", \"threads\": " << d.threads
        << ", \"loads_in_flight\": " << d.loads_in_flight << ", \"measured_ms\": {";
    first = false;
    // Per layout: its arguments, copies to rotate through, and a batch size; then the repetitions
    // interleave the layouts (drift in clocks or temperature falls on all of them alike).
    const std::vector<std::string>& layouts = validate_time::layout_names();
    std::vector<timing> ts(layouts.size());
    for (std::size_t li = 0; li < layouts.size(); ++li) {
      timing& tm = ts[li];
      tm.a = make_args(d);
      std::size_t span = 0;
      geometry(layouts[li], n, k.m, size, tm.a.pitch, span);
      tm.bytes = round_up(span * size, 256);
      tm.copies = std::max<std::size_t>(1, std::min<std::size_t>(pool_bytes / tm.bytes, 2 * l2 / tm.bytes + 1));
    }
    auto time_batch = [&](std::size_t li, int launches) {
      timing& tm = ts[li];
      check(cudaEventRecord(start), "cudaEventRecord");
      for (int b = 0; b < launches; ++b) {
        void* x = static_cast<char*>(pool) + (tm.next++ % tm.copies) * tm.bytes;
        if (k.type == element_type::float_)
          launch_map<float>(k.map, layouts[li], x, tm.a, sink);
        else
          launch_map<double>(k.map, layouts[li], x, tm.a, sink);
        check(cudaGetLastError(), k.name.c_str());
      }
      check(cudaEventRecord(stop), "cudaEventRecord");
      check(cudaEventSynchronize(stop), "cudaEventSynchronize");
      float t = 0;
      check(cudaEventElapsedTime(&t, start, stop), "cudaEventElapsedTime");
      return t / float(launches);
    };
    for (std::size_t li = 0; li < layouts.size(); ++li) {
      // Three warm-up launches, then enough back-to-back launches per sample to fill batch_ms: a
      // short kernel timed alone would count the host's launch latency, which varies by microseconds.
      float single = 0;
      for (int w = 0; w < 3; ++w) single = time_batch(li, 1);
      ts[li].launches = std::clamp(int(o.batch_ms / std::max(single, 1e-3f)), 1, max_launches);
    }
    for (int r = 0; r < o.reps; ++r)
      for (std::size_t li = 0; li < layouts.size(); ++li) ts[li].ms.push_back(time_batch(li, ts[li].launches));
    for (std::size_t li = 0; li < layouts.size(); ++li) {
      std::vector<float>& ms = ts[li].ms;
      std::sort(ms.begin(), ms.end());
      char buf[64];
      std::snprintf(buf, sizeof buf, "%.6f", ms[ms.size() / 2]);
      out << (li ? ", " : "") << "\"" << layouts[li] << "\": " << buf;
    }
    out << "}, \"launches_per_sample\": {";
    for (std::size_t li = 0; li < layouts.size(); ++li)
      out << (li ? ", " : "") << "\"" << layouts[li] << "\": " << ts[li].launches;
    out << "}}";
    out.flush();
  }
  out << "\n]}\n";
  check(cudaEventDestroy(start), "cudaEventDestroy");
  check(cudaEventDestroy(stop), "cudaEventDestroy");
  check(cudaFree(pool), "cudaFree");
  check(cudaFree(sink), "cudaFree");
  std::cout << "coalesce-validate-time: wrote " << o.out << "\n";
  return out ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(parse(argc, argv));
  } catch (const std::exception& e) {
    std::cerr << "coalesce-validate-time: " << e.what() << "\n";
    return 2;
  }
}

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Times every kernel of kernels.def on every layout of kernel_list.hpp (record kernels: on
// record_layouts()) and writes the measurements as JSON (the kernel as the advisor sees it, and the
// median time per layout). The predictions and the statistics are computed on the host from that
// file: coalesce-advise validate --measured FILE.
//   coalesce-validate-time [--out FILE] [--reps R] [--n N ...] [--array-mib LIST] [--array-section S,...]
//                          [--batch-ms B]
//     (default n = 2^24 and 2^20 vectors or records, R = 21 samples per layout, the layouts interleaved;
//     each sample times back-to-back launches filling B = 0.2 ms, per launch; B = 0 times single launches)
//     --array-mib 256,1024: also each kernel of the sections S (default: all) at the smallest n whose
//     aos array spans that many MiB, plus 13 (no round n); the last --array-mib counts, "" times none.
//     A (kernel, size) whose arrays do not fit in free device memory is skipped, with a line on stderr.
//   coalesce-validate-time --list                                 the kernels, no GPU needed
//   coalesce-validate-time --list-fit                             the fit half (split.hpp), no GPU needed
#include "kernel_list.hpp"
#include "records.hpp"
#include "split.hpp"

#include <coalesce/core/error.hpp>
#include <coalesce/layout/blocked.hpp>
#include <coalesce/layout/col_major.hpp>
#include <coalesce/layout/row_major.hpp>
#include <coalesce/record/array.hpp>
#include <coalesce/record/record_set.hpp>
#include <coalesce/runtime/runtime.hpp>

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace {

using coalesce::analysis::element_type;
using validate_time::thread_map;
using validate_time::timed_kernel;
using validate_time::timed_record_kernel;

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

// The components of field K of record v, loaded, or nothing where field K is not in Mask.
struct no_values {};
template <class T, std::size_t N>
struct field_values {
  T c[N];
};
template <unsigned Mask, std::size_t K, class View>
__device__ __forceinline__ auto load_field(const View& r, std::size_t v) {
  using F = typename View::fields_type;
  if constexpr ((Mask >> K & 1u) != 0) {
    field_values<typename F::template element_type<K>, F::template count<K>> out;
#pragma unroll
    for (std::size_t c = 0; c < F::template count<K>; ++c) out.c[c] = r.template at<K>(v, c);
    return out;
  } else {
    return no_values{};
  }
}
__device__ __forceinline__ double sum(no_values) { return 0; }
template <class T, std::size_t N>
__device__ __forceinline__ double sum(const field_values<T, N>& f) {
  double s = 0;
#pragma unroll
  for (std::size_t c = 0; c < N; ++c) s += double(f.c[c]);
  return s;
}
// Every selected field loaded (the arguments, all evaluated before the body), then summed: no load
// waits on another's value, not even across the split view's run-time test of each field's form.
template <class... Loaded>
__device__ __forceinline__ double sum_all(const Loaded&... loaded) {
  return (sum(loaded) + ... + 0.0);
}
template <unsigned Mask, class View, std::size_t... K>
__device__ __forceinline__ double load_fields(const View& r, std::size_t v, std::index_sequence<K...>) {
  return sum_all(load_field<Mask, K>(r, v)...);
}

template <unsigned Mask, std::size_t K, class View>
__device__ __forceinline__ void store_field(const View& r, std::size_t v, double value) {
  using F = typename View::fields_type;
  if constexpr ((Mask >> K & 1u) != 0) {
    using T = typename F::template element_type<K>;
#pragma unroll
    for (std::size_t c = 0; c < F::template count<K>; ++c) r.template at<K>(v, c) = T(value + double(c + 1));
  }
}
template <unsigned Mask, class View, std::size_t... K>
__device__ __forceinline__ void store_fields(const View& r, std::size_t v, double value, std::index_sequence<K...>) {
  (store_field<Mask, K>(r, v, value), ...);
}

// No sum of zeroed records, and within the range of every field type (1234.5, the vector kernels'
// value, is not: a uint8 field read alone would have its load dropped by the compiler).
constexpr double no_sum = 99;

// One thread per record, as the record advisor models it (record_advisor.hpp): one scalar load of
// every component of the fields in Reads (bit f: field f of the struct), then one scalar store of
// every component of those in Writes, through the library's record view. As the vector kernels do, a
// store writes the sum of the loads plus its component, and a pure read stores only when the sum is a
// value the zeroed records never produce. The fields are chosen at compile time and the loops unroll
// fully, so a thread's loads are all in flight at once, as the advisor's record model has them.
template <unsigned Reads, unsigned Writes, class View>
__global__ void timed_records(View r, double* sink) {
  const std::size_t v = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
  if (v >= r.n()) return;
  constexpr auto fields = std::make_index_sequence<View::fields_type::size>{};
  const double acc = load_fields<Reads>(r, v, fields);
  store_fields<Writes>(r, v, acc, fields);
  if constexpr (Writes == 0) {
    if (acc == no_sum) *sink = acc;
  }
}

// Launches the kernel over every field of S on the array's layout form (visit: bd compiled in for
// the timed block sizes).
template <class S, unsigned Reads, unsigned Writes>
void launch_records(coalesce::record_array& a, void* sink) {
  constexpr unsigned block = 256;
  const auto grid = static_cast<unsigned>((a.n() + block - 1) / block);
  using blocks = coalesce::block_sizes<validate_time::blocks[0], validate_time::blocks[1]>;
  coalesce::visit<typename validate_time::timed_record<S>::fields, blocks>(
      a, [&](auto view) { timed_records<Reads, Writes><<<grid, block>>>(view, static_cast<double*>(sink)); });
}

// kernels.def's RECORD entries, compiled, by name (field_mask reads the same text kernel_list.cpp does).
using record_launch = void (*)(coalesce::record_array&, void*);
const std::map<std::string, record_launch>& record_launches() {
  using validate_time::field_mask;
  static const std::map<std::string, record_launch> launches{
#define SECTION(name)
#define TIMED(name, type, m, reads, writes, map)
#define RECORD(name, record, reads, writes)                                                 \
  {#name, &launch_records<validate_time::record, field_mask<validate_time::record>(#reads), \
                          field_mask<validate_time::record>(#writes)>},
#include "kernels.def"
#undef RECORD
#undef TIMED
#undef SECTION
  };
  return launches;
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

// One layout's buffers: its arguments and the copies a vector kernel rotates through.
struct timing {
  args a{};
  std::size_t bytes = 0, copies = 1, next = 0;
};
constexpr int max_launches = 64;

struct options {
  std::string out = "validate_time.json";
  std::vector<std::size_t> n;
  std::vector<std::size_t> array_mib;
  std::vector<std::string> array_sections;  // empty: every section
  int reps = 21;
  float batch_ms = 0.2f;  // back-to-back launches per sample fill this much; 0: one launch per sample
  bool list = false, list_fit = false;
};

// "a,b" -> {"a", "b"}; "" -> {}.
std::vector<std::string> split_list(const std::string& s) {
  std::vector<std::string> out;
  for (std::size_t at = 0; at < s.size();) {
    const std::size_t end = std::min(s.find(',', at), s.size());
    out.push_back(s.substr(at, end - at));
    at = end + 1;
  }
  return out;
}

// "256,1024" -> {256, 1024}; "" -> {}.
std::vector<std::size_t> parse_list(const std::string& s) {
  std::vector<std::size_t> out;
  for (const std::string& item : split_list(s)) {
    if (item.empty() || item.find_first_not_of("0123456789") != std::string::npos || std::stoul(item) == 0)
      throw coalesce::error(coalesce::errc::invalid_argument, "--array-mib", "'" + s + "' is not a list of MiB > 0");
    out.push_back(std::stoul(item));
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
      o.array_sections = split_list(argv[++k]);
    else
      throw coalesce::error(coalesce::errc::invalid_argument, "coalesce-validate-time", "bad argument '" + s + "'");
  }
  if (o.n.empty()) o.n = {std::size_t(1) << 24, std::size_t(1) << 20};
  if (!(o.batch_ms >= 0)) throw coalesce::error(coalesce::errc::invalid_argument, "--batch-ms", "must be >= 0");
  if (o.reps < 1) throw coalesce::error(coalesce::errc::invalid_argument, "--reps", "needs at least 1");
  return o;
}

// One kernel at one size: a vector kernel (k) or a record kernel (r), n vectors or records, mib > 0
// where --array-mib chose n.
struct job {
  const timed_kernel* k;
  const timed_record_kernel* r;
  std::size_t n, mib;
  const std::string& name() const { return k ? k->name : r->name; }
};

std::vector<job> plan(const options& o) {
  const auto& kernels = validate_time::all_kernels();
  const auto& records = validate_time::record_kernels();
  const auto chosen = [&](const std::string& section) {
    return o.array_sections.empty() ||
           std::find(o.array_sections.begin(), o.array_sections.end(), section) != o.array_sections.end();
  };
  std::vector<job> jobs;
  for (std::size_t n : o.n) {
    for (const timed_kernel& k : kernels) jobs.push_back({&k, nullptr, n, 0});
    for (const timed_record_kernel& r : records) jobs.push_back({nullptr, &r, n, 0});
  }
  const std::size_t given = jobs.size();
  // The smallest n whose aos array of `stride`-byte vectors or records spans mib MiB, plus 13.
  const auto n_for = [](std::size_t mib, std::size_t stride) { return ((mib << 20) + stride - 1) / stride + 13; };
  for (std::size_t mib : o.array_mib) {
    for (const timed_kernel& k : kernels)
      if (chosen(k.section)) jobs.push_back({&k, nullptr, n_for(mib, k.m * coalesce::analysis::size_of(k.type)), mib});
    for (const timed_record_kernel& r : records)
      if (chosen(r.section)) jobs.push_back({nullptr, &r, n_for(mib, r.desc.stride()), mib});
  }
  if (!o.array_mib.empty() && jobs.size() == given)
    throw coalesce::error(coalesce::errc::invalid_argument, "--array-section", "no kernel in the sections named");
  return jobs;
}

// The largest of a vector job's layouts, in bytes.
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

// Free device memory, less a margin for the context's own allocations.
std::size_t device_room() {
  std::size_t free = 0, total = 0;
  check(cudaMemGetInfo(&free, &total), "cudaMemGetInfo");
  const std::size_t margin = std::size_t(256) << 20;
  return free > margin ? free - margin : 0;
}

void skipping(const job& j, std::size_t need, std::size_t room) {
  std::cerr << "coalesce-validate-time: skipping " << j.name() << " at n = " << j.n << ": " << (need >> 20)
            << " MiB of arrays, " << (room >> 20) << " MiB free\n";
}

// The vector jobs whose arrays fit in free device memory, and every record job (record_arrays checks
// those when it builds them).
std::vector<job> fitting(const std::vector<job>& jobs) {
  const std::size_t room = device_room();
  std::vector<job> out;
  for (const job& j : jobs) {
    if (j.r || footprint(j) <= room)
      out.push_back(j);
    else
      skipping(j, footprint(j), room);
  }
  return out;
}

// The device arrays of the record jobs, built with the library's runtime from zeroed host structs,
// per layout as many copies as span twice the L2 (so no timed launch finds its records there). Kept
// while consecutive jobs share the record and n: their kernels share aos, soa and blocked, some a split.
class record_arrays {
 public:
  explicit record_arrays(std::size_t l2) : l2_(l2) {}

  // The copies of each layout of j, in `specs` order; empty where they do not fit in free device memory.
  std::vector<std::vector<coalesce::record_array>*> of(const job& j,
                                                       const std::vector<coalesce::record_layout_spec>& specs) {
    if (j.r->record != record_ || j.n != n_) {
      arrays_.clear();
      structs_.clear();
      record_ = j.r->record;
      desc_ = j.r->desc;
      n_ = j.n;
    }
    const auto missing = [&] {
      std::size_t bytes = 0;
      for (const coalesce::record_layout_spec& s : specs)
        if (!arrays_.count(coalesce::to_string(s))) bytes += copies(s) * span(s);
      return bytes;
    };
    if (missing() > device_room()) arrays_.clear();  // the record's other splits may hold the room
    if (missing() > device_room()) {
      skipping(j, missing(), device_room());
      return {};
    }
    // Pageable host structs, zeroed: new's 16-byte alignment covers every field width.
    if (structs_.empty()) structs_.assign(j.n * j.r->desc.stride(), 0);
    std::vector<std::vector<coalesce::record_array>*> out;
    for (const coalesce::record_layout_spec& s : specs) {
      std::vector<coalesce::record_array>& a = arrays_[coalesce::to_string(s)];
      while (a.size() < copies(s)) a.push_back(rt_.upload(coalesce::host_records(structs_.data(), n_, desc_), s));
      out.push_back(&a);
    }
    return out;
  }

 private:
  std::size_t span(const coalesce::record_layout_spec& s) const {
    return coalesce::resolve_record_layout(desc_, n_, s).span_bytes;
  }
  std::size_t copies(const coalesce::record_layout_spec& s) const { return 2 * l2_ / span(s) + 1; }

  const coalesce::runtime rt_{coalesce::backend::cuda};
  std::size_t l2_;
  std::string record_;
  coalesce::record_desc desc_;
  std::size_t n_ = 0;
  std::vector<unsigned char> structs_;
  std::map<std::string, std::vector<coalesce::record_array>> arrays_;
};

// Per layout, the median time of one launch (ms) and the launches per sample. launch(li) launches
// layout li once: three warm-up launches, then enough back-to-back launches per sample to fill
// batch_ms (a short kernel timed alone would count the host's launch latency, which varies by
// microseconds); the repetitions interleave the layouts, so drift in clocks or temperature falls on
// all of them alike.
struct layout_time {
  float ms = 0;
  int launches = 1;
};
std::vector<layout_time> measure(const options& o, std::size_t layouts, const std::function<void(std::size_t)>& launch,
                                 const std::string& name, cudaEvent_t start, cudaEvent_t stop) {
  auto time_batch = [&](std::size_t li, int launches) {
    check(cudaEventRecord(start), "cudaEventRecord");
    for (int b = 0; b < launches; ++b) {
      launch(li);
      check(cudaGetLastError(), name.c_str());
    }
    check(cudaEventRecord(stop), "cudaEventRecord");
    check(cudaEventSynchronize(stop), "cudaEventSynchronize");
    float t = 0;
    check(cudaEventElapsedTime(&t, start, stop), "cudaEventElapsedTime");
    return t / float(launches);
  };
  std::vector<layout_time> out(layouts);
  for (std::size_t li = 0; li < layouts; ++li) {
    float single = 0;
    for (int w = 0; w < 3; ++w) single = time_batch(li, 1);
    out[li].launches = std::clamp(int(o.batch_ms / std::max(single, 1e-3f)), 1, max_launches);
  }
  std::vector<std::vector<float>> ms(layouts);
  for (int r = 0; r < o.reps; ++r)
    for (std::size_t li = 0; li < layouts; ++li) ms[li].push_back(time_batch(li, out[li].launches));
  for (std::size_t li = 0; li < layouts; ++li) {
    std::sort(ms[li].begin(), ms[li].end());
    out[li].ms = ms[li][ms[li].size() / 2];
  }
  return out;
}

// `, "measured_ms": {...}, "launches_per_sample": {...}}`: the end of a kernel's JSON entry.
void write_times(std::ostream& out, const std::vector<std::string>& layouts, const std::vector<layout_time>& t) {
  out << ", \"measured_ms\": {";
  for (std::size_t li = 0; li < layouts.size(); ++li) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.6f", t[li].ms);
    out << (li ? ", " : "") << "\"" << layouts[li] << "\": " << buf;
  }
  out << "}, \"launches_per_sample\": {";
  for (std::size_t li = 0; li < layouts.size(); ++li)
    out << (li ? ", " : "") << "\"" << layouts[li] << "\": " << t[li].launches;
  out << "}}";
  out.flush();
}

std::string json_list(const std::vector<std::size_t>& v) {
  std::string s = "[";
  for (std::size_t k = 0; k < v.size(); ++k) s += (k ? "," : "") + std::to_string(v[k]);
  return s + "]";
}

std::string json_list(const std::vector<std::string>& v) {
  std::string s = "[";
  for (std::size_t k = 0; k < v.size(); ++k) s += (k ? ",\"" : "\"") + v[k] + "\"";
  return s + "]";
}

// The record as coalesce-advise's --record takes it.
std::string json_record(const timed_record_kernel& k) {
  std::string s = "{\"name\": \"" + k.record + "\", \"stride\": " + std::to_string(k.desc.stride()) + ", \"fields\": [";
  for (std::size_t f = 0; f < k.desc.size(); ++f) {
    const coalesce::field_desc& d = k.desc[f];
    s += std::string(f ? ", " : "") + "{\"name\": \"" + d.name + "\", \"offset\": " + std::to_string(d.offset) +
         ", \"width\": " + std::to_string(d.width) + ", \"count\": " + std::to_string(d.count) + "}";
  }
  return s + "]}";
}

// A record job's JSON entry, timed on the runtime's arrays of its layouts, rotated as the vector
// buffers are; empty where the arrays do not fit.
std::string time_records(const options& o, const job& j, record_arrays& records, void* sink, cudaEvent_t start,
                         cudaEvent_t stop) {
  const timed_record_kernel& k = *j.r;
  const std::vector<coalesce::record_layout_spec> specs = validate_time::record_layouts(k);
  const std::vector<std::vector<coalesce::record_array>*> arrays = records.of(j, specs);
  if (arrays.empty()) return {};
  // Back to the zeros the upload wrote (an earlier kernel of the record may have written them), so a
  // pure read's sum is 0, never no_sum, and it issues no store.
  for (std::vector<coalesce::record_array>* copies : arrays)
    for (coalesce::record_array& a : *copies) check(cudaMemset(a.data(), 0, a.span_bytes()), "cudaMemset");
  std::vector<std::string> layouts;
  for (const coalesce::record_layout_spec& s : specs) layouts.push_back(coalesce::to_string(s));
  const record_launch launch = record_launches().at(k.name);
  std::vector<std::size_t> next(specs.size(), 0);
  const std::vector<layout_time> t = measure(
      o, specs.size(), [&](std::size_t li) { launch((*arrays[li])[next[li]++ % arrays[li]->size()], sink); }, k.name,
      start, stop);
  std::ostringstream entry;
  entry << "  {\"name\": \"" << k.name << "\", \"n\": " << j.n
        << (j.mib ? ", \"array_mib\": " + std::to_string(j.mib) : std::string()) << ", \"record\": " << json_record(k)
        << ", \"reads\": " << json_list(k.reads) << ", \"writes\": " << json_list(k.writes) << ", \"threads\": " << j.n;
  write_times(entry, layouts, t);
  return entry.str();
}

int run(const options& o) {
  if (o.list || o.list_fit) {
    for (const timed_kernel& k : validate_time::all_kernels())
      if (o.list || validate_time::in_fit_half(k.name)) std::cout << k.name << "\n";
    for (const timed_record_kernel& k : validate_time::record_kernels())
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
  const std::vector<job> jobs = fitting(plan(o));
  std::size_t biggest = 0;
  for (const job& j : jobs)
    if (j.k) biggest = std::max(biggest, footprint(j));
  const std::size_t pool_bytes = std::max(biggest, 4 * l2) + 256;
  void* pool = nullptr;
  void* sink = nullptr;
  check(cudaMalloc(&pool, pool_bytes), "cudaMalloc(pool)");
  check(cudaMalloc(&sink, 64), "cudaMalloc(sink)");
  check(cudaMemset(pool, 0, pool_bytes), "cudaMemset(pool)");
  cudaEvent_t start, stop;
  check(cudaEventCreate(&start), "cudaEventCreate");
  check(cudaEventCreate(&stop), "cudaEventCreate");
  record_arrays records(l2);

  std::ofstream out(o.out);
  if (!out) throw coalesce::error(coalesce::errc::invalid_argument, "--out", "cannot write '" + o.out + "'");
  out << "{\"device\": \"" << prop.name << "\", \"sms\": " << prop.multiProcessorCount << ", \"l2_bytes\": " << l2
      << ", \"reps\": " << o.reps << ", \"batch_ms\": " << o.batch_ms << ",\n \"kernels\": [\n";
  bool first = true;
  for (const job& j : jobs) {
    const std::size_t n = j.n;
    const std::string size = j.mib ? ", \"array_mib\": " + std::to_string(j.mib) : std::string();
    if (j.r) {
      if (const std::string entry = time_records(o, j, records, sink, start, stop); !entry.empty()) {
        out << (first ? "" : ",\n") << entry;
        out.flush();
        first = false;
      }
      continue;
    }
    const timed_kernel& k = *j.k;
    const coalesce::analysis::kernel_description d = validate_time::describe(k, n);
    const std::size_t elem = coalesce::analysis::size_of(k.type);
    out << (first ? "" : ",\n") << "  {\"name\": \"" << k.name << "\", \"n\": " << n << size << ", \"m\": " << k.m
        << ", \"type\": \"" << coalesce::analysis::to_string(k.type) << "\", \"reads\": " << json_list(d.reads)
        << ", \"writes\": " << json_list(d.writes) << ", \"thread_to_vector\": \"" << d.thread_to_vector
        << "\", \"thread_to_component\": \"" << d.thread_to_component << "\", \"threads\": " << d.threads
        << ", \"loads_in_flight\": " << d.loads_in_flight;
    first = false;
    // Per layout: its arguments and the copies to rotate through.
    const std::vector<std::string>& layouts = validate_time::layout_names();
    std::vector<timing> ts(layouts.size());
    for (std::size_t li = 0; li < layouts.size(); ++li) {
      timing& tm = ts[li];
      tm.a = make_args(d);
      std::size_t span = 0;
      geometry(layouts[li], n, k.m, elem, tm.a.pitch, span);
      tm.bytes = round_up(span * elem, 256);
      tm.copies = std::max<std::size_t>(1, std::min<std::size_t>(pool_bytes / tm.bytes, 2 * l2 / tm.bytes + 1));
    }
    const auto launch = [&](std::size_t li) {
      timing& tm = ts[li];
      void* x = static_cast<char*>(pool) + (tm.next++ % tm.copies) * tm.bytes;
      if (k.type == element_type::float_)
        launch_map<float>(k.map, layouts[li], x, tm.a, sink);
      else
        launch_map<double>(k.map, layouts[li], x, tm.a, sink);
    };
    write_times(out, layouts, measure(o, layouts.size(), launch, k.name, start, stop));
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

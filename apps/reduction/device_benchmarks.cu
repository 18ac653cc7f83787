// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The CUDA half of coalesce-reduce. Rules: inputs are uploaded once; every timed call enqueues work
// only (scratch memory is allocated before); the median of opt.reps runs after opt.warmup; every
// result is verified once before it is timed; CUB, Thrust and cudaMemcpy run in the same process.

#include "benchmarks.hpp"
#include "common/timing.hpp"
#include "component_reduce.hpp"
#include "../common/cuda_check.cuh"
#include "random_data.hpp"
#include "reduce_device.hpp"
#include "reference.hpp"

#include <coalesce/coalesce.hpp>

#include <cub/device/device_reduce.cuh>
#include <thrust/execution_policy.h>
#include <thrust/reduce.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdio>
#include <functional>
#include <string>
#include <type_traits>
#include <vector>

namespace coalesce::apps::reduction {
namespace {

template <class T>
const char* type_name() {
  return std::is_same_v<T, float> ? "float" : std::is_same_v<T, double> ? "double" : "int";
}

template <class T>
buffer to_device(const T* host, std::size_t n) {
  buffer b = buffer::allocate(memory_space::device, std::max<std::size_t>(n, 1) * sizeof(T), "coalesce-reduce");
  if (n > 0) check(cudaMemcpy(b.data(), host, n * sizeof(T), cudaMemcpyHostToDevice), "cudaMemcpy");
  return b;
}

// "exact", "rel err 1.2e-09 <= 4.5e-06", or "FAIL: ..."; sets ok.
template <class T>
std::string verify(op o, T got, const reference_value<T>& ref, std::size_t n, std::size_t depth, bool& ok) {
  ok = within_bound(o, got, ref, n, depth);
  const long double err = std::fabs(static_cast<long double>(got) - ref.value);
  if (o != op::sum || std::is_integral_v<T>) {
    if (ok) return "exact";
    char buf[128];
    std::snprintf(buf, sizeof buf, "FAIL: %.17Lg != %.17Lg", static_cast<long double>(got), ref.value);
    return buf;
  }
  const long double scale = ref.abs_sum > 0 ? ref.abs_sum : 1;
  const long double bound = allowed_error(o, ref, n, depth) / scale;
  char buf[128];
  if (std::isinf(static_cast<double>(bound)))
    std::snprintf(buf, sizeof buf, "rel err %.1Le (no a-priori bound)", err / scale);
  else
    std::snprintf(buf, sizeof buf, "%srel err %.1Le <= %.1Le", ok ? "" : "FAIL: ", err / scale, bound);
  return buf;
}

// cub::DeviceReduce::Sum/Min/Max with its scratch memory allocated once. CUB gets an int count when n
// fits, as most callers pass.
template <class T>
class cub_reduce {
 public:
  cub_reduce(op o, const T* in, std::size_t n, T* out) : o_(o), in_(in), n_(n), out_(out) {
    run(nullptr);
    temp_ = buffer::allocate(memory_space::device, std::max<std::size_t>(bytes_, 1), "cub::DeviceReduce");
  }
  void operator()() { run(temp_.data()); }

 private:
  template <class N>
  cudaError_t call(void* temp, N n) {
    switch (o_) {
      case op::min: return cub::DeviceReduce::Min(temp, bytes_, in_, out_, n);
      case op::max: return cub::DeviceReduce::Max(temp, bytes_, in_, out_, n);
      case op::sum: break;
    }
    return cub::DeviceReduce::Sum(temp, bytes_, in_, out_, n);
  }
  void run(void* temp) {
    check(n_ <= std::size_t(INT_MAX) ? call(temp, static_cast<int>(n_)) : call(temp, n_), "cub::DeviceReduce");
  }

  op o_;
  const T* in_;
  std::size_t n_;
  T* out_;
  std::size_t bytes_ = 0;
  buffer temp_;
};

template <class T>
T thrust_reduce(op o, const T* in, std::size_t n) {
  return dispatch_op(o, [&](auto functor) {
    return thrust::reduce(thrust::device, in, in + n, decltype(functor)::template identity<T>(), functor);
  });
}

template <class T>
T read_back(const T* device_value) {
  T v{};
  check(cudaMemcpy(&v, device_value, sizeof(T), cudaMemcpyDeviceToHost), "cudaMemcpy");
  return v;
}

struct device_run {
  const bench_options& opt;
  report& out;

  bench::stats time(const std::function<void()>& f) const { return bench::time_gpu(f, opt.warmup, opt.reps); }

  template <class T>
  measurement kernel_row(const device_reducer<T>& reducer, kernel k, op o, const T* in, std::size_t n,
                         const reference_value<T>& ref, T* slot) {
    measurement m;
    m.name = std::to_string(static_cast<int>(k)) + " " + info(k).name;
    m.check = verify(o, reducer.reduce(k, o, in, n), ref, n, reducer.addition_depth(k, o, n), m.verified);
    const auto s = time([&] { reducer.launch(k, o, in, n, slot); });
    m.median_ms = s.median_ms, m.min_ms = s.min_ms, m.max_ms = s.max_ms, m.bytes = double(n) * sizeof(T);
    out.all_verified = out.all_verified && m.verified;
    return m;
  }

  template <class T>
  measurement cub_row(op o, const T* in, std::size_t n, const reference_value<T>& ref, T* slot) {
    measurement m;
    m.name = std::string("cub::DeviceReduce::") + (o == op::sum ? "Sum" : o == op::min ? "Min" : "Max");
    cub_reduce<T> cub(o, in, n, slot);
    cub();
    m.check = verify(o, read_back(slot), ref, n, n, m.verified);
    const auto s = time([&] { cub(); });
    m.median_ms = s.median_ms, m.min_ms = s.min_ms, m.max_ms = s.max_ms, m.bytes = double(n) * sizeof(T);
    out.all_verified = out.all_verified && m.verified;
    return m;
  }

  template <class T>
  measurement thrust_row(op o, const T* in, std::size_t n, const reference_value<T>& ref) {
    measurement m;
    m.name = "thrust::reduce";
    m.check = verify(o, thrust_reduce(o, in, n), ref, n, n, m.verified);
    // thrust::reduce returns the value to the host: its time includes that copy and the synchronisation.
    const auto s = time([&] { thrust_reduce(o, in, n); });
    m.median_ms = s.median_ms, m.min_ms = s.min_ms, m.max_ms = s.max_ms, m.bytes = double(n) * sizeof(T);
    out.all_verified = out.all_verified && m.verified;
    return m;
  }

  void progression(std::size_t n, bool chart) {
    std::vector<float> host(n);
    fill_random(host.data(), n, opt.seed ^ n);
    const reference_value<float> ref = reference_reduce(op::sum, host.data(), n);
    const buffer in = to_device(host.data(), n);
    const buffer slot = buffer::allocate(memory_space::device, sizeof(float), "coalesce-reduce");
    const auto* d_in = static_cast<const float*>(in.data());
    auto* d_slot = static_cast<float*>(slot.data());
    device_reducer<float> reducer(n, opt.block);

    std::vector<measurement> rows;
    for (const auto& k : all_kernels()) rows.push_back(kernel_row(reducer, k.id, op::sum, d_in, n, ref, d_slot));
    rows.push_back(cub_row(op::sum, d_in, n, ref, d_slot));
    rows.push_back(thrust_row(op::sum, d_in, n, ref));
    const auto copy = bench::d2d_copy_ceiling(n * sizeof(float), opt.reps);
    rows.push_back({"cudaMemcpy D2D (ceiling)", copy.median_ms, copy.min_ms, copy.max_ms, 2.0 * n * sizeof(float),
                    true, "reads + writes n floats"});

    table t = progression_table("Reduction progression: float sum of " + size_text(n) + " elements, block " +
                                    std::to_string(opt.block),
                                rows, all_kernels().size(), rows[all_kernels().size()].name);
    t.notes.push_back("GB/s = bytes read / median time (the copy ceiling counts its reads and writes); time is "
                      "the median of " + std::to_string(opt.reps) + " runs [min, max] after " +
                      std::to_string(opt.warmup) + " warm-ups, CUDA events. Passes per kernel: " + passes_text(reducer, n) + ".");
    out.tables.push_back(t);
    if (chart) {
      out.chart.clear();
      for (std::size_t r = 0; r < rows.size(); ++r) {
        const double gbs = rows[r].bytes / (rows[r].median_ms * 1e6);
        out.chart.push_back({rows[r].name, gbs, r < all_kernels().size() ? "kernel" : r + 1 < rows.size() ? "library" : "ceiling"});
      }
      out.chart_title = "float sum, n = " + size_text(n) + ", " + device_name();
    }
  }

  static std::string passes_text(const device_reducer<float>& reducer, std::size_t n) {
    std::string s;
    for (const auto& k : all_kernels())
      s += (s.empty() ? "" : ", ") + std::to_string(static_cast<int>(k.id)) + ": " +
           std::to_string(reducer.passes(k.id, op::sum, n));
    return s;
  }

  static std::string device_name() {
    int device = 0;
    cudaDeviceProp prop{};
    check(cudaGetDevice(&device), "cudaGetDevice");
    check(cudaGetDeviceProperties(&prop, device), "cudaGetDeviceProperties");
    return prop.name;
  }

  template <class T>
  void types_rows(table& t) {
    const std::size_t n = opt.types_size;
    std::vector<T> host(n);
    fill_random(host.data(), n, opt.seed ^ (n * 3 + sizeof(T)));
    const buffer in = to_device(host.data(), n);
    const buffer slot = buffer::allocate(memory_space::device, sizeof(T), "coalesce-reduce");
    const auto* d_in = static_cast<const T*>(in.data());
    auto* d_slot = static_cast<T*>(slot.data());
    device_reducer<T> reducer(n, opt.block);
    for (op o : {op::sum, op::min, op::max}) {
      const reference_value<T> ref = reference_reduce(o, host.data(), n);
      std::vector<measurement> rows;
      for (kernel k : {kernel::grid_stride, kernel::vector_loads, kernel::single_pass})
        rows.push_back(kernel_row(reducer, k, o, d_in, n, ref, d_slot));
      rows.push_back(cub_row(o, d_in, n, ref, d_slot));
      rows.push_back(thrust_row(o, d_in, n, ref));
      std::vector<std::string> cells = {std::string(type_name<T>()) + " " + to_string(o)};
      double best = 0;
      std::string checks;
      for (std::size_t r = 0; r < rows.size(); ++r) {
        const double gbs = rows[r].bytes / (rows[r].median_ms * 1e6);
        cells.push_back(fixed(gbs, 1));
        if (r < 3) best = std::max(best, gbs);
        if (!rows[r].verified) checks += (checks.empty() ? "" : "; ") + rows[r].name + " " + rows[r].check;
      }
      const double cub_gbs = rows[3].bytes / (rows[3].median_ms * 1e6);
      cells.push_back(fixed(100 * best / cub_gbs, 1) + "%");
      cells.push_back(checks.empty() ? "all ok" : checks);
      t.rows.push_back(cells);
    }
  }

  void types() {
    table t;
    t.title = "Every type and op, " + size_text(opt.types_size) + " elements: GB/s";
    t.header = {"type op", "7 grid_stride", "8 vector_loads", "9 single_pass", "CUB", "thrust::reduce",
                "best / CUB", "check"};
    types_rows<float>(t);
    types_rows<double>(t);
    types_rows<int>(t);
    t.notes.push_back("CUB: DeviceReduce::Sum, Min and Max. Integers are compared exactly, floating point sums "
                      "against a long double sum within gamma_d * sum|x|.");
    out.tables.push_back(t);
  }

  void components() {
    const std::size_t n = opt.component_vectors;
    runtime rt(backend::cuda);
    device_component_reducer<float> reducer;
    table t;
    t.title = "Per-component sum of " + size_text(n) + " float vectors (one thread per vector)";
    t.header = {"m", "layout", "time (ms)", "GB/s", "% of flat", "check"};
    for (std::size_t m : opt.component_lengths) {
      std::vector<float> host(n * m);
      fill_random(host.data(), host.size(), opt.seed ^ (n * 7 + m));
      const std::vector<reference_value<float>> ref = component_references(op::sum, host.data(), n, m);
      const double bytes = double(n) * m * sizeof(float);
      double flat_gbs = 0;
      {  // the ceiling: the single-pass kernel over all n * m floats at once (one output, not m)
        const buffer flat = to_device(host.data(), host.size());
        device_reducer<float> whole(host.size(), opt.block);
        const buffer slot = buffer::allocate(memory_space::device, sizeof(float), "coalesce-reduce");
        const auto* d = static_cast<const float*>(flat.data());
        const auto s = time([&] { whole.launch(kernel::single_pass, op::sum, d, host.size(), static_cast<float*>(slot.data())); });
        flat_gbs = bytes / (s.median_ms * 1e6);
        t.rows.push_back({std::to_string(m), "flat: 9 single_pass over n*m", fixed(s.median_ms, 4), fixed(flat_gbs, 1),
                          "100.0%", "(ceiling)"});
      }
      const buffer sums = buffer::allocate(memory_space::device, m * sizeof(float), "coalesce-reduce");
      for (const layout_spec spec : {aos(), soa(), blocked(opt.block_bd)}) {
        const array<float> a = rt.upload(host_vectors(host.data(), n, m), spec);
        const std::vector<float> got = reducer.reduce(op::sum, a);
        // The component with the largest relative error speaks for the row (or the first failure).
        bool ok = true;
        std::string check_text;
        long double worst = -1;
        for (std::size_t i = 0; i < m && ok; ++i) {
          const std::string text = verify(op::sum, got[i], ref[i], n, reducer.addition_depth(n), ok);
          const long double scale = ref[i].abs_sum > 0 ? ref[i].abs_sum : 1;
          const long double err = std::fabs(static_cast<long double>(got[i]) - ref[i].value) / scale;
          if (!ok || err > worst) check_text = text, worst = err;
        }
        out.all_verified = out.all_verified && ok;
        const auto s = time([&] { reducer.launch(op::sum, a, static_cast<float*>(sums.data())); });
        const double gbs = bytes / (s.median_ms * 1e6);
        t.rows.push_back({std::to_string(m), to_string(spec),
                          fixed(s.median_ms, 4) + " [" + fixed(s.min_ms, 4) + ", " + fixed(s.max_ms, 4) + "]",
                          fixed(gbs, 1), fixed(100 * gbs / flat_gbs, 1) + "%", check_text});
      }
    }
    t.notes.push_back("GB/s = n*m*4 bytes of vector data / median time (padding of pitched and blocked layouts is "
                      "not counted). 'flat' reduces the same bytes to one value with kernel 9: the bandwidth a "
                      "layout can reach. Blocked uses bd = " + std::to_string(opt.block_bd) + ".");
    out.tables.push_back(t);
  }
};

}  // namespace

report run_device_profile(const bench_options& opt, const std::vector<kernel>& kernels) {
  report out;
  table t;
  t.title = "Profiled launches (one reduction per kernel and size, float sum, block " + std::to_string(opt.block) + ")";
  t.header = {"n", "kernel", "passes", "check"};
  for (std::size_t n : opt.sizes) {
    std::vector<float> host(n);
    fill_random(host.data(), n, opt.seed ^ n);
    const reference_value<float> ref = reference_reduce(op::sum, host.data(), n);
    const buffer in = to_device(host.data(), n);
    const device_reducer<float> reducer(n, opt.block);
    for (kernel k : kernels) {
      bool ok = true;
      const float got = reducer.reduce(k, op::sum, static_cast<const float*>(in.data()), n);
      const std::string text = verify(op::sum, got, ref, n, reducer.addition_depth(k, op::sum, n), ok);
      out.all_verified = out.all_verified && ok;
      t.rows.push_back({size_text(n), std::to_string(static_cast<int>(k)) + " " + info(k).name,
                        std::to_string(reducer.passes(k, op::sum, n)), text});
    }
  }
  out.tables.push_back(t);
  return out;
}

report run_device_benchmarks(const bench_options& opt) {
  report out;
  device_run run{opt, out};
  for (std::size_t k = 0; k < opt.sizes.size(); ++k) run.progression(opt.sizes[k], k + 1 == opt.sizes.size());
  if (opt.types_size > 0) run.types();
  if (opt.component_vectors > 0 && !opt.component_lengths.empty()) run.components();
  return out;
}

}  // namespace coalesce::apps::reduction

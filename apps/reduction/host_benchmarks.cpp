// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The host half of coalesce-reduce (OpenMP): the same tables as the CUDA half, with an OpenMP memcpy as
// the ceiling and the coalesce host backend's arrays for the layouts.

#include "benchmarks.hpp"
#include "common/timing.hpp"
#include "component_reduce.hpp"
#include "random_data.hpp"
#include "reduce_host.hpp"
#include "reference.hpp"

#include <coalesce/coalesce.hpp>
#include <coalesce/core/math.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <type_traits>
#include <vector>

#if defined(_OPENMP)
#include <omp.h>
#endif

namespace coalesce::apps::reduction {
namespace {

template <class T>
const char* type_name() {
  return std::is_same_v<T, float> ? "float" : std::is_same_v<T, double> ? "double" : "int";
}

template <class T>
std::string verify(op o, T got, const reference_value<T>& ref, std::size_t n, std::size_t depth, bool& ok) {
  ok = within_bound(o, got, ref, n, depth);
  if (o != op::sum || std::is_integral_v<T>) return ok ? "exact" : "FAIL: not equal to the reference";
  const long double scale = ref.abs_sum > 0 ? ref.abs_sum : 1;
  const long double err = std::fabs(static_cast<long double>(got) - ref.value) / scale;
  const long double bound = allowed_error(o, ref, n, depth) / scale;
  char buf[128];
  std::snprintf(buf, sizeof buf, "%srel err %.1Le <= %.1Le", ok ? "" : "FAIL: ", err, bound);
  return buf;
}

// Copies with every OpenMP thread on its own contiguous chunk: the host's read + write ceiling.
void parallel_copy(char* dst, const char* src, std::size_t bytes) {
  const auto threads = static_cast<std::size_t>(host_threads());
  const std::size_t chunk = round_up(ceil_div(bytes, threads), 64);
#if defined(_OPENMP)
#pragma omp parallel for schedule(static) num_threads(static_cast<int>(threads))
#endif
  for (std::int64_t t = 0; t < static_cast<std::int64_t>(threads); ++t) {
    const std::size_t begin = std::min(bytes, static_cast<std::size_t>(t) * chunk);
    std::memcpy(dst + begin, src + begin, std::min(bytes, begin + chunk) - begin);
  }
}

struct host_run {
  const bench_options& opt;
  report& out;

  bench::stats time(const std::function<void()>& f) const { return bench::time_host(f, opt.warmup, opt.reps); }

  template <class T>
  measurement method_row(host_method method, op o, const std::vector<T>& data, const reference_value<T>& ref) {
    const std::size_t n = data.size();
    measurement m;
    for (const auto& i : all_host_methods())
      if (i.id == method) m.name = i.name;
    m.check = verify(o, host_reduce(method, o, data.data(), n), ref, n, host_addition_depth(method, n), m.verified);
    volatile T sink{};
    const auto s = time([&] { sink = host_reduce(method, o, data.data(), n); });
    (void)sink;
    m.median_ms = s.median_ms, m.min_ms = s.min_ms, m.max_ms = s.max_ms, m.bytes = double(n) * sizeof(T);
    out.all_verified = out.all_verified && m.verified;
    return m;
  }

  void progression(std::size_t n, bool chart) {
    std::vector<float> data(n);
    fill_random(data.data(), n, opt.seed ^ n);
    const auto ref = reference_reduce(op::sum, data.data(), n);
    std::vector<measurement> rows;
    for (const auto& m : all_host_methods()) rows.push_back(method_row(m.id, op::sum, data, ref));
    std::vector<float> copy(n);
    const auto s = time([&] {
      parallel_copy(reinterpret_cast<char*>(copy.data()), reinterpret_cast<const char*>(data.data()), n * sizeof(float));
    });
    rows.push_back({"OpenMP memcpy (ceiling)", s.median_ms, s.min_ms, s.max_ms, 2.0 * n * sizeof(float), true,
                    "reads + writes n floats"});
    table t = progression_table("Host reduction: float sum of " + size_text(n) + " elements, " +
                                    std::to_string(host_threads()) + " OpenMP threads",
                                rows, all_host_methods().size(), rows.back().name);
    t.notes.push_back("Host clock (steady_clock), median of " + std::to_string(opt.reps) + " runs after " +
                      std::to_string(opt.warmup) + " warm-ups.");
    out.tables.push_back(t);
    if (chart) {
      out.chart.clear();
      for (const auto& r : rows)
        out.chart.push_back({r.name, r.bytes / (r.median_ms * 1e6), &r == &rows.back() ? "ceiling" : "host"});
      out.chart_title = "host float sum, n = " + size_text(n) + ", " + std::to_string(host_threads()) + " threads";
    }
  }

  template <class T>
  void types_rows(table& t) {
    const std::size_t n = opt.types_size;
    std::vector<T> data(n);
    fill_random(data.data(), n, opt.seed ^ (n * 3 + sizeof(T)));
    for (op o : {op::sum, op::min, op::max}) {
      const auto ref = reference_reduce(o, data.data(), n);
      std::vector<std::string> cells = {std::string(type_name<T>()) + " " + to_string(o)};
      std::string checks;
      for (const auto& m : all_host_methods()) {
        const measurement r = method_row(m.id, o, data, ref);
        cells.push_back(fixed(r.bytes / (r.median_ms * 1e6), 1));
        if (!r.verified) checks += (checks.empty() ? "" : "; ") + r.name + " " + r.check;
      }
      cells.push_back(checks.empty() ? "all ok" : checks);
      t.rows.push_back(cells);
    }
  }

  void types() {
    table t;
    t.title = "Host: every type and op, " + size_text(opt.types_size) + " elements: GB/s";
    t.header = {"type op"};
    for (const auto& m : all_host_methods()) t.header.push_back(m.name);
    t.header.push_back("check");
    types_rows<float>(t);
    types_rows<double>(t);
    types_rows<int>(t);
    out.tables.push_back(t);
  }

  void components() {
    const std::size_t n = opt.component_vectors;
    runtime rt(backend::host);
    table t;
    t.title = "Host: per-component sum of " + size_text(n) + " float vectors (one thread per range of vectors)";
    t.header = {"m", "layout", "time (ms)", "GB/s", "% of flat", "check"};
    for (std::size_t m : opt.component_lengths) {
      std::vector<float> host(n * m);
      fill_random(host.data(), host.size(), opt.seed ^ (n * 7 + m));
      const std::vector<reference_value<float>> ref = component_references(op::sum, host.data(), n, m);
      const double bytes = double(n) * m * sizeof(float);
      volatile float sink = 0;
      const auto flat = time([&] { sink = host_reduce(host_method::openmp_unrolled, op::sum, host.data(), host.size()); });
      const double flat_gbs = bytes / (flat.median_ms * 1e6);
      t.rows.push_back({std::to_string(m), "flat: openmp_unrolled over n*m", fixed(flat.median_ms, 4),
                        fixed(flat_gbs, 1), "100.0%", "(ceiling)"});
      for (const layout_spec spec : {aos(), soa(), blocked(opt.block_bd)}) {
        const array<float> a = rt.upload(host_vectors(host.data(), n, m), spec);
        const std::vector<float> got = host_component_reduce(op::sum, a);
        bool ok = true;
        std::string check_text = "all ok";
        for (std::size_t i = 0; i < m && ok; ++i) {
          const std::string text = verify(op::sum, got[i], ref[i], n, host_component_addition_depth(n), ok);
          if (!ok) check_text = "component " + std::to_string(i) + ": " + text;
        }
        out.all_verified = out.all_verified && ok;
        const auto s = time([&] { sink = host_component_reduce(op::sum, a)[0]; });
        const double gbs = bytes / (s.median_ms * 1e6);
        t.rows.push_back({std::to_string(m), to_string(spec), fixed(s.median_ms, 4), fixed(gbs, 1),
                          fixed(100 * gbs / flat_gbs, 1) + "%", check_text});
      }
      (void)sink;
    }
    t.notes.push_back("On the CPU one thread walks a contiguous range of vectors, so AoS is the natural layout; "
                      "SoA and blocked give each thread m (or m per block) streams instead of one.");
    out.tables.push_back(t);
  }
};

}  // namespace

report run_host_benchmarks(const bench_options& opt) {
  report out;
  host_run run{opt, out};
  for (std::size_t k = 0; k < opt.sizes.size(); ++k) run.progression(opt.sizes[k], k + 1 == opt.sizes.size());
  if (opt.types_size > 0) run.types();
  if (opt.component_vectors > 0 && !opt.component_lengths.empty()) run.components();
  return out;
}

}  // namespace coalesce::apps::reduction

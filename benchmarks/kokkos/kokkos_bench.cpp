// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// coalesce-kokkos-bench [--size-mib N] [--reps R] [--json FILE]: Kokkos Views of every layout into and
// out of coalesce layouts, against Kokkos' own deep_copy, in one run on the default execution space's
// memory (CudaSpace with Kokkos CUDA: CUDA events; HostSpace otherwise: the host clock):
//   ceiling   deep_copy between two LayoutRight Views (same layout: a plain copy); the % are of the
//             fastest plain copy of the run (this, or the packed same-kind copies below)
//   peer      deep_copy LayoutRight <-> LayoutLeft (the Kokkos user's way to change layout)
//   same      deep_copy between two Views of each user View's kind (same layout, its pitch gaps too):
//             the second ceiling, for Views whose rows have gaps
//   coalesce  kokkos::copy (View -> existing array), kokkos::download (array -> View) and kokkos::upload
//             (View -> new array, allocation included) for LayoutRight, LayoutLeft, LayoutStride
//             (pitch, 1) and (1, pitch) Views, into and out of aos, soa and blocked:128
// float and double, m = 3 and 12. GB/s counts the n x m elements read plus written; % is of the
// ceiling of the same type and m, and "% same" of the same-kind deep_copy. Warm-up, then the median
// of --reps (>= 20 by default).
#include <coalesce/interop/kokkos.hpp>

#include "common/timing.hpp"

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <string>
#include <utility>
#include <vector>

using namespace coalesce;

namespace {

using exec = Kokkos::DefaultExecutionSpace;
using mem = exec::memory_space;
constexpr bool on_host = Kokkos::SpaceAccessibility<Kokkos::HostSpace, mem>::accessible;

struct options {
  std::size_t size_mib = 256;
  int reps = 20;
  std::string json;
};

struct result {
  std::string op, view, layout, type;
  std::size_t m = 0;
  double gbs = 0, percent = 0, percent_same = 0;
  bench::stats s;
};

bench::stats measure(const std::function<void()>& f, int reps) {
#if defined(COALESCE_BENCH_WITH_CUDA)
  if (!on_host) return bench::time_gpu(f, 3, reps);
#endif
  return bench::time_host(f, 1, reps);
}

template <class T>
const char* type_name() {
  return sizeof(T) == 4 ? "float" : "double";
}

template <class T, class Layout>
using user_view = Kokkos::View<T**, Layout, mem, kokkos::unmanaged>;

// f(name, view, twin) for the four kinds of user View: over `buffer`, and the same kind over `other`
// (each has room for the largest).
template <class T, class F>
void for_each_view(T* buffer, T* other, std::size_t n, std::size_t m, F&& f) {
  const auto both = [&](const char* name, auto make) { f(name, make(buffer), make(other)); };
  both("LayoutRight", [&](T* p) { return user_view<T, Kokkos::LayoutRight>(p, n, m); });
  both("LayoutLeft", [&](T* p) { return user_view<T, Kokkos::LayoutLeft>(p, n, m); });
  both("Stride(m+1,1)",
       [&](T* p) { return user_view<T, Kokkos::LayoutStride>(p, Kokkos::LayoutStride(n, m + 1, m, 1)); });
  both("Stride(1,n+37)",
       [&](T* p) { return user_view<T, Kokkos::LayoutStride>(p, Kokkos::LayoutStride(n, 1, m, n + 37)); });
}

template <class T>
void run_case(const runtime& rt, const options& o, std::size_t m, std::vector<result>& out) {
  const std::size_t n = o.size_mib * (std::size_t(1) << 20) / (m * sizeof(T));
  const double bytes = 2.0 * double(n) * double(m) * sizeof(T);
  const auto add = [&](const std::string& op, const std::string& view, const std::string& layout, const bench::stats& s,
                       double ceiling_gbs, double same_gbs = 0) {
    const double g = bench::gbs(bytes, s.median_ms);
    const double same = same_gbs > 0 ? 100.0 * g / same_gbs : 0;
    out.push_back({op, view, layout, type_name<T>(), m, g, ceiling_gbs > 0 ? 100.0 * g / ceiling_gbs : 100.0, same, s});
    std::printf("%-9s %-15s %-12s %-6s m=%-3zu %8.1f GB/s %6.1f %%  %6.1f %% same  (median %.3f ms of %d)\n",
                op.c_str(), view.c_str(), layout.c_str(), type_name<T>(), m, g, out.back().percent, same, s.median_ms,
                s.reps);
    std::fflush(stdout);
  };

  Kokkos::View<T**, Kokkos::LayoutRight, mem> right_a("right_a", n, m), right_b("right_b", n, m);
  Kokkos::View<T**, Kokkos::LayoutLeft, mem> left("left", n, m);
  Kokkos::deep_copy(right_a, T(1));
  // The ceiling is a plain copy of the bytes: the faster of Right -> Right here and the packed
  // same-kind copies below (LayoutRight, LayoutLeft: contiguous too). The first copy after the
  // allocations measured up to 10% below the later ones (H200), which would flatter every ratio.
  const bench::stats right_copy = measure([&] { Kokkos::deep_copy(right_b, right_a); }, o.reps);
  const double right_gbs = bench::gbs(bytes, right_copy.median_ms);
  const bench::stats right_to_left = measure([&] { Kokkos::deep_copy(left, right_a); }, o.reps);
  const bench::stats left_to_right = measure([&] { Kokkos::deep_copy(right_b, left); }, o.reps);

  // One buffer big enough for every kind of View (the strided ones have a pitch).
  Kokkos::View<T*, mem> buffer("buffer", (n + 37) * (m + 1)), other("other", (n + 37) * (m + 1));
  Kokkos::deep_copy(buffer, T(2));
  // The same-kind ceilings: a deep_copy between two Views of each kind.
  std::vector<std::pair<std::string, double>> same_gbs;  // (kind, GB/s), in for_each_view's order
  std::vector<bench::stats> same_stats;
  double ceiling_gbs = right_gbs;
  for_each_view(buffer.data(), other.data(), n, m, [&](const char* name, auto from, auto to) {
    same_stats.push_back(measure([&] { Kokkos::deep_copy(to, from); }, o.reps));
    same_gbs.emplace_back(name, bench::gbs(bytes, same_stats.back().median_ms));
    if (same_gbs.back().first == "LayoutRight" || same_gbs.back().first == "LayoutLeft")
      ceiling_gbs = std::max(ceiling_gbs, same_gbs.back().second);
  });
  add("ceiling", "Right->Right", "-", right_copy, ceiling_gbs);
  add("peer", "Right->Left", "-", right_to_left, ceiling_gbs);
  add("peer", "Left->Right", "-", left_to_right, ceiling_gbs);
  for (std::size_t k = 0; k < same_stats.size(); ++k) add("same", same_gbs[k].first + "->same", "-", same_stats[k], ceiling_gbs);
  for (const layout_spec spec : {aos(), soa(), blocked(128)}) {
    array<T> a = rt.allocate<T>(n, m, spec);
    std::size_t kind = 0;
    for_each_view(buffer.data(), other.data(), n, m, [&](const char* name, auto view, auto) {
      const double same = kind < same_gbs.size() ? same_gbs[kind].second : 0;
      ++kind;
      add("copy", name, to_string(spec), measure([&] { kokkos::copy(rt, view, a); }, o.reps), ceiling_gbs, same);
      add("download", name, to_string(spec), measure([&] { kokkos::download(rt, a, view); }, o.reps), ceiling_gbs,
          same);
      add("upload", name, to_string(spec), measure([&] { (void)kokkos::upload(rt, view, spec); }, o.reps), ceiling_gbs);
    });
  }
}

void write_json(const std::string& path, const std::string& device, const options& o, const std::vector<result>& rows) {
  std::ofstream f(path);
  f << "{\n  \"device\": \"" << device << "\",\n  \"kokkos_execution_space\": \"" << exec::name()
    << "\",\n  \"size_mib\": " << o.size_mib << ",\n  \"reps\": " << o.reps << ",\n  \"results\": [\n";
  for (std::size_t k = 0; k < rows.size(); ++k) {
    const result& r = rows[k];
    f << "    {\"op\": \"" << r.op << "\", \"view\": \"" << r.view << "\", \"layout\": \"" << r.layout
      << "\", \"type\": \"" << r.type << "\", \"m\": " << r.m << ", \"gbs\": " << r.gbs
      << ", \"percent_of_deep_copy\": " << r.percent << ", \"percent_of_same_kind_deep_copy\": " << r.percent_same
      << ", \"median_ms\": " << r.s.median_ms << ", \"min_ms\": " << r.s.min_ms << ", \"max_ms\": " << r.s.max_ms << "}"
      << (k + 1 < rows.size() ? "," : "") << "\n";
  }
  f << "  ]\n}\n";
}

bool parse(int argc, char** argv, options& o) {
  for (int k = 1; k < argc; ++k) {
    const std::string a = argv[k];
    const bool has_value = k + 1 < argc;
    if (a == "--size-mib" && has_value) {
      o.size_mib = std::strtoull(argv[++k], nullptr, 10);
    } else if (a == "--reps" && has_value) {
      o.reps = std::atoi(argv[++k]);
    } else if (a == "--json" && has_value) {
      o.json = argv[++k];
    } else {
      return false;
    }
  }
  return o.size_mib > 0 && o.reps > 0;
}

}  // namespace

int main(int argc, char** argv) {
  Kokkos::ScopeGuard kokkos(argc, argv);
  options o;
  if (!parse(argc, argv, o)) {
    std::fprintf(stderr, "usage: coalesce-kokkos-bench [--size-mib N > 0] [--reps R > 0] [--json FILE]\n");
    return 2;
  }
  const runtime rt = on_host ? runtime{backend::host} : runtime{};
  std::printf("coalesce-kokkos-bench: Kokkos %s, coalesce %s, %zu MiB per array, median of %d\n", exec::name(),
              rt.description().c_str(), o.size_mib, o.reps);
  std::vector<result> rows;
  for (const std::size_t m : {3, 12}) {
    run_case<float>(rt, o, m, rows);
    run_case<double>(rt, o, m, rows);
  }
  if (!o.json.empty()) write_json(o.json, rt.description(), o, rows);
  return 0;
}

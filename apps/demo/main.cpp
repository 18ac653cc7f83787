// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// coalesce-demo: what the library does, in one run. It shows the three layouts of a small vector set,
// then wraps a user's array of n vectors of length m (AoS), moves it AoS -> SoA -> blocked -> AoS on
// the GPU (or the host backend), checks the round trip bit for bit and says how long each step took.
// Then it runs two user kernels on each layout and puts their speedup over AoS beside the advisor's
// prediction (coalesce-advise layout), and checks that every layout computed the same bits.
#include "kernels.hpp"

#include <coalesce/analysis/advisor.hpp>
#include <coalesce/coalesce.hpp>

#include <CLI/CLI.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <numeric>
#include <random>
#include <string>
#include <vector>

namespace {

using namespace coalesce;

template <class Mapping>
void show(const char* title, const Mapping& map) {
  const coalesce::padding_stats pad = coalesce::padding_of(map);
  std::printf("\n%s: span %zu elements, %zu of them padding\n", title, pad.span, pad.padding);
  coalesce::print_layout(std::cout, map);
  std::printf("memory in address order (v.i, -- = padding):\n");
  coalesce::print_memory(std::cout, map, 12);
}

template <class F>
double milliseconds(F&& step) {
  const auto t0 = std::chrono::steady_clock::now();
  step();
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

struct kernel_case {
  demo::kernel which;
  const char* title;
  std::vector<std::size_t> reads, writes;  // components, for the advisor
};

// The advisor's candidate of one layout (by name: "aos", "soa", "blocked:<bd>").
const analysis::candidate& candidate_of(const analysis::advice& a, const std::string& name) {
  for (const analysis::candidate& c : a.ranked)
    if (c.name == name) return c;
  fail(errc::invalid_argument, "coalesce-demo", "the advisor has no candidate '" + name + "'");
}

double ratio(double aos, double other) { return other > 0 ? aos / other : 0.0; }

// Times the kernel on every layout and prints measured and predicted speedups over AoS.
void run_case(const kernel_case& k, bool gpu, std::vector<array<float>*> arrays,
              const std::vector<std::string>& names, std::size_t bd, int reps) {
  const std::size_t n = arrays.front()->n(), m = arrays.front()->m();
  analysis::kernel_description d;
  // The advisor's cost does not grow with n (it walks a few periods of the pattern): the real n.
  d.n = n;
  d.m = m;
  d.type = analysis::element_type::float_;
  d.reads = k.reads;
  d.writes = k.writes;
  analysis::advisor_options options;
  if (std::find(options.blocks.begin(), options.blocks.end(), bd) == options.blocks.end()) options.blocks.push_back(bd);
  const analysis::advice advice = analysis::advise(d, analysis::gpu_arch{}, options);
  const analysis::kernel_report& aos = candidate_of(advice, "aos").report;
  const auto& aos_time = candidate_of(advice, "aos").time;

  std::printf("\n%s: reads %zu, writes %zu of the m = %zu components\n", k.title, k.reads.size(), k.writes.size(), m);
  std::printf("%-12s %10s %9s   %-14s %9s %9s %9s\n", "layout", "median ms", "speedup", "advisor: sec/req", "sectors",
              "DRAM", "time");
  double aos_ms = 0;
  for (std::size_t l = 0; l < arrays.size(); ++l) {
#if defined(COALESCE_BENCH_WITH_CUDA)
    const bench::stats t =
        gpu ? demo::time_on_gpu(k.which, *arrays[l], reps) : demo::time_on_host(k.which, *arrays[l], reps);
#else
    if (gpu) fail(errc::no_device, "coalesce-demo", "the demo was built without CUDA");
    const bench::stats t = demo::time_on_host(k.which, *arrays[l], reps);
#endif
    if (l == 0) aos_ms = t.median_ms;
    const analysis::kernel_report& r = candidate_of(advice, names[l]).report;
    const auto& time = candidate_of(advice, names[l]).time;  // the time model's speedup over AoS
    std::printf("%-12s %10.3f %8.2fx   %16.1f %8.2fx %8.2fx %8.2fx\n", names[l].c_str(), t.median_ms,
                ratio(aos_ms, t.median_ms), r.requests ? double(r.transactions) / double(r.requests) : 0.0,
                ratio(double(aos.bytes_moved), double(r.bytes_moved)),
                ratio(double(aos.dram_footprint), double(r.dram_footprint)),
                time && aos_time ? ratio(aos_time->seconds, time->seconds) : 0.0);
  }
}

}  // namespace

int main(int argc, char** argv) try {
  CLI::App app{"coalesce-demo: arrays of small vectors in coalesced GPU layouts"};
  std::size_t n = 10'000'000, m = 3, bd = 128;
  std::string which = "auto";
  int reps = 0;
  app.add_option("--n", n, "number of vectors")->check(CLI::NonNegativeNumber);
  app.add_option("--m", m, "components per vector")->check(CLI::PositiveNumber);
  app.add_option("--bd", bd, "block size of the blocked layout")->check(CLI::PositiveNumber);
  app.add_option("--backend", which, "auto, cuda or host")->check(CLI::IsMember({"auto", "cuda", "host"}));
  app.add_option("--reps", reps, "timed runs of each kernel (default: 20 on the GPU, 5 on the host)")
      ->check(CLI::PositiveNumber);
  CLI11_PARSE(app, argc, argv);

  using E = coalesce::extents<>;
  std::printf("Ten vectors of three components (v.i is component i of vector v), one thread per vector.\n");
  show("AoS (row_major, the user's array): thread v reads offsets 3v, 3v+1, 3v+2 - a warp's first load is strided by 3",
       coalesce::layout_row_major::mapping<E>(E(10, 3)));
  show("SoA (col_major): a warp's first load is one contiguous run",
       coalesce::layout_col_major::mapping<E>(E(10, 3)));
  show("blocked, bd = 4 (AoSoA): contiguous within a block, the last block padded",
       coalesce::layout_blocked<>::mapping<E>(E(10, 3), 4));

  const coalesce::runtime rt = which == "auto" ? coalesce::runtime{}
                               : which == "cuda" ? coalesce::runtime{coalesce::backend::cuda}
                                                 : coalesce::runtime{coalesce::backend::host};
  std::printf("\nruntime: %s\n", rt.description().c_str());

  std::vector<float> user(n * m), back(n * m, -1.0f);
  std::mt19937 gen(std::random_device{}());
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  for (float& x : user) x = dist(gen);
  const double mib = double(n * m * sizeof(float)) / double(1 << 20);
  std::printf("user array: n = %zu vectors of m = %zu floats (%.1f MiB, AoS)\n\n", n, m, mib);

  coalesce::array<float> aos, soa, blocked, aos_again;
  const double t_upload = milliseconds([&] { aos = rt.upload(coalesce::host_vectors(user.data(), n, m), coalesce::aos()); });
  const double t_soa = milliseconds([&] { soa = rt.relayout(aos, coalesce::soa()); });
  const double t_blocked = milliseconds([&] { blocked = rt.relayout(soa, coalesce::blocked(bd)); });
  const double t_aos = milliseconds([&] { aos_again = rt.relayout(blocked, coalesce::aos()); });
  const double t_download = milliseconds([&] { rt.download(aos_again, coalesce::host_vectors(back.data(), n, m)); });

  std::printf("%-34s %10s\n", "step", "ms");
  std::printf("%-34s %10.2f\n", "upload (host AoS -> AoS)", t_upload);
  std::printf("%-34s %10.2f   (SoA pitch %zu elements)\n", "relayout AoS -> SoA", t_soa, soa.layout().pitch);
  std::printf("%-34s %10.2f   (bd = %zu, %zu padding elements)\n", "relayout SoA -> blocked", t_blocked, bd,
              blocked.span() - n * m);
  std::printf("%-34s %10.2f\n", "relayout blocked -> AoS", t_aos);
  std::printf("%-34s %10.2f\n", "download (AoS -> host AoS)", t_download);
  std::printf("(wall-clock times of single synchronous calls, allocation included; BENCHMARKS.md has the measured rates)\n");

  const bool same = std::memcmp(user.data(), back.data(), user.size() * sizeof(float)) == 0;
  std::printf("\nround trip AoS -> SoA -> blocked -> AoS: %s\n", same ? "bit-exact" : "MISMATCH");
  if (n == 0) return same ? 0 : 1;

  const bool gpu = rt.kind() == coalesce::backend::cuda;
  if (reps == 0) reps = gpu ? 20 : 5;
  std::vector<std::size_t> all(m);
  std::iota(all.begin(), all.end(), std::size_t(0));
  std::vector<kernel_case> cases{{coalesce::demo::kernel::scale, "scale (x *= 2, the README's kernel)", all, all}};
  if (m >= 2) cases.push_back({coalesce::demo::kernel::pair, "pair (x(v, 0) += 0.5 x(v, 1))", {0, 1}, {0}});
  const std::vector<std::string> names{"aos", "soa", "blocked:" + std::to_string(bd)};
  std::printf("\nuser kernels, one thread per vector, on each layout (median of %d runs after a warm-up; %s)\n", reps,
              gpu ? "CUDA events" : "std::chrono");
  for (const kernel_case& k : cases) run_case(k, gpu, {&aos, &soa, &blocked}, names, bd, reps);
  std::printf("\nspeedup = AoS time / this layout's. The advisor (sm_90): sec/req = sectors per warp request; "
              "sectors, DRAM =\nAoS's sectors moved (L1 traffic), DRAM footprint / this layout's. A memory-bound "
              "kernel's speedup usually lies\nbetween the two: the L1 catches part of AoS's re-reads. time = the "
              "advisor's time model: AoS's\npredicted time / this layout's (docs/analyzer.md, \"The time model\").\n");
  if (!gpu)
    std::printf("host backend: the gain is a GPU effect (a warp's 32 lanes sharing 32-byte sectors); CPU caches serve "
                "AoS well,\nso these host times say nothing of it. Run on a GPU to see it.\n");

  // Every layout ran the same kernels on the same values: the results agree bit for bit.
  std::vector<float> from_soa(n * m), from_blocked(n * m);
  rt.download(aos, coalesce::host_vectors(back.data(), n, m));
  rt.download(soa, coalesce::host_vectors(from_soa.data(), n, m));
  rt.download(blocked, coalesce::host_vectors(from_blocked.data(), n, m));
  const auto bits_equal = [](const std::vector<float>& a, const std::vector<float>& b) {
    return std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
  };
  const bool agree = bits_equal(back, from_soa) && bits_equal(back, from_blocked);
  std::printf("\nkernel results in AoS, SoA and blocked: %s\n", agree ? "bit-identical" : "DIFFERENT");
  return same && agree ? 0 : 1;
} catch (const std::exception& e) {
  std::fprintf(stderr, "coalesce-demo: %s\n", e.what());
  return 2;
}

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// coalesce-demo: what the library does, in one run. It shows the three layouts of a small vector set,
// then wraps a user's array of n vectors of length m (AoS), moves it AoS -> SoA -> blocked -> AoS on
// the GPU (or the host backend), checks the round trip bit for bit and says how long each step took.
#include <coalesce/coalesce.hpp>

#include <CLI/CLI.hpp>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <random>
#include <vector>

namespace {

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

}  // namespace

int main(int argc, char** argv) try {
  CLI::App app{"coalesce-demo: arrays of small vectors in coalesced GPU layouts"};
  std::size_t n = 10'000'000, m = 3, bd = 128;
  std::string which = "auto";
  app.add_option("--n", n, "number of vectors")->check(CLI::NonNegativeNumber);
  app.add_option("--m", m, "components per vector")->check(CLI::PositiveNumber);
  app.add_option("--bd", bd, "block size of the blocked layout")->check(CLI::PositiveNumber);
  app.add_option("--backend", which, "auto, cuda or host")->check(CLI::IsMember({"auto", "cuda", "host"}));
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
  return same ? 0 : 1;
} catch (const std::exception& e) {
  std::fprintf(stderr, "coalesce-demo: %s\n", e.what());
  return 2;
}

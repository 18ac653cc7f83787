// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Threads sharing one CUDA runtime, each on its own stream (what runtime.hpp allows): pinned and
// pageable transfers, large enough to run through several chunks of the staging ring at once.
#include <coalesce/coalesce.hpp>

#include <doctest/doctest.h>

#include "random.hpp"
#include "round_trip.hpp"
#include "threads.hpp"

#include <cuda_runtime.h>

#include <cstdint>
#include <string>
#include <vector>

using namespace coalesce;
using namespace coalesce::test;

namespace {

std::string cuda_failure(cudaError_t err, const char* what) {
  return err == cudaSuccess ? "" : std::string(what) + ": " + cudaGetErrorName(err);
}

// Pinned host memory for one round, freed however the round ends.
struct pinned_floats {
  float* p = nullptr;
  explicit pinned_floats(std::size_t count) {
    if (count > 0 && cudaMallocHost(&p, count * sizeof(float)) != cudaSuccess) p = nullptr;
  }
  ~pinned_floats() { cudaFreeHost(p); }
};

}  // namespace

TEST_SUITE("gpu") {
  TEST_CASE("runtime.threads.streams_share_a_runtime") {
    const runtime rt{backend::cuda};
    constexpr int threads = 4, rounds = 6;
    const std::vector<layout_spec> layouts = all_layouts();
    std::vector<std::uint64_t> seeds;  // drawn here: fresh_seed() is for one thread
    for (int t = 0; t < threads * rounds; ++t) seeds.push_back(fresh_seed());
    INFO("first seed " << seeds.front());
    const std::vector<std::string> failures = run_in_threads(threads, [&](int t) -> std::string {
      cudaStream_t stream = nullptr;
      if (const std::string e = cuda_failure(cudaStreamCreate(&stream), "cudaStreamCreate"); !e.empty()) return e;
      std::string failed;
      for (int r = 0; r < rounds && failed.empty(); ++r) {
        const std::uint64_t seed = seeds[std::size_t(t * rounds + r)];
        // Every other round is several 16 MiB chunks long (m = 3: 48 MiB).
        const std::size_t m = r % 2 ? 3 : 1 + seed % 17, n = r % 2 ? (std::size_t(4) << 20) + seed % 999 : 1 + seed % 70000;
        const std::vector<float> in = random_values<float>(n * m, seed);
        const bool pinned = r % 3 != 0, sync = r % 4 == 3;
        std::vector<float> pageable_in, pageable_out;
        pinned_floats pinned_in(pinned ? n * m : 0), pinned_out(pinned ? n * m : 0);
        if (!pinned) pageable_in.resize(n * m), pageable_out.resize(n * m);
        float* src = pinned ? pinned_in.p : pageable_in.data();
        float* dst = pinned ? pinned_out.p : pageable_out.data();
        if (src == nullptr || dst == nullptr) return "cudaMallocHost failed";
        const layout_spec& a = layouts[std::size_t(t + r) % layouts.size()];
        const layout_spec& b = layouts[std::size_t(3 * t + r + 1) % layouts.size()];
        std::string waited;
        failed = shared_round_trip(rt, in, src, dst, n, m, a, b, sync, stream,
                                   [&] { waited = cuda_failure(cudaStreamSynchronize(stream), "cudaStreamSynchronize"); });
        if (!waited.empty()) failed = waited;
        if (!failed.empty())
          failed = "thread " + std::to_string(t) + (pinned ? ", pinned: " : ", pageable: ") + failed;
      }
      cudaStreamDestroy(stream);
      return failed;
    });
    for (const std::string& f : failures) CHECK_MESSAGE(f.empty(), f);
  }
}

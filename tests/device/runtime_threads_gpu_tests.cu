// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Threads sharing one CUDA runtime, each on its own stream (what runtime.hpp allows): pinned and
// pageable transfers, large enough to run through several chunks of the staging ring at once.
#include <coalesce/coalesce.hpp>

#include <doctest/doctest.h>

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
    const thread_rounds plan(4, 6);
    INFO("first seed " << plan.seeds.front());
    const std::vector<std::string> failures = run_in_threads(plan.threads, [&](int t) -> std::string {
      cudaStream_t stream = nullptr;
      if (const std::string e = cuda_failure(cudaStreamCreate(&stream), "cudaStreamCreate"); !e.empty()) return e;
      std::string failed;
      for (int r = 0; r < plan.rounds && failed.empty(); ++r) {
        const std::uint64_t seed = plan.seed(t, r);
        // Every other round is several 16 MiB chunks long (m = 3: 48 MiB).
        const bool large = r % 2 == 1;
        const std::size_t m = large ? 3 : 1 + seed % 17;
        const std::size_t n = large ? (std::size_t(4) << 20) + seed % 999 : 1 + seed % 70000;
        const std::vector<float> in = random_values<float>(n * m, seed);
        const bool pinned = r % 3 != 0, sync = r % 4 == 3;
        std::vector<float> pageable_in(pinned ? 0 : n * m), pageable_out(pinned ? 0 : n * m);
        pinned_floats pinned_in(pinned ? n * m : 0), pinned_out(pinned ? n * m : 0);
        float* src = pinned ? pinned_in.p : pageable_in.data();
        float* dst = pinned ? pinned_out.p : pageable_out.data();
        if (src == nullptr || dst == nullptr) {
          failed = "cudaMallocHost failed";
          break;
        }
        std::string waited;
        const auto wait = [&] { waited = cuda_failure(cudaStreamSynchronize(stream), "cudaStreamSynchronize"); };
        failed = shared_round_trip(rt, in, src, dst, n, m, plan.from(t, r), plan.to(t, r), sync, stream, wait);
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

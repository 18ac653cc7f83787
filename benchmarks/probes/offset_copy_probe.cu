// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Does a device copy's speed depend on where its source and destination lie from each other? The
// path matrix's m = 1 cells are a cudaMemcpyAsync of 128 MiB ("flat"), yet some pairs read 35% of the
// run's cudaMemcpy (blocked:1000 -> blocked:128) and others 90-97% (blocked:1000 -> blocked:32). This
// times cudaMemcpyAsync D2D of 128 MiB from the start of one pool to a destination delta bytes past
// the source's end, for deltas of 0 to 64 MiB, and between two cudaMalloc'ed buffers of the sizes
// the bench allocates for those cells. Built in CUDA builds as coalesce-offset-copy-probe
// (benchmarks/probes/ of the build tree).
#include "probe_common.hpp"

#include <cstdint>

int main() {
  const std::size_t bytes = std::size_t(128) << 20;
  char* pool = nullptr;
  const std::size_t slack = std::size_t(64) << 20;
  CHECK(cudaMalloc(&pool, 2 * bytes + slack));
  CHECK(cudaMemset(pool, 1, 2 * bytes + slack));
  const auto gbs = [&](float ms) { return 2.0 * double(bytes) / (ms * 1e-3) / 1e9; };
  std::printf("delta_bytes,gbs\n");
  for (std::size_t delta : {std::size_t(0), std::size_t(256), std::size_t(4096), std::size_t(65536),
                            std::size_t(1) << 20, std::size_t(2) << 20, std::size_t(3) << 20, std::size_t(4) << 20,
                            std::size_t(6) << 20, std::size_t(8) << 20, std::size_t(12) << 20, std::size_t(16) << 20,
                            std::size_t(24) << 20, std::size_t(32) << 20, std::size_t(48) << 20,
                            std::size_t(64) << 20}) {
    char* dst = pool + bytes + delta;
    if (delta + bytes > bytes + slack) continue;
    const float ms = median_ms([&] { CHECK(cudaMemcpyAsync(dst, pool, bytes, cudaMemcpyDeviceToDevice)); }, 20);
    std::printf("%zu,%.1f\n", delta, gbs(ms));
  }
  CHECK(cudaFree(pool));
  // The bench's pairs: 33554432 4-byte vectors (m = 1) as blocked:1000 (a span of 33555000) and as
  // blocked:128 / blocked:32 (33554432), allocated one after the other as a cell does, both ways.
  const std::size_t n = 33554432, b1000 = 33555000 * 4, b128 = n * 4;
  for (int order = 0; order < 2; ++order) {
    void *a = nullptr, *b = nullptr;
    CHECK(cudaMalloc(&a, order == 0 ? b1000 : b128));
    CHECK(cudaMalloc(&b, order == 0 ? b128 : b1000));
    CHECK(cudaMemset(a, 1, order == 0 ? b1000 : b128));
    CHECK(cudaMemset(b, 1, order == 0 ? b128 : b1000));
    const long long apart = static_cast<long long>(reinterpret_cast<std::uintptr_t>(b)) -
                            static_cast<long long>(reinterpret_cast<std::uintptr_t>(a));
    const float ab = median_ms([&] { CHECK(cudaMemcpyAsync(b, a, n * 4, cudaMemcpyDeviceToDevice)); }, 20);
    const float ba = median_ms([&] { CHECK(cudaMemcpyAsync(a, b, n * 4, cudaMemcpyDeviceToDevice)); }, 20);
    std::printf("cudaMalloc %s then %s, %lld bytes apart: first -> second %.1f GB/s, second -> first %.1f GB/s\n",
                order == 0 ? "blocked:1000" : "blocked:128", order == 0 ? "blocked:128" : "blocked:1000", apart,
                gbs(ab), gbs(ba));
    CHECK(cudaFree(a));
    CHECK(cudaFree(b));
  }
  return 0;
}

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The runs transform kernel's code (src/cuda/runs_kernel.cuh) run on the host, one thread after
// another (cuda_host_shim.hpp), on the misaligned runs its shifted 16-byte words serve: odd col_major
// pitches, pointers one element off. This
// checks the index arithmetic without a GPU, in CI: every element in place, nothing else written,
// and (under the asan-ubsan preset) no byte read outside the exact allocations and no 16-byte access
// misaligned. What it cannot check is the GPU's: races and memory ordering (the GPU tests,
// transform.cuda.misaligned.*, under compute-sanitizer).
#include "cuda_host_shim.hpp"

// The host compiler cannot see that each held chunk is stored only where it was loaded (the
// kernels' `#pragma unroll`s: tests/CMakeLists.txt).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include "../../src/cuda/runs_kernel.cuh"
#pragma GCC diagnostic pop
#include "../../src/relayout_plan.hpp"

#include <coalesce/runtime/runtime.hpp>

#include <doctest/doctest.h>

#include "random.hpp"

#include <cstdlib>
#include <cstring>
#include <memory>
#include <set>
#include <string>
#include <vector>

using namespace coalesce;
using namespace coalesce::detail;

namespace {

// The runs kernel's grid, block by block, thread by thread (no barriers, no shared memory).
template <class Word, unsigned W, bool Shifted, bool SrcBlocked, bool DstBlocked>
void run_runs(const Word* src, const runs_shape& shape, Word* dst, const Word& fill) {
  gridDim.x = runs_blocks(shape.cover, W, Shifted);
  gridDim.y = unsigned(shape.m);
  for (blockIdx.y = 0; blockIdx.y < gridDim.y; ++blockIdx.y)
    for (blockIdx.x = 0; blockIdx.x < gridDim.x; ++blockIdx.x)
      for (threadIdx.x = 0; threadIdx.x < unsigned(runs_threads); ++threadIdx.x)
        runs_kernel<Word, W, SrcBlocked, DstBlocked, Shifted>(src, dst, shape, true, fill);
}

template <class Word, unsigned W, bool Shifted>
void move_runs(const Word* src, const array_layout& sl, Word* dst, const array_layout& dl, const Word& fill) {
  const runs_shape shape{sl.n, dst_extent(dl, true), sl.m, columns_of(sl), columns_of(dl)};
  const bool sb = sl.kind == layout_kind::blocked, db = dl.kind == layout_kind::blocked;
  if (sb && db) return run_runs<Word, W, Shifted, true, true>(src, shape, dst, fill);
  if (sb) return run_runs<Word, W, Shifted, true, false>(src, shape, dst, fill);
  if (db) return run_runs<Word, W, Shifted, false, true>(src, shape, dst, fill);
  run_runs<Word, W, Shifted, false, false>(src, shape, dst, fill);
}

std::size_t offset_of(const array_layout& l, std::size_t v, std::size_t i) {
  return visit_mapping(l, [&](auto map) { return std::size_t(map(v, i)); });
}

// An exact allocation (malloc: 16-byte aligned), its data `shift` words in.
template <class Word>
struct exact_buffer {
  std::unique_ptr<void, void (*)(void*)> memory;
  Word* data;
  exact_buffer(std::size_t span, std::size_t shift)
      : memory(std::malloc((span + shift) * sizeof(Word)), std::free), data(static_cast<Word*>(memory.get()) + shift) {
    REQUIRE(memory);
  }
};

// Moves random words from sl to dl with the runs kernel where the device dispatch picks it (the move
// is skipped for others) and checks the destination whole; returns the kernel's name.
template <class Word>
std::string check_move(const array_layout& sl, std::size_t src_shift, const array_layout& dl, std::size_t dst_shift) {
  const std::uint64_t seed = test::fresh_seed();
  INFO(to_string(sl) << " +" << src_shift << " -> " << to_string(dl) << " +" << dst_shift << ", " << sizeof(Word)
                     << "-byte words, seed = " << seed);
  const std::vector<Word> values = test::random_values<Word>(sl.n * sl.m, seed);
  const Word mark = test::poison<Word>(), fill = values[0];
  exact_buffer<Word> src(sl.span(), src_shift), dst(dl.span(), dst_shift);
  std::fill(src.data, src.data + sl.span(), mark);
  std::fill(dst.data, dst.data + dl.span(), mark);
  for (std::size_t v = 0; v < sl.n; ++v)
    for (std::size_t i = 0; i < sl.m; ++i) src.data[offset_of(sl, v, i)] = values[v * sl.m + i];
  const std::string kernel = device_transform_kernel(sl, src.data, dl, dst.data, sizeof(Word));
  INFO("kernel " << kernel);
  const auto aligned = [](const void* p) { return reinterpret_cast<std::uintptr_t>(p) % 16 == 0; };
  const fast_plan fast = plan_fast_relayout(sl, dl, sizeof(Word), aligned(src.data), aligned(dst.data));
  constexpr unsigned G = unsigned(16 / sizeof(Word));
  if (fast.method == fast_method::runs) {
    if (fast.vector)
      move_runs<Word, G, false>(src.data, sl, dst.data, dl, fill);
    else if (fast.shifted)
      move_runs<Word, G, true>(src.data, sl, dst.data, dl, fill);
    else
      move_runs<Word, 1, false>(src.data, sl, dst.data, dl, fill);
  } else {
    return kernel;
  }
  std::vector<Word> expected(dl.span(), dl.kind == layout_kind::blocked ? fill : mark);
  for (std::size_t v = 0; v < dl.n; ++v)
    for (std::size_t i = 0; i < dl.m; ++i) expected[offset_of(dl, v, i)] = values[v * dl.m + i];
  if (std::memcmp(expected.data(), dst.data, expected.size() * sizeof(Word)) != 0) {
    std::size_t o = 0;
    while (expected[o] == dst.data[o]) ++o;
    INFO("first wrong element: " << o);
    REQUIRE(dst.data[o] == expected[o]);
  }
  return kernel;
}

// Odd col_major pitches against blocked and aligned columnar sides, both ways, each user side aligned
// and one word off.
template <class Word>
std::set<std::string> check_pairs(std::size_t n, std::size_t m) {
  const std::size_t wide = (n + 63) / 64 * 64;
  const array_layout odd_cols{layout_kind::col_major, n, m, n | 1, 0}, cols{layout_kind::col_major, n, m, wide, 0},
      b128{layout_kind::blocked, n, m, 0, 128}, b48{layout_kind::blocked, n, m, 0, 48};
  struct pair {
    array_layout a, b;
    bool b_user;  // b may be one word off too (a always may)
  };
  const std::vector<pair> pairs{{odd_cols, b128, false}, {odd_cols, b48, false}, {odd_cols, cols, true}};
  std::set<std::string> kernels;
  for (const pair& p : pairs)
    for (std::size_t sa : {0, 1})
      for (std::size_t sb : {0, 1}) {
        if (sb && !p.b_user) continue;
        kernels.insert(check_move<Word>(p.a, sa, p.b, sb));
        kernels.insert(check_move<Word>(p.b, sb, p.a, sa));
      }
  return kernels;
}

}  // namespace

TEST_SUITE("unit") {
  TEST_CASE("transform.kernels_on_host.misaligned") {
    for (std::size_t m : {1, 3, 12, 40})
      for (std::size_t n : {1, 5, 131, 1001}) {
        INFO("n = " << n << ", m = " << m);
        check_pairs<std::uint8_t>(n, m);  // 2-byte words: the GPU tests (build time here)
        check_pairs<std::uint64_t>(n, m);
        const std::set<std::string> kernels = check_pairs<std::uint32_t>(n, m);
        if (m > 1 && n > 100) {  // the shifted branches ran
          CHECK(kernels.count("runs (16-byte, shifted)") == 1);
        }
      }
  }
}

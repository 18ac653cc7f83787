// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Runs that start misaligned: col_major rows of odd pitch (a Kokkos LayoutLeft View of odd n), rows
// of pitch m + 1, and user pointers one element off, on the source, the destination or both, through
// the runs kernel's shifted 16-byte words, the transpose kernel's shifted columns (odd col_major
// pitch <-> aos) and pitched, span or shifted rows, and the tiled kernel (element by element on such a side).
// Each move goes straight through relayout_device between exact
// allocations (no slack after the last element, so memcheck sees any read past the data), into a
// poisoned destination whose gaps and the element before it must stay poisoned.
#include <coalesce/coalesce.hpp>

#include <doctest/doctest.h>

#include "routes.hpp"

#include "../../src/device_api.hpp"
#include "random.hpp"
#include "round_trip.hpp"

#include <cuda_runtime.h>

#include <cstdint>
#include <cstring>
#include <set>
#include <string>
#include <vector>

using namespace coalesce;
using namespace coalesce::test;

namespace {

#define REQUIRE_CUDA(call) REQUIRE((call) == cudaSuccess)

std::size_t offset_of(const array_layout& l, std::size_t v, std::size_t i) {
  return visit_mapping(l, [&](auto map) { return std::size_t(map(v, i)); });
}

// An exact device allocation of `span` elements placed `shift` elements past a 256-byte boundary.
template <class T>
struct shifted_buffer {
  void* raw = nullptr;
  T* data = nullptr;
  shifted_buffer(std::size_t span, std::size_t shift) {
    REQUIRE_CUDA(cudaMalloc(&raw, (span + shift) * sizeof(T)));
    data = static_cast<T*>(raw) + shift;
  }
  ~shifted_buffer() { cudaFree(raw); }
  shifted_buffer(const shifted_buffer&) = delete;
  shifted_buffer& operator=(const shifted_buffer&) = delete;
};

// Moves random data from sl (shift elements off) to dl (its own shift) and checks every element of
// dl's allocation: data where dl maps a vector, the fill in blocked padding, poison elsewhere.
// Returns the kernel the dispatch named.
template <class T>
std::string check_move(const array_layout& sl, std::size_t src_shift, const array_layout& dl, std::size_t dst_shift) {
  const std::uint64_t seed = fresh_seed();
  INFO(to_string(sl) << " +" << src_shift << " -> " << to_string(dl) << " +" << dst_shift
                     << ", sizeof(T) = " << sizeof(T) << ", seed = " << seed);
  const std::vector<T> values = random_values<T>(sl.n * sl.m, seed);
  const T mark = poison<T>();
  const T fill = values.empty() ? mark : values[0];  // a data value: padding must get exactly it
  std::vector<T> image(sl.span() + src_shift, mark);
  for (std::size_t v = 0; v < sl.n; ++v)
    for (std::size_t i = 0; i < sl.m; ++i) image[src_shift + offset_of(sl, v, i)] = values[v * sl.m + i];
  shifted_buffer<T> src(sl.span(), src_shift), dst(dl.span(), dst_shift);
  REQUIRE_CUDA(cudaMemcpy(src.raw, image.data(), image.size() * sizeof(T), cudaMemcpyHostToDevice));
  const std::vector<T> poisoned(dl.span() + dst_shift, mark);
  REQUIRE_CUDA(cudaMemcpy(dst.raw, poisoned.data(), poisoned.size() * sizeof(T), cudaMemcpyHostToDevice));
  const std::string kernel = test::route_name(sl, src.data, dl, dst.data, sizeof(T));
  INFO("kernel " << kernel);
  detail::relayout_device(src.data, sl, dst.data, dl, sizeof(T), &fill, "test");
  REQUIRE_CUDA(cudaDeviceSynchronize());
  std::vector<T> expected = poisoned;
  for (std::size_t o = 0; o < dl.span() && dl.kind == layout_kind::blocked; ++o) expected[dst_shift + o] = fill;
  for (std::size_t v = 0; v < dl.n; ++v)
    for (std::size_t i = 0; i < dl.m; ++i) expected[dst_shift + offset_of(dl, v, i)] = values[v * dl.m + i];
  std::vector<T> out(expected.size());
  REQUIRE_CUDA(cudaMemcpy(out.data(), dst.raw, out.size() * sizeof(T), cudaMemcpyDeviceToHost));
  if (std::memcmp(out.data(), expected.data(), out.size() * sizeof(T)) != 0) {
    std::size_t o = 0;
    while (std::memcmp(&out[o], &expected[o], sizeof(T)) == 0) ++o;
    INFO("first wrong element: " << o << " of the allocation (" << dst_shift << " before the data)");
    REQUIRE(std::memcmp(&out[o], &expected[o], sizeof(T)) == 0);
  }
  return kernel;
}

// The user's odd-pitch or shifted columns against the library's layouts and each other, both ways,
// with every pointer shift; returns the kernels the dispatch named.
template <class T>
std::set<std::string> check_misaligned(std::size_t n, std::size_t m) {
  const std::size_t round = (n + 63) / 64 * 64;
  const array_layout odd_cols{layout_kind::col_major, n, m, n, 0};
  const array_layout wide_cols{layout_kind::col_major, n, m, round, 0};  // aligned rows, where unshifted
  const array_layout odd_pitch_cols{layout_kind::col_major, n, m, round + 1, 0};
  const array_layout aos{layout_kind::row_major, n, m, m, 0};
  const array_layout odd_rows{layout_kind::row_major, n, m, m + 1, 0};  // transpose: span or pitched rows
  const array_layout b128{layout_kind::blocked, n, m, 0, 128};
  const array_layout b48{layout_kind::blocked, n, m, 0, 48};
  struct pair {
    array_layout a, b;
    bool a_shifts, b_shifts;  // a user's side: tried one element off too
  };
  const std::vector<pair> pairs{
      {odd_cols, b128, true, false},          {odd_cols, b48, true, false},       {odd_cols, wide_cols, true, true},
      {odd_cols, odd_pitch_cols, true, true}, {wide_cols, wide_cols, true, true}, {odd_cols, aos, true, true},
      {wide_cols, aos, true, true},           {aos, b128, true, false},           {b128, b48, false, false},
      {odd_rows, b128, true, false},          {odd_rows, odd_cols, true, true}};
  std::set<std::string> kernels;
  for (const pair& p : pairs)
    for (std::size_t sa : {0, 1})
      for (std::size_t sb : {0, 1}) {
        if ((sa && !p.a_shifts) || (sb && !p.b_shifts)) continue;
        kernels.insert(check_move<T>(p.a, sa, p.b, sb));
        kernels.insert(check_move<T>(p.b, sb, p.a, sa));
      }
  // A blocked side one element off: no aligned runs, so word by word (still exact).
  kernels.insert(check_move<T>(odd_cols, 1, b128, 1));
  return kernels;
}

template <class T>
void check_sizes(std::size_t big_n) {
  for (std::size_t m : {1, 3, 12, 40}) {
    const std::size_t n = m >= 12 ? (big_n * 3 / m) | 1 : big_n;  // odd, not a multiple of any bd
    INFO("n = " << n << ", m = " << m);
    const std::set<std::string> kernels = check_misaligned<T>(n, m);
    std::string seen;
    for (const std::string& k : kernels) seen += k + "; ";
    INFO("kernels: " << seen);
    if (sizeof(T) < 16 && m > 1) {
      // The new branches were taken (m = 1 columns are one contiguous run: flat, a cudaMemcpyAsync).
      CHECK(kernels.count("runs (16-byte, shifted)") == 1);
    }
    if (sizeof(T) > 1 && sizeof(T) < 16 && m > 1 && !(sizeof(T) == 8 && m >= 16)) {
      // aos one element off, either way: the transpose's shifted rows (but for 8-byte words from m =
      // 16; 1-byte words: below their tiles here, transform.cuda.misaligned.u8_rows).
      bool shifted_rows = false;
      for (const std::string& k : kernels) shifted_rows |= k.rfind("transpose (shifted rows", 0) == 0;
      CHECK(shifted_rows);
    }
    if (m > 1 && (sizeof(T) == 2 || ((sizeof(T) == 4 || sizeof(T) == 8) && m * sizeof(T) <= 64))) {
      // Odd columns <-> aos, both pointers aligned: the transpose with shifted columns.
      bool shifted_transpose = false;
      for (const std::string& k : kernels) shifted_transpose |= k.rfind("transpose (shifted columns)", 0) == 0;
      CHECK(shifted_transpose);
    }
  }
}

}  // namespace

TEST_SUITE("gpu") {
  TEST_CASE("transform.cuda.misaligned.float") { check_sizes<float>(3001); }
  TEST_CASE("transform.cuda.misaligned.double") { check_sizes<double>(2053); }
  TEST_CASE("transform.cuda.misaligned.u8") { check_sizes<std::uint8_t>(5001); }
  TEST_CASE("transform.cuda.misaligned.u16") { check_sizes<std::uint16_t>(3777); }
  TEST_CASE("transform.cuda.misaligned.quad") { check_sizes<quad>(1513); }
  TEST_CASE("transform.cuda.misaligned.u8_rows") {
    // 1-byte rows one element off (tiles of up to 5376 vectors): the shifted rows, every row mode
    // (packed, periodic, wrap from contiguous, wrap).
    for (std::size_t m : {3, 4, 16, 40}) {
      const std::size_t n = 3 * 5376 + 2 * m + 1;
      INFO("m = " << m);
      const array_layout aos{layout_kind::row_major, n, m, m, 0}, b128{layout_kind::blocked, n, m, 0, 128};
      const array_layout cols{layout_kind::col_major, n, m, n + 15, 0};
      for (std::size_t shift : {1, 7, 15}) {
        CHECK(check_move<std::uint8_t>(aos, shift, b128, 0) == "transpose (shifted rows)");
        CHECK(check_move<std::uint8_t>(b128, 0, aos, shift) == "transpose (shifted rows)");
        CHECK(check_move<std::uint8_t>(aos, shift, cols, 0).rfind("transpose (shifted rows", 0) == 0);
        CHECK(check_move<std::uint8_t>(cols, 0, aos, shift).rfind("transpose (shifted rows", 0) == 0);
      }
    }
  }
  TEST_CASE("transform.cuda.misaligned.tiny") {
    // Fewer vectors than a 16-byte word: heads and tails only.
    for (std::size_t n : {1, 2, 3, 5, 7, 17}) {
      check_misaligned<float>(n, 3);
      check_misaligned<std::uint8_t>(n, 3);
    }
  }
}

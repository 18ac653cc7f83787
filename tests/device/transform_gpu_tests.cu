// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The fast transforms: every kernel the dispatch table picks (tiled with each walk, 2D copies, the
// straightforward fallback), every element size, m from 1 to 100, block sizes that divide the tile,
// that the tile divides, and neither; and the chunked upload/download pipelines from pageable and
// pinned memory, with tails, on a caller's stream, and their error paths.
#include <coalesce/coalesce.hpp>

#include <doctest/doctest.h>

#include "routes.hpp"

#include "../../src/cuda/device_copy.hpp"
#include "../../src/relayout_plan.hpp"
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

std::vector<layout_spec> dispatch_layouts() {
  return {aos(), pitched_rows(), soa(), soa(false), blocked(1), blocked(48), blocked(64), blocked(96), blocked(128),
          blocked(256), blocked(1000), blocked(4096)};
}

// Device -> device between every pair, checked through a download of the result, and the padding
// of blocked destinations checked against the fill value.
template <class T>
void check_device_pairs(std::size_t n, std::size_t m, const std::vector<layout_spec>& layouts = dispatch_layouts()) {
  const runtime rt{backend::cuda};
  const std::uint64_t seed = fresh_seed();
  INFO("n = " << n << ", m = " << m << ", sizeof(T) = " << sizeof(T) << ", seed = " << seed);
  const std::vector<T> in = random_values<T>(n * m, seed);
  const T fill = poison<T>();
  for (const layout_spec& a : layouts) {
    const array<T> first = rt.upload(host_vectors(in.data(), n, m), a, fill);
    for (const layout_spec& b : layouts) {
      INFO(to_string(a) << " -> " << to_string(b));
      const array<T> second = rt.relayout(first, b, fill);
      std::vector<T> out(n * m, T{});
      rt.download(second, host_vectors(out.data(), n, m));
      REQUIRE(std::memcmp(out.data(), in.data(), in.size() * sizeof(T)) == 0);
      if (b.kind == layout_kind::blocked) {
        std::vector<T> raw(second.span());
        REQUIRE_CUDA(cudaMemcpy(raw.data(), second.data(), raw.size() * sizeof(T), cudaMemcpyDeviceToHost));
        const layout_blocked<>::mapping<extents<>> map(extents<>(n, m), b.block);
        for (std::size_t o = 0; o < raw.size(); ++o)
          if (!map.locate(o).is_data) REQUIRE(std::memcmp(&raw[o], &fill, sizeof(T)) == 0);
      }
    }
  }
}

}  // namespace

TEST_SUITE("gpu") {
  TEST_CASE("transform.cuda.every_kernel.float") {
    for (std::size_t m : {1, 2, 3, 4, 6, 8, 9, 10, 12, 16, 32, 33, 64}) check_device_pairs<float>(4099, m);
  }
  TEST_CASE("transform.cuda.every_kernel.double") {
    for (std::size_t m : {1, 2, 3, 4, 8, 9, 12, 32, 64}) check_device_pairs<double>(2053, m);
  }
  TEST_CASE("transform.cuda.every_kernel.other_widths") {
    for (std::size_t m : {1, 2, 3, 4, 5, 6, 8, 17, 18, 64}) {
      check_device_pairs<std::uint8_t>(5001, m);
      check_device_pairs<std::uint16_t>(3777, m);
      check_device_pairs<quad>(1513, m);
    }
  }
  TEST_CASE("transform.cuda.fast_kernels_around_whole_tiles") {
    // Fewer vectors than a transpose tile, whole tiles exactly, and tails, for the tiles that SoA
    // and blocked(128) get.
    const auto around_tiles = [](std::size_t m, std::size_t elem) {
      std::vector<std::size_t> sizes{1, 5, 131072 + 17};
      for (std::size_t cols_pitch : {std::size_t(1) << 20, std::size_t(0)}) {
        const array_layout rows{layout_kind::row_major, 1 << 20, m, m, 0};
        const array_layout other = cols_pitch != 0 ? array_layout{layout_kind::col_major, 1 << 20, m, cols_pitch, 0}
                                                           : array_layout{layout_kind::blocked, 1 << 20, m, 0, 128};
        const detail::fast_plan plan =
            detail::plan_fast_relayout(rows, other, elem, true, true);
        REQUIRE(plan.method == detail::fast_method::transpose);
        const std::size_t tile = plan.tile;
        for (std::size_t n : {tile - 1, tile, tile + 1, 3 * tile, 3 * tile + 5}) sizes.push_back(n);
      }
      return sizes;
    };
    for (std::size_t n : around_tiles(3, sizeof(float))) check_device_pairs<float>(n, 3);
    for (std::size_t n : around_tiles(12, sizeof(double))) check_device_pairs<double>(n, 12);
  }

  TEST_CASE("transform.cuda.transpose_blocks_of_any_size") {
    // bd not a power of two through the transpose kernel: tiles of whole blocks (96, 40, 1000 at
    // m = 3) and tiles inside a block (1000 at m = 12, 100), with n below a tile, around whole tiles
    // and blocks, and past them by a tail; rows and pitched rows both ways (small enough for
    // compute-sanitizer: scripts/gpu.sh sanitize).
    const std::vector<layout_spec> layouts{aos(), pitched_rows(), blocked(40), blocked(96), blocked(1000)};
    std::size_t transposes = 0;
    for (std::size_t m : {3, 12, 100})
      for (std::size_t n : {std::size_t(37), std::size_t(1000), std::size_t(2 * 1344 + 97), std::size_t(5 * 1000 + 3)}) {
        check_device_pairs<float>(n, m, layouts);
        if (m != 100) check_device_pairs<std::uint16_t>(n, m, layouts);
        check_device_pairs<double>(n, m, layouts);
        for (std::size_t bd : {40, 96, 1000}) {
          const array_layout r{layout_kind::row_major, n, m, m, 0}, b{layout_kind::blocked, n, m, 0, bd};
          transposes += detail::plan_fast_relayout(r, b, 4, true, true).method == detail::fast_method::transpose;
        }
      }
    CHECK(transposes >= 18);  // every bd at m = 3, 12 and 100 where n holds a tile
  }

  TEST_CASE("transform.cuda.transposes_of_narrow_words") {
    // 1- and 2-byte words through the transpose kernel, whose lanes turn their columnar chunks by
    // quarter chunks (column_turn): col_major sides (pitched and packed soa) and blocks larger than
    // a tile (4096 at m = 5, 16 of 1-byte words), n three tiles and a tail, both ways.
    const std::vector<layout_spec> layouts{aos(), soa(), soa(false), blocked(4096)};
    std::size_t transposes = 0;
    for (std::size_t m : {2, 3, 5, 16, 33, 100}) {
      const std::size_t n = 3 * (16384 / m) + 17;
      check_device_pairs<std::uint8_t>(n, m, layouts);
      check_device_pairs<std::uint16_t>(n, m, layouts);
      for (std::size_t elem : {1, 2}) {
        const array_layout r{layout_kind::row_major, n, m, m, 0};
        const array_layout c{layout_kind::col_major, n, m, (n + 255) / 256 * 256, 0};
        transposes += detail::plan_fast_relayout(r, c, elem, true, true).method == detail::fast_method::transpose;
        transposes += detail::plan_fast_relayout(c, r, elem, true, true).method == detail::fast_method::transpose;
      }
    }
    CHECK(transposes == 24);  // every m, both word sizes, both ways
  }

  TEST_CASE("transform.cuda.runs_of_narrow_chunks") {
    // Columnar pairs whose runs start on 8, 4 or 2 bytes and no more (bd * elem not a multiple of 16:
    // 1-byte words in blocks of 1000, 36, 1002; 2-byte in blocks of 100; 4-byte in blocks of 10; a
    // packed soa of n = 5002 one-byte words), moved in chunks of that size; n past whole blocks and
    // chunks, the blocked padding checked against the fill (small enough for compute-sanitizer:
    // scripts/gpu.sh sanitize).
    std::set<unsigned> widths;
    const auto count_narrow = [&](std::size_t n, std::size_t m, std::size_t elem, const std::vector<layout_spec>& l) {
      for (const layout_spec& a : l)
        for (const layout_spec& b : l) {
          const auto layout_of = [&](const layout_spec& s) {
            return s.kind == layout_kind::blocked ? array_layout{layout_kind::blocked, n, m, 0, s.block}
                                                  : array_layout{layout_kind::col_major, n, m, n, 0};
          };
          widths.insert(detail::plan_fast_relayout(layout_of(a), layout_of(b), elem, true, true).chunk);
        }
    };
    for (std::size_t m : {1, 3, 12})
      for (std::size_t n : {std::size_t(7), std::size_t(5002), std::size_t(3 * 1002 + 5)}) {
        const std::vector<layout_spec> bytes{soa(), soa(false), blocked(1000), blocked(36), blocked(1002), blocked(128)};
        check_device_pairs<std::uint8_t>(n, m, bytes);
        count_narrow(n, m, 1, bytes);
        const std::vector<layout_spec> halves{soa(), blocked(100), blocked(128)}, words{soa(), blocked(10), blocked(96)};
        check_device_pairs<std::uint16_t>(n, m, halves);
        check_device_pairs<float>(n, m, words);
        count_narrow(n, m, 2, halves);
        count_narrow(n, m, 4, words);
      }
    CHECK(widths == std::set<unsigned>{0, 2, 4, 8, 16});
  }

  TEST_CASE("transform.cuda.unaligned_user_pointers_take_the_generic_kernels") {
    const runtime rt{backend::cuda};
    const std::size_t n = 50'001, m = 4;
    const std::vector<float> in = random_values<float>(n * m, fresh_seed());
    float* raw = nullptr;
    REQUIRE_CUDA(cudaMalloc(&raw, (n * m + 1) * sizeof(float)));
    float* shifted = raw + 1;  // 4-byte aligned, not 16
    REQUIRE_CUDA(cudaMemcpy(shifted, in.data(), in.size() * sizeof(float), cudaMemcpyHostToDevice));
    for (const layout_spec& spec : {soa(), blocked(128), blocked(4096)}) {
      INFO(to_string(spec));
      const array<float> a = rt.upload(device_vectors(static_cast<const float*>(shifted), n, m), spec, -1.0f);
      const std::vector<float> poisoned(n * m, poison<float>());
      REQUIRE_CUDA(cudaMemcpy(shifted, poisoned.data(), poisoned.size() * sizeof(float), cudaMemcpyHostToDevice));
      rt.download(a, device_vectors(shifted, n, m));
      std::vector<float> out(n * m);
      REQUIRE_CUDA(cudaMemcpy(out.data(), shifted, out.size() * sizeof(float), cudaMemcpyDeviceToHost));
      REQUIRE(std::memcmp(out.data(), in.data(), in.size() * sizeof(float)) == 0);
    }
    cudaFree(raw);
  }

  TEST_CASE("transform.cuda.device_copies_at_any_distance") {
    // Device to device copies between every pair of offsets within 16 bytes (the shifted copy kernel
    // where the distance is not a multiple of 4, cudaMemcpyAsync otherwise), lengths just at and past
    // the kernel's 4096 bytes, with tails of every size and one of several passes of the grid: the
    // bytes arrive, the bytes around them stay poisoned.
    const std::uint64_t seed = fresh_seed();
    INFO("seed = " << seed);
    constexpr std::size_t slack = 64, most = (std::size_t(3) << 20) + 77;
    const std::vector<std::uint64_t> words = random_values<std::uint64_t>(most / 8 + slack, seed);
    std::vector<unsigned char> in(most + slack);
    std::memcpy(in.data(), words.data(), in.size());
    void* src = nullptr;
    void* dst = nullptr;
    REQUIRE_CUDA(cudaMalloc(&src, in.size()));
    REQUIRE_CUDA(cudaMalloc(&dst, in.size()));
    REQUIRE_CUDA(cudaMemcpy(src, in.data(), in.size(), cudaMemcpyHostToDevice));
    const std::vector<unsigned char> poisoned(in.size(), 0xA5);
    std::vector<unsigned char> out(in.size());
    std::size_t shifted = 0;
    for (std::size_t from = 0; from < 16; ++from)
      for (std::size_t to = 0; to < 16; ++to)
        for (std::size_t bytes : {std::size_t(4096), std::size_t(4096 + 13), std::size_t(70001), most}) {
          if (bytes == most && (from + to) % 5 != 0) continue;  // the long copy at a sample of offsets
          INFO("from " << from << ", to " << to << ", bytes " << bytes);
          const auto* s = static_cast<const unsigned char*>(src) + from;
          auto* d = static_cast<unsigned char*>(dst) + to;
          shifted += detail::shifted_copy_pays(d, s, bytes);
          REQUIRE_CUDA(cudaMemcpy(dst, poisoned.data(), poisoned.size(), cudaMemcpyHostToDevice));
          detail::copy_device_bytes(d, s, bytes, nullptr, "test");
          REQUIRE_CUDA(cudaDeviceSynchronize());
          REQUIRE_CUDA(cudaMemcpy(out.data(), dst, out.size(), cudaMemcpyDeviceToHost));
          REQUIRE(std::memcmp(out.data() + to, in.data() + from, bytes) == 0);
          REQUIRE(std::memcmp(out.data(), poisoned.data(), to) == 0);
          REQUIRE(std::memcmp(out.data() + to + bytes, poisoned.data(), out.size() - to - bytes) == 0);
        }
    CHECK(shifted > 500);
    cudaFree(src);
    cudaFree(dst);
  }

  TEST_CASE("transform.cuda.user_rows_of_any_pitch_and_alignment") {
    // The user's device rows with pitch m, m + 1 or cudaMallocPitch's, at an aligned address or one
    // element past it: upload into every layout and download back (the rows kernel, the runs and
    // tiled kernels; cudaMallocPitch's aligned rows <-> soa and blocked: the transpose's pitched rows),
    // the user's row padding left as it was.
    const runtime rt{backend::cuda};
    std::size_t pitched_transposes = 0;
    const auto check = [&](auto zero, std::size_t n, std::size_t m) {
      using T = decltype(zero);
      const std::uint64_t seed = fresh_seed();
      const std::vector<T> in = random_values<T>(n * m, seed);
      for (int pitch_class = 0; pitch_class < 3; ++pitch_class) {
        for (std::size_t offset : {0, 1}) {
          std::size_t pitch = pitch_class == 0 ? m : m + 1;
          void* raw = nullptr;
          if (pitch_class == 2) {
            std::size_t bytes = 0;
            REQUIRE_CUDA(cudaMallocPitch(&raw, &bytes, (m + offset) * sizeof(T), n));
            pitch = bytes / sizeof(T);
          } else {
            REQUIRE_CUDA(cudaMalloc(&raw, (n * pitch + offset) * sizeof(T)));
          }
          T* rows = static_cast<T*>(raw) + offset;
          const std::size_t span = (n - 1) * pitch + m;
          std::vector<T> image(span, poison<T>());
          for (std::size_t v = 0; v < n; ++v) std::memcpy(&image[v * pitch], &in[v * m], m * sizeof(T));
          for (const layout_spec& spec : dispatch_layouts()) {
            INFO("n = " << n << ", m = " << m << ", sizeof(T) = " << sizeof(T) << ", pitch " << pitch << ", offset "
                        << offset << ", " << to_string(spec) << ", seed = " << seed);
            REQUIRE_CUDA(cudaMemcpy(rows, image.data(), span * sizeof(T), cudaMemcpyHostToDevice));
            const array<T> a = rt.upload(device_vectors(static_cast<const T*>(rows), n, m, pitch), spec, T{});
            const array_layout user{layout_kind::row_major, n, m, pitch, 0};
            const std::string kernel = test::route_name(user, rows, a.layout(), a.data(), sizeof(T));
            pitched_transposes += kernel.rfind("transpose (pitched", 0) == 0;
            std::vector<T> back(span);
            const std::vector<T> poisoned(span, poison<T>());
            REQUIRE_CUDA(cudaMemcpy(rows, poisoned.data(), span * sizeof(T), cudaMemcpyHostToDevice));
            rt.download(a, device_vectors(rows, n, m, pitch));
            REQUIRE_CUDA(cudaMemcpy(back.data(), rows, span * sizeof(T), cudaMemcpyDeviceToHost));
            for (std::size_t v = 0; v < n; ++v) {
              REQUIRE(std::memcmp(&back[v * pitch], &in[v * m], m * sizeof(T)) == 0);
              for (std::size_t i = m; i < pitch && v * pitch + i < span; ++i)
                REQUIRE(std::memcmp(&back[v * pitch + i], &poisoned[0], sizeof(T)) == 0);
            }
          }
          cudaFree(raw);
        }
      }
    };
    for (std::size_t m : {1, 3, 4, 7, 12, 48}) {
      check(float{}, 3001, m);
      check(std::uint8_t{}, 2049, m);
      check(double{}, 1031, m);
      check(quad{}, 517, m);
    }
    CHECK(pitched_transposes > 50);
  }

  TEST_CASE("transform.cuda.user_components_of_any_pitch_and_alignment") {
    // The user's device components (col_major: a Kokkos LayoutLeft View) with pitch n, odd and padded,
    // at an aligned address or 1 or 3 elements past it: upload into rows, soa and blocked and download
    // back (rows <-> such columns: the transpose's shifted columns; 1-byte words <-> blocks of 1000:
    // the runs kernel's shifted 8-byte chunks), the gaps between the user's component rows left as
    // they were.
    const runtime rt{backend::cuda};
    std::size_t shifted = 0, shifted_bytes = 0, shifted_runs = 0;
    const auto check = [&](auto zero, std::size_t n, std::size_t m) {
      using T = decltype(zero);
      const std::uint64_t seed = fresh_seed();
      const std::vector<T> in = random_values<T>(n * m, seed);  // component i of vector v at i * n + v
      for (std::size_t pitch : {n, n | 1, n + 37})
        for (std::size_t offset : {0, 1, 3}) {
          const std::size_t span = (m - 1) * pitch + n;
          T* raw = nullptr;
          REQUIRE_CUDA(cudaMalloc(&raw, (span + offset) * sizeof(T)));
          T* cols = raw + offset;
          std::vector<T> image(span, poison<T>());
          for (std::size_t i = 0; i < m; ++i) std::memcpy(&image[i * pitch], &in[i * n], n * sizeof(T));
          for (const layout_spec& spec : {aos(), pitched_rows(), soa(), blocked(128), blocked(96), blocked(1000)}) {
            INFO("n = " << n << ", m = " << m << ", sizeof(T) = " << sizeof(T) << ", pitch " << pitch << ", offset "
                        << offset << ", " << to_string(spec) << ", seed = " << seed);
            REQUIRE_CUDA(cudaMemcpy(cols, image.data(), span * sizeof(T), cudaMemcpyHostToDevice));
            const array<T> a = rt.upload(device_components(static_cast<const T*>(cols), n, m, pitch), spec, T{});
            const array_layout user{layout_kind::col_major, n, m, pitch, 0};
            const std::string kernel = test::route_name(user, cols, a.layout(), a.data(), sizeof(T));
            shifted += kernel == "transpose (shifted columns)";
            shifted_bytes += kernel.find("shifted columns") != std::string::npos && sizeof(T) == 1;
            shifted_runs += kernel == "runs (8-byte, shifted)";
            const std::vector<T> poisoned(span, poison<T>());
            REQUIRE_CUDA(cudaMemcpy(cols, poisoned.data(), span * sizeof(T), cudaMemcpyHostToDevice));
            rt.download(a, device_components(cols, n, m, pitch));
            std::vector<T> back(span);
            REQUIRE_CUDA(cudaMemcpy(back.data(), cols, span * sizeof(T), cudaMemcpyDeviceToHost));
            for (std::size_t i = 0; i < m; ++i) {
              REQUIRE(std::memcmp(&back[i * pitch], &in[i * n], n * sizeof(T)) == 0);
              for (std::size_t v = n; v < pitch && i * pitch + v < span; ++v)
                REQUIRE(std::memcmp(&back[i * pitch + v], &poisoned[0], sizeof(T)) == 0);
            }
          }
          cudaFree(raw);
        }
    };
    for (std::size_t m : {1, 3, 4, 12}) {
      check(float{}, 9001, m);
      check(std::uint16_t{}, 12003, m);
      check(double{}, 4001, m);
      check(std::uint8_t{}, 20011, m);
    }
    CHECK(shifted > 30);
    // 1-byte words into rows, of the 8 shifted sides each (odd pitch or offset): aos at m = 3 and 4,
    // pitched rows at m = 3, 4 and 12 (packed rows of m = 12 go to the tiled kernel).
    CHECK(shifted_bytes >= 40);
    CHECK(shifted_runs >= 9);  // 1-byte words of m > 1 into blocks of 1000 from an odd pitch or an offset
  }

  TEST_CASE("transform.cuda.fallback_kernel_for_large_m") {
    check_device_pairs<quad>(300, 100);  // 100 x 16-byte rows: no tile fits the shared budget
    check_device_pairs<float>(70, 1500);
  }

  TEST_CASE("transform.cuda.pipelines_pageable_and_pinned") {
    const runtime rt{backend::cuda};
    // More than 16 MiB chunks, with a tail: 3 chunks and a bit.
    const std::size_t n = 3'000'017, m = 3, pitch = 4;
    const std::vector<float> in = user_array<float>(n, m, pitch, fresh_seed());
    float* pinned_in = nullptr;
    float* pinned_out = nullptr;
    REQUIRE_CUDA(cudaMallocHost(&pinned_in, in.size() * sizeof(float)));
    REQUIRE_CUDA(cudaMallocHost(&pinned_out, in.size() * sizeof(float)));
    std::memcpy(pinned_in, in.data(), in.size() * sizeof(float));
    for (const layout_spec& spec : {soa(), blocked(128), blocked(4096), blocked(48), aos()}) {
      for (bool pinned : {false, true}) {
        INFO(to_string(spec) << (pinned ? " pinned" : " pageable"));
        const float* source = pinned ? pinned_in : in.data();
        const array<float> a = rt.upload(host_vectors(source, n, m, pitch), spec, -1.0f);
        std::vector<float> pageable_out(in.size(), poison<float>());
        float* out = pinned ? pinned_out : pageable_out.data();
        std::fill(out, out + in.size(), poison<float>());
        rt.download(a, host_vectors(out, n, m, pitch));
        REQUIRE(std::memcmp(out, in.data(), in.size() * sizeof(float)) == 0);
      }
    }
    cudaFreeHost(pinned_in);
    cudaFreeHost(pinned_out);
  }

  TEST_CASE("transform.cuda.async_on_a_user_stream") {
    const runtime rt{backend::cuda};
    cudaStream_t stream;
    REQUIRE_CUDA(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    const std::size_t n = 2'500'003, m = 4;
    float* pinned_in = nullptr;
    float* pinned_out = nullptr;
    REQUIRE_CUDA(cudaMallocHost(&pinned_in, n * m * sizeof(float)));
    REQUIRE_CUDA(cudaMallocHost(&pinned_out, n * m * sizeof(float)));
    const std::vector<float> in = random_values<float>(n * m, fresh_seed());
    std::memcpy(pinned_in, in.data(), in.size() * sizeof(float));
    std::fill(pinned_out, pinned_out + n * m, poison<float>());
    array<float> blocked_array = rt.allocate<float>(n, m, blocked(256));
    array<float> soa_array = rt.allocate<float>(n, m, soa());
    rt.upload_async(host_vectors(static_cast<const float*>(pinned_in), n, m), blocked_array, stream);
    rt.copy_async(blocked_array, soa_array, stream);
    rt.download_async(soa_array, host_vectors(pinned_out, n, m), stream);
    REQUIRE_CUDA(cudaStreamSynchronize(stream));
    CHECK(std::memcmp(pinned_out, in.data(), in.size() * sizeof(float)) == 0);
    cudaFreeHost(pinned_in);
    cudaFreeHost(pinned_out);
    cudaStreamDestroy(stream);
  }

  TEST_CASE("transform.cuda.errors_leave_destination_untouched") {
    const runtime rt{backend::cuda};
    const std::size_t n = 100'000, m = 3;
    const std::vector<float> in = random_values<float>(n * m, fresh_seed());
    array<float> dst = rt.allocate<float>(n, m, blocked(128));
    const std::vector<float> before_values(dst.span(), 7.0f);
    REQUIRE_CUDA(cudaMemcpy(dst.data(), before_values.data(), dst.span() * sizeof(float), cudaMemcpyHostToDevice));
    // A destination too small for the source.
    array<float> small = rt.allocate<float>(n - 1, m, blocked(128));
    try {
      rt.upload_async(host_vectors(in.data(), n, m), small, nullptr);
      FAIL("an upload into a too-small array succeeded");
    } catch (const error& e) {
      CHECK(e.code() == errc::size_mismatch);
    }
    // A stream that cannot take this transfer: it is capturing a graph, and pageable memory needs host waits.
    cudaStream_t capturing;
    REQUIRE_CUDA(cudaStreamCreateWithFlags(&capturing, cudaStreamNonBlocking));
    REQUIRE_CUDA(cudaStreamBeginCapture(capturing, cudaStreamCaptureModeRelaxed));
    for (bool download : {false, true}) {
      try {
        if (download) {
          std::vector<float> out(n * m, poison<float>());
          rt.download_async(dst, host_vectors(out.data(), n, m), capturing);
          CHECK(out == std::vector<float>(n * m, poison<float>()));
        } else {
          rt.upload_async(host_vectors(in.data(), n, m), dst, capturing);
        }
        FAIL("a pageable transfer on a capturing stream succeeded");
      } catch (const error& e) {
        INFO(e.what());
        CHECK(e.code() == errc::invalid_argument);
        CHECK(std::string(e.what()).find("capturing") != std::string::npos);
      }
    }
    cudaGraph_t graph = nullptr;
    REQUIRE_CUDA(cudaStreamEndCapture(capturing, &graph));
    if (graph) cudaGraphDestroy(graph);
    cudaStreamDestroy(capturing);
    REQUIRE_CUDA(cudaDeviceSynchronize());
    std::vector<float> after(dst.span());
    REQUIRE_CUDA(cudaMemcpy(after.data(), dst.data(), after.size() * sizeof(float), cudaMemcpyDeviceToHost));
    CHECK(after == before_values);
  }
}

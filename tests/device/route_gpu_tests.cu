// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Every route of the route table (src/move_routes.hpp) forced, on the GPU, on random moves it applies
// to: vector sets (rows of odd pitches, columns, blocks of any bd; sides one word off 16 bytes; 1- to
// 16-byte words; with and without a fill for blocked padding) and records (random structs, random
// record layouts). Each destination is checked byte for byte against the move done on the host:
// every element in place, padding lanes filled, row padding and the bytes around the destination
// untouched. COALESCE_STRESS_CASES sets the draws (default 150 of each).
#include <coalesce/coalesce.hpp>

#include <doctest/doctest.h>

#include "../../src/device_api.hpp"
#include "../../src/move_routes.hpp"
#include "../../src/record/record_device.hpp"
#include "../../src/record/record_move.hpp"
#include "random.hpp"
#include "random_layouts.hpp"
#include "random_records.hpp"
#include "stress_chains.hpp"

#include <cuda_runtime.h>

#include <cstring>
#include <map>
#include <random>
#include <string>
#include <vector>

using namespace coalesce;
using namespace coalesce::test;
using namespace coalesce::detail;

namespace {

#define REQUIRE_CUDA(call) REQUIRE((call) == cudaSuccess)

constexpr std::size_t guard = 64;  // poisoned bytes before and after each side
constexpr unsigned char poison = 0x5C;

// Device bytes `bytes` long, `shift` bytes past a 256-byte boundary, with poisoned guards around.
struct device_side {
  unsigned char* raw = nullptr;
  unsigned char* data = nullptr;
  std::size_t bytes;
  device_side(std::size_t n, std::size_t shift) : bytes(n) {
    REQUIRE_CUDA(cudaMalloc(&raw, bytes + 2 * guard + 256));
    data = raw + 256 + shift;
    REQUIRE_CUDA(cudaMemset(raw, poison, bytes + 2 * guard + 256));
  }
  ~device_side() { cudaFree(raw); }
  device_side(const device_side&) = delete;
  device_side& operator=(const device_side&) = delete;
  // The side and its guards, as the host sees them.
  std::vector<unsigned char> image() const {
    std::vector<unsigned char> h(bytes + 2 * guard);
    REQUIRE_CUDA(cudaMemcpy(h.data(), data - guard, h.size(), cudaMemcpyDeviceToHost));
    return h;
  }
  void set(const std::vector<unsigned char>& h) {
    REQUIRE_CUDA(cudaMemcpy(data - guard, h.data(), h.size(), cudaMemcpyHostToDevice));
  }
};

// Restores the unforced choice when a test ends, however it ends.
struct forced_route_reset {
  ~forced_route_reset() { force_route(nullptr); }
};

std::size_t element_offset(const array_layout& l, std::size_t v, std::size_t i) {
  return visit_mapping(l, [&](auto map) { return std::size_t(map(v, i)); });
}

// The destination as the move must leave it: data in place, a blocked destination's padding lanes the
// fill (when one is given), every other byte as it was.
std::vector<unsigned char> expected_vectors(const array_layout& sl, const std::vector<unsigned char>& src,
                                            const array_layout& dl, std::vector<unsigned char> dst, std::size_t elem,
                                            const unsigned char* fill) {
  for (std::size_t v = 0; v < dl.n; ++v)
    for (std::size_t i = 0; i < dl.m; ++i)
      std::memcpy(&dst[guard + element_offset(dl, v, i) * elem], &src[guard + element_offset(sl, v, i) * elem], elem);
  if (fill && dl.kind == layout_kind::blocked)
    for (std::size_t v = dl.n; v < dst_extent(dl, true); ++v)
      for (std::size_t i = 0; i < dl.m; ++i)
        std::memcpy(&dst[guard + (v / dl.block * dl.m * dl.block + i * dl.block + v % dl.block) * elem], fill, elem);
  return dst;
}

void require_same_bytes(const std::vector<unsigned char>& got, const std::vector<unsigned char>& want) {
  REQUIRE(got.size() == want.size());
  const auto at = std::mismatch(got.begin(), got.end(), want.begin());
  REQUIRE_MESSAGE(at.first == got.end(), "byte " << (at.first - got.begin()) - std::ptrdiff_t(guard)
                                                 << " of the destination (negative: the guard before): got "
                                                 << int(*at.first) << ", want " << int(*at.second));
}

}  // namespace

TEST_SUITE("gpu") {
  TEST_CASE("route.gpu.vector_sets_every_route_forced") {
    const runtime rt{backend::cuda};  // skips without a device (gpu_main)
    const forced_route_reset reset;
    std::mt19937_64 gen(fresh_seed());
    std::map<std::string, std::size_t> ran;
    const std::size_t cases = stress_cases(150);
    for (std::size_t c = 0; c < cases; ++c) {
      const std::size_t elem = std::size_t(1) << (gen() % 5), m = 1 + gen() % 40;
      const array_layout probe = random_array_layout(gen, 1, m);
      const std::size_t n = random_count(gen, probe.block, 3000);
      array_layout sl = random_array_layout(gen, n, m), dl = random_array_layout(gen, n, m);
      if (gen() % 4 == 0) dl = sl;  // the copies
      const std::size_t ss = sl.kind == layout_kind::row_major && gen() % 2 ? elem % 16 : 0;
      const std::size_t ds = dl.kind == layout_kind::row_major && gen() % 2 ? elem % 16 : 0;
      std::vector<unsigned char> fill(elem);
      for (unsigned char& b : fill) b = static_cast<unsigned char>(gen());
      const bool with_fill = gen() % 2;
      INFO(to_string(sl) << " +" << ss << " -> " << to_string(dl) << " +" << ds << ", " << elem
                         << "-byte words, fill " << with_fill << ", seed " << gen());
      device_side src(sl.span() * elem, ss), dst(dl.span() * elem, ds);
      std::vector<unsigned char> src_image = src.image();
      for (std::size_t b = guard; b < guard + src.bytes; ++b) src_image[b] = static_cast<unsigned char>(gen());
      src.set(src_image);
      const std::vector<unsigned char> before = dst.image();
      const std::vector<unsigned char> want =
          expected_vectors(sl, src_image, dl, before, elem, with_fill ? fill.data() : nullptr);
      device_move move;
      move.vectors = true;
      move.src = sl;
      move.dst = dl;
      move.elem = elem;
      move.src_data = src.data;
      move.dst_data = dst.data;
      move.fill = with_fill ? fill.data() : nullptr;
      for (const route_info& r : routes) {
        if (!route_declines(r.id, move).empty()) continue;
        INFO("route " << std::string(r.name));
        dst.set(before);
        force_route(&r);
        relayout_device(src.data, sl, dst.data, dl, elem, move.fill, "test");
        REQUIRE_CUDA(cudaDeviceSynchronize());
        require_same_bytes(dst.image(), want);
        require_same_bytes(src.image(), src_image);
        ++ran[r.name];
      }
      force_route(nullptr);
    }
    for (const auto& [name, count] : ran) MESSAGE(name << ": " << count);
    for (const route_info& r : routes) CHECK_MESSAGE(ran.count(r.name) == 1, "route " << r.name << " never ran");
  }

  TEST_CASE("route.gpu.records_every_route_forced") {
    const runtime rt{backend::cuda};
    const forced_route_reset reset;
    std::mt19937_64 gen(fresh_seed());
    std::map<std::string, std::size_t> ran;
    const std::size_t cases = stress_cases(150);
    for (std::size_t c = 0; c < cases; ++c) {
      const record_desc desc = random_record(gen, 16);
      const record_layout_spec a = random_record_layout(desc, gen), b = random_record_layout(desc, gen);
      const std::size_t n = random_count(gen, a.block, 3000);
      const record_layout sl = resolve_record_layout(desc, n, a, "test"), dl = resolve_record_layout(desc, n, b, "test");
      INFO(to_string(a) << " -> " << to_string(b) << ", n " << n << ", " << desc.size() << " fields");
      const record_move move = plan_record_move(desc, sl, dl, nullptr, false);
      const record_range range = whole(sl, dl);
      device_side src(sl.span_bytes, 0), dst(dl.span_bytes, 0);
      std::vector<unsigned char> src_image = src.image();
      for (std::size_t k = guard; k < guard + src.bytes; ++k) src_image[k] = static_cast<unsigned char>(gen());
      src.set(src_image);
      const std::vector<unsigned char> before = dst.image();
      std::vector<unsigned char> want = before;
      move_records_host(src_image.data() + guard, want.data() + guard, move, range);
      // The bytes of the destination's records no field covers are the array's: the kernels may zero
      // them (with whole chunks) or leave them; every other byte must be as the host move left it.
      // (A rows component has no padding records: a split layout's cold rows end at n, its blocks at the
      // extent.)
      std::vector<bool> field_byte(want.size(), false);
      for (std::size_t k = 0; k < move.width.size(); ++k)
        for (std::size_t v = 0; v < (move.dst[k].block == 1 ? range.count : range.dst_count); ++v)
          for (unsigned b = 0; b < move.width[k]; ++b)
            field_byte[guard + component_offset(move.dst[k], move.width[k], v) + b] = true;
      const auto gaps_as_allowed = [&](std::vector<unsigned char> got) {
        for (std::size_t b = guard; b < guard + dst.bytes; ++b)
          if (!field_byte[b] && got[b] == 0 && want[b] == before[b]) got[b] = want[b];
        return got;
      };
      device_move d;
      d.records = &move;
      d.range = range;
      d.src_data = src.data;
      d.dst_data = dst.data;
      for (const route_info& r : routes) {
        if (!route_declines(r.id, d).empty()) continue;
        INFO("route " << std::string(r.name));
        dst.set(before);
        force_route(&r);
        move_records_device(src.data, dst.data, move, range, "test", nullptr);
        REQUIRE_CUDA(cudaDeviceSynchronize());
        require_same_bytes(gaps_as_allowed(dst.image()), want);
        require_same_bytes(src.image(), src_image);
        ++ran[r.name];
      }
      force_route(nullptr);
    }
    for (const auto& [name, count] : ran) MESSAGE(name << ": " << count);
    for (const char* name : {"records_lanes", "records_staged", "elements"})
      CHECK_MESSAGE(ran.count(name) == 1, "route " << name << " never ran");
  }

  TEST_CASE("route.gpu.forcing_a_route_that_does_not_apply_throws") {
    const runtime rt{backend::cuda};
    const forced_route_reset reset;
    std::vector<float> h(1000 * 3);
    const array<float> a = rt.upload(host_vectors(h.data(), 1000, 3), aos());
    force_route(&route_of(route_id::rows));
    CHECK_THROWS_WITH_AS(rt.relayout(a, soa()), doctest::Contains("COALESCE_FORCE_ROUTE=rows does not apply"),
                         coalesce::error);
  }
}

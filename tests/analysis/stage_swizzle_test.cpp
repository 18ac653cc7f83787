// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The staged record kernel chooses its rows images' swizzle with a bank model of its own (the kernels'
// library does not link the analyzer): it must count what the analyzer's bank model counts, and pick
// the swizzle where the element pass gains by it.
#include "cuda_host_shim.hpp"

#include "../../src/cuda/record_stage.cuh"

#include <coalesce/analysis/bank_model.hpp>
#include <coalesce/record/layout.hpp>
#include <coalesce/record/record.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <random>

using namespace coalesce;
using namespace coalesce::detail;

namespace {

// The analyzer's wavefronts for the same four warp steps.
std::size_t analyzer_wavefronts(std::size_t stride, std::size_t at, unsigned width, std::uint32_t mask) {
  std::size_t total = 0;
  for (std::size_t first = 0; first < 128; first += 32) {
    analysis::access_pattern p;
    p.width = width;
    p.active = 0xffffffffu;
    for (std::size_t l = 0; l < 32; ++l) p.address[l] = stage_swizzled(std::uint32_t((first + l) * stride + at), mask);
    total += analysis::analyze_banks(p).wavefronts;
  }
  return total;
}

}  // namespace

TEST_CASE("record.stage_swizzle.model_agrees_with_the_analyzer") {
  std::mt19937 rng(20261203);
  for (int trial = 0; trial < 3000; ++trial) {
    const unsigned width = 1u << (rng() % 5);
    const std::size_t stride = width * (1 + rng() % (512 / width));  // records aligned for the component
    const std::size_t at = width * (rng() % (stride / width));
    for (const std::uint32_t mask : {0u, 0x70u}) {
      INFO("stride " << stride << ", at " << at << ", width " << width << ", mask " << mask);
      CHECK(stage_plan::rows_wavefronts(stride, at, width, mask) == analyzer_wavefronts(stride, at, width, mask));
    }
  }
}

TEST_CASE("record.stage_swizzle.chosen_where_strides_cluster_banks") {
  struct cold {  // 92 bytes of fields in 96: a component of records 96 bytes apart lies on 4 banks
    double a[4];
    std::uint32_t b[14];
    std::uint8_t c[4];
  };
  struct narrow {  // 40 bytes: records spread over the banks by themselves
    float x[3], v[3];
    std::int32_t id;
    double mass;
  };
  const record_desc wide = describe_record<cold>(field("a", &cold::a), field("b", &cold::b), field("c", &cold::c));
  const record_desc spread = describe_record<narrow>(field("x", &narrow::x), field("v", &narrow::v),
                                                     field("id", &narrow::id), field("mass", &narrow::mass));
  auto choice = [](const record_desc& d, const record_layout_spec& from, const record_layout_spec& to) {
    const record_layout s = resolve_record_layout(d, 1000, from), t = resolve_record_layout(d, 1000, to);
    return stage_plan::rows_swizzle(plan_record_move(d, s, t, nullptr, false), 0, 0, true);
  };
  CHECK(choice(wide, record_aos(), record_soa()) == 0x70u);
  CHECK(choice(wide, record_soa(), record_aos()) == 0x70u);
  CHECK(choice(spread, record_aos(), record_soa()) == 0u);
  CHECK(choice(spread, record_soa(), record_aos()) == 0u);
  // Nothing in rows on either side: nothing to gain.
  CHECK(choice(wide, record_soa(), record_blocked(128)) == 0u);
}

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The host half of tools/validate_time: the kernel list as the advisor sees it, and the comparison of
// measured times with the time model.
#include "kernel_list.hpp"
#include "time_report.hpp"

#include <coalesce/core/error.hpp>

#include <doctest/doctest.h>

#include <set>

using namespace coalesce::analysis;
using namespace validate_time;

TEST_SUITE("unit") {
  TEST_CASE("validate.time.kernel_list") {
    const auto& list = all_kernels();
    CHECK(list.size() >= 100);
    std::set<std::size_t> ms;
    std::set<std::string> names;
    bool warp = false, element = false, doubles = false;
    for (const timed_kernel& k : list) {
      ms.insert(k.m);
      names.insert(k.name);
      warp = warp || k.map == thread_map::warp;
      element = element || k.map == thread_map::element;
      doubles = doubles || k.type == element_type::double_;
      // One element per thread for the other maps: all or nothing.
      if (k.map != thread_map::thread) {
        CHECK((k.reads == amount::all || k.reads == amount::none));
        CHECK((k.writes == amount::all || k.writes == amount::none));
      }
    }
    CHECK(names.size() == list.size());
    CHECK(*ms.begin() == 1);
    CHECK(*ms.rbegin() == 32);
    CHECK((warp && element && doubles));

    const timed_kernel some{"t", element_type::float_, 5, amount::some, amount::one, thread_map::thread};
    const kernel_description d = describe(some, 1000);
    CHECK(d.reads == std::vector<std::size_t>{0, 1, 2});
    CHECK(d.writes == std::vector<std::size_t>{0});
    CHECK(d.threads == 1000);
    const timed_kernel per_warp{"w", element_type::double_, 3, amount::all, amount::none, thread_map::warp};
    const kernel_description w = describe(per_warp, 1000);
    CHECK(w.threads == 32000);
    CHECK(w.thread_to_vector == "idx/32");
    CHECK(w.thread_to_component == "idx%32");
    // A warp per vector reads each component once: as many sectors as SoA's thread-per-vector read.
    const coalesce::array_layout aos{coalesce::layout_kind::row_major, 1000, 3, 3, 0};
    CHECK(analyze_kernel(w, aos, parse_arch("sm_90")).traffic.load_footprint == 1000 * 3 * 8);
  }

  TEST_CASE("validate.time.compare") {
    const perf_params p = *perf_params_for(parse_arch("sm_90"));
    std::vector<measured_kernel> measured;
    for (std::size_t k = 0; k < 12; ++k) {
      const timed_kernel& t = all_kernels()[k * 10];
      measured_kernel mk{t.name, describe(t, std::size_t(1) << 20), {}};
      advisor_options o;
      o.blocks = {32, 128};
      for (const candidate& c : advise(mk.kernel, parse_arch("sm_90"), o).ranked)
        mk.ms[c.name] = c.time->milliseconds();
      measured.push_back(mk);
    }
    const time_report exact = compare(measured, parse_arch("sm_90"), p);
    CHECK(exact.first_within_5 == 1.0);
    CHECK(exact.predicted_within_20 == 1.0);
    CHECK(exact.pairs == 48);
    // The advisor's first layout measured twice as slow as another: a miss, named in the report.
    measured_kernel& bad = measured.front();
    const std::string first = exact.kernels.front().first;
    bad.ms[first] *= 2.5;
    const time_report r = compare(measured, parse_arch("sm_90"), p);
    CHECK(r.first_within_5 == doctest::Approx(11.0 / 12.0));
    CHECK(r.predicted_within_20 == doctest::Approx(47.0 / 48.0));
    const std::string md = markdown(r, "a test", p);
    CHECK(md.find("| " + bad.name + " | 1048576 | " + first) != std::string::npos);
    bad.ms[first] = 0;
    CHECK_THROWS_WITH_AS(compare(measured, parse_arch("sm_90"), p), doctest::Contains("not positive"), coalesce::error);
  }
}

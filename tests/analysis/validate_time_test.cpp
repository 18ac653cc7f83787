// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The host half of tools/validate_time: the kernel list as the advisor sees it, the fit / held-back
// split, and the comparison of measured times with the time model.
#include "kernel_list.hpp"
#include "records.hpp"
#include "split.hpp"
#include "time_report.hpp"

#include <coalesce/core/error.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <stdexcept>
#include <tuple>

#ifndef COALESCE_VALIDATE_DIR
#error "COALESCE_VALIDATE_DIR must name tools/validate"
#endif

using namespace coalesce::analysis;
using namespace validate_time;

namespace {

const timed_kernel& kernel_named(const std::string& name) {
  for (const timed_kernel& k : all_kernels())
    if (k.name == name) return k;
  FAIL("no kernel " << name);
  return all_kernels().front();
}

using sizes = std::vector<std::size_t>;

}  // namespace

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
    CHECK(*ms.rbegin() == 64);
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
      measured_kernel mk{t.name, describe(t, std::size_t(1) << 20), {}, 0, std::nullopt};
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

  TEST_CASE("validate.time.masks") {
    CHECK(components(amount::all, 3) == sizes{0, 1, 2});
    CHECK(components(amount::some, 3) == sizes{0, 1});
    CHECK(components(amount::one, 3) == sizes{0});
    CHECK(components(amount::none, 3).empty());
    CHECK(components(amount::two, 3) == sizes{0, 1});
    CHECK(components(amount::every_other, 3) == sizes{0, 2});
    CHECK(components(amount::high_half, 3) == sizes{1, 2});
    CHECK(components(amount::last, 3) == sizes{2});
    CHECK(components(amount::some, 8) == sizes{0, 1, 2, 3});
    CHECK(components(amount::two, 8) == sizes{0, 4});
    CHECK(components(amount::every_other, 8) == sizes{0, 2, 4, 6});
    CHECK(components(amount::high_half, 8) == sizes{4, 5, 6, 7});
    CHECK(components(amount::last, 8) == sizes{7});
    CHECK(components(amount::two, 64) == sizes{0, 32});
    CHECK(components(amount::last, 64) == sizes{63});
    const sizes every_other = components(amount::every_other, 64), high_half = components(amount::high_half, 64);
    CHECK(every_other.size() == 32);
    CHECK(every_other.back() == 62);
    CHECK(high_half.size() == 32);
    CHECK(high_half.front() == 32);
    CHECK(high_half.back() == 63);
    CHECK(components(amount::all, 64).size() == max_components);
  }

  TEST_CASE("validate.time.masks_section") {
    // The masks section: one thread per vector, m = 3 ... 64, and no kernel the same as another (the
    // base section's m = 1, 2 entries repeat themselves: SOME and ONE are ALL there).
    std::set<std::tuple<element_type, std::size_t, sizes, sizes, thread_map>> seen;
    std::set<std::size_t> ms;
    std::size_t masks = 0;
    for (const timed_kernel& k : all_kernels()) {
      const auto key = std::make_tuple(k.type, k.m, components(k.reads, k.m), components(k.writes, k.m), k.map);
      const bool fresh = seen.insert(key).second;
      if (k.section != "masks") continue;
      CAPTURE(k.name);
      CHECK(fresh);
      CHECK(k.map == thread_map::thread);
      ms.insert(k.m);
      ++masks;
    }
    CHECK(masks == 134);
    CHECK(ms == std::set<std::size_t>{3, 5, 8, 16, 24, 32, 48, 64});

    const kernel_description d = describe(kernel_named("double_m64_read_one_write_last"), 1000);
    CHECK(d.reads == sizes{0});
    CHECK(d.writes == sizes{63});
    CHECK(d.loads_in_flight == 4);
    const kernel_description e = describe(kernel_named("float_m24_read_every_other"), 1000);
    CHECK(e.reads == sizes{0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22});
    CHECK(e.writes.empty());
    CHECK(e.threads == 1000);
    const kernel_description h = describe(kernel_named("float_m5_read_high_half"), 1000);
    CHECK(h.reads == sizes{2, 3, 4});
  }

  TEST_CASE("validate.time.split") {
    CHECK(fnv1a("") == 0x811c9dc5u);  // FNV-1a's published test vectors
    CHECK(fnv1a("a") == 0xe40c292cu);
    static_assert(in_fit_half("double_m64_read_one") && !in_fit_half("float_m32_read_all"));
    std::size_t fit = 0;
    for (const timed_kernel& k : all_kernels()) fit += in_fit_half(k.name);
    const double share = static_cast<double>(fit) / static_cast<double>(all_kernels().size());
    CHECK(share >= 0.4);
    CHECK(share <= 0.6);
    // fit_half.txt is the rule's list (coalesce-validate-time --list-fit writes it).
    std::ifstream f(std::string(COALESCE_VALIDATE_DIR) + "/../validate_time/fit_half.txt");
    REQUIRE(f);
    std::vector<std::string> listed, expected;
    for (std::string line; std::getline(f, line);) listed.push_back(line);
    for (const timed_kernel& k : all_kernels())
      if (in_fit_half(k.name)) expected.push_back(k.name);
    for (const timed_record_kernel& k : record_kernels())  // listed after the vector kernels
      if (in_fit_half(k.name)) expected.push_back(k.name);
    CHECK(listed == expected);
  }

  TEST_CASE("validate.time.record_kernels") {
    // kernels.def's records section: 3-6 fields of mixed widths, padded and not; every entry a kernel
    // the record advisor accepts, timed on layouts it ranks, under its names for them.
    static_assert(field_mask<particle>("ALL") == 0xf && field_mask<particle>("NONE") == 0);
    static_assert(field_mask<particle>("(x, species)") == 0x9 && field_mask<sph>("(h)") == 0x10);
    static_assert(field_mask<tracer>("()") == 0);
    CHECK_THROWS_AS((void)field_mask<particle>("(x, mass)"), std::invalid_argument);
    CHECK_THROWS_AS((void)field_mask<particle>("x"), std::invalid_argument);
    CHECK(describe_timed_record<particle>().stride() == 48);
    CHECK(describe_timed_record<particle>().data_bytes() == 41);
    CHECK_FALSE(describe_timed_record<sph>().has_padding());
    CHECK(describe_timed_record<atom>().stride() == 36);
    CHECK(describe_timed_record<tracer>().stride() == 16);

    // n = 2^12 (the advisor walks every warp up to 2^17 records: a larger n only costs the test time).
    const auto& list = record_kernels();
    CHECK(list.size() >= 20);
    CHECK(list.size() <= 30);
    std::set<std::string> names, records, vector_names;
    for (const timed_kernel& k : all_kernels()) vector_names.insert(k.name);
    const gpu_arch arch = parse_arch("sm_90");
    coalesce::analysis::record_advisor_options o;
    o.blocks = {32, 128};
    for (const timed_record_kernel& k : list) {
      CAPTURE(k.name);
      names.insert(k.name);
      records.insert(k.record);
      CHECK(vector_names.count(k.name) == 0);
      CHECK(k.section == "records");
      CHECK(k.name.rfind(k.record + "_", 0) == 0);  // <record>_<access>: the report's access
      CHECK(k.desc.size() >= 3);
      CHECK(k.desc.size() <= 6);
      CHECK(k.reads.size() + k.writes.size() > 0);
      const record_kernel d = describe(k, std::size_t(1) << 12);
      CHECK(d.n == std::size_t(1) << 12);
      const record_advice a = advise_record(d, arch, o);
      std::set<std::string> ranked;
      for (const record_candidate& c : a.ranked) ranked.insert(c.name);
      std::vector<std::string> timed;
      for (const coalesce::record_layout_spec& spec : record_layouts(k)) {
        timed.push_back(coalesce::to_string(spec));
        CHECK(ranked.count(timed.back()) == 1);
      }
      REQUIRE(timed.size() >= 4);
      CHECK(std::vector<std::string>(timed.begin(), timed.begin() + 4) ==
            std::vector<std::string>{"aos", "soa", "blocked:32", "blocked:128"});
      // A split where the kernel leaves some field untouched, its hot fields the touched ones.
      std::set<std::string> touched(k.reads.begin(), k.reads.end());
      touched.insert(k.writes.begin(), k.writes.end());
      CHECK(timed.size() == (touched.size() < k.desc.size() ? 5u : 4u));
    }
    CHECK(names.size() == list.size());
    CHECK(records == std::set<std::string>{"atom", "particle", "sph", "tracer"});

    const auto entry = [&](const std::string& name) {
      for (const timed_record_kernel& k : list)
        if (k.name == name) return k;
      FAIL("no record kernel " << name);
      return list.front();
    };
    const timed_record_kernel step = entry("particle_read_xv_write_x");
    CHECK(step.reads == std::vector<std::string>{"x", "v"});
    CHECK(step.writes == std::vector<std::string>{"x"});
    CHECK(coalesce::to_string(record_layouts(step).back()) == "split:x,v");
    CHECK(entry("sph_rmw_all").writes == std::vector<std::string>{"x", "v", "rho", "p", "h", "id"});
    CHECK(entry("atom_write_q").reads.empty());
  }

  TEST_CASE("validate.time.report_records") {
    // Record kernels beside a vector kernel, timed as the record advisor predicts (one with its first
    // layout made 2x slower): class "records", in the half each name falls in, and the vector classes
    // without them.
    const gpu_arch arch = parse_arch("sm_90");
    const perf_params p = *perf_params_for(arch);
    std::vector<measured_kernel> measured;
    for (const char* name : {"particle_read_x_write_v", "particle_read_x", "sph_rmw_all"}) {
      const auto& list = record_kernels();
      const auto k = std::find_if(list.begin(), list.end(), [&](const auto& r) { return r.name == name; });
      REQUIRE(k != list.end());
      measured_kernel mk{k->name, {}, {}, 0, describe(*k, std::size_t(1) << 12)};
      coalesce::analysis::record_advisor_options o;
      o.blocks = {32, 128};
      const record_advice a = advise_record(*mk.record, arch, o);
      for (const coalesce::record_layout_spec& spec : record_layouts(*k))
        for (const record_candidate& c : a.ranked)
          if (c.name == coalesce::to_string(spec)) mk.ms[c.name] = c.time->milliseconds();
      measured.push_back(mk);
    }
    REQUIRE(measured[1].ms.size() == 5);  // with its split
    const timed_kernel& v = kernel_named("double_m32_read_all");
    measured.push_back({v.name, describe(v, std::size_t(1) << 12), {}, 0, std::nullopt});
    advisor_options vo;
    vo.blocks = {32, 128};
    for (const candidate& c : advise(measured.back().kernel, arch, vo).ranked)
      measured.back().ms[c.name] = c.time->milliseconds();
    CHECK(in_fit_half("particle_read_x_write_v"));
    CHECK_FALSE(in_fit_half("particle_read_x"));
    CHECK_FALSE(in_fit_half("sph_rmw_all"));
    CHECK(in_fit_half("double_m32_read_all"));

    const time_report exact = compare(measured, arch, p);
    CHECK(exact.first_within_5 == 1.0);
    CHECK(exact.pairs == 5 + 5 + 4 + 4);
    REQUIRE(exact.kernels.size() == 4);
    CHECK(exact.kernels[0].classes == std::vector<std::string>{"records"});
    CHECK(exact.kernels[0].access == "record read_x_write_v");
    CHECK(exact.kernels[0].n == std::size_t(1) << 12);
    measured[1].ms[exact.kernels[1].first] *= 2;  // particle_read_x: held back, now a miss
    const time_report r = compare(measured, arch, p);
    const std::string md = markdown(r, "a test", p);
    CAPTURE(md);
    CHECK(md.find("| all sizes | all | 2 | 100.0 % (2/2) | ") != std::string::npos);
    CHECK(md.find("| all sizes | records | 1 | 100.0 % (1/1) | 100.0 % (1/1) | 2 | 50.0 % (1/2) | ") !=
          std::string::npos);
    CHECK(md.find("| all sizes | full | 1 | 100.0 % (1/1) | 100.0 % (1/1) | 0 | ") != std::string::npos);
    CHECK(md.find("| n = 2^12 | records | 1 | ") != std::string::npos);
    CHECK(md.find("; records (one thread per record") != std::string::npos);
    CHECK(md.find("| record read_x | split:x | 1 |") != std::string::npos);
    CHECK(md.find("| particle_read_x | 4096 | ") != std::string::npos);  // named among the misses
    // Without records, none of it.
    measured.resize(1);
    measured[0] =
        measured_kernel{v.name, describe(v, std::size_t(1) << 12), {{"aos", 1.0}, {"soa", 0.5}}, 0, std::nullopt};
    CHECK(markdown(compare(measured, arch, p), "a test", p).find("records") == std::string::npos);
  }

  TEST_CASE("validate.time.report_by_half") {
    // Four kernels at two sizes, timed on aos and soa, the times made from the model's own predictions so
    // that each outcome is known: exact (both figures pass), scaled x3 (both pass), aos 2x slower than
    // predicted (the aos ratio misses), aos measured at half soa's time (both miss: soa is first).
    const gpu_arch arch = parse_arch("sm_90");
    const perf_params p = *perf_params_for(arch);
    enum outcome { exact, scaled, aos_slow, aos_fastest };
    struct entry {
      std::string name;  // halves: double_* fit, float_* held back
      std::size_t array_mib;
      outcome o;
    };
    const std::vector<entry> entries{
        {"double_m64_read_one", 0, exact},       {"double_m64_read_one", 256, aos_slow},    // fit, sparse
        {"double_m32_read_all", 0, aos_fastest}, {"double_m32_read_all", 256, scaled},      // fit, full
        {"float_m24_read_one", 0, aos_slow},     {"float_m24_read_one", 256, aos_fastest},  // held back, sparse
        {"float_m24_write_all", 0, exact},       {"float_m24_write_all", 256, exact}};  // held back, full, write-only
    std::vector<measured_kernel> measured;
    for (const entry& e : entries) {  // a "256 MiB" entry is small (its label comes from array_mib)
      CAPTURE(e.name);
      measured_kernel mk{e.name,
                         describe(kernel_named(e.name), e.array_mib ? (std::size_t(1) << 21) + 13 : 1u << 20),
                         {},
                         e.array_mib,
                         std::nullopt};
      advisor_options o;
      o.blocks.clear();
      const advice a = advise(mk.kernel, arch, o);
      REQUIRE(a.ranked.front().name == "soa");  // what the outcomes above assume
      const double aos = a.ranked.back().time->milliseconds(), soa = a.ranked.front().time->milliseconds();
      REQUIRE(aos >= 1.3 * soa);
      const double scale = e.o == scaled ? 3 : 1;
      mk.ms = {{"soa", scale * soa}, {"aos", e.o == aos_slow ? 2 * aos : e.o == aos_fastest ? soa / 2 : scale * aos}};
      measured.push_back(mk);
    }
    CHECK(in_fit_half("double_m32_read_all"));
    CHECK_FALSE(in_fit_half("float_m24_read_one"));
    CHECK_FALSE(in_fit_half("float_m24_write_all"));
    const time_report r = compare(measured, arch, p);
    CHECK(r.first_within_5 == doctest::Approx(6.0 / 8.0));
    for (const kernel_result& k : r.kernels) CHECK(k.fit == in_fit_half(k.name));  // both sizes in one half

    const std::string md = markdown(r, "a test", p);
    const auto row = [&](const std::string& text) {
      CAPTURE(text);
      const std::size_t at = md.find(text);
      CHECK(at != std::string::npos);
      return at;
    };
    const std::size_t all =
        row("| all sizes | all | 4 | 75.0 % (3/4) | 50.0 % (2/4) | 4 | 75.0 % (3/4) | 50.0 % (2/4) |");
    row("| all sizes | sparse | 2 | 100.0 % (2/2) | 50.0 % (1/2) | 2 | 50.0 % (1/2) | 0.0 % (0/2) |");
    row("| all sizes | full | 2 | 50.0 % (1/2) | 50.0 % (1/2) | 2 | 100.0 % (2/2) | 100.0 % (2/2) |");
    row("| all sizes | write-only | 0 | – | – | 2 | 100.0 % (2/2) | 100.0 % (2/2) |");
    row("| all sizes | float | 0 | – | – | 4 | 75.0 % (3/4) | 50.0 % (2/4) |");
    row("| all sizes | double | 4 | 75.0 % (3/4) | 50.0 % (2/4) | 0 | – | – |");
    const std::size_t small =
        row("| n = 2^20 | all | 2 | 50.0 % (1/2) | 50.0 % (1/2) | 2 | 100.0 % (2/2) | 50.0 % (1/2) |");
    row("| n = 2^20 | sparse | 1 | 100.0 % (1/1) | 100.0 % (1/1) | 1 | 100.0 % (1/1) | 0.0 % (0/1) |");
    row("| n = 2^20 | full | 1 | 0.0 % (0/1) | 0.0 % (0/1) | 1 | 100.0 % (1/1) | 100.0 % (1/1) |");
    const std::size_t large =
        row("| 256 MiB | all | 2 | 100.0 % (2/2) | 50.0 % (1/2) | 2 | 50.0 % (1/2) | 50.0 % (1/2) |");
    row("| 256 MiB | sparse | 1 | 100.0 % (1/1) | 0.0 % (0/1) | 1 | 0.0 % (0/1) | 0.0 % (0/1) |");
    row("| 256 MiB | write-only | 0 | – | – | 1 | 100.0 % (1/1) | 100.0 % (1/1) |");
    CHECK(all < small);
    CHECK(small < large);
    CHECK(size_label(std::size_t(1) << 24, 0) == "n = 2^24");
    CHECK(size_label(1000, 0) == "n = 1000");
    CHECK(size_label(12345, 1024) == "1 GiB");
  }
}

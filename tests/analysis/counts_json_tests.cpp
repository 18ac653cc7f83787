// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Access counts as JSON: the library writes, coalesce-advise's reader (apps/advise/counts_input.cpp)
// reads back the same counts; bad files fail naming the key; the advisor's kernels from the counts.
#include "counts_input.hpp"

#include <coalesce/analysis/access_counts.hpp>
#include <coalesce/core/error.hpp>

#include <doctest/doctest.h>

#include "random.hpp"
#include "require_error.hpp"

#include <cstdio>
#include <fstream>
#include <string>

using namespace coalesce;
using namespace coalesce::analysis;
using coalesce::test::require_error;

namespace {

std::string write_temp(const std::string& name, const std::string& text) {
  const std::string path = "counts_json_tests_" + name + ".json";
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

access_counts sample() {
  access_counts c;
  c.source = "a \"quoted\" test\\source";
  std::mt19937_64 gen(coalesce::test::fresh_seed());
  array_counts a{"element", "blocked:128", 1001, "float", 4, {}, {}};
  for (int i = 0; i < 15; ++i) {
    a.reads.push_back(gen() % 3 == 0 ? 0 : gen() >> 20);  // some components never read, counts above 2^32
    a.writes.push_back(i == 3 ? 1001 : 0);
  }
  c.arrays.push_back(a);
  c.arrays.push_back({"mask", "aos", 7, "int", 4, {7}, {0}});
  c.records.push_back({"body", "split:x:blocked:64", 77, 32,
                       {{"x", 0, 8, {77, 77, 0}, {0, 77, 0}}, {"mass", 24, 4, {0}, {0}}, {"id", 28, 4, {5}, {0}}}});
  return c;
}

bool same(const access_counts& a, const access_counts& b) {
  if (a.source != b.source || a.arrays.size() != b.arrays.size() || a.records.size() != b.records.size()) return false;
  for (std::size_t k = 0; k < a.arrays.size(); ++k) {
    const array_counts &x = a.arrays[k], &y = b.arrays[k];
    if (x.name != y.name || x.layout != y.layout || x.n != y.n || x.type != y.type ||
        x.element_size != y.element_size || x.reads != y.reads || x.writes != y.writes)
      return false;
  }
  for (std::size_t k = 0; k < a.records.size(); ++k) {
    const record_counts &x = a.records[k], &y = b.records[k];
    if (x.name != y.name || x.layout != y.layout || x.n != y.n || x.stride != y.stride ||
        x.fields.size() != y.fields.size())
      return false;
    for (std::size_t f = 0; f < x.fields.size(); ++f)
      if (x.fields[f].name != y.fields[f].name || x.fields[f].offset != y.fields[f].offset ||
          x.fields[f].width != y.fields[f].width || x.fields[f].reads != y.fields[f].reads ||
          x.fields[f].writes != y.fields[f].writes)
        return false;
  }
  return true;
}

}  // namespace

TEST_SUITE("unit") {
  TEST_CASE("analysis.counts.json_round_trip") {
    const access_counts c = sample();
    const std::string path = write_temp("round_trip", to_json(c));
    CHECK(same(advise::read_counts(path), c));
    std::remove(path.c_str());
  }

  TEST_CASE("analysis.counts.from_counters") {
    const unsigned long long counters[6] = {10, 0, 3, 0, 10, 0};
    const array_counts a = make_array_counts("u", "soa", 10, element_type::double_, 3, counters);
    CHECK(a.type == "double");
    CHECK(a.element_size == 8);
    CHECK(a.reads == std::vector<std::uint64_t>{10, 0, 3});
    CHECK(a.writes == std::vector<std::uint64_t>{0, 10, 0});
    const kernel_description k = kernel_from_counts(a);
    CHECK(k.n == 10);
    CHECK(k.m == 3);
    CHECK(k.type == element_type::double_);
    CHECK(k.reads == std::vector<std::size_t>{0, 2});
    CHECK(k.writes == std::vector<std::size_t>{1});

    const record_desc d({{"x", 0, 8, 3}, {"mass", 24, 4, 1}, {"id", 28, 4, 1}}, 32);
    const unsigned long long rc[10] = {5, 5, 5, 0, 2, /* writes */ 0, 5, 0, 0, 0};
    const record_counts r = make_record_counts("body", "aos", 5, d, rc);
    REQUIRE(r.fields.size() == 3);
    CHECK(r.fields[0].reads == std::vector<std::uint64_t>{5, 5, 5});
    CHECK(r.fields[2].reads == std::vector<std::uint64_t>{2});
    const record_kernel rk = record_kernel_from_counts(r);
    CHECK(rk.desc == d);
    REQUIRE(rk.reads.size() == 2);
    CHECK(rk.reads[0].field == "x");
    CHECK(rk.reads[0].components.empty());  // the whole field
    CHECK(rk.reads[1].field == "id");
    REQUIRE(rk.writes.size() == 1);
    CHECK(rk.writes[0].components == std::vector<std::size_t>{1});
  }

  TEST_CASE("analysis.counts.bad_counts") {
    array_counts a{"q", "aos", 4, "float", 8, {1}, {0}};
    require_error([&] { (void)kernel_from_counts(a); }, errc::invalid_argument, "element_size 8");
    a.element_size = 4;
    a.type = "float3";
    require_error([&] { (void)kernel_from_counts(a); }, errc::invalid_argument, "unknown type 'float3'");
    a.type = "float";
    a.reads = {0};
    require_error([&] { (void)kernel_from_counts(a); }, errc::invalid_argument, "no component was read or written");
    const access_counts c = sample();
    require_error([&] { (void)find_array(c, ""); }, errc::invalid_argument, "'element', 'mask'");
    require_error([&] { (void)find_array(c, "u"); }, errc::invalid_argument, "no array 'u'");
    CHECK(find_record(c, "").name == "body");
  }

  TEST_CASE("analysis.counts.bad_files") {
    require_error([] { (void)advise::read_counts("no/such/counts.json"); }, errc::invalid_argument, "cannot read");
    const auto fails = [](const std::string& name, const std::string& text, const std::string& says) {
      INFO(name);
      const std::string path = write_temp(name, text);
      require_error([&] { (void)advise::read_counts(path); }, errc::invalid_argument, says);
      std::remove(path.c_str());
    };
    const std::string head = R"({"format": "coalesce-access-counts", "version": 1, )";
    fails("not_json", "{\"format\": ", "is not JSON");
    fails("format", R"({"format": "other", "version": 1, "arrays": []})", "key \"format\" is not");
    fails("version", R"({"format": "coalesce-access-counts", "version": 2, "arrays": []})", "key \"version\" is 2");
    fails("no_arrays", R"({"format": "coalesce-access-counts", "version": 1})", "key \"arrays\" is missing");
    fails("no_n", head + R"("arrays": [{"name": "e", "layout": "aos", "m": 1, "type": "float", "element_size": 4,
                                     "reads": [1], "writes": [0]}]})",
          "arrays[0] key \"n\" is missing");
    fails("negative", head + R"("arrays": [{"name": "e", "layout": "aos", "n": 3, "m": 1, "type": "float",
                                          "element_size": 4, "reads": [-1], "writes": [0]}]})",
          "arrays[0] key \"reads\" holds -1");
    fails("m", head + R"("arrays": [{"name": "e", "layout": "aos", "n": 3, "m": 2, "type": "float",
                                   "element_size": 4, "reads": [1], "writes": [0]}]})",
          "key \"m\" is 2 but \"reads\" has 1");
    fails("field", head + R"("arrays": [], "records": [{"name": "r", "layout": "aos", "n": 3, "stride": 8,
                              "fields": [{"name": "x", "offset": 0, "width": "4", "count": 1, "reads": [1], "writes": [0]}]}]})",
          "records[0] fields[0] key \"width\" is not a non-negative integer");
  }
}

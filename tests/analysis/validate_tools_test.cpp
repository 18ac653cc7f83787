// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The host half of tools/validate: the pattern list, the ncu CSV reader and the report, checked
// against a hand-written export in Nsight Compute's `--page raw --csv` form.
#include "ncu_csv.hpp"
#include "pattern_list.hpp"
#include "report.hpp"

#include <doctest/doctest.h>

#include <fstream>
#include <set>
#include <sstream>

#ifndef COALESCE_VALIDATE_DIR
#error "COALESCE_VALIDATE_DIR must name tools/validate"
#endif

namespace {

std::string sample() {
  std::ifstream f(std::string(COALESCE_VALIDATE_DIR) + "/sample_ncu_raw.csv");
  std::ostringstream s;
  s << f.rdbuf();
  return s.str();
}

}  // namespace

TEST_SUITE("unit") {
  TEST_CASE("analysis.validate.pattern_list") {
    const auto& all = validate::all_patterns();
    CHECK(all.size() >= 40);
    std::set<std::string> names, types;
    std::size_t shared = 0, stores = 0, layouts = 0;
    for (const auto& p : all) {
      names.insert(p.name);
      types.insert(p.type);
      shared += p.where == validate::space::shared;
      stores += p.store;
      layouts += p.where == validate::space::layout;
    }
    CHECK(names.size() == all.size());  // kernel names are unique
    CHECK(types.size() == 8);           // every element width
    CHECK(shared >= 10);
    CHECK(stores >= 6);
    CHECK(layouts >= 10);
    CHECK(all[0].expression == "idx");
    CHECK(validate::predict(all[0]).per_request == 4.0);
  }

  TEST_CASE("analysis.validate.csv_raw_page") {
    const auto launches = validate::parse_ncu_csv(sample());
    REQUIRE(launches.size() == 3);
    CHECK(launches[1].id == 1);
    CHECK(launches[1].kernel_name == "k_float_offset4");
    CHECK(launches[1].metrics.at("l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum") == 20480.0);
    CHECK(launches[1].metrics.at("l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum") == 4096.0);
    CHECK(launches[2].metrics.count("smsp__inst_executed_op_shared_st.sum") == 0);  // "n/a"
  }

  TEST_CASE("analysis.validate.csv_details_page") {
    const std::string text =
        "\"ID\",\"Process ID\",\"Process Name\",\"Host Name\",\"Kernel Name\",\"Context\",\"Stream\",\"Section Name\","
        "\"Metric Name\",\"Metric Unit\",\"Metric Value\"\n"
        "\"0\",\"1\",\"v\",\"h\",\"k_a\",\"1\",\"7\",\"Command line profiler metrics\","
        "\"l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum\",\"sector\",\"1,024\"\n"
        "\"0\",\"1\",\"v\",\"h\",\"k_a\",\"1\",\"7\",\"Command line profiler metrics\","
        "\"l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum\",\"request\",\"32\"\n";
    const auto launches = validate::parse_ncu_csv(text);
    REQUIRE(launches.size() == 1);
    CHECK(launches[0].metrics.at("l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum") == 1024.0);
    CHECK_THROWS_AS(validate::parse_ncu_csv("==ERROR== no kernels were profiled\n"), std::runtime_error);
    CHECK(validate::split_csv_line("\"a,b\",\"c\"\"d\",e") == std::vector<std::string>{"a,b", "c\"d", "e"});
  }

  TEST_CASE("analysis.validate.report") {
    const std::vector<validate::pattern_spec> first3(validate::all_patterns().begin(),
                                                     validate::all_patterns().begin() + 3);
    const auto launches = validate::parse_ncu_csv(sample());
    const validate::report_summary s = validate::make_report(first3, launches, "NVIDIA H200");
    CHECK(s.compared == 3);
    CHECK(s.matched == 3);
    CHECK(s.markdown.find("| 2 | float_offset4 | global | ld | float | `idx` at +4 B | 4096 / 4096 | 5.00 sectors | "
                          "5.00 sectors | yes |") != std::string::npos);
    CHECK(s.markdown.find("3 of 3 patterns match") != std::string::npos);
    const std::vector<validate::pattern_spec> first2(first3.begin(), first3.begin() + 2);
    CHECK_THROWS_AS(validate::make_report(first2, launches, "x"), std::runtime_error);
  }
}

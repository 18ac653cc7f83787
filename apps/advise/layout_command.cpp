// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// coalesce-advise layout: ranks AoS, SoA and blocked layouts for a kernel over a vector set.
#include "commands.hpp"
#include "counts_input.hpp"
#include "output.hpp"

#include <coalesce/analysis/advisor.hpp>

#include <nlohmann/json.hpp>

#include <cstdio>
#include <memory>
#include <ostream>

namespace advise {
namespace {

using namespace coalesce::analysis;

struct layout_options {
  std::size_t n = 0;
  std::size_t m = 0;
  std::string type;
  std::string read = "all";
  std::string write = "none";
  std::string counts;  // --counts FILE: reads and writes (and n, m, type) from instrumented views
  std::string array;   // the array of the counts file
  std::string arch = "sm_90";
  std::string thread_map = "idx";
  std::string component_map = "0";
  std::size_t threads = 0;
  std::size_t loads_in_flight = 0;
  std::string perf;
  std::size_t pitch_alignment = 512;
  bool l1_bypass = false;
  bool json = false;
};

nlohmann::json to_json(const candidate& c, std::size_t rank) {
  nlohmann::json ins = nlohmann::json::array();
  for (const instruction_report& i : c.report.instructions) ins.push_back(cost_json(i));
  nlohmann::json j = totals_json(rank, c.name, c.report);
  j["pitch"] = c.layout.pitch;
  j["block"] = c.layout.block;
  j["instructions"] = ins;
  add_time_json(j, c.time);
  return j;
}

void print_text(std::ostream& out, const layout_options& o, const advice& a, const std::string& counted) {
  const char* unit = a.ranked.front().report.unit;
  out << o.n << " vectors of " << o.m << " " << o.type << ", read " << o.read << ", write " << o.write << ", on "
      << o.arch << "\n";
  if (!o.counts.empty()) out << "from the access counts in " << o.counts << ": " << counted << "\n";
  out << ranking_header(unit, 12);
  for (std::size_t k = 0; k < a.ranked.size(); ++k) out << ranking_row(k + 1, a.ranked[k].name, a.ranked[k].report, 12, a.ranked[k].time);
  out << "\n" << a.explanation << "\n";
}

}  // namespace

runner add_layout_command(CLI::App& app) {
  auto o = std::make_shared<layout_options>();
  CLI::App* cmd = app.add_subcommand("layout", "rank AoS, SoA and blocked layouts for a kernel over n vectors");
  cmd->add_option("--n", o->n, "number of vectors (with --counts: instead of the counted n)");
  CLI::Option* m = cmd->add_option("--m", o->m, "components per vector");
  CLI::Option* type = cmd->add_option("--type", o->type, "char, short, int, float, float2, float4, double, double2");
  CLI::Option* read =
      cmd->add_option("--read", o->read, "components each thread reads: 0,2 or all or none")->capture_default_str();
  CLI::Option* write =
      cmd->add_option("--write", o->write, "components each thread writes: 1 or all or none")->capture_default_str();
  CLI::Option* counts = cmd->add_option("--counts", o->counts,
                                        "access counts JSON of instrumented views: m, type, reads and writes from it")
                            ->excludes(m, type, read, write);
  cmd->add_option("--array", o->array, "the array of the --counts file (needed when it has several)")->needs(counts);
  cmd->add_option("--arch", o->arch, "cc1.0 .. sm_90")->capture_default_str();
  cmd->add_option("--thread-map", o->thread_map, "vector of global thread idx (default: one thread per vector)")
      ->capture_default_str();
  cmd->add_option("--component-map", o->component_map,
                  "added to each read/write component per thread (idx%32 with --thread-map idx/32: a warp per vector)")
      ->capture_default_str();
  cmd->add_option("--threads", o->threads, "threads launched (default: n)");
  cmd->add_option("--loads-in-flight", o->loads_in_flight,
                  "loads a thread issues before it uses the first: its loop's unrolling (0: all, as for a "
                  "compile-time m; 1: each waits on the one before)")
      ->capture_default_str();
  cmd->add_option("--perf", o->perf, "time-model overrides, key=value,... (e.g. l1_reuse_bytes=96000)");
  cmd->add_option("--pitch-alignment", o->pitch_alignment, "bytes; the SoA row pitch cudaMallocPitch returns")
      ->capture_default_str();
  cmd->add_flag("--l1-bypass", o->l1_bypass, "cc2.x: 32-byte segments instead of 128-byte L1 lines");
  cmd->add_flag("--json", o->json, "JSON instead of text");
  return [o](std::ostream& out) {
    kernel_description k;
    std::string counted;
    if (!o->counts.empty()) {
      const counted_kernel c = kernel_from_counts_file(o->counts, o->array, o->n);
      k = c.kernel;
      counted = c.line;
      o->n = k.n;
      o->m = k.m;
      o->type = c.type;
      o->read = c.reads;
      o->write = c.writes;
    } else {
      k.n = o->n;
      k.m = o->m;
      k.type = parse_element_type(o->type);
      if (o->m == 0) coalesce::fail(coalesce::errc::invalid_argument, "--m", "m = 0: vectors need a component");
      k.reads = parse_components(o->read, o->m, "--read");
      k.writes = parse_components(o->write, o->m, "--write");
    }
    k.thread_to_vector = o->thread_map;
    k.thread_to_component = o->component_map;
    k.threads = o->threads;
    k.loads_in_flight = o->loads_in_flight;
    advisor_options ao;
    ao.pitch_alignment = o->pitch_alignment;
    ao.global.l1_bypass = o->l1_bypass;
    const gpu_arch arch = parse_arch(o->arch);
    if (!o->perf.empty()) {
      const std::optional<perf_params> p = perf_params_for(arch);
      if (!p) coalesce::fail(coalesce::errc::invalid_argument, "--perf", "there is no time model for " + arch.name());
      ao.perf = with_overrides(*p, o->perf);
    }
    const advice a = coalesce::analysis::advise(k, arch, ao);
    if (!o->json) {
      print_text(out, *o, a, counted);
      return;
    }
    nlohmann::json ranking = nlohmann::json::array();
    for (std::size_t c = 0; c < a.ranked.size(); ++c) ranking.push_back(to_json(a.ranked[c], c + 1));
    const nlohmann::json j{{"n", o->n},           {"m", o->m},         {"type", o->type},
                           {"arch", arch.name()}, {"reads", k.reads},  {"writes", k.writes},
                           {"unit", a.ranked.front().report.unit},     {"ranking", ranking},
                           {"tie", tie_json(a.ranked, a.tied)},         {"explanation", a.explanation}};
    out << j.dump(2) << "\n";
  };
}

}  // namespace advise

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// coalesce-advise record: ranks the record layouts (aos, packed, soa, blocked, split) for a
// one-thread-per-record kernel over a record described in JSON:
//   {"name": "particle", "stride": 64,
//    "fields": [{"name": "x", "offset": 0, "width": 8, "count": 3}, ...]}
// (count defaults to 1); --read / --write name the fields each thread accesses ("x,v", "x[0],mass").
#include "commands.hpp"
#include "counts_input.hpp"
#include "record_input.hpp"
#include "output.hpp"

#include <coalesce/analysis/record_advisor.hpp>
#include <coalesce/core/error.hpp>

#include <nlohmann/json.hpp>

#include <cctype>
#include <cstdio>
#include <memory>
#include <ostream>

namespace advise {
namespace {

using namespace coalesce::analysis;
using coalesce::errc;
using coalesce::fail;

struct record_options {
  std::string record;
  std::string read = "all";
  std::string write = "none";
  std::string counts, array;  // --counts FILE [--array NAME]: the record and its accesses, counted
  std::vector<std::string> hot;
  std::size_t n = 1 << 20;
  std::string arch = "sm_90";
  bool l1_bypass = false;
  bool json = false;
};

// "x,v[1]" / "all" / "none" into accesses (checked against the record by the analysis).
std::vector<record_access> parse_accesses(const std::string& text, const coalesce::record_desc& desc,
                                          const char* option) {
  std::vector<record_access> out;
  if (text == "none") return out;
  if (text == "all") {
    for (const coalesce::field_desc& f : desc.fields()) out.push_back({f.name, {}});
    return out;
  }
  std::size_t pos = 0;
  while (pos <= text.size()) {
    const std::size_t comma = std::min(text.find(',', pos), text.size());
    std::string item = text.substr(pos, comma - pos);
    record_access a;
    const std::size_t open = item.find('[');
    if (open != std::string::npos) {
      const std::string digits = item.substr(open + 1, item.size() - open - 2);
      bool ok = item.back() == ']' && !digits.empty() && digits.size() < 10;
      for (char c : digits) ok = ok && std::isdigit(static_cast<unsigned char>(c));
      if (!ok) fail(errc::invalid_argument, option, "'" + item + "' is not a field or field[component]");
      a.components.push_back(std::stoul(digits));
      item = item.substr(0, open);
    }
    if (item.empty()) fail(errc::invalid_argument, option, "'" + text + "' is not a list of fields like x,v[0]");
    desc.index_of(item, option);
    a.field = item;
    out.push_back(a);
    pos = comma + 1;
  }
  return out;
}

nlohmann::json to_json(const record_kernel& k, const record_candidate& c, std::size_t rank) {
  nlohmann::json ins = nlohmann::json::array();
  for (const record_instruction& i : c.report.instructions) {
    nlohmann::json cost = cost_json(i.cost);
    cost["field"] = k.desc[i.field].name;
    ins.push_back(cost);
  }
  nlohmann::json j = totals_json(rank, c.name, c.report);
  j["block"] = c.report.layout.block;
  j["instructions"] = ins;
  add_time_json(j, c.time);
  return j;
}

void print_text(std::ostream& out, const record_options& o, const std::string& name, const record_kernel& k,
                const record_advice& a) {
  out << name << ": " << to_string(k.desc) << "\n" << k.n << " records, read " << o.read << ", write " << o.write
      << ", on " << o.arch << "\n";
  out << ranking_header(a.ranked.front().report.unit, 26);
  for (std::size_t c = 0; c < a.ranked.size(); ++c) out << ranking_row(c + 1, a.ranked[c].name, a.ranked[c].report, 26, a.ranked[c].time);
  out << "\n" << a.explanation << "\n";
}

}  // namespace

runner add_record_command(CLI::App& app) {
  auto o = std::make_shared<record_options>();
  CLI::App* cmd = app.add_subcommand("record", "rank record layouts (aos, packed, soa, blocked, split) for a kernel");
  CLI::Option* record =
      cmd->add_option("--record", o->record, "the record as JSON: stride and fields (name, offset, width, count)");
  CLI::Option* read = cmd->add_option("--read", o->read, "fields each thread reads: x,v or x[0],mass or all or none")
                          ->capture_default_str();
  CLI::Option* write =
      cmd->add_option("--write", o->write, "fields each thread writes: x or all or none")->capture_default_str();
  CLI::Option* counts =
      cmd->add_option("--counts", o->counts, "access counts JSON of counted record views: the record, reads, writes")
          ->excludes(record, read, write);
  cmd->add_option("--array", o->array, "the record of the --counts file (needed when it has several)")->needs(counts);
  cmd->add_option("--hot", o->hot, "split's hot fields (default: the fields the kernel touches)")->delimiter(',');
  CLI::Option* n = cmd->add_option("--n", o->n, "records (one thread each; with --counts: instead of the counted n)")
                       ->capture_default_str();
  cmd->add_option("--arch", o->arch, "cc1.0 .. sm_90")->capture_default_str();
  cmd->add_flag("--l1-bypass", o->l1_bypass, "cc2.x: 32-byte segments instead of 128-byte L1 lines");
  cmd->add_flag("--json", o->json, "JSON instead of text");
  return [o, n](std::ostream& out) {
    std::string name;
    record_kernel k;
    if (!o->counts.empty()) {
      const counted_record c = record_from_counts_file(o->counts, o->array, n->count() > 0 ? o->n : 0);
      k = c.kernel;
      name = c.name;
      o->read = c.reads;
      o->write = c.writes;
    } else {
      if (o->record.empty()) fail(errc::invalid_argument, "--record", "needs --record FILE (or --counts FILE)");
      k.desc = read_record(o->record, name);
      k.n = o->n;
      k.reads = parse_accesses(o->read, k.desc, "--read");
      k.writes = parse_accesses(o->write, k.desc, "--write");
    }
    record_advisor_options ao;
    ao.hot = o->hot;
    ao.global.l1_bypass = o->l1_bypass;
    const gpu_arch arch = parse_arch(o->arch);
    const record_advice a = advise_record(k, arch, ao);
    if (!o->json) {
      print_text(out, *o, name, k, a);
      return;
    }
    nlohmann::json ranking = nlohmann::json::array();
    for (std::size_t c = 0; c < a.ranked.size(); ++c) ranking.push_back(to_json(k, a.ranked[c], c + 1));
    nlohmann::json fields = nlohmann::json::array();
    for (const coalesce::field_desc& f : k.desc.fields())
      fields.push_back({{"name", f.name}, {"offset", f.offset}, {"width", f.width}, {"count", f.count}});
    const nlohmann::json j{{"record", {{"name", name}, {"stride", k.desc.stride()}, {"fields", fields}}},
                           {"n", k.n},
                           {"arch", arch.name()},
                           {"reads", o->read},
                           {"writes", o->write},
                           {"unit", a.ranked.front().report.unit},
                           {"ranking", ranking},
                           {"tie", tie_json(a.ranked, a.tied)},
                           {"explanation", a.explanation}};
    out << j.dump(2) << "\n";
  };
}

}  // namespace advise

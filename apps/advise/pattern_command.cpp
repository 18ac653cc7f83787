// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// coalesce-advise pattern: one warp instruction through one generation's memory model.
#include "commands.hpp"
#include "output.hpp"

#include <coalesce/analysis/global_model.hpp>
#include <coalesce/analysis/svg.hpp>

#include <nlohmann/json.hpp>

#include <memory>
#include <ostream>

namespace advise {
namespace {

using namespace coalesce::analysis;

struct pattern_options {
  std::string arch = "sm_90";
  std::string type;
  std::string index;
  bool store = false;
  std::uint64_t base_offset = 0;
  std::size_t lanes = warp_size;
  std::int64_t warp = 0;
  bool l1_bypass = false;
  bool json = false;
  std::string svg;
};

const char* describe(memory_model m, bool bypass) {
  switch (m) {
    case memory_model::cc1_0: return "half-warps, coalesced only when thread k reads word k of an aligned segment";
    case memory_model::cc1_2: return "half-warps, one transaction per 32/64/128-byte segment, shrunk when half unused";
    case memory_model::cc2_x: return bypass ? "32-byte segments, L1 bypassed" : "128-byte L1 lines";
    case memory_model::sectored: return "32-byte sectors of 128-byte lines";
  }
  return "";
}

nlohmann::json to_json(const pattern_options& o, const gpu_arch& arch, const access_pattern& p,
                       const global_report& r) {
  nlohmann::json addresses = nlohmann::json::array();
  for (std::size_t l = 0; l < warp_size; ++l)
    addresses.push_back(p.is_active(l) ? nlohmann::json(p.address[l]) : nlohmann::json(nullptr));
  nlohmann::json transactions = nlohmann::json::array();
  for (const transaction& t : r.transactions) {
    nlohmann::json lanes = nlohmann::json::array();
    for (std::size_t l = 0; l < warp_size; ++l)
      if ((t.lanes >> l) & 1u) lanes.push_back(l);
    transactions.push_back({{"address", t.address}, {"bytes", t.bytes}, {"bytes_used", t.bytes_used}, {"lanes", lanes}});
  }
  return {{"arch", arch.name()},
          {"type", o.type},
          {"index", o.index},
          {"kind", to_string(p.kind)},
          {"width", p.width},
          {"base_offset", o.base_offset},
          {"first_thread", o.warp * static_cast<std::int64_t>(warp_size)},
          {"active_lanes", p.active_lanes()},
          {"addresses", addresses},
          {"unit", r.unit},
          {"transactions_per_request", r.transactions_per_request()},
          {"min_transactions", r.min_transactions},
          {"lines", r.lines},
          {"bytes_requested", r.bytes_requested},
          {"bytes_used", r.bytes_used},
          {"bytes_moved", r.bytes_moved},
          {"efficiency", r.efficiency()},
          {"coalesced", r.coalesced()},
          {"transactions", transactions}};
}

void print_text(std::ostream& out, const pattern_options& o, const gpu_arch& arch, const access_pattern& p,
                const global_report& r) {
  out << o.type << " d[" << o.index << "], " << to_string(p.kind) << " on " << arch.name() << " ("
      << describe(arch.model(), o.l1_bypass) << ")\n";
  out << p.active_lanes() << " active lanes of " << p.width << " bytes; byte addresses by lane:";
  for (std::size_t l = 0; l < warp_size; ++l) {
    if (l % 8 == 0) out << "\n  " << (l < 10 ? " " : "") << l << ":";
    out << ' ' << (p.is_active(l) ? std::to_string(p.address[l]) : std::string("-"));
  }
  out << "\n" << r.unit << "s per request: " << r.transactions_per_request() << " (fewest possible "
      << r.min_transactions << ")";
  if (r.lines) out << ", 128-byte lines: " << r.lines;
  out << "\nbytes requested " << r.bytes_requested << ", used " << r.bytes_used << ", moved " << r.bytes_moved
      << ", efficiency " << fixed(r.efficiency()) << "\n";
  out << (r.coalesced() ? "coalesced" : "not coalesced") << ": " << r.unit << "s at";
  for (const transaction& t : r.transactions) out << ' ' << t.address << (t.bytes != 32 ? "+" + std::to_string(t.bytes) : "");
  out << "\n";
}

}  // namespace

runner add_pattern_command(CLI::App& app) {
  auto o = std::make_shared<pattern_options>();
  CLI::App* cmd = app.add_subcommand("pattern", "transactions of one warp's global-memory access");
  cmd->add_option("--arch", o->arch, "cc1.0 .. cc2.1 or sm_30 .. sm_90")->capture_default_str();
  cmd->add_option("--type", o->type, "char, short, int, float, float2, float4, double, double2")->required();
  cmd->add_option("--index", o->index, "index expression in idx, e.g. 'idx*2'")->required();
  cmd->add_flag("--store", o->store, "a store instead of a load");
  cmd->add_option("--base-offset", o->base_offset, "bytes from the 256-byte-aligned allocation to element 0");
  cmd->add_option("--lanes", o->lanes, "active lanes 0 .. N-1 (16: one half-warp)")->capture_default_str();
  cmd->add_option("--warp", o->warp, "which warp of the grid: idx = 32 * warp + lane")->capture_default_str();
  cmd->add_flag("--l1-bypass", o->l1_bypass, "cc2.x: loads cached in L2 only (-dlcm=cg), 32-byte segments");
  cmd->add_flag("--json", o->json, "JSON instead of text");
  cmd->add_option("--svg", o->svg, "also draw lanes against transactions into this SVG file");
  return [o](std::ostream& out) {
    const gpu_arch arch = parse_arch(o->arch);
    index_options io;
    io.lanes = o->lanes;
    io.first_thread = o->warp * static_cast<std::int64_t>(warp_size);
    io.base_offset = o->base_offset;
    io.kind = o->store ? access_kind::store : access_kind::load;
    const access_pattern p = pattern_from_index(index_expression::parse(o->index), parse_element_type(o->type), io);
    global_options go;
    go.l1_bypass = o->l1_bypass;
    const global_report r = analyze_global(p, arch, go);
    if (!o->svg.empty())
      write_file(o->svg, pattern_svg(p, r, o->type + " d[" + o->index + "], " + to_string(p.kind) + " on " + arch.name()));
    if (o->json)
      out << to_json(*o, arch, p, r).dump(2) << "\n";
    else
      print_text(out, *o, arch, p, r);
  };
}

}  // namespace advise

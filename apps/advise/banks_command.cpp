// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// coalesce-advise banks: one warp's shared-memory access through the bank model.
#include "commands.hpp"
#include "output.hpp"

#include <coalesce/analysis/bank_model.hpp>

#include <nlohmann/json.hpp>

#include <memory>
#include <ostream>

namespace advise {
namespace {

using namespace coalesce::analysis;

struct banks_options {
  std::string type;
  std::string index;
  bool store = false;
  std::uint64_t base_offset = 0;
  std::size_t lanes = warp_size;
  std::size_t bank_bytes = 4;
  bool json = false;
};

}  // namespace

runner add_banks_command(CLI::App& app) {
  auto o = std::make_shared<banks_options>();
  CLI::App* cmd = app.add_subcommand("banks", "bank conflicts of one warp's shared-memory access");
  cmd->add_option("--type", o->type, "char, short, int, float, float2, float4, double, double2")->required();
  cmd->add_option("--index", o->index, "index expression in idx (the thread's index in the block)")->required();
  cmd->add_flag("--store", o->store, "a store instead of a load (same bank rules)");
  cmd->add_option("--base-offset", o->base_offset, "bytes from the start of shared memory to element 0");
  cmd->add_option("--lanes", o->lanes, "active lanes 0 .. N-1")->capture_default_str();
  cmd->add_option("--bank-bytes", o->bank_bytes, "bank width: 4, or 8 for Kepler's eight-byte mode")
      ->capture_default_str();
  cmd->add_flag("--json", o->json, "JSON instead of text");
  return [o](std::ostream& out) {
    index_options io;
    io.lanes = o->lanes;
    io.base_offset = o->base_offset;
    io.kind = o->store ? access_kind::store : access_kind::load;
    const access_pattern p = pattern_from_index(index_expression::parse(o->index), parse_element_type(o->type), io);
    bank_options bo;
    bo.bank_bytes = o->bank_bytes;
    const bank_report r = analyze_banks(p, bo);
    if (o->json) {
      nlohmann::json banks = nlohmann::json::array();
      for (std::int32_t b : r.bank) banks.push_back(b < 0 ? nlohmann::json(nullptr) : nlohmann::json(b));
      const nlohmann::json j{{"type", o->type},
                             {"index", o->index},
                             {"kind", to_string(p.kind)},
                             {"bank_bytes", o->bank_bytes},
                             {"wavefronts_per_request", r.wavefronts},
                             {"ideal_wavefronts", r.ideal_wavefronts},
                             {"conflicts", r.conflicts()},
                             {"ways", r.ways},
                             {"phases", r.phases},
                             {"banks", banks}};
      out << j.dump(2) << "\n";
      return;
    }
    out << "__shared__ " << o->type << " s[" << o->index << "], " << to_string(p.kind) << " (32 banks of "
        << o->bank_bytes << " bytes)\nbank by lane:";
    for (std::size_t l = 0; l < warp_size; ++l) {
      if (l % 8 == 0) out << "\n  " << (l < 10 ? " " : "") << l << ":";
      out << ' ' << (r.bank[l] < 0 ? std::string("-") : std::to_string(r.bank[l]));
    }
    out << "\nwavefronts per request: " << r.wavefronts << " (ideal " << r.ideal_wavefronts << ", " << r.phases
        << (r.phases == 1 ? " phase" : " phases") << ")\n";
    if (r.ways <= 1)
      out << "conflict-free\n";
    else
      out << r.ways << "-way bank conflict: " << r.conflicts() << " extra wavefronts\n";
  };
}

}  // namespace advise

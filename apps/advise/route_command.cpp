// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// coalesce-advise route: which route of the device route table (docs/design.md) a move takes, why, and
// which other routes apply (coalesce::explain), planned without arrays or a GPU. A vector set's ends:
// aos, pitched, soa, soa:packed, blocked:<bd> (as the runtime allocates them: cudaMallocPitch's 512-byte
// pitches), or the user's rows:<pitch> and cols:<pitch> (in elements); --from-offset/--to-offset put
// a side that many elements past a 16-byte boundary. Records (--record FILE, as coalesce-advise record
// takes it): any record layout, or "user" for the user's structs in device memory.
#include "commands.hpp"
#include "record_input.hpp"

#include <coalesce/core/error.hpp>
#include <coalesce/layout/spec.hpp>
#include <coalesce/record/layout.hpp>
#include <coalesce/runtime/explain.hpp>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <ostream>
#include <string>

namespace advise {
namespace {

using coalesce::array_layout;
using coalesce::errc;
using coalesce::fail;
using coalesce::layout_kind;

struct route_options {
  std::string from, to, type = "float", record;
  std::size_t n = 1 << 20, m = 3, from_offset = 0, to_offset = 0;
  bool json = false;
};

std::size_t element_bytes(const std::string& type) {
  if (type == "char" || type == "int8" || type == "uint8") return 1;
  if (type == "short" || type == "half" || type == "int16" || type == "uint16") return 2;
  if (type == "float" || type == "int" || type == "int32" || type == "uint32") return 4;
  if (type == "double" || type == "int64" || type == "uint64" || type == "float2") return 8;
  if (type == "double2" || type == "float4") return 16;
  fail(errc::invalid_argument, "--type", "unknown element type '" + type +
                                             "' (char, short, half, float, int, double, float2, float4, double2, or "
                                             "int8 .. uint64)");
}

std::size_t round_up(std::size_t x, std::size_t to) { return (x + to - 1) / to * to; }

// An end as the runtime or the user has it.
array_layout vector_end(const std::string& text, std::size_t n, std::size_t m, std::size_t elem, const char* option) {
  for (const char* kind : {"rows:", "cols:"}) {
    const std::string prefix = kind;
    if (text.compare(0, prefix.size(), prefix) != 0) continue;
    const std::string digits = text.substr(prefix.size());
    char* end = nullptr;
    const unsigned long long pitch = digits.empty() ? 0 : std::strtoull(digits.c_str(), &end, 10);
    const bool rows = prefix == "rows:";
    if (digits.empty() || *end != '\0' || pitch < (rows ? m : n))
      fail(errc::invalid_argument, option,
           "pitch '" + digits + "' in '" + text + "' is not a number of at least " + std::to_string(rows ? m : n));
    return {rows ? layout_kind::row_major : layout_kind::col_major, n, m, std::size_t(pitch), 0};
  }
  const coalesce::layout_spec spec = coalesce::parse_layout(text);
  switch (spec.kind) {
    case layout_kind::row_major:
      return {layout_kind::row_major, n, m, spec.pitched ? round_up(m * elem, 512) / elem : m, 0};
    case layout_kind::col_major:
      return {layout_kind::col_major, n, m, spec.pitched ? round_up(n * elem, 512) / elem : n, 0};
    case layout_kind::blocked: break;
  }
  return {layout_kind::blocked, n, m, 0, spec.block};
}

coalesce::route_explanation explain_move(const route_options& o, std::string& what) {
  if (!o.record.empty()) {
    std::string name;
    const coalesce::record_desc desc = read_record(o.record, name);
    const auto end = [&](const std::string& text) {
      return text == "user" ? coalesce::record_aos() : coalesce::parse_record_layout(text);
    };
    what = std::to_string(o.n) + " records of " + name + ", " + o.from + " -> " + o.to;
    return coalesce::explain(desc, o.n, end(o.from), end(o.to), o.from == "user", o.to == "user");
  }
  const std::size_t elem = element_bytes(o.type);
  const array_layout src = vector_end(o.from, o.n, o.m, elem, "--from"), dst = vector_end(o.to, o.n, o.m, elem, "--to");
  // Addresses as allocations give them, each side the asked elements past a 16-byte boundary.
  const auto at = [&](std::size_t offset) {
    return reinterpret_cast<const void*>((std::uintptr_t(1) << 20) + (offset * elem) % 16);
  };
  what = std::to_string(o.n) + " vectors of " + std::to_string(o.m) + " " + o.type + ", " +
         coalesce::to_string(src) + (o.from_offset ? " +" + std::to_string(o.from_offset) : "") + " -> " +
         coalesce::to_string(dst) + (o.to_offset ? " +" + std::to_string(o.to_offset) : "");
  return coalesce::explain(src, at(o.from_offset), dst, at(o.to_offset), elem);
}

}  // namespace

runner add_route_command(CLI::App& app) {
  auto o = std::make_shared<route_options>();
  CLI::App* cmd = app.add_subcommand("route", "the route a device move takes, why, and the other routes that apply");
  cmd->add_option("--from", o->from, "source: aos, pitched, soa, soa:packed, blocked:<bd>, rows:<pitch>, cols:<pitch>; "
                                     "records: a record layout or user")->required();
  cmd->add_option("--to", o->to, "destination, as --from")->required();
  cmd->add_option("--n", o->n, "vectors or records")->capture_default_str();
  cmd->add_option("--m", o->m, "components of a vector")->capture_default_str();
  cmd->add_option("--type", o->type, "element type of a vector set")->capture_default_str();
  cmd->add_option("--from-offset", o->from_offset, "the source's elements past a 16-byte boundary");
  cmd->add_option("--to-offset", o->to_offset, "the destination's elements past a 16-byte boundary");
  cmd->add_option("--record", o->record, "a record described in JSON (see coalesce-advise record): move records");
  cmd->add_flag("--json", o->json, "JSON instead of text");
  return [o](std::ostream& out) {
    std::string what;
    const coalesce::route_explanation e = explain_move(*o, what);
    if (o->json) {
      out << nlohmann::json{{"move", what}, {"route", e.route}, {"variant", e.variant}, {"why", e.why}, {"also", e.also}}
                 .dump(2)
          << "\n";
      return;
    }
    out << what << "\nroute: " << e.name() << "\nwhy: " << e.why << "\n";
    if (e.also.empty()) out << "no other route applies\n";
    for (const std::string& a : e.also) out << "also applies: " << a << "\n";
  };
}

}  // namespace advise

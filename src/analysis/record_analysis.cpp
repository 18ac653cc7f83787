// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// A one-thread-per-record kernel in one record layout: lane l of warp w works on record 32 w + l and
// accesses byte_offset(record, layout, v, field, component), one instruction per component.
#include <coalesce/analysis/record_advisor.hpp>

#include "cached_model.hpp"

#include <coalesce/core/error.hpp>
#include <coalesce/core/math.hpp>

#include <optional>

namespace coalesce::analysis {
namespace {

constexpr const char* call = "analyze_record_kernel";

// The instructions of the kernel (field index, component, kind), checked against the record.
std::vector<record_instruction> instructions_of(const record_kernel& k) {
  if (k.n == 0) fail(errc::invalid_argument, call, "n = 0: the kernel has no records");
  std::vector<record_instruction> out;
  for (const auto* list : {&k.reads, &k.writes}) {
    const access_kind kind = list == &k.reads ? access_kind::load : access_kind::store;
    for (const record_access& a : *list) {
      const std::size_t f = k.desc.index_of(a.field, call);
      const std::size_t count = k.desc[f].count;
      std::vector<std::size_t> components = a.components;
      if (components.empty())
        for (std::size_t c = 0; c < count; ++c) components.push_back(c);
      for (std::size_t c : components) {
        if (c >= count)
          fail(errc::invalid_argument, call,
               "component " + std::to_string(c) + " of field '" + a.field + "' is out of range (it has " +
                   std::to_string(count) + ")");
        record_instruction ins;
        ins.field = f;
        ins.cost.component = c;
        ins.cost.kind = kind;
        out.push_back(ins);
      }
    }
  }
  if (out.empty()) fail(errc::invalid_argument, call, "the kernel has no memory instruction (no reads, no writes)");
  return out;
}

}  // namespace

record_report analyze_record_kernel(const record_kernel& k, const record_layout_spec& spec, const gpu_arch& arch,
                                    const global_options& options) {
  std::vector<record_instruction> instructions = instructions_of(k);
  record_report r;
  r.layout = resolve_record_layout(k.desc, k.n, spec, call);
  r.span_bytes = r.layout.span_bytes;
  std::vector<bool> touched(ceil_div(r.span_bytes, 32), false);
  // One model per instruction: its warps are translates of each other.
  std::vector<detail::cached_model> models(instructions.size(), detail::cached_model(arch, options));
  const std::size_t warps = ceil_div(k.n, warp_size);
  for (std::size_t w = 0; w < warps; ++w) {
    const std::size_t first = w * warp_size;
    for (std::size_t n_ins = 0; n_ins < instructions.size(); ++n_ins) {
      record_instruction& ins = instructions[n_ins];
      const std::size_t width = k.desc[ins.field].width;
      std::array<std::optional<std::uint64_t>, warp_size> addresses{};
      for (std::size_t l = 0; l < warp_size && first + l < k.n; ++l) {
        const std::uint64_t a = byte_offset(k.desc, r.layout, first + l, ins.field, ins.cost.component);
        addresses[l] = a;
        touched[a / 32] = true;
        if ((a + width - 1) / 32 != a / 32) touched[(a + width - 1) / 32] = true;
      }
      const detail::warp_cost c = models[n_ins](make_pattern(addresses, width, ins.cost.kind));
      ins.cost.requests += 1;
      ins.cost.transactions += c.transactions;
      ins.cost.bytes_used += c.bytes_used;
      ins.cost.bytes_moved += c.bytes_moved;
      r.unit = c.unit;
    }
  }
  for (const record_instruction& ins : instructions) {
    r.requests += ins.cost.requests;
    r.transactions += ins.cost.transactions;
    r.bytes_used += ins.cost.bytes_used;
    r.bytes_moved += ins.cost.bytes_moved;
  }
  for (bool b : touched) r.dram_footprint += b ? 32 : 0;
  r.instructions = std::move(instructions);
  return r;
}

}  // namespace coalesce::analysis

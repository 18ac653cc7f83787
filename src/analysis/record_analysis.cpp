// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// A one-thread-per-record kernel in one record layout: lane l of warp w works on record 32 w + l and
// accesses byte_offset(record, layout, v, field, component), one instruction per component.
#include <coalesce/analysis/record_advisor.hpp>

#include "warp_walk.hpp"

#include <coalesce/core/error.hpp>
#include <coalesce/core/math.hpp>

#include <algorithm>
#include <limits>
#include <optional>

namespace coalesce::analysis {
namespace {

constexpr const char* call = "analyze_record_kernel";

// Records of one thread each: the pattern repeats every few warps (the power-of-two block sizes and
// 256-byte alignment of every layout divide 2^16 records), so past twice this many warps the first
// this many stand for each block of as many, and only the tail is walked besides.
constexpr std::size_t sample_warps = 2048;


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

// record_report::component_run.
std::uint64_t component_run(const record_kernel& k, const record_layout& l,
                            const std::vector<record_instruction>& instructions) {
  std::vector<std::vector<bool>> touched;
  for (const field_desc& f : k.desc.fields()) touched.emplace_back(f.count);
  for (const record_instruction& i : instructions) touched[i.field][i.cost.component] = true;
  bool all = true;
  for (const auto& t : touched) all = all && std::find(t.begin(), t.end(), false) == t.end();
  if (all) return 0;
  std::uint64_t run = std::numeric_limits<std::uint64_t>::max();
  for (const record_instruction& i : instructions) {
    const std::uint64_t w = k.desc[i.field].width;
    switch (l.places[i.field].form) {
      case field_form::rows: run = std::min(run, w); break;
      case field_form::columns: run = std::min<std::uint64_t>(run, k.n * w); break;
      case field_form::blocks: run = std::min<std::uint64_t>(run, std::min(l.block, k.n) * w); break;
    }
  }
  return run;
}

}  // namespace

record_report analyze_record_kernel(const record_kernel& k, const record_layout_spec& spec, const gpu_arch& arch,
                                    const global_options& options) {
  std::vector<record_instruction> instructions = instructions_of(k);
  record_report r;
  r.layout = resolve_record_layout(k.desc, k.n, spec, call);
  r.span_bytes = r.layout.span_bytes;
  r.component_run = component_run(k, r.layout, instructions);
  r.traffic.threads = k.n;
  // A partial write needs no DRAM read when the kernel reads every (field, component) it writes.
  r.traffic.stores_were_read = true;
  for (const record_instruction& w : instructions) {
    if (w.cost.kind != access_kind::store) continue;
    bool read = false;
    for (const record_instruction& x : instructions)
      read = read || (x.cost.kind == access_kind::load && x.field == w.field && x.cost.component == w.cost.component);
    r.traffic.stores_were_read = r.traffic.stores_were_read && read;
  }
  std::vector<instruction_report> costs, sample;
  for (const record_instruction& ins : instructions) costs.push_back(ins.cost);
  sample = costs;
  detail::write_masks masks;
  std::vector<access_pattern> patterns(instructions.size());
  const auto walk = [&](std::size_t from, std::size_t to, detail::warp_walker& walker, auto& sink) {
    for (std::size_t w = from; w < to; ++w) {
      const std::size_t first = w * warp_size;
      for (std::size_t j = 0; j < instructions.size(); ++j) {
        const record_instruction& ins = instructions[j];
        std::array<std::optional<std::uint64_t>, warp_size> addresses{};
        for (std::size_t l = 0; l < warp_size && first + l < k.n; ++l)
          addresses[l] = byte_offset(k.desc, r.layout, first + l, ins.field, ins.cost.component);
        patterns[j] = make_pattern(addresses, k.desc[ins.field].width, ins.cost.kind);
      }
      walker.add(patterns, sink);
    }
  };
  const std::size_t warps = ceil_div(k.n, warp_size);
  detail::warp_walker walker(arch, options, costs, r.traffic, r.unit, masks);
  if (warps <= 2 * sample_warps) {
    detail::sector_bitmaps sink(r.span_bytes);
    walk(0, warps, walker, sink);
    r.traffic.load_footprint = detail::sector_bitmaps::bytes(sink.loads);
    r.traffic.store_footprint = detail::sector_bitmaps::bytes(sink.stores);
    for (std::size_t b = 0; b < sink.loads.size(); ++b) r.dram_footprint += (sink.loads[b] || sink.stores[b]) ? 32 : 0;
  } else {
    // The first sample_warps warps stand for every block of as many before the tail, which is walked.
    const std::size_t q = (warps - 1) / sample_warps;
    kernel_traffic block;
    detail::warp_walker one(arch, options, sample, block, r.unit, masks);
    detail::sector_lists head, tail;
    walk(0, sample_warps, one, head);
    walk(q * sample_warps, warps, walker, tail);
    head.finish();
    tail.finish();
    detail::add_scaled(costs, sample, q);
    detail::add_scaled(r.traffic, block, q);
    r.traffic.load_footprint = 32 * (q * head.loads.size() + tail.loads.size());
    r.traffic.store_footprint = 32 * (q * head.stores.size() + tail.stores.size());
    r.dram_footprint = 32 * (q * head.both().size() + tail.both().size());
  }
  r.traffic.partial_store_fraction = masks.partial_share();
  for (std::size_t j = 0; j < instructions.size(); ++j) {
    instructions[j].cost = costs[j];
    r.requests += costs[j].requests;
    r.transactions += costs[j].transactions;
    r.bytes_used += costs[j].bytes_used;
    r.bytes_moved += costs[j].bytes_moved;
  }
  r.instructions = std::move(instructions);
  return r;
}

}  // namespace coalesce::analysis

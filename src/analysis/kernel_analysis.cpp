// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include <coalesce/analysis/kernel_analysis.hpp>

#include "cached_model.hpp"

#include <coalesce/core/error.hpp>
#include <coalesce/core/math.hpp>

#include <algorithm>
#include <array>
#include <utility>

namespace coalesce::analysis {
namespace {

constexpr const char* call = "analyze_kernel";

void check(const kernel_description& k, const array_layout& l) {
  if (k.n == 0) fail(errc::invalid_argument, call, "n = 0: the kernel has no vectors");
  if (k.m == 0) fail(errc::invalid_argument, call, "m = 0: vectors need at least one component");
  if (k.reads.empty() && k.writes.empty())
    fail(errc::invalid_argument, call, "the kernel has no memory instruction (no reads, no writes)");
  for (const auto* list : {&k.reads, &k.writes})
    for (std::size_t i : *list)
      if (i >= k.m)
        fail(errc::invalid_argument, call,
             "component " + std::to_string(i) + " is out of range for m = " + std::to_string(k.m));
  check_layout(l, call);
  if (l.n != k.n || l.m != k.m)
    fail(errc::invalid_argument, call,
         "the layout is " + std::to_string(l.n) + " x " + std::to_string(l.m) + " but the kernel's vector set is " +
             std::to_string(k.n) + " x " + std::to_string(k.m));
}

}  // namespace

kernel_report analyze_kernel(const kernel_description& k, const array_layout& layout, const gpu_arch& arch,
                             const global_options& options) {
  check(k, layout);
  const index_expression to_vector = index_expression::parse(k.thread_to_vector);
  const bool identity = k.thread_to_vector == "idx";
  const std::size_t size = size_of(k.type);
  const std::size_t threads = k.threads == 0 ? k.n : k.threads;
  const std::size_t warps = ceil_div(threads, warp_size);

  kernel_report r;
  r.layout = layout;
  r.span_bytes = checked_mul(layout.span(), size, call, "span in bytes");
  std::vector<bool> touched(ceil_div(r.span_bytes, 32), false);
  std::vector<detail::cached_model> models;  // one per instruction: its warps are translates of each other

  // The vector of every thread of one warp (or -1), computed once per warp for all instructions.
  std::array<std::int64_t, warp_size> vector_of{};
  std::vector<instruction_report> reports;
  for (const auto* list : {&k.reads, &k.writes})
    for (std::size_t i : *list)
      reports.push_back({i, list == &k.reads ? access_kind::load : access_kind::store, 0, 0, 0, 0});
  models.assign(reports.size(), detail::cached_model(arch, options));

  for (std::size_t w = 0; w < warps; ++w) {
    for (std::size_t l = 0; l < warp_size; ++l) {
      const std::size_t t = w * warp_size + l;
      const std::int64_t v = t >= threads ? -1 : identity ? static_cast<std::int64_t>(t) : to_vector.evaluate(t);
      vector_of[l] = (v < 0 || static_cast<std::uint64_t>(v) >= k.n) ? -1 : v;
    }
    for (std::size_t n_ins = 0; n_ins < reports.size(); ++n_ins) {
      instruction_report& ins = reports[n_ins];
      std::array<std::optional<std::uint64_t>, warp_size> addresses{};
      bool any = false;
      for (std::size_t l = 0; l < warp_size; ++l) {
        if (vector_of[l] < 0) continue;
        any = true;
        const std::uint64_t a = element_offset(layout, static_cast<std::size_t>(vector_of[l]), ins.component) * size;
        addresses[l] = a;
        touched[a / 32] = true;
      }
      if (!any) continue;
      const detail::warp_cost c = models[n_ins](make_pattern(addresses, size, ins.kind));
      ins.requests += 1;
      ins.transactions += c.transactions;
      ins.bytes_used += c.bytes_used;
      ins.bytes_moved += c.bytes_moved;
      r.unit = c.unit;
    }
  }
  for (const instruction_report& ins : reports) {
    r.requests += ins.requests;
    r.transactions += ins.transactions;
    r.bytes_used += ins.bytes_used;
    r.bytes_moved += ins.bytes_moved;
  }
  for (bool b : touched) r.dram_footprint += b ? 32 : 0;
  r.instructions = std::move(reports);
  return r;
}

}  // namespace coalesce::analysis

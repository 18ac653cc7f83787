// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include <coalesce/analysis/kernel_analysis.hpp>

#include "periodic.hpp"
#include "warp_walk.hpp"

#include <coalesce/core/error.hpp>
#include <coalesce/core/math.hpp>

#include <algorithm>
#include <numeric>
#include <optional>
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

// The kernel as the walk sees it: which element each lane of each warp touches per instruction.
struct grid {
  const kernel_description& k;
  const array_layout& layout;
  std::size_t size;
  std::uint64_t threads, warps;
  index_expression to_vector, to_component;
  bool identity, no_component;
  std::vector<instruction_report> templates;  // component and kind of each instruction, no costs

  grid(const kernel_description& kd, const array_layout& l)
      : k(kd),
        layout(l),
        size(size_of(kd.type)),
        threads(kd.threads == 0 ? kd.n : kd.threads),
        warps(ceil_div(threads, warp_size)),
        to_vector(index_expression::parse(kd.thread_to_vector)),
        to_component(index_expression::parse(kd.thread_to_component)),
        identity(kd.thread_to_vector == "idx"),
        no_component(kd.thread_to_component == "0") {
    for (const auto* list : {&kd.reads, &kd.writes})
      for (std::size_t i : *list)
        templates.push_back({i, list == &kd.reads ? access_kind::load : access_kind::store, 0, 0, 0, 0});
  }

  // The raw maps (before the range checks).
  std::int64_t vector_raw(std::uint64_t t) const {
    return identity ? static_cast<std::int64_t>(t) : to_vector.evaluate(static_cast<std::int64_t>(t));
  }
  std::int64_t component_raw(std::uint64_t t) const {
    return no_component ? 0 : to_component.evaluate(static_cast<std::int64_t>(t));
  }
  // Bit j: thread t issues instruction j (the kernels have few instructions; more share bit 63).
  std::uint64_t active(std::uint64_t t) const {
    if (t >= threads) return 0;
    const std::int64_t v = vector_raw(t);
    if (v < 0 || static_cast<std::uint64_t>(v) >= k.n) return 0;
    const std::int64_t c = component_raw(t);
    std::uint64_t bits = 0;
    for (std::size_t j = 0; j < templates.size(); ++j) {
      const std::int64_t i = static_cast<std::int64_t>(templates[j].component) + c;
      if (i >= 0 && static_cast<std::uint64_t>(i) < k.m) bits |= std::uint64_t(1) << std::min<std::size_t>(j, 63);
    }
    return bits;
  }

  void patterns(std::uint64_t w, std::vector<access_pattern>& out) const {
    out.assign(templates.size(), access_pattern{});
    for (std::size_t j = 0; j < templates.size(); ++j) {
      out[j].width = size;
      out[j].kind = templates[j].kind;
    }
    for (std::size_t l = 0; l < warp_size; ++l) {
      const std::uint64_t t = w * warp_size + l;
      if (t >= threads) break;
      const std::int64_t v = vector_raw(t);
      if (v < 0 || static_cast<std::uint64_t>(v) >= k.n) continue;
      const std::int64_t c = component_raw(t);
      for (std::size_t j = 0; j < templates.size(); ++j) {
        const std::int64_t i = static_cast<std::int64_t>(templates[j].component) + c;
        if (i < 0 || static_cast<std::uint64_t>(i) >= k.m) continue;
        out[j].address[l] = element_offset(layout, static_cast<std::size_t>(v), static_cast<std::size_t>(i)) * size;
        out[j].active |= 1u << l;
      }
    }
  }

  template <class Sink>
  void walk(std::uint64_t first, std::uint64_t last, detail::warp_walker& walker, Sink& sink) const {
    std::vector<access_pattern> p;
    for (std::uint64_t w = first; w < last; ++w) {
      patterns(w, p);
      walker.add(p, sink);
    }
  }
};

// The repeat of the pattern: every `period` warps each lane touches the element `shift` bytes (a
// multiple of 256, so every memory model costs the warp the same) further on.
struct period_plan {
  std::uint64_t period;  // warps
  std::int64_t vectors;  // the vector each lane works on moves this far per period
  std::uint64_t shift;   // bytes
  std::uint64_t steady;  // periods from warp `period` on that are exact translates of the first
};

constexpr std::uint64_t max_period_warps = 4096;

std::optional<period_plan> plan_for(const grid& g) {
  using period = std::optional<std::int64_t>;
  const period lv = g.identity ? period(1) : detail::quasi_affine_period(g.to_vector);
  const period lc = g.no_component ? period(1) : detail::quasi_affine_period(g.to_component);
  if (!lv || !lc) return std::nullopt;
  const std::uint64_t t0 = std::lcm(std::lcm<std::uint64_t>(warp_size, *lv), static_cast<std::uint64_t>(*lc));
  if (t0 > max_period_warps * warp_size || g.warps < 6 * (t0 / warp_size)) return std::nullopt;
  const std::int64_t inc0 = g.vector_raw(2 * t0) - g.vector_raw(t0);
  if (inc0 < 0 || g.component_raw(2 * t0) != g.component_raw(t0)) return std::nullopt;
  const array_layout& l = g.layout;
  for (std::uint64_t k = 1; k * t0 <= max_period_warps * warp_size; ++k) {
    const std::uint64_t inc = static_cast<std::uint64_t>(inc0) * k;
    if (l.kind == layout_kind::blocked && inc % l.block != 0) continue;
    const std::uint64_t elements = l.kind == layout_kind::row_major   ? inc * l.pitch
                                   : l.kind == layout_kind::col_major ? inc
                                                                      : inc * l.m;
    const std::uint64_t shift = elements * g.size;
    if (shift % 256 != 0) continue;
    const std::uint64_t warps = k * t0 / warp_size;
    if (g.warps < 6 * warps) return std::nullopt;
    return period_plan{warps, static_cast<std::int64_t>(inc), shift, (g.warps - warps) / warps - 1};
  }
  return std::nullopt;
}

// Checks the plan on several steady periods (first, last and between): every thread maps to the
// first period's element moved by whole repeats, and issues the same instructions. A quasi-affine map
// is affine on each residue class, and activity is an interval test, so agreement at both ends holds
// between them; the middle samples catch maps whose intermediates change sign.
bool verified(const grid& g, const period_plan& p) {
  const std::uint64_t span = p.period * warp_size;  // threads per period; the first steady one starts here
  const std::uint64_t s = p.steady;
  for (std::uint64_t r : {std::uint64_t(1), s / 4, s / 3, s / 2, 2 * s / 3, 3 * s / 4, s - 2, s - 1}) {
    if (r == 0 || r >= s) continue;  // (r = 1 checks the increment the shift was computed from)
    for (std::uint64_t u = 0; u < span; ++u) {
      const std::uint64_t t = span + u, t2 = span + r * span + u;
      const std::uint64_t active = g.active(t);
      if (active != g.active(t2)) return false;
      if (!active) continue;
      if (g.vector_raw(t2) != g.vector_raw(t) + static_cast<std::int64_t>(r) * p.vectors) return false;
      if (g.component_raw(t2) != g.component_raw(t)) return false;
    }
  }
  return true;
}

// Distinct sectors of head ∪ (steady period repeated q times, d sectors apart) ∪ tail; all sorted.
std::uint64_t footprint(const std::vector<std::uint64_t>& period, const std::vector<std::uint64_t>& head,
                        const std::vector<std::uint64_t>& tail, std::uint64_t d, std::uint64_t q) {
  const detail::translates u(period, d, q);
  std::uint64_t c = u.size();
  for (std::uint64_t x : head) c += !u.contains(x);
  for (std::uint64_t x : tail) c += !u.contains(x) && !std::binary_search(head.begin(), head.end(), x);
  return c;
}

// kernel_report::component_run: with no component map, the components the instructions name are all
// a thread touches.
std::uint64_t component_run(const grid& g) {
  std::vector<bool> touched(g.k.m);
  for (const instruction_report& i : g.templates) touched[i.component] = true;
  if (!g.no_component || std::find(touched.begin(), touched.end(), false) == touched.end()) return 0;
  switch (g.layout.kind) {
    case layout_kind::row_major: return g.size;
    case layout_kind::col_major: return std::uint64_t(g.layout.n) * g.size;
    case layout_kind::blocked: break;
  }
  return std::uint64_t(std::min(g.layout.block, g.layout.n)) * g.size;
}

kernel_report start(const grid& g) {
  kernel_report r;
  r.layout = g.layout;
  r.span_bytes = checked_mul(g.layout.span(), g.size, call, "span in bytes");
  r.component_run = component_run(g);
  r.instructions = g.templates;
  r.traffic.threads = g.threads;
  r.traffic.loads_in_flight = double(g.k.loads_in_flight);
  const auto& reads = g.k.reads;
  r.traffic.stores_were_read =
      !g.k.writes.empty() && std::all_of(g.k.writes.begin(), g.k.writes.end(), [&](std::size_t i) {
        return std::find(reads.begin(), reads.end(), i) != reads.end();
      });
  return r;
}

void finish(kernel_report& r) {
  for (const instruction_report& ins : r.instructions) {
    r.requests += ins.requests;
    r.transactions += ins.transactions;
    r.bytes_used += ins.bytes_used;
    r.bytes_moved += ins.bytes_moved;
  }
}

kernel_report exhaustive(const grid& g, const gpu_arch& arch, const global_options& options) {
  kernel_report r = start(g);
  detail::write_masks masks;
  detail::warp_walker walker(arch, options, r.instructions, r.traffic, r.unit, masks);
  detail::sector_bitmaps sink(r.span_bytes);
  g.walk(0, g.warps, walker, sink);
  r.traffic.load_footprint = detail::sector_bitmaps::bytes(sink.loads);
  r.traffic.store_footprint = detail::sector_bitmaps::bytes(sink.stores);
  r.traffic.partial_store_fraction = masks.partial_share();
  finish(r);
  std::uint64_t touched = 0;  // a sector read and written counts once
  for (std::size_t s = 0; s < sink.loads.size(); ++s) touched += sink.loads[s] || sink.stores[s];
  r.dram_footprint = 32 * touched;
  r.warps_analyzed = g.warps;
  return r;
}

kernel_report periodic(const grid& g, const period_plan& p, const gpu_arch& arch, const global_options& options) {
  kernel_report r = start(g);
  detail::write_masks masks;
  const std::uint64_t head = p.period, tail = head + p.steady * p.period;
  detail::sector_lists h, s0, s1, s2, tl;
  detail::warp_walker walker(arch, options, r.instructions, r.traffic, r.unit, masks);
  g.walk(0, head, walker, h);
  g.walk(tail, g.warps, walker, tl);
  // One steady period, counted `steady` times; the two after it only complete the write masks.
  std::vector<instruction_report> once = g.templates, spare = g.templates;
  kernel_traffic period_traffic, spare_traffic;
  const char* unit = r.unit;
  detail::warp_walker one(arch, options, once, period_traffic, unit, masks);
  detail::warp_walker more(arch, options, spare, spare_traffic, unit, masks);
  g.walk(head, head + p.period, one, s0);
  g.walk(head + p.period, head + 2 * p.period, more, s1);
  g.walk(head + 2 * p.period, head + 3 * p.period, more, s2);
  r.unit = unit;
  detail::add_scaled(r.instructions, once, p.steady);
  detail::add_scaled(r.traffic, period_traffic, p.steady);
  for (auto* l : {&h, &s0, &s1, &tl}) l->finish();

  const std::uint64_t d = p.shift / 32;
  r.traffic.load_footprint = 32 * footprint(s0.loads, h.loads, tl.loads, d, p.steady);
  r.traffic.store_footprint = 32 * footprint(s0.stores, h.stores, tl.stores, d, p.steady);
  r.traffic.partial_store_fraction = masks.partial_share(s1.stores);
  finish(r);
  r.dram_footprint = 32 * footprint(s0.both(), h.both(), tl.both(), d, p.steady);
  r.warps_analyzed = head + 3 * p.period + (g.warps - tail);
  return r;
}

}  // namespace

kernel_report analyze_kernel(const kernel_description& k, const array_layout& layout, const gpu_arch& arch,
                             const global_options& options) {
  check(k, layout);
  const grid g(k, layout);
  const std::optional<period_plan> p = plan_for(g);
  if (p && verified(g, *p)) return periodic(g, *p, arch, options);
  return exhaustive(g, arch, options);
}

kernel_report analyze_kernel_exhaustive(const kernel_description& k, const array_layout& layout, const gpu_arch& arch,
                                        const global_options& options) {
  check(k, layout);
  return exhaustive(grid(k, layout), arch, options);
}

}  // namespace coalesce::analysis

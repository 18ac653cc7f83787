// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include "pattern_list.hpp"

#include <coalesce/analysis/bank_model.hpp>
#include <coalesce/analysis/kernel_analysis.hpp>
#include <coalesce/core/math.hpp>

#include <algorithm>

namespace validate {
namespace {

using namespace coalesce::analysis;

coalesce::array_layout make_layout(const char* kind, std::size_t n, std::size_t m, std::size_t bd,
                                   const std::string& type) {
  const std::string k = kind;
  if (k == "AOS") return {coalesce::layout_kind::row_major, n, m, m, 0};
  if (k == "BLOCKED") return {coalesce::layout_kind::blocked, n, m, 0, bd};
  const std::size_t size = size_of(parse_element_type(type));
  return {coalesce::layout_kind::col_major, n, m, coalesce::round_up(n * size, pitch_alignment) / size, 0};
}

access_pattern lane_pattern(const pattern_spec& p) {
  index_options o;
  o.base_offset = p.base_offset;
  o.kind = p.store ? access_kind::store : access_kind::load;
  return pattern_from_index(index_expression::parse(p.expression), parse_element_type(p.type), o);
}

}  // namespace

const std::vector<pattern_spec>& all_patterns() {
  static const std::vector<pattern_spec> list = [] {
    std::vector<pattern_spec> v;
    const auto is_store = [](const char* op) { return std::string(op) == "STORE"; };
#define GLOBAL(name, T, OP, OFFSET, EXPR) \
  v.push_back({#name, space::global, is_store(#OP), #T, #EXPR, OFFSET, {}, 0});
#define SHARED(name, T, OP, EXPR) v.push_back({#name, space::shared, is_store(#OP), #T, #EXPR, 0, {}, 0});
#define LAYOUT(name, T, OP, KIND, N, M, BD, COMP) \
  v.push_back({#name, space::layout, is_store(#OP), #T, "", 0, make_layout(#KIND, N, M, BD, #T), COMP});
#include "patterns.def"
#undef GLOBAL
#undef SHARED
#undef LAYOUT
    return v;
  }();
  return list;
}

std::size_t warp_span(const pattern_spec& p) {
  const access_pattern a = lane_pattern(p);
  std::uint64_t end = 0;
  for (std::size_t l = 0; l < warp_size; ++l) end = std::max<std::uint64_t>(end, a.address[l] + a.width);
  return coalesce::round_up(end, 256);
}

prediction predict(const pattern_spec& p) {
  if (p.where == space::global) {
    // Every warp is a translate of warp 0 by a multiple of 256 bytes, so warp 0 speaks for all.
    const global_report r = analyze_global(lane_pattern(p), gpu_arch{9, 0});
    return {static_cast<double>(r.transactions_per_request()), 0.0, static_cast<double>(global_warps)};
  }
  if (p.where == space::shared) {
    const bank_report r = analyze_banks(lane_pattern(p));
    return {static_cast<double>(r.wavefronts), static_cast<double>(r.conflicts()),
            static_cast<double>(shared_blocks)};
  }
  kernel_description k;
  k.n = p.layout.n;
  k.m = p.layout.m;
  k.type = parse_element_type(p.type);
  (p.store ? k.writes : k.reads).push_back(p.component);
  const kernel_report r = analyze_kernel(k, p.layout, gpu_arch{9, 0});
  return {static_cast<double>(r.transactions) / static_cast<double>(r.requests), 0.0,
          static_cast<double>(r.requests)};
}

}  // namespace validate

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The structs the record benchmarks move, as simulation codes write them (compiler padding kept).

#include "bench_result.hpp"

#include <coalesce/record/layout.hpp>
#include <coalesce/runtime/runtime.hpp>
#include <coalesce/record/record.hpp>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

namespace coalesce::bench {

// The anchor: 36 bytes of fields, 40 with padding.
struct body {
  float x[3];
  float v[3];
  std::int32_t id;
  double mass;
};
using body_fields = fields<&body::x, &body::v, &body::id, &body::mass>;

// Mixed widths: 41 bytes of fields in 48.
struct particle {
  double x[3];
  float v[3];
  std::int32_t id;
  std::uint8_t species;
};
using particle_fields = fields<&particle::x, &particle::v, &particle::id, &particle::species>;

// FE element data and connectivity in one record: 76 bytes, no padding.
struct element {
  float dN[12];
  float V0, mu, kappa;
  std::int32_t nodes[4];
};
using element_fields = fields<&element::dN, &element::V0, &element::mu, &element::kappa, &element::nodes>;

// 16 fields of 1, 2, 4, 8 and 16 bytes with padding between them.
struct alignas(16) mixed {
  double a;
  float b[2];
  std::int16_t c;
  std::uint8_t d;
  std::uint8_t e[3];
  std::uint32_t f[4];
  std::int32_t g;
  std::int16_t h[3];
  std::int8_t i;
  double j[2];
  float k;
  std::uint32_t l;
  std::uint8_t m;
  std::int64_t o;
  std::int16_t p;
  struct alignas(16) quad {
    std::uint32_t w[4];
  } q;
};
using mixed_fields = fields<&mixed::a, &mixed::b, &mixed::c, &mixed::d, &mixed::e, &mixed::f, &mixed::g, &mixed::h,
                            &mixed::i, &mixed::j, &mixed::k, &mixed::l, &mixed::m, &mixed::o, &mixed::p, &mixed::q>;

// The record layouts every bench pair goes between (split: the first field hot).
inline std::vector<std::pair<std::string, record_layout_spec>> record_bench_layouts(const record_desc& d) {
  return {{"aos", record_aos()},
          {"packed", record_packed()},
          {"soa", record_soa()},
          {"blocked:128", record_blocked(128)},
          {"blocked:96", record_blocked(96)},
          {"split", record_split({d[0].name})},
          {"split:blocked:128", record_split({d[0].name}, 128)}};
}

// f(src, dst, r) for every ordered pair of bench record layouts of n records of d (each source
// allocated once, its bytes set by fill(src); pairs whose name does not contain `only` skipped); r is
// the case's result, its time still to be measured.
template <class Fill, class F>
void for_each_record_pair(const runtime& rt, const record_desc& d, std::size_t n, const char* label,
                          const std::string& only, Fill&& fill, F&& f) {
  const auto layouts = record_bench_layouts(d);
  for (const auto& [from_name, from] : layouts) {
    record_array src = rt.allocate(d, n, from);
    fill(src);
    for (const auto& [to_name, to] : layouts) {
      if (from_name == to_name) continue;
      result r = record_result(label, from_name, to_name, n, d.data_bytes());
      if (!selected(only, r.name)) continue;
      record_array dst = rt.allocate(d, n, to);
      f(std::as_const(src), dst, r);
    }
  }
}

// Bytes of the 32-byte sectors that the fields of the array's records touch: those of the first K
// records, K a multiple of 32 and of bd (a whole period of every field form: rows repeat every
// 32 / gcd(stride, 32) records, columns and blocks are whole runs), scaled to n.
inline double record_sector_bytes(const record_array& a) {
  const record_desc& d = a.desc();
  const std::size_t period = std::lcm<std::size_t>(32, a.layout().block ? a.layout().block : 1);
  const std::size_t k = std::min(a.n(), period * ((2048 + period - 1) / period));
  const auto data = reinterpret_cast<std::uintptr_t>(a.data());
  std::vector<std::uintptr_t> sectors;
  for (std::size_t v = 0; v < k; ++v)
    for (std::size_t f = 0; f < d.size(); ++f)
      for (std::size_t c = 0; c < d[f].count; ++c) {
        const std::uintptr_t at = data + byte_offset(d, a.layout(), v, f, c);
        for (std::uintptr_t s = at / 32; s <= (at + d[f].width - 1) / 32; ++s) sectors.push_back(s);
      }
  std::sort(sectors.begin(), sectors.end());
  const auto distinct = std::size_t(std::unique(sectors.begin(), sectors.end()) - sectors.begin());
  return 32.0 * double(distinct) * double(a.n()) / double(k);
}

inline record_desc describe(body*) {
  return describe_record<body>(field("x", &body::x), field("v", &body::v), field("id", &body::id),
                               field("mass", &body::mass));
}
inline record_desc describe(particle*) {
  return describe_record<particle>(field("x", &particle::x), field("v", &particle::v), field("id", &particle::id),
                                   field("species", &particle::species));
}
inline record_desc describe(element*) {
  return describe_record<element>(field("dN", &element::dN), field("V0", &element::V0), field("mu", &element::mu),
                                  field("kappa", &element::kappa), field("nodes", &element::nodes));
}
inline record_desc describe(mixed*) {
  return describe_record<mixed>(field("a", &mixed::a), field("b", &mixed::b), field("c", &mixed::c),
                                field("d", &mixed::d), field("e", &mixed::e), field("f", &mixed::f),
                                field("g", &mixed::g), field("h", &mixed::h), field("i", &mixed::i),
                                field("j", &mixed::j), field("k", &mixed::k), field("l", &mixed::l),
                                field("m", &mixed::m), field("o", &mixed::o), field("p", &mixed::p),
                                field("q", &mixed::q));
}

}  // namespace coalesce::bench

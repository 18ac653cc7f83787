// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Random records for tests: random field counts, widths, array counts and offsets with padding
// between fields and at the end, and random struct arrays with their padding poisoned; plus the
// record layouts every round trip goes through and a byte-exact comparison of two struct arrays.

#include <coalesce/record/layout.hpp>
#include <coalesce/runtime/runtime.hpp>
#include <coalesce/record/record.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <initializer_list>
#include <cstdint>
#include <numeric>
#include <random>
#include <string>
#include <vector>

namespace coalesce::test {

inline constexpr unsigned char padding_poison = 0xA5;

// 1..max_fields fields of widths 1-16 and counts 1-4, shuffled into place with gaps.
inline record_desc random_record(std::mt19937_64& gen, std::size_t max_fields = 16) {
  const std::size_t widths[] = {1, 2, 4, 8, 16};
  std::uniform_int_distribution<std::size_t> fields_d(1, max_fields), width_d(0, 4), count_d(1, 4), gap_d(0, 2);
  std::vector<field_desc> fields(fields_d(gen));
  for (std::size_t k = 0; k < fields.size(); ++k)
    fields[k] = {"f" + std::to_string(k), 0, widths[width_d(gen)], count_d(gen)};
  std::vector<std::size_t> order(fields.size());
  std::iota(order.begin(), order.end(), 0);
  std::shuffle(order.begin(), order.end(), gen);
  std::size_t offset = 0, align = 1;
  for (std::size_t k : order) {
    field_desc& f = fields[k];
    offset += gap_d(gen) * f.width;  // padding before the field
    offset = (offset + f.width - 1) / f.width * f.width;
    f.offset = offset;
    offset += f.bytes();
    align = std::max(align, f.width);
  }
  const std::size_t stride = (offset + gap_d(gen) * align + align - 1) / align * align;
  return record_desc(fields, std::max(stride, align));
}

// n random structs of `desc`: random field bytes, padding bytes poisoned.
inline std::vector<unsigned char> random_structs(const record_desc& desc, std::size_t n, std::mt19937_64& gen) {
  std::vector<unsigned char> out(n * desc.stride(), padding_poison);
  for (std::size_t v = 0; v < n; ++v)
    for (const field_desc& f : desc.fields())
      for (std::size_t b = 0; b < f.bytes(); ++b) out[v * desc.stride() + f.offset + b] = static_cast<unsigned char>(gen());
  return out;
}

// Rows of 96 bytes (a multiple of 32, not of 64), widths 1 to 16 and a gap: the staged kernel swizzles
// their images (stage_plan::rows_swizzle), which random records need not hit.
inline record_desc rows_of_96_bytes() {
  return record_desc({{"a", 0, 8, 2}, {"b", 16, 16, 1}, {"c", 32, 4, 6}, {"d", 56, 2, 3}, {"e", 62, 1, 4},
                      {"f", 72, 8, 3}},
                     96);
}

// Every record layout kind, with block sizes that do and do not divide the test sizes.
inline std::vector<record_layout_spec> record_layouts(const record_desc& desc) {
  std::vector<record_layout_spec> out = {record_aos(), record_packed(), record_soa(), record_blocked(32),
                                         record_blocked(128), record_blocked(96), record_blocked(1000)};
  std::vector<std::string> hot;
  for (std::size_t f = 0; f < desc.size(); f += 2) hot.push_back(desc[f].name);
  out.push_back(record_split(hot));
  out.push_back(record_split(hot, 64));
  return out;
}

// Every byte equal: fields copied and the user's padding left as it was (both arrays in the user's layout).
inline void require_same_structs(const std::vector<unsigned char>& got, const std::vector<unsigned char>& want,
                                 const record_desc& desc) {
  REQUIRE(got.size() == want.size());
  if (got == want) return;
  const auto at = std::size_t(std::mismatch(got.begin(), got.end(), want.begin()).first - got.begin());
  const std::size_t v = at / desc.stride(), byte = at % desc.stride();
  std::string what = "padding";
  for (const field_desc& f : desc.fields())
    if (byte >= f.offset && byte < f.offset + f.bytes()) what = "field " + f.name;
  FAIL("record " << v << ", byte " << byte << " (" << what << "): got " << int(got[at]) << ", want " << int(want[at]));
}

// Random structs of `d`, each of every size, uploaded into every record layout, relayouted into every
// other and downloaded into poisoned structs: the fields come back bit for bit, the padding untouched.
inline void round_trip_every_pair_of(const runtime& rt, const record_desc& d, std::initializer_list<std::size_t> sizes,
                                     std::mt19937_64& gen) {
  INFO(to_string(d));
  for (const std::size_t n : sizes) {
    const std::vector<unsigned char> in = random_structs(d, n, gen);
    for (const record_layout_spec& a : record_layouts(d)) {
      const record_array first = rt.upload(host_records(in.data(), n, d), a);
      for (const record_layout_spec& b : record_layouts(d)) {
        INFO(to_string(a) << " -> " << to_string(b) << ", n = " << n);
        const record_array second = rt.relayout(first, b);
        std::vector<unsigned char> out(in.size(), padding_poison);
        rt.download(second, host_records(out.data(), n, d));
        require_same_structs(out, in, d);
      }
    }
  }
}

// The same for `trials` random records.
inline void round_trip_every_pair(const runtime& rt, int trials, std::initializer_list<std::size_t> sizes) {
  std::mt19937_64 gen(std::random_device{}());
  for (int trial = 0; trial < trials; ++trial) round_trip_every_pair_of(rt, random_record(gen), sizes, gen);
}

}  // namespace coalesce::test

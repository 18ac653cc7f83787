// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// One record pack/unpack test body for every backend: random records (mixed widths, padding) in every
// record layout, random id lists with repeats, a wire at an odd address with poisoned bytes around it,
// checked against the wire format built from the user's structs (fields in declaration order, no padding).

#include <coalesce/coalesce.hpp>
#include <coalesce/runtime/pack.hpp>

#include <doctest/doctest.h>

#include "pack_checks.hpp"
#include "random_records.hpp"
#include "require_error.hpp"

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

namespace coalesce::test {

inline constexpr unsigned char wire_poison = 0x5A;

// The wire of structs[ids[k]]: per vector, each sent field's bytes in declaration order (every field
// where `sent` is empty).
inline std::vector<unsigned char> reference_wire(const record_desc& d, const std::vector<unsigned char>& structs,
                                                 const std::vector<std::uint32_t>& ids,
                                                 const std::vector<bool>& sent = {}) {
  std::vector<unsigned char> out;
  out.reserve(ids.size() * d.data_bytes());
  for (const std::uint32_t id : ids)
    for (std::size_t k = 0; k < d.size(); ++k) {
      if (!sent.empty() && !sent[k]) continue;
      const field_desc& f = d[k];
      const unsigned char* p = structs.data() + std::size_t(id) * d.stride() + f.offset;
      out.insert(out.end(), p, p + f.bytes());
    }
  return out;
}

// A byte array in the runtime's memory holding `bytes`.
inline array<std::uint8_t> bytes_in(const runtime& rt, const std::vector<unsigned char>& bytes) {
  return rt.upload(host_vectors(bytes.data(), bytes.size(), 1), aos());
}
inline std::vector<unsigned char> bytes_of(const runtime& rt, const array<std::uint8_t>& a) {
  std::vector<unsigned char> out(a.n());
  rt.download(a, host_vectors(out.data(), a.n(), 1));
  return out;
}

// Every field (some_fields false), or a random non-empty subset named in a random order: on the wire in
// declaration order; unpacking writes those fields of the target records and nothing else.
inline void record_pack_matches_reference(const runtime& rt, int trials, std::initializer_list<std::size_t> sizes,
                                          bool some_fields = false) {
  const std::uint64_t seed = fresh_seed();
  std::mt19937_64 gen(seed);
  for (int trial = 0; trial < trials; ++trial) {
    const record_desc d = random_record(gen);
    std::vector<bool> sent(d.size(), !some_fields);
    std::vector<std::string> names;  // empty: every field, by the calls without a list
    if (some_fields) {
      for (std::size_t k = 0; k < d.size(); ++k)
        if ((sent[k] = gen() % 2 == 0)) names.push_back(d[k].name);
      if (names.empty()) sent[0] = true, names.push_back(d[0].name);
      std::shuffle(names.begin(), names.end(), gen);
    }
    const std::size_t B = some_fields ? wire_vector_bytes(d, names) : d.data_bytes();
    for (const std::size_t n : sizes) {
      INFO(to_string(d) << ", n = " << n << ", " << (some_fields ? names.size() : d.size()) << " fields sent, seed = "
                        << seed);
      const std::vector<unsigned char> in = random_structs(d, n, gen), other = random_structs(d, n, gen);
      const std::vector<std::uint32_t> ids = random_ids(n, 2 * n + 3, gen);
      std::vector<std::uint32_t> unique(n);
      std::iota(unique.begin(), unique.end(), 0u);
      std::shuffle(unique.begin(), unique.end(), gen);
      unique.resize(n / 2);
      const index_list list(rt, n, ids, three_messages(ids.size())), targets(rt, n, unique);
      const std::vector<unsigned char> want = reference_wire(d, in, ids, sent);
      REQUIRE(want.size() == ids.size() * B);
      for (const record_layout_spec& spec : record_layouts(d)) {
        INFO("layout " << to_string(spec));
        const record_array src = rt.upload(host_records(in.data(), n, d), spec);
        // The wire starts one byte into a poisoned buffer (unaligned) and has a poisoned byte after it.
        array<std::uint8_t> wire = bytes_in(rt, std::vector<unsigned char>(want.size() + 2, wire_poison));
        if (some_fields) pack(rt, src, list, wire.data() + 1, want.size(), names);
        else pack(rt, src, list, wire.data() + 1, want.size());
        const std::vector<unsigned char> got = bytes_of(rt, wire);
        REQUIRE(got.front() == wire_poison);
        REQUIRE(got.back() == wire_poison);
        REQUIRE(std::equal(want.begin(), want.end(), got.begin() + 1));

        // Overwrite: records unique[k] get wire vector k (the sent fields), the others keep theirs.
        record_array dst = rt.upload(host_records(other.data(), n, d), spec);
        if (some_fields) unpack(rt, wire.data() + 1, unique.size() * B, targets, dst, names);
        else unpack(rt, wire.data() + 1, unique.size() * B, targets, dst);
        std::vector<unsigned char> expect = other, out(other.size(), padding_poison);
        for (std::size_t k = 0; k < unique.size(); ++k) {
          std::size_t at = k * B;
          for (std::size_t f = 0; f < d.size(); ++f) {
            if (!sent[f]) continue;
            std::memcpy(expect.data() + unique[k] * d.stride() + d[f].offset, want.data() + at, d[f].bytes());
            at += d[f].bytes();
          }
        }
        rt.download(dst, host_records(out.data(), n, d));
        require_same_structs(out, expect, d);
      }
    }
  }
}

// Record calls that must fail, naming why, and leave the wire alone.
inline void record_pack_errors(const runtime& rt) {
  std::mt19937_64 gen(11);
  const record_desc d = random_record(gen, 4);
  const std::vector<unsigned char> in = random_structs(d, 10, gen);
  record_array a = rt.upload(host_records(in.data(), 10, d), record_soa());
  array<std::uint8_t> wire = bytes_in(rt, std::vector<unsigned char>(4 * d.data_bytes(), wire_poison));
  const index_list four(rt, 10, std::vector<int>{1, 2, 2, 9}), other_n(rt, 11, std::vector<int>{1});
  require_error([&] { pack(rt, a, four, wire.data(), 4 * d.data_bytes() - 1); }, errc::invalid_argument, "need");
  require_error([&] { pack(rt, a, other_n, wire.data(), 4 * d.data_bytes()); }, errc::size_mismatch, "n = 11");
  require_error([&] { unpack(rt, wire.data(), 4 * d.data_bytes(), four, a); }, errc::invalid_argument,
                "repeated ids");
  require_error(
      [&] {
        detail::unpack_raw(rt, wire.data(), 4 * d.data_bytes(), four, detail::target_of(a), unpack_mode::sum, nullptr,
                           true, "unpack");
      },
      errc::invalid_argument, "record array");
  const std::string first = d[0].name;
  require_error([&] { pack(rt, a, four, wire.data(), 4 * d.data_bytes(), {"no such field"}); },
                errc::invalid_argument, "no field 'no such field'");
  require_error([&] { pack(rt, a, four, wire.data(), 4 * d.data_bytes(), {first, first}); }, errc::invalid_argument,
                "named twice");
  require_error([&] { pack(rt, a, four, wire.data(), 4 * d.data_bytes(), std::vector<std::string>{}); },
                errc::invalid_argument, "empty list of fields");
  CHECK(bytes_of(rt, wire) == std::vector<unsigned char>(4 * d.data_bytes(), wire_poison));
}

}  // namespace coalesce::test

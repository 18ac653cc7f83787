// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// One pack/unpack test body for every backend: random data in every layout, random id lists with
// repeats and empty messages, checked against the wire format computed from the user's AoS copy.

#include <coalesce/coalesce.hpp>
#include <coalesce/runtime/pack.hpp>

#include <doctest/doctest.h>

#include "random.hpp"
#include "round_trip.hpp"

#include <algorithm>
#include <cstring>
#include <numeric>
#include <random>
#include <vector>

namespace coalesce::test {

// `count` ids in [0, n) with repeats, cut into messages of which one is empty.
inline std::vector<std::uint32_t> random_ids(std::size_t n, std::size_t count, std::mt19937_64& gen) {
  std::vector<std::uint32_t> ids(n == 0 ? 0 : count);
  for (auto& id : ids) id = std::uint32_t(gen() % n);
  return ids;
}
inline std::vector<std::size_t> three_messages(std::size_t count) {
  return {0, count / 3, count / 3, count};  // the second message is empty
}

// Bitwise equality (also for element types without operator==).
template <class T>
bool same_bits(const T& a, const T& b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}
template <class T>
bool same_bits(const std::vector<T>& a, const std::vector<T>& b) {
  return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0);
}

// The sum unpack promises: integers wrap modulo 2^bits.
template <class T>
T wrapping_add(T a, T b) {
  if constexpr (std::is_integral_v<T>) {
    return T(std::make_unsigned_t<T>(a) + std::make_unsigned_t<T>(b));
  } else {
    return a + b;
  }
}

template <class T>
std::vector<T> download_all(const runtime& rt, const array<T>& a) {
  std::vector<T> out(a.n() * a.m());
  rt.download(a, host_vectors(out.data(), a.n(), a.m()));
  return out;
}

// pack, unpack (overwrite) and unpack (sum, with repeated ids) against the reference on one shape.
template <class T>
void pack_unpack_matches_reference(const runtime& rt, std::size_t n, std::size_t m) {
  const std::uint64_t seed = fresh_seed();
  INFO("n = " << n << ", m = " << m << ", sizeof(T) = " << sizeof(T) << ", seed = " << seed);
  std::mt19937_64 gen(seed);
  const std::vector<T> in = random_values<T>(n * m, seed), other = random_values<T>(n * m, seed + 1);
  const std::vector<std::uint32_t> ids = random_ids(n, 2 * n + 3, gen);
  std::vector<std::uint32_t> unique(n);
  std::iota(unique.begin(), unique.end(), 0u);
  std::shuffle(unique.begin(), unique.end(), gen);
  unique.resize(n / 2);
  for (const layout_spec& spec : all_layouts()) {
    INFO("layout " << to_string(spec));
    const array<T> src = rt.upload(host_vectors(in.data(), n, m), spec);
    const index_list list(rt, n, ids, three_messages(ids.size()));
    CHECK(list.messages() == 3);
    array<T> wire = rt.allocate<T>(ids.size(), m, aos());  // an AoS array of the list is the wire format
    pack(rt, src, list, wire.data(), wire.span() * sizeof(T));
    const std::vector<T> packed = download_all(rt, wire);
    for (std::size_t k = 0; k < ids.size(); ++k)
      for (std::size_t i = 0; i < m; ++i) REQUIRE(same_bits(packed[k * m + i], in[ids[k] * m + i]));

    // Overwrite: the unique ids get the wire's vectors, every other vector keeps its value.
    const index_list targets(rt, n, unique);
    array<T> dst = rt.upload(host_vectors(other.data(), n, m), spec);
    unpack(rt, wire.data(), wire.span() * sizeof(T), targets, dst, unpack_mode::overwrite);
    std::vector<T> expect = other;
    for (std::size_t k = 0; k < unique.size(); ++k)
      for (std::size_t i = 0; i < m; ++i) expect[unique[k] * m + i] = packed[k * m + i];
    CHECK(same_bits(download_all(rt, dst), expect));

    // Sum over repeated ids (grouped path) and over unique ids: each target adds its contributions in wire order.
    if constexpr (scalar_kind_of<T>() != scalar_kind::other) {
      for (const index_list* sum_list : {&list, &targets}) {
        const std::vector<std::uint32_t>& sum_ids = sum_list->ids();
        array<T> acc = rt.upload(host_vectors(other.data(), n, m), spec);
        unpack(rt, wire.data(), wire.span() * sizeof(T), *sum_list, acc, unpack_mode::sum);
        std::vector<T> sum = other;
        for (std::size_t k = 0; k < sum_ids.size(); ++k)
          for (std::size_t i = 0; i < m; ++i) sum[sum_ids[k] * m + i] = wrapping_add(sum[sum_ids[k] * m + i], packed[k * m + i]);
        CHECK(download_all(rt, acc) == sum);
      }
    }
  }
}

// Wires one element off the allocation's alignment, with poisoned elements before and after, and
// lists long enough for several GPU tiles: the wire's words narrow to what the address allows, and no
// pass writes outside what it owns (pack: the wire; unpack: the target vectors).
template <class T>
void pack_unaligned_and_poisoned(const runtime& rt, std::size_t n, std::size_t m) {
  const std::uint64_t seed = fresh_seed();
  INFO("n = " << n << ", m = " << m << ", sizeof(T) = " << sizeof(T) << ", seed = " << seed);
  std::mt19937_64 gen(seed);
  const std::vector<T> in = random_values<T>(n * m, seed), other = random_values<T>(n * m, seed + 1);
  const T poison_value = random_values<T>(1, seed + 2)[0];
  std::vector<std::uint32_t> unique(n);
  std::iota(unique.begin(), unique.end(), 0u);
  std::shuffle(unique.begin(), unique.end(), gen);
  unique.resize(n - n / 3);
  const index_list list(rt, n, unique);
  const std::size_t count = unique.size(), bytes = count * m * sizeof(T);
  for (const layout_spec& spec : all_layouts()) {
    INFO("layout " << to_string(spec));
    const array<T> src = rt.upload(host_vectors(in.data(), n, m), spec);
    std::vector<T> poisoned(count * m + 2, poison_value);
    array<T> wire = rt.upload(host_vectors(poisoned.data(), poisoned.size(), 1), aos());
    pack(rt, src, list, wire.data() + 1, bytes);
    const std::vector<T> got = download_all(rt, wire);
    REQUIRE(same_bits(got.front(), poison_value));
    REQUIRE(same_bits(got.back(), poison_value));
    for (std::size_t k = 0; k < count; ++k)
      for (std::size_t i = 0; i < m; ++i) REQUIRE(same_bits(got[1 + k * m + i], in[unique[k] * m + i]));
    array<T> dst = rt.upload(host_vectors(other.data(), n, m), spec);
    unpack(rt, wire.data() + 1, bytes, list, dst, unpack_mode::overwrite);
    std::vector<T> expect = other;
    for (std::size_t k = 0; k < count; ++k)
      for (std::size_t i = 0; i < m; ++i) expect[unique[k] * m + i] = in[unique[k] * m + i];
    CHECK(same_bits(download_all(rt, dst), expect));
  }
}

template <class T>
void pack_shapes(const runtime& rt) {
  for (std::size_t n : {0, 1, 31, 33, 129, 1000})
    for (std::size_t m : {1, 3, 4, 7, 16}) pack_unpack_matches_reference<T>(rt, n, m);
}

}  // namespace coalesce::test

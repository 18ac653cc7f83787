// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// pack/unpack on the host backend: every layout and element width against the wire format, sums
// over repeated ids, and bad input (ids out of range, repeated ids where they are not allowed,
// another array shape, a wire too small).
#include <coalesce/runtime/pack.hpp>

#include <doctest/doctest.h>

#include "pack_checks.hpp"
#include "require_error.hpp"

#include <cstdint>
#include <vector>

using namespace coalesce;
using namespace coalesce::test;

TEST_SUITE("unit") {
  TEST_CASE("pack.host.matches_wire_format.float") { pack_shapes<float>(runtime{backend::host}); }
  TEST_CASE("pack.host.matches_wire_format.double") { pack_shapes<double>(runtime{backend::host}); }
  TEST_CASE("pack.host.matches_wire_format.int") { pack_shapes<std::int32_t>(runtime{backend::host}); }
  TEST_CASE("pack.host.matches_wire_format.other_widths") {
    const runtime rt{backend::host};
    pack_unpack_matches_reference<std::uint8_t>(rt, 77, 5);
    pack_unpack_matches_reference<std::uint16_t>(rt, 77, 3);
    pack_unpack_matches_reference<std::uint64_t>(rt, 77, 2);
    pack_unpack_matches_reference<quad>(rt, 77, 3);
  }

  TEST_CASE("pack.host.unaligned_wire_poisoned_around") {
    const runtime rt{backend::host};
    for (std::size_t m : {1, 3, 4, 12}) {
      pack_unaligned_and_poisoned<float>(rt, 301, m);
      pack_unaligned_and_poisoned<double>(rt, 301, m);
    }
    pack_unaligned_and_poisoned<std::uint8_t>(rt, 301, 5);
  }

  TEST_CASE("pack.errors.misaligned_wire") {
    const runtime rt{backend::host};
    const std::vector<float> data(30, 1.0f);
    const array<float> a = rt.upload(host_vectors(data.data(), 10, 3), soa());
    std::vector<float> wire(8, 0.0f);
    const index_list two(rt, 10, std::vector<int>{1, 2});
    auto* odd = reinterpret_cast<unsigned char*>(wire.data()) + 2;
    require_error([&] { pack(rt, a, two, odd, 24); }, errc::invalid_argument, "not aligned to the 4-byte elements");
    CHECK(wire == std::vector<float>(8, 0.0f));
  }

  TEST_CASE("pack.index_list.describes_itself") {
    const runtime rt{backend::host};
    const index_list list(rt, 10, std::vector<int>{3, 1, 3, 9}, {0, 2, 4});
    CHECK(list.size() == 4);
    CHECK(list.n() == 10);
    CHECK(list.messages() == 2);
    CHECK(list.offset(1) == 2);
    CHECK_FALSE(list.unique());
    CHECK(list.repeated() == 3);
    CHECK(list.wire_bytes(12) == 48);
    CHECK(index_list(rt, 10, std::vector<long>{4, 2}).unique());
  }

  TEST_CASE("pack.errors.bad_ids") {
    const runtime rt{backend::host};
    require_error([&] { index_list(rt, 10, std::vector<int>{1, 10}); }, errc::out_of_range, "ids[1] = 10");
    require_error([&] { index_list(rt, 10, std::vector<int>{-1}); }, errc::out_of_range, "ids[0] = -1");
    require_error([&] { index_list(rt, 0, std::vector<int>{0}); }, errc::out_of_range, "no vectors");
    require_error([&] { index_list(rt, 10, std::vector<int>{1, 2}, {0, 3}); }, errc::invalid_argument, "id count 2");
    require_error([&] { index_list(rt, 10, std::vector<int>{1, 2}, {0, 2, 1, 2}); }, errc::invalid_argument,
                  "offsets[2] = 1");
    require_error([&] { index_list(rt, std::size_t(1) << 32, std::vector<int>{}); }, errc::size_overflow, "2^31");
  }

  TEST_CASE("pack.errors.bad_calls") {
    const runtime rt{backend::host};
    const std::vector<float> data(30, 1.0f);
    array<float> a = rt.upload(host_vectors(data.data(), 10, 3), soa());
    array<float> b = rt.upload(host_vectors(data.data(), 5, 3), soa());
    std::vector<float> wire(12, 0.0f), untouched = wire;
    const index_list repeats(rt, 10, std::vector<int>{1, 4, 1, 2});
    // Another array shape: the list was built for n = 10.
    require_error([&] { pack(rt, b, repeats, wire.data(), 48); }, errc::size_mismatch, "n = 5");
    require_error([&] { pack(rt, a, repeats, wire.data(), 47); }, errc::invalid_argument, "need 48");
    require_error([&] { pack(rt, a, repeats, nullptr, 48); }, errc::invalid_argument, "nullptr");
    CHECK(wire == untouched);
    require_error([&] { unpack(rt, wire.data(), 48, repeats, a, unpack_mode::overwrite); }, errc::invalid_argument,
                  "id 1 appears more than once");
    array<quad> q = rt.allocate<quad>(10, 1, aos());
    require_error([&] { unpack(rt, wire.data(), 64, repeats, q, unpack_mode::sum); }, errc::invalid_argument,
                  "unpack_mode::sum needs");
    // Empty lists move nothing and need no wire.
    const index_list none(rt, 10, std::vector<int>{});
    pack(rt, a, none, nullptr, 0);
    unpack(rt, nullptr, 0, none, a, unpack_mode::overwrite);
  }
}

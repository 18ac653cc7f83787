// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// pack/unpack on the CUDA backend: the host backend's test bodies (every layout, widths, repeated
// ids, sums in wire order), bit for bit equal to the host backend, and device-memory checks.
#include <coalesce/runtime/pack.hpp>

#include <doctest/doctest.h>

#include "pack_checks.hpp"
#include "require_error.hpp"

#include <cstdint>
#include <vector>

using namespace coalesce;
using namespace coalesce::test;

TEST_SUITE("gpu") {
  TEST_CASE("pack.cuda.matches_wire_format.float") { pack_shapes<float>(runtime{backend::cuda}); }
  TEST_CASE("pack.cuda.matches_wire_format.double") { pack_shapes<double>(runtime{backend::cuda}); }
  TEST_CASE("pack.cuda.matches_wire_format.int") { pack_shapes<std::int32_t>(runtime{backend::cuda}); }
  TEST_CASE("pack.cuda.matches_wire_format.other_widths") {
    const runtime rt{backend::cuda};
    pack_unpack_matches_reference<std::uint8_t>(rt, 77, 5);
    pack_unpack_matches_reference<std::uint16_t>(rt, 77, 3);
    pack_unpack_matches_reference<std::uint64_t>(rt, 77, 2);
    pack_unpack_matches_reference<quad>(rt, 77, 3);
  }

  // Several tiles (lists of 10^4 vectors), wires one element off 16-byte alignment with poison around
  // them, every layout: the vector and general tile kernels' partial tiles and the rows kernel's
  // narrowed words.
  TEST_CASE("pack.cuda.tiles_unaligned_poisoned") {
    const runtime rt{backend::cuda};
    for (std::size_t m : {1, 2, 3, 4, 5, 12, 33}) {
      pack_unaligned_and_poisoned<float>(rt, 15001, m);
      pack_unaligned_and_poisoned<double>(rt, 15001, m);
    }
    pack_unaligned_and_poisoned<std::uint8_t>(rt, 15001, 3);
    pack_unaligned_and_poisoned<std::uint16_t>(rt, 15001, 7);
    pack_unaligned_and_poisoned<quad>(rt, 4001, 2);
    pack_unaligned_and_poisoned<double>(rt, 3001, 200);  // m x 8 bytes > 1 KiB: the general tile kernel
    pack_unaligned_and_poisoned<float>(rt, 3001, 300);   // m > 256: the one-thread-per-element fallback
  }

  // Sums over long lists with repeats (the grouped path) and unique ids (the tile kernel's sum).
  TEST_CASE("pack.cuda.long_lists") {
    const runtime rt{backend::cuda};
    pack_unpack_matches_reference<float>(rt, 6007, 3);
    pack_unpack_matches_reference<double>(rt, 6007, 1);
    pack_unpack_matches_reference<std::int32_t>(rt, 6007, 12);
  }

  TEST_CASE("pack.cuda.wire_memory_checked") {
    const runtime rt{backend::cuda}, host{backend::host};
    array<float> a = rt.allocate<float>(10, 3, blocked(4));
    std::vector<float> host_wire(12);
    const index_list list(rt, 10, std::vector<int>{1, 2, 3, 4});
    require_error([&] { pack(rt, a, list, host_wire.data(), 48); }, errc::wrong_memory_space, "host memory");
    const index_list host_list(host, 10, std::vector<int>{1, 2, 3, 4});
    array<float> wire = rt.allocate<float>(4, 3, aos());
    require_error([&] { pack(rt, a, host_list, wire.data(), 48); }, errc::wrong_memory_space, "index list");
    require_error([&] { pack(host, a, host_list, host_wire.data(), 48); }, errc::wrong_memory_space,
                  "device memory");
  }
}

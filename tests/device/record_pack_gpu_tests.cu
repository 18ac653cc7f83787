// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Record pack/unpack on the CUDA backend (the tile kernel): the host backend's test bodies, with
// sizes that leave partial tiles and tiles smaller than a warp (records of more than 128 bytes).
#include <doctest/doctest.h>

#include "record_pack_checks.hpp"

using namespace coalesce;
using namespace coalesce::test;

TEST_SUITE("gpu") {
  TEST_CASE("pack.records.cuda.matches_wire_format") {
    record_pack_matches_reference(runtime{backend::cuda}, 12, {1, 2, 33, 257, 1000, 4099});
  }
  // Small enough for compute-sanitizer (memcheck, racecheck): partial tiles, odd record sizes.
  TEST_CASE("pack.records.cuda.small") { record_pack_matches_reference(runtime{backend::cuda}, 3, {2, 300}); }
  TEST_CASE("pack.records.cuda.some_fields") {
    record_pack_matches_reference(runtime{backend::cuda}, 12, {1, 2, 33, 257, 1000, 4099}, true);
  }
  TEST_CASE("pack.records.cuda.errors") { record_pack_errors(runtime{backend::cuda}); }
}

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Record pack/unpack on the host backend: every record layout against the wire format, and bad calls.
#include <doctest/doctest.h>

#include "record_pack_checks.hpp"

using namespace coalesce;
using namespace coalesce::test;

TEST_SUITE("unit") {
  TEST_CASE("pack.records.host.matches_wire_format") {
    record_pack_matches_reference(runtime{backend::host}, 6, {1, 2, 33, 257});
  }
  TEST_CASE("pack.records.host.some_fields") {
    record_pack_matches_reference(runtime{backend::host}, 6, {1, 2, 33, 257}, true);
  }
  TEST_CASE("pack.records.host.errors") { record_pack_errors(runtime{backend::host}); }
}

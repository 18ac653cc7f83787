// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The random chains of the public API (stress_chains.hpp) on the host backend: random structs and
// vector sets, user arrays one alignment unit off, layouts of any bd, odd pitches. The GPU twin is
// record.gpu.stress.* / vector.gpu.stress.*. COALESCE_STRESS_CASES sets the chains of each (default 60).
#include <coalesce/coalesce.hpp>

#include <doctest/doctest.h>

#include "stress_chains.hpp"

using namespace coalesce;
using namespace coalesce::test;

TEST_CASE("record.stress.host_backend_chains") {
  run_chains(runtime{backend::host}, stress_cases(60), {user_memory{}}, record_chain, "record");
}

TEST_CASE("vector.stress.host_backend_chains") {
  run_chains(runtime{backend::host}, stress_cases(60), {user_memory{}}, any_vector_chain, "vector");
}

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
  const runtime rt{backend::host};
  std::mt19937_64 gen(fresh_seed());
  stress_tally tally;
  for (std::size_t c = stress_cases(60); c > 0; --c) record_chain(rt, user_memory{}, gen, tally);
  MESSAGE(tally.chains << " record chains, " << tally.moves << " moves, 0 bytes lost");
}

TEST_CASE("vector.stress.host_backend_chains") {
  const runtime rt{backend::host};
  std::mt19937_64 gen(fresh_seed());
  stress_tally tally;
  for (std::size_t c = stress_cases(60); c > 0; --c) any_vector_chain(rt, user_memory{}, gen, tally);
  MESSAGE(tally.chains << " vector chains, " << tally.moves << " moves, 0 bytes lost");
}

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The main of the Kokkos tests: Kokkos is initialized once for the whole process (it cannot be
// initialized again after finalize), around doctest.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <Kokkos_Core.hpp>

int main(int argc, char** argv) {
  Kokkos::ScopeGuard kokkos(argc, argv);
  doctest::Context context(argc, argv);
  return context.run();
}

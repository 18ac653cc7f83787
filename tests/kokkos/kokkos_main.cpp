// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The main of the Kokkos tests: Kokkos is initialized once for the whole process (it cannot be
// initialized again after finalize), around doctest. With Kokkos' Cuda backend, initializing needs a
// GPU: without one the program exits 77 (CTest's skipped). Listing the test cases initializes
// nothing, so test discovery works on any machine.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <coalesce/runtime/runtime.hpp>

#include <Kokkos_Core.hpp>

#include <cstdio>
#include <cstring>

namespace {
bool only_lists(int argc, char** argv) {
  for (int k = 1; k < argc; ++k)
    for (const char* flag : {"--list-test-cases", "-ltc", "--list-test-suites", "-lts", "--help", "-h", "-?"})
      if (std::strncmp(argv[k], flag, std::strlen(flag)) == 0) return true;
  return false;
}
}  // namespace

int main(int argc, char** argv) {
  if (only_lists(argc, argv)) return doctest::Context(argc, argv).run();
#if defined(KOKKOS_ENABLE_CUDA)
  if (!coalesce::runtime::cuda_available()) {
    std::printf("Kokkos was built with CUDA and there is no GPU: skipped\n");
    return 77;
  }
#endif
  Kokkos::ScopeGuard kokkos(argc, argv);  // takes its --kokkos-* arguments out first
  doctest::Context context(argc, argv);
  return context.run();
}

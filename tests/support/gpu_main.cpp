// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The main of GPU test executables: lists tests anywhere (CTest discovery at build time), and exits
// with 77, CTest's skip code, when asked to run tests on a machine without a CUDA device.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <cuda_runtime.h>

#include <cstdio>
#include <cstring>

int main(int argc, char** argv) {
  bool listing = false;
  for (int a = 1; a < argc; ++a) listing = listing || std::strncmp(argv[a], "--list", 6) == 0 || std::strncmp(argv[a], "-l", 2) == 0;
  if (!listing) {
    int count = 0;
    const cudaError_t err = cudaGetDeviceCount(&count);
    if (err != cudaSuccess || count == 0) {
      std::printf("no CUDA device (%s): skipping GPU tests\n", err != cudaSuccess ? cudaGetErrorName(err) : "count 0");
      return 77;
    }
  }
  doctest::Context context(argc, argv);
  return context.run();
}

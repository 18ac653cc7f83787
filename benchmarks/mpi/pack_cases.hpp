// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The rows coalesce-mpi-bench prints and writes, and its two groups of cases.

#include <coalesce/runtime/runtime.hpp>

#include <mpi.h>

#include <cstddef>
#include <string>
#include <vector>

namespace coalesce::bench {

struct mpi_row {
  std::string group, name, layout, ids;  // ids: sorted or random
  std::size_t m = 0, vectors = 0, bytes = 0;  // vectors per message (exchange) or packed (pack); wire bytes
  int ranks = 1;
  double median_ms = 0, min_ms = 0, max_ms = 0;
  double gbs = 0, ceiling_gbs = 0;  // pack/unpack: read + write GB/s, and the copy of the same bytes
};

struct mpi_bench_options {
  std::size_t pack_mib = 64;
  std::vector<std::size_t> ms{3, 12};
  std::vector<std::size_t> message_vectors{256, 4096, 65536, 1u << 20};
  int reps = 20;
};

// pack and unpack (overwrite) against the copy of the packed bytes (cudaMemcpy D2D, or memcpy on the host).
void pack_cases(const runtime& rt, const mpi_bench_options& opt, std::vector<mpi_row>& out);
// Halo gather between ring neighbours against message size, and MPI_Type_indexed on the same ids.
void exchange_cases(const runtime& rt, MPI_Comm comm, const mpi_bench_options& opt, std::vector<mpi_row>& out);

}  // namespace coalesce::bench

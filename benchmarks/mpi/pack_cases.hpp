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
  std::string group, name, layout, ids;  // ids: run (consecutive), sorted (a random half in order) or random
  std::size_t m = 0, vectors = 0, bytes = 0;  // vectors per message (exchange) or packed (pack); wire bytes
  int ranks = 1;
  double median_ms = 0, min_ms = 0, max_ms = 0;
  double gbs = 0, ceiling_gbs = 0;  // pack/unpack: 2 x wire bytes / time, and the same for the copy of them
  std::string type = "float";
  // pack/unpack: the GB/s (same measure) the copy bandwidth allows when DRAM moves every 32-byte sector
  // the layout side touches (read, and for a sum written back too) plus the wire: the honest ceiling
  // for ids that read one element a sector.
  double sector_gbs = 0;
};

struct mpi_bench_options {
  std::size_t pack_mib = 2048;  // cases with more packed MiB are skipped
  std::vector<std::size_t> pack_ids{1u << 10, 1u << 16, 1u << 20, 1u << 24};
  std::vector<std::size_t> ms{1, 3, 12};
  std::vector<std::size_t> message_vectors{256, 4096, 65536, 1u << 20};
  int reps = 20;
};

// pack, unpack (overwrite) and unpack (sum) against the copy of the packed bytes (cudaMemcpy D2D, or
// memcpy on the host) and the sector ceiling: aos, soa, blocked:128; float, double; opt.ms; ids that
// are one consecutive run, a random half of the array sorted, and the same shuffled; opt.pack_ids ids.
void pack_cases(const runtime& rt, const mpi_bench_options& opt, std::vector<mpi_row>& out);
// Halo gather between ring neighbours against message size, and MPI_Type_indexed on the same ids.
void exchange_cases(const runtime& rt, MPI_Comm comm, const mpi_bench_options& opt, std::vector<mpi_row>& out);

}  // namespace coalesce::bench

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// What the MPI tests share: the world, a seed every rank agrees on (so each rank can compute the
// whole exchange, the single-rank reference), the runtimes to test, and exact test values.

#include <coalesce/mpi/mpi.hpp>

#include <doctest/doctest.h>

#include "random.hpp"

#include <cstdint>
#include <vector>

namespace coalesce::test {

inline int world_rank() {
  int r = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  return r;
}
inline int world_size() {
  int s = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &s);
  return s;
}

// A fresh seed, the same on every rank.
inline std::uint64_t shared_seed() {
  std::uint64_t seed = fresh_seed();
  MPI_Bcast(&seed, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
  return seed;
}

// The host backend always; this rank's GPU too when there is one (device = local rank mod count).
inline std::vector<runtime> runtimes_to_test() {
  std::vector<runtime> out{runtime(backend::host)};
  if (runtime::cuda_available()) out.push_back(mpi::local_runtime(MPI_COMM_WORLD, backend::cuda));
  return out;
}

// Component i of vector v of rank r: small integers, exact in every element type (sums stay exact too).
template <class T>
T value(int r, std::size_t v, std::size_t i) {
  return T(1 + 97 * r + 11 * int(v % 89) + int(i));
}

// Vectors n x m (AoS) of rank r.
template <class T>
std::vector<T> rank_data(int r, std::size_t n, std::size_t m) {
  std::vector<T> out(n * m);
  for (std::size_t v = 0; v < n; ++v)
    for (std::size_t i = 0; i < m; ++i) out[v * m + i] = value<T>(r, v, i);
  return out;
}

template <class T>
std::vector<T> download_all(const runtime& rt, const array<T>& a) {
  std::vector<T> out(a.n() * a.m());
  rt.download(a, host_vectors(out.data(), a.n(), a.m()));
  return out;
}

// Owned vectors of rank r: different counts per rank, so layouts get tails.
inline std::size_t owned_count(int r) { return 37 + 13 * std::size_t(r); }

}  // namespace coalesce::test

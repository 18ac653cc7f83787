// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Exchange time per step against message size: each rank sends K random owned vectors to each ring
// neighbour and receives as many ghosts. The halo (fused pack, one message per neighbour) beside
// MPI_Type_indexed on the same ids, which MPI packs element by element (host memory, or device
// memory where the MPI is CUDA-aware). Time per call: the slowest rank's, median over repetitions.
#include "common/timing.hpp"
#include "pack_cases.hpp"

#include <coalesce/mpi/halo.hpp>

#include <algorithm>
#include <chrono>
#include <numeric>
#include <random>

namespace coalesce::bench {
namespace {

// Times f() on every rank, each repetition started together; returns the slowest rank's statistics.
stats time_collective(MPI_Comm comm, const std::function<void()>& f, int reps) {
  f();
  std::vector<double> ms(std::size_t(reps), 0.0);
  for (int k = 0; k < reps; ++k) {
    MPI_Barrier(comm);
    const auto t0 = std::chrono::steady_clock::now();
    f();
    ms[std::size_t(k)] = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  }
  MPI_Allreduce(MPI_IN_PLACE, ms.data(), reps, MPI_DOUBLE, MPI_MAX, comm);
  return summarize(ms);
}

// The elements (id, i) of `ids` in wire order, as an MPI datatype over the array's memory.
MPI_Datatype indexed(const array_layout& l, const std::vector<std::size_t>& ids) {
  std::vector<int> displacements;
  visit_mapping(l, [&](auto map) {
    for (std::size_t id : ids)
      for (std::size_t i = 0; i < l.m; ++i) displacements.push_back(int(map(id, i)));
  });
  MPI_Datatype t;
  MPI_Type_create_indexed_block(int(displacements.size()), 1, displacements.data(), MPI_FLOAT, &t);
  MPI_Type_commit(&t);
  return t;
}

}  // namespace

void exchange_cases(const runtime& rt, MPI_Comm comm, const mpi_bench_options& opt, std::vector<mpi_row>& out) {
  int rank = 0, ranks = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &ranks);
  const int right = (rank + 1) % ranks, left = (rank + ranks - 1) % ranks;
  const runtime host{backend::host};
  for (std::size_t k : opt.message_vectors) {
    const std::size_t m = 3, owned = 4 * k;
    std::mt19937_64 gen(11 + std::uint64_t(rank));
    std::vector<std::size_t> pool(owned);
    std::iota(pool.begin(), pool.end(), std::size_t(0));
    std::shuffle(pool.begin(), pool.end(), gen);
    const std::vector<std::size_t> to_right(pool.begin(), pool.begin() + std::ptrdiff_t(k)),
        to_left(pool.begin() + std::ptrdiff_t(k), pool.begin() + std::ptrdiff_t(2 * k));
    std::vector<std::size_t> ids = to_right;
    ids.insert(ids.end(), to_left.begin(), to_left.end());
    std::vector<int> dest(k, right);
    dest.insert(dest.end(), k, left);
    const mpi::halo h(rt, comm, owned, ids, dest);
    const std::size_t message = k * m * sizeof(float);
    for (const auto& [name, spec] : {std::pair<std::string, layout_spec>{"aos", aos()}, {"soa", soa()}, {"blocked:128", blocked(128)}}) {
      array<float> a = rt.allocate<float>(h.size(), m, spec);
      const stats s = time_collective(comm, [&] { h.gather(a); }, opt.reps);
      out.push_back({"exchange", std::string("halo gather (") + mpi::to_string(h.via()) + ")", name, "random", m, k,
                     message, ranks, s.median_ms, s.min_ms, s.max_ms, 0, 0, "float", 0});
      // The derived-datatype way on the same ids, from host memory (device memory needs a CUDA-aware MPI).
      array<float> b = host.allocate<float>(owned + 2 * k, m, spec);
      std::vector<std::size_t> from_left(k), from_right(k);
      std::iota(from_left.begin(), from_left.end(), owned);
      std::iota(from_right.begin(), from_right.end(), owned + k);
      MPI_Datatype send_r = indexed(b.layout(), to_right), send_l = indexed(b.layout(), to_left);
      MPI_Datatype recv_l = indexed(b.layout(), from_left), recv_r = indexed(b.layout(), from_right);
      const stats d = time_collective(comm, [&] {
        MPI_Request r[4];
        MPI_Irecv(b.data(), 1, recv_l, left, 7, comm, &r[0]);
        MPI_Irecv(b.data(), 1, recv_r, right, 8, comm, &r[1]);
        MPI_Isend(b.data(), 1, send_r, right, 7, comm, &r[2]);
        MPI_Isend(b.data(), 1, send_l, left, 8, comm, &r[3]);
        MPI_Waitall(4, r, MPI_STATUSES_IGNORE);
      }, opt.reps);
      for (MPI_Datatype* t : {&send_r, &send_l, &recv_l, &recv_r}) MPI_Type_free(t);
      out.push_back({"exchange", "MPI_Type_indexed (host memory)", name, "random", m, k, message, ranks, d.median_ms,
                     d.min_ms, d.max_ms, 0, 0, "float", 0});
    }
  }
}

}  // namespace coalesce::bench

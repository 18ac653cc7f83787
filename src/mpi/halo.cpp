// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include <coalesce/mpi/halo.hpp>

#include "agree.hpp"
#include "engine.hpp"

#include <algorithm>
#include <numeric>

namespace coalesce::mpi {
namespace {

// Message offsets (one message per rank) from per-rank counts.
std::vector<std::size_t> offsets_of(const std::vector<int>& counts) {
  std::vector<std::size_t> offsets(counts.size() + 1, 0);
  for (std::size_t r = 0; r < counts.size(); ++r) offsets[r + 1] = offsets[r] + std::size_t(counts[r]);
  return offsets;
}

}  // namespace

halo::halo(const runtime& rt, MPI_Comm comm, std::size_t owned, const std::vector<std::size_t>& export_ids,
           const std::vector<int>& export_ranks, plan_options options)
    : owned_(owned), engine_(std::make_unique<detail::engine>(rt, comm, options, "halo")) {
  const int size = engine_->size();
  const std::string call = "halo";
  std::vector<std::size_t> order(export_ids.size());
  std::vector<int> send_counts(std::size_t(size), 0), receive_counts(std::size_t(size), 0);
  detail::agree(engine_->comm(), detail::run_locally([&] {
                  if (export_ids.size() != export_ranks.size())
                    fail(errc::size_mismatch, call,
                         std::to_string(export_ids.size()) + " export ids but " + std::to_string(export_ranks.size()) +
                             " export ranks");
                  for (std::size_t k = 0; k < export_ids.size(); ++k) {
                    if (export_ids[k] >= owned)
                      fail(errc::out_of_range, call,
                           "export_ids[" + std::to_string(k) + "] = " + std::to_string(export_ids[k]) +
                               " is not an owned vector (owned = " + std::to_string(owned) + ")");
                    if (export_ranks[k] < 0 || export_ranks[k] >= size)
                      fail(errc::invalid_argument, call,
                           "export_ranks[" + std::to_string(k) + "] = " + std::to_string(export_ranks[k]) +
                               " is outside the communicator's ranks 0.." + std::to_string(size - 1));
                  }
                  // Grouped by rank, each group in the given order; a repeated (id, rank) pair would be two ghosts of one vector.
                  std::iota(order.begin(), order.end(), std::size_t(0));
                  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
                    return export_ranks[a] < export_ranks[b];
                  });
                  std::vector<std::size_t> by_pair = order;
                  std::stable_sort(by_pair.begin(), by_pair.end(), [&](std::size_t a, std::size_t b) {
                    return export_ranks[a] != export_ranks[b] ? export_ranks[a] < export_ranks[b]
                                                              : export_ids[a] < export_ids[b];
                  });
                  for (std::size_t j = 1; j < by_pair.size(); ++j) {
                    const std::size_t a = by_pair[j - 1], b = by_pair[j];
                    if (export_ids[a] == export_ids[b] && export_ranks[a] == export_ranks[b])
                      fail(errc::invalid_argument, call,
                           "vector " + std::to_string(export_ids[a]) + " is exported to rank " +
                               std::to_string(export_ranks[a]) + " twice (exports " + std::to_string(std::min(a, b)) +
                               " and " + std::to_string(std::max(a, b)) + ")");
                  }
                  for (int r : export_ranks) ++send_counts[std::size_t(r)];
                }),
                call);
  detail::check_mpi(MPI_Alltoall(send_counts.data(), 1, MPI_INT, receive_counts.data(), 1, MPI_INT, engine_->comm()),
                    call, "MPI_Alltoall (counts)");
  ghosts_ = std::accumulate(receive_counts.begin(), receive_counts.end(), std::size_t(0));
  std::vector<std::size_t> sent(order.size()), ghost_ids(ghosts_);
  for (std::size_t k = 0; k < order.size(); ++k) sent[k] = export_ids[order[k]];
  std::iota(ghost_ids.begin(), ghost_ids.end(), owned);
  exports_ = index_list(rt, owned_ + ghosts_, sent, offsets_of(send_counts));
  ghosts_from_ = index_list(rt, owned_ + ghosts_, ghost_ids, offsets_of(receive_counts));
}

halo::halo(halo&&) noexcept = default;
halo& halo::operator=(halo&&) noexcept = default;
halo::~halo() = default;

transport halo::via() const noexcept { return engine_->via(); }
MPI_Comm halo::communicator() const noexcept { return engine_->comm(); }

void halo::gather_raw(const coalesce::detail::pack_target& a, const char* call, MPI_Comm comm) const {
  engine_->exchange(a, exports_, a, ghosts_from_, unpack_mode::overwrite, detail::tag_gather, call, [&] {
    engine_->check_communicator(comm, call);
    engine_->check_array(a, size(), "owned + ghosts", call);
  });
}

void halo::scatter_raw(const coalesce::detail::pack_target& a, const char* call, MPI_Comm comm) const {
  // The reverse path: ghosts go back to the rank they came from, and add into the exported vectors.
  engine_->exchange(a, ghosts_from_, a, exports_, unpack_mode::sum, detail::tag_scatter, call, [&] {
    engine_->check_communicator(comm, call);
    engine_->check_array(a, size(), "owned + ghosts", call);
  });
}

}  // namespace coalesce::mpi

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The one exchange every plan runs: pack by an index list whose message g goes to rank g, send,
// receive message g of another list from rank g, unpack. Owns the duplicated communicator and the
// persistent wire buffers (device, pinned or host, by transport), which grow to the largest call.

#include <coalesce/core/buffer.hpp>
#include <coalesce/mpi/plan.hpp>
#include <coalesce/runtime/pack.hpp>

#include "staging.hpp"

#include <functional>
#include <string>

namespace coalesce::mpi::detail {

using coalesce::detail::pack_target;

// Message tags on the plan's own communicator: one per kind of exchange.
enum tag : int { tag_gather = 1401, tag_scatter = 1402, tag_migrate = 1403 };

class engine {
 public:
  // Collective over comm: duplicates it and agrees on the transport.
  engine(const runtime& rt, MPI_Comm comm, const plan_options& options, const std::string& call);
  engine(const engine&) = delete;
  engine& operator=(const engine&) = delete;
  ~engine();

  const runtime& rt() const noexcept { return rt_; }
  MPI_Comm comm() const noexcept { return comm_; }
  int rank() const noexcept { return rank_; }
  int size() const noexcept { return size_; }
  transport via() const noexcept { return via_; }
  bool agrees() const noexcept { return options_.agree_on_errors; }

  // Throws invalid_argument unless comm is MPI_COMM_NULL (no check) or congruent with the plan's.
  void check_communicator(MPI_Comm comm, const std::string& call) const;
  // Throws unless `a` is in the runtime's memory and holds n vectors.
  void check_array(const pack_target& a, std::size_t n, const char* what, const std::string& call) const;

  // Collective: runs `checks` (agreed when the plan agrees on errors), then packs src by `out`,
  // sends message g to rank g, receives message g of `in` from rank g, and unpacks into dst by `in`.
  void exchange(const pack_target& src, const index_list& out, const pack_target& dst, const index_list& in,
                unpack_mode mode, tag t, const std::string& call, const std::function<void()>& checks) const;

 private:
  void reserve(std::size_t out_bytes, std::size_t in_bytes, const std::string& call) const;

  runtime rt_;
  plan_options options_;
  MPI_Comm comm_ = MPI_COMM_NULL;
  int rank_ = 0, size_ = 1;
  transport via_ = transport::host;
  // Wire buffers: device ones for the CUDA backend, host ones for MPI (staged, host).
  mutable buffer out_device_, in_device_;
  mutable host_buffer out_host_, in_host_;
};

}  // namespace coalesce::mpi::detail

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include <coalesce/mpi/distributor.hpp>

#include "agree.hpp"
#include "engine.hpp"

#include <algorithm>
#include <numeric>

namespace coalesce::mpi {

distributor::distributor(const runtime& rt, MPI_Comm comm, const std::vector<int>& destinations, plan_options options)
    : rt_(rt), sources_(destinations.size()),
      engine_(std::make_unique<detail::engine>(rt, comm, options, "distributor")) {
  const int size = engine_->size();
  const std::string call = "distributor";
  std::vector<int> send_counts(std::size_t(size), 0), receive_counts(std::size_t(size), 0);
  detail::agree(engine_->comm(), detail::run_locally([&] {
                  for (std::size_t v = 0; v < destinations.size(); ++v) {
                    const int d = destinations[v];
                    if (d < -1 || d >= size)
                      fail(errc::invalid_argument, call,
                           "destinations[" + std::to_string(v) + "] = " + std::to_string(d) +
                               " is outside -1 (drop) and the ranks 0.." + std::to_string(size - 1));
                    if (d >= 0) ++send_counts[std::size_t(d)];
                  }
                  if (destinations.size() > index_list::max_vectors)
                    fail(errc::size_overflow, call, std::to_string(destinations.size()) + " vectors exceed 2^31 - 1");
                }),
                call);
  detail::check_mpi(MPI_Alltoall(send_counts.data(), 1, MPI_INT, receive_counts.data(), 1, MPI_INT, engine_->comm()),
                    call, "MPI_Alltoall (counts)");
  // Local ids grouped by destination, each group in local order (a counting sort).
  std::vector<std::size_t> send_offsets(std::size_t(size) + 1, 0), receive_offsets(std::size_t(size) + 1, 0);
  for (int r = 0; r < size; ++r) {
    send_offsets[std::size_t(r) + 1] = send_offsets[std::size_t(r)] + std::size_t(send_counts[std::size_t(r)]);
    receive_offsets[std::size_t(r) + 1] = receive_offsets[std::size_t(r)] + std::size_t(receive_counts[std::size_t(r)]);
  }
  std::vector<std::size_t> next(send_offsets.begin(), send_offsets.end() - 1), sent(send_offsets.back());
  for (std::size_t v = 0; v < destinations.size(); ++v)
    if (destinations[v] >= 0) sent[next[std::size_t(destinations[v])]++] = v;
  std::vector<std::size_t> identity(receive_offsets.back());
  std::iota(identity.begin(), identity.end(), std::size_t(0));
  sent_ = index_list(rt, sources_, sent, send_offsets);
  received_ = index_list(rt, identity.size(), identity, receive_offsets);
}

distributor::distributor(distributor&&) noexcept = default;
distributor& distributor::operator=(distributor&&) noexcept = default;
distributor::~distributor() = default;

transport distributor::via() const noexcept { return engine_->via(); }
MPI_Comm distributor::communicator() const noexcept { return engine_->comm(); }

layout_spec distributor::spec_of(const array_layout& l) noexcept {
  switch (l.kind) {
    case layout_kind::row_major: return {l.kind, 0, l.pitch != l.m};
    case layout_kind::col_major: return {l.kind, 0, l.pitch != l.n};
    case layout_kind::blocked: break;
  }
  return blocked(l.block);
}

record_layout_spec distributor::spec_of(const record_desc& desc, const record_layout& l) {
  switch (l.kind) {
    case record_kind::aos: return record_aos();
    case record_kind::packed: return record_packed();
    case record_kind::soa: return record_soa();
    case record_kind::blocked: return record_blocked(l.block);
    case record_kind::split: break;
  }
  std::vector<std::string> hot;  // a split's hot fields are the ones not in rows
  for (std::size_t f = 0; f < desc.size(); ++f)
    if (l.places[f].form != field_form::rows) hot.push_back(desc[f].name);
  return record_split(std::move(hot), l.block);
}

record_array distributor::migrate(const record_array& a) const { return migrate(a, spec_of(a.desc(), a.layout())); }

record_array distributor::migrate(const record_array& a, const record_layout_spec& spec) const {
  record_array out = rt_.allocate(a.desc(), size(), spec);
  migrate_raw(coalesce::detail::target_of(a), coalesce::detail::target_of(out), "distributor::migrate");
  return out;
}

void distributor::migrate_raw(const coalesce::detail::pack_target& src, const coalesce::detail::pack_target& dst,
                              const char* call) const {
  engine_->exchange(src, sent_, dst, received_, unpack_mode::overwrite, detail::tag_migrate, call,
                    [&] { engine_->check_array(src, sources_, "source_size()", call); });
}

}  // namespace coalesce::mpi

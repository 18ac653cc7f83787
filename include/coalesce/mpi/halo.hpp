// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// A halo: the plan that copies owned vectors to the ranks that hold them as ghosts (gather) and adds
// the ghosts' values back into their owners (scatter). Built once, collectively, from export ids
// and destination ranks; an array it applies to holds the owned vectors first, then the ghosts.
//
// Ghost order: by source rank, and from each source in its export order (exports to one rank keep
// the order they were given in). Every call is collective over the plan's communicator.

#include <coalesce/mpi/plan.hpp>
#include <coalesce/runtime/array.hpp>
#include <coalesce/runtime/pack.hpp>

#include <cstddef>
#include <memory>
#include <vector>

namespace coalesce::mpi {

class halo {
 public:
  // Owned vector export_ids[k] (< owned) becomes a ghost on rank export_ranks[k]. A vector may go to
  // several ranks, but to each at most once. Throws on every rank (plan_options::agree_on_errors)
  // for ids out of range, repeated (id, rank) pairs, ranks outside the communicator or sizes that differ.
  halo(const runtime& rt, MPI_Comm comm, std::size_t owned, const std::vector<std::size_t>& export_ids,
       const std::vector<int>& export_ranks, plan_options options = {});
  halo(halo&&) noexcept;
  halo& operator=(halo&&) noexcept;
  ~halo();

  std::size_t owned() const noexcept { return owned_; }
  std::size_t ghosts() const noexcept { return ghosts_; }
  std::size_t size() const noexcept { return owned_ + ghosts_; }  // the n of the arrays it applies to
  // Ghosts from rank r are [owned() + ghost_offset(r), owned() + ghost_offset(r + 1)).
  std::size_t ghost_offset(int rank) const noexcept { return ghosts_from_.offset(std::size_t(rank)); }
  transport via() const noexcept;
  MPI_Comm communicator() const noexcept;  // the plan's own (duplicated) communicator

  // Owners -> ghosts (overwritten). a.n() must be size().
  template <class T>
  void gather(array<T>& a) const {
    gather_raw(target(a), "halo::gather");
  }
  // Records: owners -> ghosts, every field (a scatter needs sums, which records do not have).
  void gather(record_array& a) const { gather_raw(target(a), "halo::gather"); }
  void gather(MPI_Comm comm, record_array& a) const { gather_raw(target(a), "halo::gather", comm); }
  // Some fields only (the ones a step changed), in declaration order on the wire; the ghosts' other
  // fields keep their values.
  void gather(record_array& a, const std::vector<std::string>& fields) const {
    gather_raw(coalesce::detail::target_of(a, fields, "halo::gather"), "halo::gather");
  }
  void gather(MPI_Comm comm, record_array& a, const std::vector<std::string>& fields) const {
    gather_raw(coalesce::detail::target_of(a, fields, "halo::gather"), "halo::gather", comm);
  }
  // Ghosts -> owners, added in ghost order (deterministic); ghosts keep their values. a.n() == size().
  template <class T>
  void scatter(array<T>& a) const {
    scatter_raw(target(a), "halo::scatter");
  }
  // The same, after checking that `comm` is the communicator the plan was built on (or a congruent one).
  template <class T>
  void gather(MPI_Comm comm, array<T>& a) const {
    gather_raw(target(a), "halo::gather", comm);
  }
  template <class T>
  void scatter(MPI_Comm comm, array<T>& a) const {
    scatter_raw(target(a), "halo::scatter", comm);
  }

 private:
  template <class A>
  static coalesce::detail::pack_target target(A& a) {
    return coalesce::detail::target_of(a);
  }
  void gather_raw(const coalesce::detail::pack_target& a, const char* call, MPI_Comm comm = MPI_COMM_NULL) const;
  void scatter_raw(const coalesce::detail::pack_target& a, const char* call, MPI_Comm comm = MPI_COMM_NULL) const;

  std::size_t owned_ = 0, ghosts_ = 0;
  index_list exports_;      // owned ids, grouped by destination rank (one message per rank)
  index_list ghosts_from_;  // ghost ids owned() .., grouped by source rank
  std::unique_ptr<detail::engine> engine_;
};

}  // namespace coalesce::mpi

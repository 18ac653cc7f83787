// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// A distributor: the plan that migrates vectors to new owners (particles crossing subdomains,
// repartitioning). Built once, collectively, from each local vector's destination rank; migrate()
// then builds the new array, in the same layout, from any array of the old shape.
//
// New order: by source rank, and from each source in its local order. Destination -1 drops a vector.

#include <coalesce/mpi/plan.hpp>
#include <coalesce/runtime/array.hpp>
#include <coalesce/runtime/pack.hpp>

#include <cstddef>
#include <memory>
#include <vector>

namespace coalesce::mpi {

class distributor {
 public:
  // destinations[v]: the rank vector v moves to (its own rank keeps it), or -1 to drop it.
  distributor(const runtime& rt, MPI_Comm comm, const std::vector<int>& destinations, plan_options options = {});
  distributor(distributor&&) noexcept;
  distributor& operator=(distributor&&) noexcept;
  ~distributor();

  std::size_t source_size() const noexcept { return sources_; }  // the n of the arrays it migrates
  std::size_t size() const noexcept { return received_.n(); }   // the n after migrating
  // Vectors from rank r are [offset(r), offset(r + 1)) of the new array.
  std::size_t offset(int rank) const noexcept { return received_.offset(std::size_t(rank)); }
  transport via() const noexcept;
  MPI_Comm communicator() const noexcept;

  // The migrated array, in a's layout (kind, block, pitching); a.n() must be source_size().
  template <class T>
  array<T> migrate(const array<T>& a) const {
    return migrate(a, spec_of(a.layout()));
  }
  template <class T>
  array<T> migrate(const array<T>& a, layout_spec spec) const {
    array<T> out = rt_.allocate<T>(size(), a.m(), spec);
    migrate_raw(coalesce::detail::target_of(a), coalesce::detail::target_of(out), "distributor::migrate");
    return out;
  }
  // Records: the migrated record array in `spec` (by default a's record layout, resolved at the new size).
  record_array migrate(const record_array& a) const;
  record_array migrate(const record_array& a, const record_layout_spec& spec) const;

  // The layout request that rebuilds `l` at another size.
  static layout_spec spec_of(const array_layout& l) noexcept;
  // The same for a record layout of `desc` (split: its hot fields by name).
  static record_layout_spec spec_of(const record_desc& desc, const record_layout& l);

 private:
  void migrate_raw(const coalesce::detail::pack_target& src, const coalesce::detail::pack_target& dst,
                   const char* call) const;

  runtime rt_;
  std::size_t sources_ = 0;
  index_list sent_;      // local ids grouped by destination rank (dropped vectors left out)
  index_list received_;  // 0 .. size() - 1, grouped by source rank
  std::unique_ptr<detail::engine> engine_;
};

}  // namespace coalesce::mpi

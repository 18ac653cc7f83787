// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Bad input on one rank: every rank throws the same typed error (no rank is left waiting), and the
// plan still works afterwards (no message is left in flight).
#include "mpi_test_support.hpp"
#include "require_error.hpp"

#include <vector>

using namespace coalesce;
using namespace coalesce::test;

namespace {

// The last rank is the one with the bad input.
bool culprit() { return world_rank() == world_size() - 1; }

// A working halo: every rank sends its vector 0 to the next rank.
mpi::halo ring(const runtime& rt) {
  return mpi::halo(rt, MPI_COMM_WORLD, 4, {0}, {(world_rank() + 1) % world_size()});
}

}  // namespace

TEST_SUITE("mpi") {
  TEST_CASE("mpi.errors.halo_bad_exports") {
    const runtime rt{backend::host};
    const int size = world_size();
    require_error([&] { mpi::halo(rt, MPI_COMM_WORLD, 4, {culprit() ? 4u : 0u}, {0}); }, errc::out_of_range,
                  "export_ids[0] = 4");
    require_error([&] { mpi::halo(rt, MPI_COMM_WORLD, 4, {1}, {culprit() ? size : 0}); }, errc::invalid_argument,
                  "export_ranks[0] = " + std::to_string(size));
    require_error([&] { mpi::halo(rt, MPI_COMM_WORLD, 4, {1, 2}, {culprit() ? 0 : 0}); }, errc::size_mismatch,
                  "2 export ids but 1 export ranks");
  }

  TEST_CASE("mpi.errors.halo_repeated_export") {
    const runtime rt{backend::host};
    const std::vector<std::size_t> ids = culprit() ? std::vector<std::size_t>{2, 1, 2} : std::vector<std::size_t>{2};
    const std::vector<int> to(ids.size(), 0);
    require_error([&] { mpi::halo(rt, MPI_COMM_WORLD, 4, ids, to); }, errc::invalid_argument,
                  "vector 2 is exported to rank 0 twice (exports 0 and 2)");
  }

  TEST_CASE("mpi.errors.halo_wrong_array_then_works") {
    for (const runtime& rt : runtimes_to_test()) {
      const mpi::halo h = ring(rt);
      array<float> wrong = rt.allocate<float>(culprit() ? h.size() + 1 : h.size(), 3, blocked(4));
      require_error([&] { h.gather(wrong); }, errc::size_mismatch, "owned + ghosts = " + std::to_string(h.size()));
      require_error([&] { h.scatter(wrong); }, errc::size_mismatch, "vectors");
      array<float> right = rt.allocate<float>(h.size(), 3, blocked(4));
      h.gather(right);  // nothing was left in flight by the failed calls
      h.scatter(right);
      if (rt.kind() == backend::cuda) {
        array<float> on_host = runtime(backend::host).allocate<float>(h.size(), 3, aos());
        require_error([&] { h.gather(on_host); }, errc::wrong_memory_space, "host memory");
      }
    }
  }

  TEST_CASE("mpi.errors.sum_needs_arithmetic") {
    const runtime rt{backend::host};
    const mpi::halo h = ring(rt);
    array<std::uint16_t> a = rt.allocate<std::uint16_t>(h.size(), 2, aos());
    h.gather(a);  // moving bytes is fine
    require_error([&] { h.scatter(a); }, errc::invalid_argument, "a sum needs");
  }

  TEST_CASE("mpi.errors.another_communicator") {
    const runtime rt{backend::host};
    const mpi::halo h = ring(rt);
    array<double> a = rt.allocate<double>(h.size(), 2, soa());
    h.gather(MPI_COMM_WORLD, a);  // the same communicator (congruent with the plan's duplicate)
    if (world_size() > 1) {
      MPI_Comm half = MPI_COMM_NULL;
      MPI_Comm_split(MPI_COMM_WORLD, world_rank() % 2, world_rank(), &half);
      require_error([&] { h.gather(culprit() ? half : MPI_COMM_WORLD, a); }, errc::invalid_argument,
                    "another communicator");
      MPI_Comm_free(&half);
    }
    h.gather(a);
  }

  TEST_CASE("mpi.errors.distributor_bad_destination") {
    const runtime rt{backend::host};
    const int size = world_size();
    require_error([&] { mpi::distributor(rt, MPI_COMM_WORLD, {0, culprit() ? size : 0}); }, errc::invalid_argument,
                  "destinations[1] = " + std::to_string(size));
    const mpi::distributor d(rt, MPI_COMM_WORLD, {0, -1, 0});
    const array<int> a = rt.allocate<int>(culprit() ? 4 : 3, 1, aos());
    require_error([&] { d.migrate(a); }, errc::size_mismatch, "source_size() = 3");
  }

  TEST_CASE("mpi.errors.null_communicator") {
    require_error([] { mpi::halo(runtime(backend::host), MPI_COMM_NULL, 1, {}, {}); }, errc::invalid_argument,
                  "MPI_COMM_NULL");
  }

  TEST_CASE("mpi.errors.cuda_aware_without_support") {
    if (!runtime::cuda_available() || mpi::cuda_support_reported() != 0) return;  // needs a GPU and a plain MPI
    const runtime rt = mpi::local_runtime(MPI_COMM_WORLD, backend::cuda);
    mpi::plan_options options;
    options.via = mpi::transport::cuda_aware;
    require_error([&] { mpi::halo(rt, MPI_COMM_WORLD, 1, {}, {}, options); }, errc::wrong_memory_space,
                  "reports no CUDA support");
    const mpi::halo staged(rt, MPI_COMM_WORLD, 1, {}, {});
    CHECK(staged.via() == mpi::transport::staged);
  }
}

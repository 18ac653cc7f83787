// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Migration against the single-rank reference: random destinations (staying, moving, dropped),
// every layout, the new array in the old layout.
#include "mpi_test_support.hpp"
#include "random_records.hpp"
#include "round_trip.hpp"  // all_layouts

#include <coalesce/mpi/distributor.hpp>

#include <random>

using namespace coalesce;
using namespace coalesce::test;

namespace {

template <class T>
void migrate_matches_reference(const runtime& rt, std::size_t m, std::mt19937_64& gen) {
  const int me = world_rank(), ranks = world_size();
  std::vector<std::vector<int>> dest(static_cast<std::size_t>(ranks));
  for (int r = 0; r < ranks; ++r)
    for (std::size_t v = 0; v < owned_count(r); ++v) dest[std::size_t(r)].push_back(int(gen() % std::uint64_t(ranks + 1)) - 1);
  const mpi::distributor d(rt, MPI_COMM_WORLD, dest[std::size_t(me)]);
  std::vector<T> expect;
  for (int s = 0; s < ranks; ++s) {
    CHECK(d.offset(s) * m == expect.size());
    for (std::size_t v = 0; v < owned_count(s); ++v)
      if (dest[std::size_t(s)][v] == me)
        for (std::size_t i = 0; i < m; ++i) expect.push_back(value<T>(s, v, i));
  }
  REQUIRE(d.size() * m == expect.size());
  const std::vector<T> in = rank_data<T>(me, owned_count(me), m);
  for (const layout_spec& spec : all_layouts()) {
    INFO("layout " << to_string(spec) << ", m = " << m);
    const array<T> a = rt.upload(host_vectors(in.data(), owned_count(me), m), spec);
    const array<T> b = d.migrate(a);
    CHECK(b.kind() == a.kind());
    CHECK(b.layout().block == a.layout().block);
    CHECK(download_all(rt, b) == expect);
    const array<T> c = d.migrate(a, blocked(8));  // or into another layout
    CHECK(download_all(rt, c) == expect);
  }
}

// Records: every rank draws the same record and every rank's structs (so each knows the whole
// migration), then migrates its own in every record layout.
void migrate_records_matches_reference(const runtime& rt, std::mt19937_64& gen) {
  const int me = world_rank(), ranks = world_size();
  const record_desc d = random_record(gen, 6);
  std::vector<std::vector<unsigned char>> structs;
  std::vector<std::vector<int>> dest(static_cast<std::size_t>(ranks));
  for (int r = 0; r < ranks; ++r) {
    structs.push_back(random_structs(d, owned_count(r), gen));
    for (std::size_t v = 0; v < owned_count(r); ++v)
      dest[std::size_t(r)].push_back(int(gen() % std::uint64_t(ranks + 1)) - 1);
  }
  const mpi::distributor dist(rt, MPI_COMM_WORLD, dest[std::size_t(me)]);
  std::vector<unsigned char> expect;
  for (int s = 0; s < ranks; ++s)
    for (std::size_t v = 0; v < owned_count(s); ++v)
      if (dest[std::size_t(s)][v] == me) {
        const auto* p = structs[std::size_t(s)].data() + v * d.stride();
        expect.insert(expect.end(), p, p + d.stride());
      }
  REQUIRE(dist.size() * d.stride() == expect.size());
  for (const record_layout_spec& spec : record_layouts(d)) {
    INFO(to_string(d) << ", layout " << to_string(spec));
    const record_array a = rt.upload(host_records(structs[std::size_t(me)].data(), owned_count(me), d), spec);
    const record_array b = dist.migrate(a);
    CHECK(b.kind() == a.kind());
    CHECK(b.layout().block == a.layout().block);
    std::vector<unsigned char> out(expect.size(), padding_poison);
    rt.download(b, host_records(out.data(), b.n(), d));
    require_same_structs(out, expect, d);
  }
}

}  // namespace

TEST_SUITE("mpi") {
  TEST_CASE("mpi.distributor.records_match_reference") {
    std::mt19937_64 gen(shared_seed());
    for (const runtime& rt : runtimes_to_test()) {
      INFO(rt.description());
      for (int trial = 0; trial < 3; ++trial) migrate_records_matches_reference(rt, gen);
    }
  }

  TEST_CASE("mpi.distributor.matches_reference") {
    std::mt19937_64 gen(shared_seed());
    for (const runtime& rt : runtimes_to_test()) {
      INFO(rt.description());
      for (std::size_t m : {1, 3, 7}) {
        migrate_matches_reference<float>(rt, m, gen);
        migrate_matches_reference<std::int64_t>(rt, m, gen);
      }
    }
  }

  TEST_CASE("mpi.distributor.everything_stays") {
    const runtime rt{backend::host};
    const std::vector<int> stay(10, world_rank());
    const mpi::distributor d(rt, MPI_COMM_WORLD, stay);
    CHECK(d.size() == 10);
    const std::vector<double> in = rank_data<double>(world_rank(), 10, 2);
    const array<double> a = rt.upload(host_vectors(in.data(), 10, 2), soa());
    CHECK(download_all(rt, d.migrate(a)) == in);
  }
}

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Halo gather and scatter against the single-rank reference every rank computes from the shared
// seed: random export lists (a vector to several ranks, to itself, empty neighbours), every layout,
// tails, several element types and widths.
#include "mpi_test_support.hpp"
#include "random_records.hpp"
#include "round_trip.hpp"  // all_layouts

#include <algorithm>
#include <cstring>
#include <numeric>
#include <random>

using namespace coalesce;
using namespace coalesce::test;

namespace {

// exports[o][d]: the owned ids rank o sends to rank d, in order (some lists empty).
using export_table = std::vector<std::vector<std::vector<std::size_t>>>;

export_table random_exports(int ranks, std::mt19937_64& gen) {
  export_table t(static_cast<std::size_t>(ranks), std::vector<std::vector<std::size_t>>(static_cast<std::size_t>(ranks)));
  for (int o = 0; o < ranks; ++o)
    for (int d = 0; d < ranks; ++d) {
      if (gen() % 3 == 0) continue;  // an empty neighbour
      std::vector<std::size_t> ids(owned_count(o));
      std::iota(ids.begin(), ids.end(), std::size_t(0));
      std::shuffle(ids.begin(), ids.end(), gen);
      ids.resize(1 + gen() % ids.size());
      t[std::size_t(o)][std::size_t(d)] = ids;
    }
  return t;
}

// Where the ghosts from rank o start on rank d.
std::size_t ghost_start(const export_table& t, int o, int d) {
  std::size_t s = 0;
  for (int q = 0; q < o; ++q) s += t[std::size_t(q)][std::size_t(d)].size();
  return s;
}

// A ghost's value before a scatter: what rank d adds for its ghost number g.
template <class T>
T ghost_value(int d, std::size_t g, std::size_t i) {
  return T(3 + 5 * d + int(g % 23) + 2 * int(i));
}

template <class T>
void halo_matches_reference(const runtime& rt, std::size_t m, const export_table& t) {
  const int me = world_rank(), ranks = world_size();
  const std::size_t owned = owned_count(me);
  // The exports in descending rank order: the plan must group them by rank and keep each group's order.
  std::vector<std::size_t> ids;
  std::vector<int> to;
  for (int d = ranks - 1; d >= 0; --d)
    for (std::size_t id : t[std::size_t(me)][std::size_t(d)]) {
      ids.push_back(id);
      to.push_back(d);
    }
  const mpi::halo h(rt, MPI_COMM_WORLD, owned, ids, to);
  std::size_t ghosts = 0;
  for (int o = 0; o < ranks; ++o) ghosts += t[std::size_t(o)][std::size_t(me)].size();
  REQUIRE(h.ghosts() == ghosts);
  REQUIRE(h.size() == owned + ghosts);
  CHECK(h.via() == (rt.kind() == backend::host ? mpi::transport::host : h.via()));

  std::vector<T> in = rank_data<T>(me, owned, m);
  in.resize((owned + ghosts) * m, poison<T>());
  for (const layout_spec& spec : all_layouts()) {
    INFO("layout " << to_string(spec) << ", m = " << m << ", sizeof(T) = " << sizeof(T));
    array<T> a = rt.upload(host_vectors(in.data(), owned + ghosts, m), spec);
    h.gather(a);
    const std::vector<T> got = download_all(rt, a);
    bool same = std::equal(got.begin(), got.begin() + std::ptrdiff_t(owned * m), in.begin());
    for (int o = 0; o < ranks; ++o) {
      const auto& from = t[std::size_t(o)][std::size_t(me)];
      const std::size_t start = owned + ghost_start(t, o, me);
      CHECK(h.ghost_offset(o) == start - owned);
      for (std::size_t k = 0; k < from.size(); ++k)
        for (std::size_t i = 0; i < m; ++i) same = same && got[(start + k) * m + i] == value<T>(o, from[k], i);
    }
    CHECK(same);

    // Scatter: ghosts add into their owners, in ghost order (rank by rank, each in export order).
    std::vector<T> before = got;
    for (std::size_t g = 0; g < ghosts; ++g)
      for (std::size_t i = 0; i < m; ++i) before[(owned + g) * m + i] = ghost_value<T>(me, g, i);
    array<T> b = rt.upload(host_vectors(before.data(), owned + ghosts, m), spec);
    h.scatter(b);
    std::vector<T> expect = before;
    for (int d = 0; d < ranks; ++d) {
      const auto& sent = t[std::size_t(me)][std::size_t(d)];
      const std::size_t start = ghost_start(t, me, d);
      for (std::size_t k = 0; k < sent.size(); ++k)
        for (std::size_t i = 0; i < m; ++i)
          expect[sent[k] * m + i] = T(expect[sent[k] * m + i] + ghost_value<T>(d, start + k, i));
    }
    CHECK(download_all(rt, b) == expect);
  }
}

template <class T>
void halo_cases() {
  std::mt19937_64 gen(shared_seed());
  for (const runtime& rt : runtimes_to_test()) {
    INFO(rt.description());
    for (std::size_t m : {1, 3, 7}) halo_matches_reference<T>(rt, m, random_exports(world_size(), gen));
  }
}

// Records: every rank draws the same record and every rank's structs; gather fills the ghosts with the
// owners' records (every field, or the fields named) in every record layout, the owned records untouched.
void halo_records_match_reference(const runtime& rt, const export_table& t, std::mt19937_64& gen) {
  const int me = world_rank(), ranks = world_size();
  const record_desc d = random_record(gen, 6);
  std::vector<std::vector<unsigned char>> structs;
  for (int r = 0; r < ranks; ++r) structs.push_back(random_structs(d, owned_count(r), gen));
  std::vector<std::size_t> ids;
  std::vector<int> to;
  for (int r = 0; r < ranks; ++r)
    for (std::size_t id : t[std::size_t(me)][std::size_t(r)]) {
      ids.push_back(id);
      to.push_back(r);
    }
  const mpi::halo h(rt, MPI_COMM_WORLD, owned_count(me), ids, to);
  std::vector<unsigned char> in = structs[std::size_t(me)], expect = in;
  in.resize(h.size() * d.stride(), padding_poison);
  for (int o = 0; o < ranks; ++o)
    for (std::size_t id : t[std::size_t(o)][std::size_t(me)]) {
      const auto* p = structs[std::size_t(o)].data() + id * d.stride();
      expect.insert(expect.end(), p, p + d.stride());
    }
  // Some fields only (every rank the same ones): the ghosts get those, their other fields stay as they were.
  std::vector<std::string> names;
  std::vector<unsigned char> expect_some = in;
  for (std::size_t f = 0; f < d.size(); ++f)
    if (f == 0 || gen() % 2 == 0) {
      names.push_back(d[f].name);
      for (std::size_t v = owned_count(me); v < h.size(); ++v)
        std::memcpy(expect_some.data() + v * d.stride() + d[f].offset, expect.data() + v * d.stride() + d[f].offset,
                    d[f].bytes());
    }
  for (const record_layout_spec& spec : record_layouts(d)) {
    INFO(to_string(d) << ", layout " << to_string(spec));
    record_array a = rt.upload(host_records(in.data(), h.size(), d), spec);
    h.gather(a);
    std::vector<unsigned char> out(in.size(), padding_poison);
    rt.download(a, host_records(out.data(), h.size(), d));
    require_same_structs(out, expect, d);
    record_array some = rt.upload(host_records(in.data(), h.size(), d), spec);
    h.gather(some, names);
    rt.download(some, host_records(out.data(), h.size(), d));
    require_same_structs(out, expect_some, d);
  }
}

}  // namespace

TEST_SUITE("mpi") {
  TEST_CASE("mpi.halo.records_match_reference") {
    std::mt19937_64 gen(shared_seed());
    for (const runtime& rt : runtimes_to_test()) {
      INFO(rt.description());
      for (int trial = 0; trial < 3; ++trial) halo_records_match_reference(rt, random_exports(world_size(), gen), gen);
    }
  }

  TEST_CASE("mpi.halo.matches_reference.float") { halo_cases<float>(); }
  TEST_CASE("mpi.halo.matches_reference.double") { halo_cases<double>(); }
  TEST_CASE("mpi.halo.matches_reference.int") { halo_cases<std::int32_t>(); }

  TEST_CASE("mpi.halo.no_exports") {
    for (const runtime& rt : runtimes_to_test()) {
      const mpi::halo h(rt, MPI_COMM_WORLD, 5, {}, {});
      CHECK(h.ghosts() == 0);
      array<float> a = rt.allocate<float>(5, 3, soa());
      h.gather(a);
      h.scatter(a);
      h.gather(MPI_COMM_WORLD, a);
    }
  }
}

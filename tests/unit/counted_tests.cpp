// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Counted views on the host: exact read and write counts of known loops in every layout (n not a
// multiple of bd, m = 1), compound assignments, record views per field component, and the zero cost
// of the switch (plain views unchanged; counted_if<false> is the plain view).
#include <coalesce/coalesce.hpp>
#include <coalesce/record/counted.hpp>
#include <coalesce/runtime/access_counters.hpp>
#include <coalesce/view/counted.hpp>

#include <doctest/doctest.h>

#include "random.hpp"
#include "random_records.hpp"

#include <cstdint>
#include <type_traits>
#include <vector>

using namespace coalesce;
using namespace coalesce::test;

namespace {

// The plain views are what they were before counting existed: a pointer and a mapping, trivially copyable.
static_assert(sizeof(row_major_view<float>) == sizeof(float*) + sizeof(layout_row_major::mapping<extents<>>));
static_assert(sizeof(blocked_view<float, 3, 128>) == sizeof(float*) + sizeof(layout_blocked<128>::mapping<extents<3>>));
static_assert(std::is_trivially_copyable_v<blocked_view<float, 3, 128>>);
static_assert(std::is_same_v<decltype(counted_if<false>(blocked_view<float>{}, nullptr)), blocked_view<float>>);
static_assert(std::is_same_v<decltype(counted_if<true>(blocked_view<float>{}, nullptr)),
                             counted_view<blocked_view<float>>>);
// The counted view goes to kernels by value, as the plain one does.
static_assert(std::is_trivially_copyable_v<counted_view<blocked_view<float, 3, 128>>>);
// Reading through a const counted view cannot write.
static_assert(!std::is_assignable_v<counted_reference<const float>, float>);

struct body {
  double x[3];
  float mass;
  std::int32_t id;
};
using body_fields = fields<&body::x, &body::mass, &body::id>;

// Reads components 0 and m-1 (when m > 1: 1 += ...) and writes component m-1 of every vector.
template <class View>
void known_loop(const View& x) {
  for (std::size_t v = 0; v < x.n(); ++v) {
    const float a = x(v, 0);
    if (x.m() > 1) x(v, 1) += a;  // a read and a write
    x(v, x.m() - 1) = a * 2;
  }
}

}  // namespace

TEST_SUITE("unit") {
  TEST_CASE("view.counted.known_loop_every_layout") {
    const runtime rt{backend::host};
    for (const std::size_t m : {std::size_t(1), std::size_t(5)}) {
      const std::size_t n = 1000 + m;  // not a multiple of any block size
      const std::vector<float> data = random_values<float>(n * m, fresh_seed());
      for (const layout_spec spec : {aos(), soa(), blocked(32), blocked(128)}) {
        INFO("m = " << m << ", " << to_string(spec));
        array<float> a = rt.upload(host_vectors(data.data(), n, m), spec);
        access_counters counters(rt, 2 * m);
        visit(a, [&](auto view) { known_loop(counted(view, counters.data())); });
        const std::vector<unsigned long long> c = counters.values();
        if (m == 1) {
          CHECK(c == std::vector<unsigned long long>{n, n});
        } else {
          CHECK(c == std::vector<unsigned long long>{n, n, 0, 0, 0, /* writes */ 0, n, 0, 0, n});
        }
        // The counted loop computed what the plain one does.
        std::vector<float> out(n * m), expected = data;
        rt.download(a, host_vectors(out.data(), n, m));
        known_loop(row_major_view<float>(expected.data(), layout_row_major::mapping<extents<>>(extents<>(n, m))));
        CHECK(out == expected);
      }
    }
  }

  TEST_CASE("view.counted.load_store_static_m") {
    std::vector<double> memory(2 * 32 * 3, 1.0);
    const blocked_view<double, 3, 32> view(memory.data(), layout_blocked<32>::mapping<extents<3>>(extents<3>(37)));
    std::vector<unsigned long long> c(6, 0);
    const auto x = counted(view, c.data());
    for (std::size_t v = 0; v < x.n(); ++v) {
      vec<double, 3> u = load<3>(x, v);
      u[2] += u[0];
      store<3>(x, v, u);
    }
    CHECK(c == std::vector<unsigned long long>{37, 37, 37, 37, 37, 37});
    CHECK(memory[2 * 32 + 5] == 2.0);  // vector 5, component 2
    // A copy between two counted elements reads one and writes the other.
    x(0, 1) = x(1, 0);
    CHECK(c[0] == 38);
    CHECK(c[3 + 1] == 38);
  }

  TEST_CASE("record.counted.per_field_component") {
    const runtime rt{backend::host};
    const record_desc d = describe_record<body>(field("x", &body::x), field("mass", &body::mass), field("id", &body::id));
    static_assert(counted_slots<body_fields>() == 5);
    static_assert(counted_slot<body_fields, 2>() == 4);
    const std::size_t n = 77;
    std::vector<body> in(n);
    for (std::size_t v = 0; v < n; ++v) in[v] = {{1.0 * v, 2.0, 3.0}, float(v), std::int32_t(v)};
    for (const record_layout_spec& spec : record_layouts(d)) {
      INFO(to_string(spec));
      record_array a = rt.upload(host_records(in, d), spec);
      access_counters counters(rt, 2 * counted_slots<body_fields>());
      visit<body_fields>(a, [&](auto view) {
        const auto b = counted(view, counters.data());
        for (std::size_t v = 0; v < b.n(); ++v) {
          b.template get<&body::x>(v, 1) += b.template at<1>(v);  // x[1]: read and write; mass: read
          if (v % 2 == 0) b.store(v, b.load(v));                  // every component: a read and a write
        }
      });
      const std::vector<unsigned long long> c = counters.values();
      const unsigned long long half = (n + 1) / 2;
      CHECK(c == std::vector<unsigned long long>{half, n + half, half, n + half, half,  // reads x0 x1 x2 mass id
                                                 half, n + half, half, half, half});    // writes
      std::vector<body> out(n);
      rt.download(a, host_records(out, d));
      CHECK(out[n - 1].x[1] == 2.0 + float(n - 1));
    }
  }
}

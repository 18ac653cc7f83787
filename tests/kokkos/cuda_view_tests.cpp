// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Users' Views on the GPU (Kokkos built with CUDA, a device present): CudaSpace and HostSpace Views of
// every layout (row and column pitches, tails) into device arrays of every layout and back, bit for
// bit with the Views' padding untouched, and without a Kokkos kernel on the way.
#include <coalesce/interop/kokkos.hpp>

#include <doctest/doctest.h>

#include "kokkos_test_support.hpp"

#include <cstring>
#include <vector>

#if defined(KOKKOS_ENABLE_CUDA)

using namespace coalesce;
using namespace coalesce::test;

namespace {

template <class Layout, class Space>
using user_view = Kokkos::View<float**, Layout, Space, kokkos::unmanaged>;

constexpr std::size_t row_pad = 3, column_pad = 5;

// f(view) for each of the four kinds of View over `memory` (a buffer in Space).
template <class Space, class F>
void for_each_kind(float* memory, shape s, F&& f) {
  f("LayoutRight", user_view<Kokkos::LayoutRight, Space>(memory, s.n, s.m), s.n * s.m);
  f("LayoutLeft", user_view<Kokkos::LayoutLeft, Space>(memory, s.n, s.m), s.n * s.m);
  f("LayoutStride (pitch, 1)",
    user_view<Kokkos::LayoutStride, Space>(memory, Kokkos::LayoutStride(s.n, s.m + row_pad, s.m, 1)),
    s.n * (s.m + row_pad));
  f("LayoutStride (1, pitch)",
    user_view<Kokkos::LayoutStride, Space>(memory, Kokkos::LayoutStride(s.n, 1, s.m, s.n + column_pad)),
    (s.n + column_pad) * s.m);
}

// In Space: random data (padding included, as poison would be), through every layout of a device
// array, back into a second buffer that starts as a copy of the poison; both buffers must agree.
template <class Space>
void round_trips(const runtime& rt, shape s) {
  const std::size_t capacity = (s.n + column_pad) * (s.m + row_pad);
  Kokkos::View<float*, Space> in("in", capacity), out("out", capacity);
  auto host_in = Kokkos::create_mirror_view(in);
  const std::vector<float> values = random_values<float>(capacity, fresh_seed());
  for (std::size_t k = 0; k < capacity; ++k) host_in(k) = values[k];
  Kokkos::deep_copy(in, host_in);
  auto host_out = Kokkos::create_mirror_view(out);
  for_each_kind<Space>(in.data(), s, [&](const char* name, auto src, std::size_t) {
    for (const layout_spec& spec : all_layouts()) {
      INFO(std::string(name) << " in " << std::string(Space::name()) << ", n = " << s.n << ", m = " << s.m << ", layout " << to_string(spec));
      for (std::size_t k = 0; k < capacity; ++k) host_out(k) = poison<float>();
      Kokkos::deep_copy(out, host_out);
      std::size_t launches = 0;
      {
        const kokkos_launch_counter counter;
        const array<float> a = kokkos::upload(rt, src, spec);
        array<float> b = rt.allocate<float>(s.n, s.m, blocked(64));
        kokkos::copy(rt, src, b);
        // Download a into out's View of the same kind: same strides, other memory.
        for_each_kind<Space>(out.data(), s, [&](const char* other, auto dst, std::size_t) {
          if (std::strcmp(other, name) == 0) kokkos::download(rt, rt.relayout(b, spec), dst);
        });
        launches = kokkos_launch_counter::count();
      }
      CHECK(launches == 0);
      Kokkos::deep_copy(host_out, out);
      // The View's elements equal the input's, everything else (its padding, the rest) still poison.
      for_each_kind<Kokkos::HostSpace>(host_out.data(), s, [&](const char* other, auto back, std::size_t) {
        if (std::strcmp(other, name) != 0) return;
        std::vector<char> is_data(capacity, 0);
        for (std::size_t v = 0; v < s.n; ++v)
          for (std::size_t i = 0; i < s.m; ++i) is_data[std::size_t(&back(v, i) - back.data())] = 1;
        const float poisoned = poison<float>();
        std::size_t bad = 0;
        for (std::size_t k = 0; k < capacity; ++k)
          bad += std::memcmp(&host_out(k), is_data[k] ? &host_in(k) : &poisoned, sizeof(float)) != 0;
        CHECK(bad == 0);
      });
    }
  });
}

}  // namespace

TEST_SUITE("kokkos") {
  TEST_CASE("kokkos.cuda.user_views_round_trip") {
    if (!runtime::cuda_available()) return;
    const runtime rt{backend::cuda};
    for (const shape s : {shape{1, 1}, shape{33, 3}, shape{130, 5}, shape{70001, 12}}) {
      round_trips<Kokkos::CudaSpace>(rt, s);
      round_trips<Kokkos::HostSpace>(rt, s);
    }
  }
}

#endif

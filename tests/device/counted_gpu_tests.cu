// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Counted views in CUDA kernels: a known kernel (divergent lanes, lanes of one instruction counting
// different components, 2D blocks whose lanes are not threadIdx.x) counts exactly in every layout, and
// a counted record view counts per field component; the counted kernels compute what plain ones do.
#include <coalesce/coalesce.hpp>
#include <coalesce/record/counted.hpp>
#include <coalesce/runtime/access_counters.hpp>
#include <coalesce/view/counted.hpp>

#include <doctest/doctest.h>

#include "random.hpp"
#include "random_records.hpp"

#include <cuda_runtime.h>

#include <cstdint>
#include <vector>

using namespace coalesce;
using namespace coalesce::test;

namespace {

#define REQUIRE_CUDA(call) REQUIRE((call) == cudaSuccess)

struct body {
  double x[3];
  float mass;
  std::int32_t id;
};
using body_fields = fields<&body::x, &body::mass, &body::id>;

__device__ std::size_t thread_index() {
  const std::size_t block = blockIdx.x * std::size_t(blockDim.x * blockDim.y);
  return block + threadIdx.y * blockDim.x + threadIdx.x;
}

// Reads component 0; a third of the lanes add it to component 1 (a read and a write); even vectors
// write component 2, odd ones component 3, in the same instruction.
template <class View>
__global__ void known_kernel(View x) {
  const std::size_t v = thread_index();
  if (v >= x.n()) return;
  const float a = x(v, 0);
  if (v % 3 == 0) x(v, 1) += a;
  x(v, v % 2 == 0 ? 2 : 3) = a;
}

template <class View>
__global__ void record_kernel(View b) {
  const std::size_t v = thread_index();
  if (v >= b.n()) return;
  b.template get<&body::x>(v, 1) += b.template at<1>(v);
  if (v % 2 == 0) b.store(v, b.load(v));
}

void launch_check(const char* what) {
  INFO(what);
  REQUIRE_CUDA(cudaGetLastError());
  REQUIRE_CUDA(cudaDeviceSynchronize());
}

const dim3 block2d(16, 6);  // 96 threads: warps span rows of the block
unsigned grid_for(std::size_t n) { return unsigned((n + 95) / 96); }

}  // namespace

TEST_SUITE("gpu") {
  TEST_CASE("view.counted.gpu.known_kernel_exact") {
    const runtime rt{backend::cuda};
    const std::size_t n = 100003, m = 4;
    const std::vector<float> data = random_values<float>(n * m, fresh_seed());
    const unsigned long long third = (n + 2) / 3, even = (n + 1) / 2;
    for (const layout_spec spec : {aos(), soa(), blocked(32), blocked(128)}) {
      INFO(to_string(spec));
      array<float> counted_array = rt.upload(host_vectors(data.data(), n, m), spec);
      array<float> plain_array = rt.upload(host_vectors(data.data(), n, m), spec);
      access_counters counters(rt, 2 * m);
      visit(counted_array, [&](auto view) { known_kernel<<<grid_for(n), block2d>>>(counted(view, counters.data())); });
      launch_check("known_kernel (counted)");
      visit(plain_array, [&](auto view) { known_kernel<<<grid_for(n), block2d>>>(view); });
      launch_check("known_kernel");
      CHECK(counters.values() ==
            std::vector<unsigned long long>{n, third, 0, 0, /* writes */ 0, third, even, n - even});
      std::vector<float> a(n * m), b(n * m);
      rt.download(counted_array, host_vectors(a.data(), n, m));
      rt.download(plain_array, host_vectors(b.data(), n, m));
      CHECK(a == b);
    }
  }

  TEST_CASE("record.counted.gpu.per_field_component") {
    const runtime rt{backend::cuda};
    const record_desc d = describe_record<body>(field("x", &body::x), field("mass", &body::mass), field("id", &body::id));
    const std::size_t n = 4099;
    std::vector<body> in(n);
    for (std::size_t v = 0; v < n; ++v) in[v] = {{1.0 * v, 2.0, 3.0}, float(v % 1000), std::int32_t(v)};
    const unsigned long long half = (n + 1) / 2;
    for (const record_layout_spec& spec : record_layouts(d)) {
      INFO(to_string(spec));
      record_array a = rt.upload(host_records(in, d), spec);
      access_counters counters(rt, 2 * counted_slots<body_fields>());
      visit<body_fields>(a, [&](auto view) { record_kernel<<<grid_for(n), block2d>>>(counted(view, counters.data())); });
      launch_check("record_kernel (counted)");
      CHECK(counters.values() == std::vector<unsigned long long>{half, n + half, half, n + half, half,
                                                                 half, n + half, half, half, half});
      std::vector<body> out(n);
      rt.download(a, host_records(out, d));
      CHECK(out[n - 1].x[1] == 2.0 + double((n - 1) % 1000));
    }
  }
}

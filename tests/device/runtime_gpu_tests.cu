// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The runtime on the CUDA backend: every layout pair, user device memory, Thrust device vectors,
// views in kernels, padding, bad input, and no leaks.
#include <coalesce/coalesce.hpp>
#include <coalesce/interop/mdspan.hpp>
#include <coalesce/interop/thrust.hpp>

#include <thrust/device_vector.h>
#include <thrust/host_vector.h>

#include <doctest/doctest.h>

#include "random.hpp"
#include "require_error.hpp"
#include "round_trip.hpp"

#include <cuda_runtime.h>

#include <cstdint>
#include <limits>
#include <vector>

using namespace coalesce;
using namespace coalesce::test;

namespace {

#define REQUIRE_CUDA(call) REQUIRE((call) == cudaSuccess)

std::size_t free_device_memory() {
  std::size_t free_bytes = 0, total = 0;
  REQUIRE_CUDA(cudaDeviceSynchronize());
  REQUIRE_CUDA(cudaMemGetInfo(&free_bytes, &total));
  return free_bytes;
}

// Multiplies every component by (i + 1) through the view: one thread per vector.
template <class View>
__global__ void scale_components(View view) {
  const std::size_t v = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (v >= view.n()) return;
  for (std::size_t i = 0; i < view.m(); ++i) view(v, i) *= float(i + 1);
}

// Writes every mapping offset computed on the device, in (v, i) order.
template <class Mapping>
__global__ void offsets_on_device(Mapping map, std::size_t* out) {
  const std::size_t n = map.extents().extent(0), m = map.extents().extent(1);
  for (std::size_t v = 0; v < n; ++v)
    for (std::size_t i = 0; i < m; ++i) out[v * m + i] = map(v, i);
}

// Reads vector v with load<M> through an mdspan-converted view, writes the sum of its components.
template <class View>
__global__ void sum_vectors(View view, double* out) {
  const std::size_t v = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (v >= view.n()) return;
  const auto x = load<5>(view, v);
  auto md = to_mdspan(view);
  double s = 0;
  for (std::size_t i = 0; i < 5; ++i) s += x[i] + 0.0 * md(v, i);
  out[v] = s;
}

}  // namespace

TEST_SUITE("gpu") {
  TEST_CASE("runtime.cuda.picked_by_default") {
    const runtime rt;
    CHECK(rt.kind() == backend::cuda);
    CHECK(rt.space() == memory_space::device);
    CHECK(rt.description().rfind("cuda:", 0) == 0);
    CHECK(runtime::cuda_available());
    require_error([] { runtime bad(backend::cuda, 4096); }, errc::no_device, "4096");
  }

  TEST_CASE("runtime.cuda.round_trip.float") { round_trip_shapes<float>(runtime{backend::cuda}); }
  TEST_CASE("runtime.cuda.round_trip.double") { round_trip_shapes<double>(runtime{backend::cuda}); }
  TEST_CASE("runtime.cuda.round_trip.int") { round_trip_shapes<int>(runtime{backend::cuda}); }
  TEST_CASE("runtime.cuda.round_trip.components") {
    const runtime rt{backend::cuda};
    for (std::size_t n : {1, 33, 1000, 70001})
      for (std::size_t m : {1, 3, 12}) round_trip_components<float>(rt, n, m, n + 7);
  }
  TEST_CASE("runtime.cuda.round_trip.other_widths") {
    const runtime rt{backend::cuda};
    for (std::size_t n : {1, 37, 200}) {
      round_trip_all_pairs<std::uint8_t>(rt, n, 3, 5);
      round_trip_all_pairs<std::uint16_t>(rt, n, 17, 17);
      round_trip_all_pairs<quad>(rt, n, 4, 7);
    }
  }

  TEST_CASE("runtime.cuda.matches_host_backend_bit_for_bit") {
    const runtime gpu{backend::cuda}, cpu{backend::host};
    const std::size_t n = 1001, m = 17;
    const std::vector<float> in = random_values<float>(n * m, fresh_seed());
    for (const layout_spec& spec : all_layouts()) {
      INFO(to_string(spec));
      const array<float> d = gpu.upload(host_vectors(in.data(), n, m), spec, -3.0f);
      const array<float> h = cpu.upload(host_vectors(in.data(), n, m), spec, -3.0f);
      REQUIRE(d.layout().kind == h.layout().kind);
      if (spec.kind == layout_kind::blocked) {  // same layout, same padding: the same bytes
        REQUIRE(d.span() == h.span());
        std::vector<float> raw(d.span());
        REQUIRE_CUDA(cudaMemcpy(raw.data(), d.data(), raw.size() * sizeof(float), cudaMemcpyDeviceToHost));
        REQUIRE(std::memcmp(raw.data(), h.data(), raw.size() * sizeof(float)) == 0);
      }
    }
  }

  TEST_CASE("runtime.cuda.user_device_memory") {
    const runtime rt{backend::cuda};
    const std::size_t n = 333, m = 12, pitch = 13;
    const std::vector<double> in = user_array<double>(n, m, pitch, fresh_seed());
    double *user_in = nullptr, *user_out = nullptr;
    REQUIRE_CUDA(cudaMalloc(&user_in, in.size() * sizeof(double)));
    REQUIRE_CUDA(cudaMalloc(&user_out, in.size() * sizeof(double)));
    const std::vector<double> poisoned(in.size(), poison<double>());
    REQUIRE_CUDA(cudaMemcpy(user_in, in.data(), in.size() * sizeof(double), cudaMemcpyHostToDevice));
    for (const layout_spec& spec : all_layouts()) {
      INFO(to_string(spec));
      REQUIRE_CUDA(cudaMemcpy(user_out, poisoned.data(), in.size() * sizeof(double), cudaMemcpyHostToDevice));
      const array<double> a = rt.upload(device_vectors(static_cast<const double*>(user_in), n, m, pitch), spec);
      rt.download(a, device_vectors(user_out, n, m, pitch));
      std::vector<double> out(in.size());
      REQUIRE_CUDA(cudaMemcpy(out.data(), user_out, out.size() * sizeof(double), cudaMemcpyDeviceToHost));
      REQUIRE(std::memcmp(out.data(), in.data(), in.size() * sizeof(double)) == 0);
    }
    cudaFree(user_in);
    cudaFree(user_out);
  }

  TEST_CASE("runtime.cuda.thrust_device_vector") {
    const runtime rt{backend::cuda};
    const std::size_t n = 1000, m = 3;
    const std::vector<int> values = random_values<int>(n * m, fresh_seed());
    thrust::device_vector<int> in(values.begin(), values.end()), out(n * m, poison<int>());
    const array<int> a = rt.upload(describe(in, n, m), blocked(64));
    rt.download(rt.relayout(a, soa()), describe(out, n, m));
    const thrust::host_vector<int> back = out;
    CHECK(std::equal(back.begin(), back.end(), values.begin()));
  }

  TEST_CASE("view.cuda.kernel_per_layout") {
    const runtime rt{backend::cuda};
    const std::size_t n = 777, m = 9;
    const std::vector<float> in = random_values<float>(n * m, fresh_seed());
    for (const layout_spec& spec : all_layouts()) {
      INFO(to_string(spec));
      array<float> a = rt.upload(host_vectors(in.data(), n, m), spec);
      visit(a, [&](auto view) {
        scale_components<<<unsigned((n + 127) / 128), 128>>>(view);
        REQUIRE_CUDA(cudaGetLastError());
      });
      std::vector<float> out(n * m);
      rt.download(a, host_vectors(out.data(), n, m));
      for (std::size_t v = 0; v < n; ++v)
        for (std::size_t i = 0; i < m; ++i) REQUIRE(out[v * m + i] == in[v * m + i] * float(i + 1));
    }
  }

  TEST_CASE("view.cuda.load_and_mdspan_in_kernel") {
    const runtime rt{backend::cuda};
    const std::size_t n = 300, m = 5;
    const std::vector<double> in = random_values<double>(n * m, fresh_seed());
    double* sums = nullptr;
    REQUIRE_CUDA(cudaMalloc(&sums, n * sizeof(double)));
    for (const layout_spec& spec : all_layouts()) {
      const array<double> a = rt.upload(host_vectors(in.data(), n, m), spec);
      visit<5>(a, [&](auto view) {
        sum_vectors<<<3, 128>>>(view, sums);
        REQUIRE_CUDA(cudaGetLastError());
      });
      std::vector<double> out(n);
      REQUIRE_CUDA(cudaMemcpy(out.data(), sums, n * sizeof(double), cudaMemcpyDeviceToHost));
      for (std::size_t v = 0; v < n; ++v) {
        double s = 0;
        for (std::size_t i = 0; i < m; ++i) s += in[v * m + i];
        REQUIRE(out[v] == s);
      }
    }
    cudaFree(sums);
  }

  TEST_CASE("layout.cuda.device_offsets_equal_host") {
    using E = extents<>;
    std::size_t* d_out = nullptr;
    const std::size_t n = 37, m = 5;
    REQUIRE_CUDA(cudaMalloc(&d_out, n * m * sizeof(std::size_t)));
    auto check = [&](auto map) {
      offsets_on_device<<<1, 1>>>(map, d_out);
      REQUIRE_CUDA(cudaGetLastError());
      std::vector<std::size_t> out(n * m);
      REQUIRE_CUDA(cudaMemcpy(out.data(), d_out, out.size() * sizeof(std::size_t), cudaMemcpyDeviceToHost));
      for (std::size_t v = 0; v < n; ++v)
        for (std::size_t i = 0; i < m; ++i) REQUIRE(out[v * m + i] == map(v, i));
    };
    check(layout_row_major::mapping<E>(E(n, m), 7));
    check(layout_col_major::mapping<E>(E(n, m), 40));
    check(layout_blocked<>::mapping<E>(E(n, m), 8));
    check(layout_blocked<32>::mapping<extents<5>>(extents<5>(n)));
    cudaFree(d_out);
  }

  TEST_CASE("runtime.cuda.pitched_allocations_use_cudaMallocPitch") {
    const runtime rt{backend::cuda};
    const array<float> rows = rt.allocate<float>(100, 1023, pitched_rows());
    const array<float> cols = rt.allocate<float>(1001, 3, soa());
    CHECK(rows.layout().pitch > 1023);
    CHECK(cols.layout().pitch > 1001);
    CHECK((rows.layout().pitch * sizeof(float)) % 128 == 0);
    CHECK((cols.layout().pitch * sizeof(float)) % 128 == 0);
  }

  TEST_CASE("runtime.cuda.bad_input_leaves_destination_and_memory_alone") {
    const runtime rt{backend::cuda};
    const std::size_t n = 64, m = 4;
    std::vector<float> host(n * m, 1.0f);
    const std::vector<float> untouched(n * m, poison<float>());
    std::vector<float> out = untouched;
    const array<float> a = rt.upload(host_vectors(host.data(), n, m), blocked(32));
    float* device_array = nullptr;
    REQUIRE_CUDA(cudaMalloc(&device_array, n * m * sizeof(float)));
    const std::size_t before = free_device_memory();

    require_error([&] { rt.upload(device_vectors(host.data(), n, m), aos()); }, errc::wrong_memory_space,
                  "host memory");
    require_error([&] { rt.download(a, device_vectors(out.data(), n, m)); }, errc::wrong_memory_space, "host memory");
    require_error([&] { rt.upload(host_vectors(static_cast<const float*>(device_array), n, m), aos()); },
                  errc::wrong_memory_space, "device memory");
    require_error([&] { rt.download(a, host_vectors(out.data(), n + 1, m)); }, errc::size_mismatch, "n = 65");
    require_error([&] { rt.upload(host_vectors(host.data(), n, 0), soa()); }, errc::invalid_argument, "m = 0");
    require_error([&] { rt.upload(host_vectors(host.data(), n, m), blocked(0)); }, errc::invalid_argument, "bd = 0");
    require_error([&] { rt.upload(host_vectors(host.data(), n, m, 2), aos()); }, errc::invalid_argument, "pitch = 2");
    require_error([&] { rt.upload(host_vectors(static_cast<float*>(nullptr), n, m), aos()); },
                  errc::invalid_argument, "nullptr");
    require_error([&] { rt.allocate<double>(std::numeric_limits<std::size_t>::max() / 4, 2, aos()); },
                  errc::size_overflow, "overflows");
    // 2^42 floats = 16 TiB: more than any GPU holds; cudaMalloc fails and nothing stays allocated.
    try {
      rt.allocate<float>(std::size_t(1) << 40, 4, blocked(128));
      FAIL("allocation of 16 TiB succeeded");
    } catch (const cuda_error& e) {
      CHECK(e.code() == errc::out_of_memory);
      CHECK(e.cuda_name() == "cudaErrorMemoryAllocation");
      CHECK(std::string(e.what()).find("17592186044416 bytes") != std::string::npos);
    }
    require_error([&] { rt.allocate<float>(std::size_t(1) << 40, 4, soa()); }, errc::out_of_memory, "cudaMallocPitch");
    CHECK(free_device_memory() == before);
    CHECK(out == untouched);
    REQUIRE_CUDA(cudaGetLastError());  // no sticky error left behind
    cudaFree(device_array);
  }

  TEST_CASE("runtime.cuda.no_leaks_over_many_transforms") {
    const runtime rt{backend::cuda};
    const std::vector<float> in = random_values<float>(5000 * 7, fresh_seed());
    // The first pass loads every kernel (lazy module loading takes device memory) and creates what the
    // runtime keeps for all later transfers (its copy stream); later passes must not take any more.
    std::size_t before = 0;
    for (int k = 0; k < 4; ++k) {
      if (k == 1) before = free_device_memory();
      for (const layout_spec& a : all_layouts()) {
        const array<float> x = rt.upload(host_vectors(in.data(), 5000, 7), a);
        for (const layout_spec& b : all_layouts()) rt.relayout(x, b);
      }
    }
    CHECK(free_device_memory() == before);
  }
}

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Records on the CUDA backend: random records through every layout pair (tiled and per-element
// kernels, tails, padding lanes), the pipelines from pinned and pageable memory over several
// chunks, the user's device structs with their padding untouched (also misaligned by 8 bytes), and
// record views in a kernel.
#include <coalesce/coalesce.hpp>
#include <coalesce/interop/mdspan.hpp>

#include <doctest/doctest.h>

#include "random.hpp"
#include "random_records.hpp"
#include "require_error.hpp"

#include <cuda_runtime.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using namespace coalesce;
using namespace coalesce::test;

namespace {

#define REQUIRE_CUDA(call) REQUIRE((call) == cudaSuccess)

struct particle {
  double x[3];
  float v[3];
  std::int32_t id;
  std::uint8_t species;
};
using particle_fields = fields<&particle::x, &particle::v, &particle::id, &particle::species>;

record_desc particle_record() {
  return describe_record<particle>(field("x", &particle::x), field("v", &particle::v), field("id", &particle::id),
                                   field("species", &particle::species));
}

std::vector<particle> random_particles(std::size_t n, std::mt19937_64& gen) {
  std::vector<particle> out(n);
  std::memset(out.data(), padding_poison, n * sizeof(particle));  // the padding bytes too
  std::uniform_real_distribution<double> d(-10, 10);
  for (particle& p : out) {
    for (double& x : p.x) x = d(gen);
    for (float& v : p.v) v = float(d(gen));
    p.id = std::int32_t(gen());
    p.species = std::uint8_t(gen());
  }
  return out;
}

// x += v * dt through the view: one thread per particle; species 0 particles stay put.
template <class View>
__global__ void drift(View view, double dt) {
  const std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= view.n()) return;
  particle p = view.load(i);
  if (p.species == 0) return;
  for (int c = 0; c < 3; ++c) p.x[c] += double(p.v[c]) * dt;
  view.template get<&particle::id>(i) = p.id + 1;
  for (int c = 0; c < 3; ++c) view.template get<&particle::x>(i, c) = p.x[c];
}

template <class View>
__global__ void read_field_mdspan(View view, float* out) {
  const std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= view.n()) return;
  const auto v = to_mdspan(view.template field<&particle::v>());
  out[i] = v(i, 0) + v(i, 1) + v(i, 2);
}

struct device_bytes {
  unsigned char* p = nullptr;
  explicit device_bytes(std::size_t bytes) { REQUIRE_CUDA(cudaMalloc(&p, bytes)); }
  ~device_bytes() { cudaFree(p); }
};

}  // namespace

TEST_SUITE("gpu") {
  TEST_CASE("record.gpu.round_trip_every_pair") {
    round_trip_every_pair(runtime{backend::cuda}, 10, {1, 95, 1000, 70001});
  }

  TEST_CASE("record.gpu.swizzled_rows_every_pair") {
    // Rows the staged kernel swizzles, which the random records above need not hit.
    std::mt19937_64 gen(fresh_seed());
    round_trip_every_pair_of(runtime{backend::cuda}, rows_of_96_bytes(), {1, 95, 1000, 70001}, gen);
  }

  TEST_CASE("record.gpu.padding_lanes_hold_fill") {
    const runtime rt{backend::cuda};
    std::mt19937_64 gen(fresh_seed());
    const record_desc d = particle_record();
    const std::size_t n = 1001;
    const std::vector<particle> in = random_particles(n, gen);
    const particle fill{{-1, -2, -3}, {-4, -5, -6}, -7, 99};
    for (const record_layout_spec& spec : {record_blocked(32), record_blocked(128), record_blocked(1000),
                                           record_split({"x", "id"}, 64)}) {
      INFO(to_string(spec));
      const record_array a = rt.upload(host_records(in, d), spec, &fill);
      const record_array b = rt.relayout(a, spec, &fill);  // device to device writes the padding too
      std::vector<unsigned char> bytes(b.span_bytes());
      REQUIRE_CUDA(cudaMemcpy(bytes.data(), b.data(), bytes.size(), cudaMemcpyDeviceToHost));
      for (std::size_t v = n; v < b.layout().extent(); ++v)
        for (std::size_t f = 0; f < d.size(); ++f) {
          if (b.layout().places[f].form != field_form::blocks) continue;
          for (std::size_t c = 0; c < d[f].count; ++c)
            REQUIRE(std::memcmp(bytes.data() + byte_offset(d, b.layout(), v, f, c),
                                reinterpret_cast<const unsigned char*>(&fill) + d[f].offset + c * d[f].width,
                                d[f].width) == 0);
        }
    }
  }



  TEST_CASE("record.gpu.pipelines_pinned_and_pageable") {
    const runtime rt{backend::cuda};
    std::mt19937_64 gen(fresh_seed());
    const record_desc d = particle_record();
    const std::size_t n = 900007;  // 43 MB: several 16 MiB chunks, and a tail
    const std::vector<particle> in = random_particles(n, gen);
    particle* pinned = nullptr;
    REQUIRE_CUDA(cudaMallocHost(&pinned, n * sizeof(particle)));
    for (const record_layout_spec& spec : {record_soa(), record_blocked(128), record_split({"x"}), record_packed()}) {
      INFO(to_string(spec));
      std::memcpy(pinned, in.data(), n * sizeof(particle));
      const record_array a = rt.upload(host_records(pinned, n, d), spec);
      const record_array b = rt.upload(host_records(in, d), spec);
      std::vector<particle> out(n);
      std::memset(out.data(), padding_poison, n * sizeof(particle));
      rt.download(a, host_records(out, d));
      REQUIRE(std::memcmp(out.data(), in.data(), n * sizeof(particle)) == 0);
      std::memset(pinned, padding_poison, n * sizeof(particle));
      rt.download(b, host_records(pinned, n, d));
      REQUIRE(std::memcmp(pinned, in.data(), n * sizeof(particle)) == 0);
    }
    cudaFreeHost(pinned);
  }

  TEST_CASE("record.gpu.user_device_structs_keep_their_padding") {
    const runtime rt{backend::cuda};
    std::mt19937_64 gen(fresh_seed());
    for (int trial = 0; trial < 6; ++trial) {
      const record_desc d = random_record(gen);
      INFO(to_string(d));
      const std::size_t n = 5003, bytes = n * d.stride();
      const std::vector<unsigned char> in = random_structs(d, n, gen);
      // The structs at an offset of one alignment unit (not 16-byte aligned when alignment < 16).
      device_bytes memory(bytes + 16);
      unsigned char* user = memory.p + d.alignment();
      REQUIRE_CUDA(cudaMemcpy(user, in.data(), bytes, cudaMemcpyHostToDevice));
      for (const record_layout_spec& spec : record_layouts(d)) {
        INFO(to_string(spec));
        const record_array a = rt.upload(device_records(user, n, d), spec);
        REQUIRE_CUDA(cudaMemset(user, padding_poison, bytes));
        rt.download(a, device_records(user, n, d));
        std::vector<unsigned char> out(bytes);
        REQUIRE_CUDA(cudaMemcpy(out.data(), user, bytes, cudaMemcpyDeviceToHost));
        require_same_structs(out, in, d);
      }
    }
  }

  TEST_CASE("record.gpu.views_in_a_kernel") {
    const runtime rt{backend::cuda};
    std::mt19937_64 gen(fresh_seed());
    const record_desc d = particle_record();
    const std::size_t n = 10007;
    const double dt = 0.125;
    std::vector<particle> in = random_particles(n, gen);
    for (std::size_t i = 0; i < n; i += 7) in[i].species = 0;
    std::vector<particle> want = in;
    for (particle& p : want) {
      if (p.species == 0) continue;
      for (int c = 0; c < 3; ++c) p.x[c] += double(p.v[c]) * dt;  // the same operations as the kernel
      p.id += 1;
    }
    float* sums = nullptr;
    REQUIRE_CUDA(cudaMalloc(&sums, n * sizeof(float)));
    for (const record_layout_spec& spec : record_layouts(d)) {
      INFO(to_string(spec));
      record_array a = rt.upload(host_records(in, d), spec);
      visit<particle_fields>(a, [&](auto view) {
        drift<<<unsigned((n + 127) / 128), 128>>>(view, dt);
        read_field_mdspan<<<unsigned((n + 127) / 128), 128>>>(view, sums);
      });
      REQUIRE_CUDA(cudaGetLastError());
      REQUIRE_CUDA(cudaDeviceSynchronize());
      std::vector<particle> out(n);
      std::memset(out.data(), padding_poison, n * sizeof(particle));
      rt.download(a, host_records(out, d));
      std::vector<float> got(n);
      REQUIRE_CUDA(cudaMemcpy(got.data(), sums, n * sizeof(float), cudaMemcpyDeviceToHost));
      for (std::size_t i = 0; i < n; ++i) {
        for (int c = 0; c < 3; ++c) REQUIRE(out[i].x[c] == doctest::Approx(want[i].x[c]).epsilon(1e-15));
        REQUIRE(out[i].id == want[i].id);
        REQUIRE(got[i] == doctest::Approx(in[i].v[0] + in[i].v[1] + in[i].v[2]).epsilon(1e-6));
      }
    }
    cudaFree(sums);
  }

  TEST_CASE("record.gpu.async_on_a_stream") {
    const runtime rt{backend::cuda};
    std::mt19937_64 gen(fresh_seed());
    const record_desc d = particle_record();
    const std::size_t n = 77777;
    const std::vector<particle> in = random_particles(n, gen);
    cudaStream_t stream = nullptr;
    REQUIRE_CUDA(cudaStreamCreate(&stream));
    record_array a = rt.allocate(d, n, record_blocked(256));
    record_array b = rt.allocate(d, n, record_split({"v", "species"}));
    std::vector<particle> out(n);
    std::memset(out.data(), padding_poison, n * sizeof(particle));
    rt.upload_async(host_records(in, d), a, stream);
    rt.copy_async(a, b, stream);
    rt.download_async(b, host_records(out, d), stream);
    REQUIRE_CUDA(cudaStreamSynchronize(stream));
    REQUIRE(std::memcmp(out.data(), in.data(), n * sizeof(particle)) == 0);
    cudaStreamDestroy(stream);
  }

  TEST_CASE("record.gpu.bad_input") {
    const runtime rt{backend::cuda};
    const record_desc d = particle_record();
    std::vector<particle> in(100);
    const record_array a = rt.upload(host_records(in, d), record_soa());
    record_array small = rt.allocate(d, 50, record_soa());
    require_error([&] { rt.copy(a, small); }, errc::size_mismatch, "n = 100");
    require_error([&] { (void)rt.upload(device_records(in.data(), in.size(), d), record_aos()); },
                  errc::wrong_memory_space, "host memory");
  }
}

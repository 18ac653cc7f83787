// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Probe: how fast can a copy staged through shared memory go on this GPU, by kernel structure?
// Not part of the library: it measures the ceilings the staged record kernel is held against.
// Every variant copies `bytes` from src to dst (both 256-byte aligned), or splits them into `streams`
// equal rows on the destination side (a tile's records go to each row, as aos -> soa does).
// Built in CUDA builds as coalesce-staged-copy-probe (benchmarks/probes/ of the build tree).
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <type_traits>
#include <vector>

#include "probe_common.hpp"

__device__ __forceinline__ unsigned smem_addr(const void* p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

// Grid-stride 16-byte copy, 4 loads in flight per thread.
__global__ void plain_copy(const uint4* __restrict__ s, uint4* __restrict__ d, size_t n) {
  size_t stride = size_t(gridDim.x) * blockDim.x;
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  for (; i + 3 * stride < n; i += 4 * stride) {
    uint4 a = s[i], b = s[i + stride], c = s[i + 2 * stride], e = s[i + 3 * stride];
    d[i] = a; d[i + stride] = b; d[i + 2 * stride] = c; d[i + 3 * stride] = e;
  }
  for (; i < n; i += stride) d[i] = s[i];
}

// mode 0: copy, 1: loads only (a value kept so they are not removed), 2: stores only.
// Destination split into `streams` rows of n_chunks / streams chunks: tile t's chunks go to each row.
template <int Mode>
__global__ void tile_per_block(const uint4* __restrict__ s, uint4* __restrict__ d, unsigned tile_chunks,
                               unsigned streams, size_t row_chunks, unsigned* sink) {
  extern __shared__ uint4 tile[];
  const size_t first = size_t(blockIdx.x) * tile_chunks;
  if (Mode != 2) {
    for (unsigned c = threadIdx.x; c < tile_chunks; c += blockDim.x)
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(smem_addr(tile + c)), "l"(s + first + c) : "memory");
    asm volatile("cp.async.commit_group;\ncp.async.wait_group 0;" ::: "memory");
  }
  __syncthreads();
  if (Mode == 1) {
    if (tile[threadIdx.x].x == 0xdeadbeefu) atomicAdd(sink, 1u);
    return;
  }
  const unsigned per_row = tile_chunks / streams;  // a tile's chunks per destination row
  const size_t row_first = size_t(blockIdx.x) * per_row;
  for (unsigned c = threadIdx.x; c < tile_chunks; c += blockDim.x) {
    unsigned r = c / per_row, k = c - r * per_row;
    d[r * row_chunks + row_first + k] = tile[c];
  }
}

// The same copy with a kernel parameter the size of the record kernel's plan (24 KiB): what a launch
// with that much to upload costs, against tile_per_block<0> with streams = 1.
template <unsigned Words>
struct big_params {
  unsigned tile_chunks;
  unsigned table[Words];
};
template <unsigned Words>
__global__ void tile_per_block_big(const __grid_constant__ big_params<Words> p, const uint4* __restrict__ s,
                                   uint4* __restrict__ d) {
  extern __shared__ uint4 tile[];
  const unsigned tile_chunks = p.tile_chunks + p.table[blockIdx.x % Words];  // table holds zeros
  const size_t first = size_t(blockIdx.x) * tile_chunks;
  for (unsigned c = threadIdx.x; c < tile_chunks; c += blockDim.x)
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(smem_addr(tile + c)), "l"(s + first + c) : "memory");
  asm volatile("cp.async.commit_group;\ncp.async.wait_group 0;" ::: "memory");
  __syncthreads();
  for (unsigned c = threadIdx.x; c < tile_chunks; c += blockDim.x) d[first + c] = tile[c];
}

// Tile per block by TMA: one bulk load into shared memory on an mbarrier, one bulk store out.
__global__ void tile_bulk(const uint4* __restrict__ s, uint4* __restrict__ d, unsigned tile_chunks) {
  extern __shared__ uint4 tile[];
  __shared__ alignas(8) unsigned long long bar;
  const size_t first = size_t(blockIdx.x) * tile_chunks;
  const unsigned bytes = tile_chunks * 16;
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(smem_addr(&bar)) : "memory");
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(smem_addr(&bar)), "r"(bytes) : "memory");
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(
                     smem_addr(tile)),
                 "l"(s + first), "r"(bytes), "r"(smem_addr(&bar))
                 : "memory");
    asm volatile(
        "{\n.reg .pred p;\nWAIT%=:\nmbarrier.try_wait.parity.shared::cta.b64 p, [%0], 0;\n@!p bra WAIT%=;\n}" ::"r"(
            smem_addr(&bar))
        : "memory");
    asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;" ::"l"(d + first), "r"(smem_addr(tile)),
                 "r"(bytes)
                 : "memory");
    asm volatile("cp.async.bulk.commit_group;\ncp.async.bulk.wait_group.read 0;" ::: "memory");
  }
}

// Resident blocks with a ring of `Stages` tiles: tile k + Stages - 1 loads while tile k stores.
template <int Stages>
__global__ void ring_copy(const uint4* __restrict__ s, uint4* __restrict__ d, unsigned tile_chunks, size_t tiles) {
  extern __shared__ uint4 ring[];
  auto load = [&](size_t t, unsigned slot) {
    if (t < tiles)
      for (unsigned c = threadIdx.x; c < tile_chunks; c += blockDim.x)
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(smem_addr(ring + slot * tile_chunks + c)),
                     "l"(s + t * tile_chunks + c)
                     : "memory");
    asm volatile("cp.async.commit_group;" ::: "memory");
  };
  size_t t = blockIdx.x;
  for (int k = 0; k < Stages - 1; ++k) load(t + size_t(k) * gridDim.x, k);
  for (unsigned slot = 0; t < tiles; t += gridDim.x, slot = (slot + 1) % Stages) {
    load(t + size_t(Stages - 1) * gridDim.x, (slot + Stages - 1) % Stages);
    asm volatile("cp.async.wait_group %0;" ::"n"(Stages - 1) : "memory");
    __syncthreads();
    for (unsigned c = threadIdx.x; c < tile_chunks; c += blockDim.x) d[t * tile_chunks + c] = ring[slot * tile_chunks + c];
    __syncthreads();
  }
}

__global__ void read_only(const uint4* __restrict__ s, size_t n, unsigned* sink) {
  size_t stride = size_t(gridDim.x) * blockDim.x;
  unsigned acc = 0;
  for (size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) acc ^= s[i].x ^ s[i].w;
  if (acc == 0xdeadbeefu) atomicAdd(sink, 1u);
}
__global__ void write_only(uint4* __restrict__ d, size_t n) {
  size_t stride = size_t(gridDim.x) * blockDim.x;
  for (size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) d[i] = make_uint4(i, 1, 2, 3);
}

int main(int argc, char** argv) {
  const size_t bytes = size_t(argc > 1 ? std::atoi(argv[1]) : 256) << 20;
  const size_t n = bytes / 16;
  uint4 *s, *d;
  unsigned* sink;
  CHECK(cudaMalloc(&s, bytes));
  CHECK(cudaMalloc(&d, bytes));
  CHECK(cudaMalloc(&sink, 4));
  CHECK(cudaMemset(s, 1, bytes));
  int sms;
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  auto gbs = [&](float ms, double moved) { return moved / ms / 1e6; };
  const double copy = gbs(median_ms([&] { CHECK(cudaMemcpyAsync(d, s, bytes, cudaMemcpyDeviceToDevice)); }), 2.0 * bytes);
  std::printf("variant,threads,tile_kib,streams,GBps,pct_of_d2d\n");
  auto row = [&](const char* name, int threads, int kib, int streams, double g) {
    std::printf("%s,%d,%d,%d,%.0f,%.1f\n", name, threads, kib, streams, g, 100.0 * g / copy);
  };
  row("cudaMemcpy_d2d", 0, 0, 1, copy);
  row("plain_copy", 256, 0, 1, gbs(median_ms([&] { plain_copy<<<sms * 8, 256>>>(s, d, n); }), 2.0 * bytes));
  row("read_only", 256, 0, 1, gbs(median_ms([&] { read_only<<<sms * 8, 256>>>(s, n, sink); }), bytes));
  row("write_only", 256, 0, 1, gbs(median_ms([&] { write_only<<<sms * 8, 256>>>(d, n); }), bytes));
  for (int threads : {128, 256, 512})
    for (int kib : {8, 16, 32, 48}) {
      const unsigned tile = kib * 1024 / 16;
      const unsigned blocks = unsigned(n / tile);
      const size_t shared = size_t(kib) * 1024;
      CHECK(cudaFuncSetAttribute(tile_per_block<0>, cudaFuncAttributeMaxDynamicSharedMemorySize, int(shared)));
      CHECK(cudaFuncSetAttribute(tile_per_block<1>, cudaFuncAttributeMaxDynamicSharedMemorySize, int(shared)));
      CHECK(cudaFuncSetAttribute(tile_per_block<2>, cudaFuncAttributeMaxDynamicSharedMemorySize, int(shared)));
      CHECK(cudaFuncSetAttribute(tile_bulk, cudaFuncAttributeMaxDynamicSharedMemorySize, int(shared)));
      for (unsigned streams : {1u, 4u, 8u, 32u})
        row("tile_copy", threads, kib, streams,
            gbs(median_ms([&] { tile_per_block<0><<<blocks, threads, shared>>>(s, d, tile, streams, n / streams, sink); }),
                2.0 * bytes));
      row("tile_loads", threads, kib, 1,
          gbs(median_ms([&] { tile_per_block<1><<<blocks, threads, shared>>>(s, d, tile, 1, n, sink); }), bytes));
      row("tile_stores", threads, kib, 1,
          gbs(median_ms([&] { tile_per_block<2><<<blocks, threads, shared>>>(s, d, tile, 1, n, sink); }), bytes));
      if (threads == 128) {
        auto big = [&](auto words) {
          constexpr unsigned w = decltype(words)::value;
          static big_params<w> params{};  // zeros
          params.tile_chunks = tile;
          CHECK(cudaFuncSetAttribute(tile_per_block_big<w>, cudaFuncAttributeMaxDynamicSharedMemorySize, int(shared)));
          char name[40];
          std::snprintf(name, sizeof name, "tile_copy_%ub_params", unsigned(sizeof(params)));
          row(name, threads, kib, 1,
              gbs(median_ms([&] { tile_per_block_big<w><<<blocks, threads, shared>>>(params, s, d); }), 2.0 * bytes));
        };
        big(std::integral_constant<unsigned, 250>());
        big(std::integral_constant<unsigned, 500>());
        big(std::integral_constant<unsigned, 1000>());
        big(std::integral_constant<unsigned, 2000>());
        big(std::integral_constant<unsigned, 4000>());
        big(std::integral_constant<unsigned, 6000>());
      }
      if (threads == 128)
        row("tile_bulk", 32, kib, 1, gbs(median_ms([&] { tile_bulk<<<blocks, 32, shared>>>(s, d, tile); }), 2.0 * bytes));
    }
  for (int kib : {8, 16, 32}) {
    const unsigned tile = kib * 1024 / 16;
    for (int blocks_per_sm : {2, 4}) {
      const size_t shared2 = 2 * size_t(kib) * 1024, shared3 = 3 * size_t(kib) * 1024;
      CHECK(cudaFuncSetAttribute(ring_copy<2>, cudaFuncAttributeMaxDynamicSharedMemorySize, int(shared2)));
      CHECK(cudaFuncSetAttribute(ring_copy<3>, cudaFuncAttributeMaxDynamicSharedMemorySize, int(shared3)));
      char name[32];
      std::snprintf(name, sizeof name, "ring2_x%d", blocks_per_sm);
      row(name, 256, kib, 1,
          gbs(median_ms([&] { ring_copy<2><<<sms * blocks_per_sm, 256, shared2>>>(s, d, tile, n / tile); }), 2.0 * bytes));
      std::snprintf(name, sizeof name, "ring3_x%d", blocks_per_sm);
      row(name, 256, kib, 1,
          gbs(median_ms([&] { ring_copy<3><<<sms * blocks_per_sm, 256, shared3>>>(s, d, tile, n / tile); }), 2.0 * bytes));
    }
  }
  CHECK(cudaFree(s));
  CHECK(cudaFree(d));
  CHECK(cudaFree(sink));
  return 0;
}

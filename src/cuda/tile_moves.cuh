// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// What the tile pack kernels share (pack_tiles.cu: records and mixed widths; pack_vectors.cu: vector
// arrays): a thread block stages a tile of wire vectors in shared memory; these move elements with
// `batch` loads in flight per thread, copy the tile's wire bytes in the widest words, and load its ids.

#include <cuda_runtime.h>

#include <cstdint>

namespace coalesce::detail::tiles {

constexpr unsigned threads = 256;
constexpr unsigned batch = 8;                   // loads each thread has in flight
constexpr std::size_t budget = 32 * 1024;       // wire bytes of a tile in shared memory
// Elements a tile should hold: batch per thread, so each thread has a full batch in flight (a tile of
// 256 vectors of one float would give each thread one load, too few to cover the memory's latency).
constexpr std::size_t elements = std::size_t(batch) * threads;

// One element of width w (aligned for w) into or out of a 16-byte register.
__device__ __forceinline__ uint4 load_element(const unsigned char* a, unsigned w) {
  switch (w) {
    case 1: return make_uint4(*a, 0, 0, 0);
    case 2: return make_uint4(*reinterpret_cast<const std::uint16_t*>(a), 0, 0, 0);
    case 4: return make_uint4(*reinterpret_cast<const std::uint32_t*>(a), 0, 0, 0);
    case 8: {
      const uint2 x = *reinterpret_cast<const uint2*>(a);
      return make_uint4(x.x, x.y, 0, 0);
    }
    default: return *reinterpret_cast<const uint4*>(a);
  }
}
__device__ __forceinline__ void store_element(unsigned char* a, unsigned w, uint4 x) {
  switch (w) {
    case 1: *a = std::uint8_t(x.x); break;
    case 2: *reinterpret_cast<std::uint16_t*>(a) = std::uint16_t(x.x); break;
    case 4: *reinterpret_cast<std::uint32_t*>(a) = x.x; break;
    case 8: *reinterpret_cast<uint2*>(a) = make_uint2(x.x, x.y); break;
    default: *reinterpret_cast<uint4*>(a) = x; break;
  }
}
// For i = threadIdx.x, + blockDim.x, ... below count: x = load(i), then store(i, x), Batch loads
// issued before their stores (memory-level parallelism for gathers and for the wire's reads).
template <class V, unsigned Batch = batch, class Load, class Store>
__device__ __forceinline__ void batched(unsigned count, Load&& load, Store&& store) {
  for (unsigned i0 = threadIdx.x; i0 < count; i0 += Batch * blockDim.x) {
    V x[Batch];
#pragma unroll
    for (unsigned u = 0; u < Batch; ++u)
      if (i0 + u * blockDim.x < count) x[u] = load(i0 + u * blockDim.x);
#pragma unroll
    for (unsigned u = 0; u < Batch; ++u)
      if (i0 + u * blockDim.x < count) store(i0 + u * blockDim.x, x[u]);
  }
}

// `bytes` between the tile (16-byte aligned) and global memory at g, in words of the widest size that
// g's address allows (the wire of a tile starts anywhere when B is odd or the wire pointer is).
template <bool ToGlobal>
__device__ __forceinline__ void copy_wire(unsigned char* tile, unsigned char* g, unsigned bytes) {
  unsigned word = 16;
  while (reinterpret_cast<std::uintptr_t>(g) % word != 0) word /= 2;
  unsigned char* from = ToGlobal ? tile : g;
  unsigned char* to = ToGlobal ? g : tile;
  const unsigned words = bytes / word;
  batched<uint4>(
      words, [&](unsigned i) { return load_element(from + i * word, word); },
      [&](unsigned i, uint4 x) { store_element(to + i * word, word, x); });
  for (unsigned b = words * word + threadIdx.x; b < bytes; b += blockDim.x) to[b] = from[b];
}

// The ids of tile blockIdx.x (tile vectors a tile, count in all) into shared memory; returns how many
// vectors the tile holds.
__device__ __forceinline__ unsigned load_ids(unsigned tile, unsigned count, const std::uint32_t* __restrict__ ids,
                                             std::uint32_t* tile_ids) {
  const unsigned first = blockIdx.x * tile, here = min(tile, count - first);
  batched<std::uint32_t>(
      here, [&](unsigned r) { return ids[first + r]; }, [&](unsigned r, std::uint32_t id) { tile_ids[r] = id; });
  return here;
}

}  // namespace coalesce::detail::tiles

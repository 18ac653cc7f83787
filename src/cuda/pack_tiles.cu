// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Pack and unpack through shared memory, for layouts whose vectors are not contiguous (soa, blocked,
// every record layout): a thread block takes a tile of T wire vectors, loads their ids once into
// shared memory, and moves the components component by component (j outer, tile vector inner), so a
// warp reads or writes one component of 32 vectors: a contiguous run where the ids are consecutive
// (a soa row, a blocked run), and 32 independent gathers where they are random, each thread with
// `batch` of them in flight. The wire side of the tile is one contiguous byte range, copied in the
// widest words its alignment allows: wire reads and writes are coalesced whatever the ids.
#include "../pack_api.hpp"
#include "cuda_check.hpp"
#include "fast_divmod.cuh"
#include "tile_moves.cuh"

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <type_traits>

namespace coalesce::detail {
namespace {

using namespace tiles;
constexpr unsigned tile_threads = tiles::threads;

enum : std::uint8_t { form_columns = 0, form_rows = 1, form_blocks = 2 };

struct tile_params {
  std::uint32_t comps = 0, bytes = 0, tile = 0, count = 0, tile_bytes = 0;  // tile_bytes: T B rounded up to 16
  fast_divmod by_tile, by_block;
  std::uint64_t base[max_record_components] = {};
  std::uint64_t stride[max_record_components] = {};  // bytes: record stride (rows), block stride (blocks)
  std::uint8_t form[max_record_components] = {};
  std::uint8_t width[max_record_components] = {};
  std::uint16_t offset[max_record_components] = {};  // byte in the wire vector
};

__device__ __forceinline__ std::uint64_t place_of(const tile_params& p, unsigned j, unsigned v) {
  switch (p.form[j]) {
    case form_rows: return p.base[j] + std::uint64_t(v) * p.stride[j];
    case form_columns: return p.base[j] + std::uint64_t(v) * p.width[j];
    default: break;
  }
  unsigned q, r;
  p.by_block(v, q, r);
  return p.base[j] + std::uint64_t(q) * p.stride[j] + std::uint64_t(r) * p.width[j];
}

// Byte i of a 16-byte register, and the register with byte i set (selects and shifts: a register
// whose address is taken would live in local memory).
__device__ __forceinline__ unsigned word_of(const uint4& x, unsigned i) {
  return i < 4 ? x.x : i < 8 ? x.y : i < 12 ? x.z : x.w;
}
__device__ __forceinline__ void set_byte(uint4& x, unsigned i, unsigned char b) {
  const unsigned shift = 8 * (i % 4), v = unsigned(b) << shift, keep = ~(0xFFu << shift);
  if (i < 4) x.x = (x.x & keep) | v;
  else if (i < 8) x.y = (x.y & keep) | v;
  else if (i < 12) x.z = (x.z & keep) | v;
  else x.w = (x.w & keep) | v;
}

// The same on the tile, whose element slots are all aligned when Aligned, else only some (a record
// of odd size B): a misaligned slot goes byte by byte.
template <bool Aligned>
__device__ __forceinline__ uint4 tile_load(const unsigned char* a, unsigned w) {
  if constexpr (Aligned) {
    return load_element(a, w);
  } else {
    if (reinterpret_cast<std::uintptr_t>(a) % w == 0) return load_element(a, w);
    uint4 x = make_uint4(0, 0, 0, 0);
    for (unsigned i = 0; i < w; ++i) set_byte(x, i, a[i]);
    return x;
  }
}
template <bool Aligned>
__device__ __forceinline__ void tile_store(unsigned char* a, unsigned w, uint4 x) {
  if constexpr (Aligned) {
    store_element(a, w, x);
  } else {
    if (reinterpret_cast<std::uintptr_t>(a) % w == 0) return store_element(a, w, x);
    for (unsigned i = 0; i < w; ++i) a[i] = static_cast<unsigned char>(word_of(x, i) >> (8 * (i % 4)));
  }
}

template <bool Aligned>
__global__ void __launch_bounds__(tile_threads)
    pack_tiles_kernel(const __grid_constant__ tile_params p, const unsigned char* __restrict__ src,
                      const std::uint32_t* __restrict__ ids, unsigned char* __restrict__ wire) {
  extern __shared__ uint4 shared[];
  auto* tile = reinterpret_cast<unsigned char*>(shared);
  auto* tile_ids = reinterpret_cast<std::uint32_t*>(tile + p.tile_bytes);
  const unsigned here = load_ids(p.tile, p.count, ids, tile_ids);
  __syncthreads();
  // Element e of the tile is component j of tile vector r, (j, r) = divmod(e, T): a warp takes one
  // component of consecutive vectors. Lanes past the tile's last vector (r >= here) move nothing.
  batched<uint4>(
      p.comps * p.tile,
      [&](unsigned e) {
        unsigned j, r;
        p.by_tile(e, j, r);
        return r < here ? load_element(src + place_of(p, j, tile_ids[r]), p.width[j]) : make_uint4(0, 0, 0, 0);
      },
      [&](unsigned e, uint4 x) {
        unsigned j, r;
        p.by_tile(e, j, r);
        if (r < here) tile_store<Aligned>(tile + r * p.bytes + p.offset[j], p.width[j], x);
      });
  __syncthreads();
  copy_wire<true>(tile, wire + std::uint64_t(blockIdx.x) * p.tile * p.bytes, here * p.bytes);
}

// Sum: the element type S of every component (vector arrays); void overwrites.
template <bool Aligned, class S>
__global__ void __launch_bounds__(tile_threads)
    unpack_tiles_kernel(const __grid_constant__ tile_params p, const unsigned char* __restrict__ wire,
                        const std::uint32_t* __restrict__ ids, unsigned char* __restrict__ dst) {
  extern __shared__ uint4 shared[];
  auto* tile = reinterpret_cast<unsigned char*>(shared);
  auto* tile_ids = reinterpret_cast<std::uint32_t*>(tile + p.tile_bytes);
  const unsigned here = load_ids(p.tile, p.count, ids, tile_ids);
  copy_wire<false>(tile, const_cast<unsigned char*>(wire) + std::uint64_t(blockIdx.x) * p.tile * p.bytes,
                   here * p.bytes);
  __syncthreads();
  if constexpr (std::is_void_v<S>) {
    for (unsigned e = threadIdx.x; e < p.comps * p.tile; e += blockDim.x) {  // stores only: nothing to wait for
      unsigned j, r;
      p.by_tile(e, j, r);
      if (r < here)
        store_element(dst + place_of(p, j, tile_ids[r]), p.width[j],
                      tile_load<Aligned>(tile + r * p.bytes + p.offset[j], p.width[j]));
    }
  } else {
    // Every component is one S (a vector array): the targets' old values are the loads to batch.
    batched<S>(
        p.comps * p.tile,
        [&](unsigned e) {
          unsigned j, r;
          p.by_tile(e, j, r);
          return r < here ? *reinterpret_cast<const S*>(dst + place_of(p, j, tile_ids[r])) : S{};
        },
        [&](unsigned e, S old) {
          unsigned j, r;
          p.by_tile(e, j, r);
          if (r >= here) return;
          S add;
          memcpy(&add, tile + r * p.bytes + p.offset[j], sizeof(S));
          *reinterpret_cast<S*>(dst + place_of(p, j, tile_ids[r])) = sum_of(old, add);
        });
  }
}

// The plan of one call: components, tile size, and whether every tile slot is aligned for its width.
struct tile_plan {
  tile_params p;
  bool aligned = true;
  std::size_t shared = 0;
};

tile_plan plan_tiles(const wire_components& wc, std::size_t count) {
  tile_plan t;
  tile_params& p = t.p;
  p.comps = std::uint32_t(wc.width.size());
  p.bytes = std::uint32_t(wc.bytes);
  unsigned tile = tile_threads;
  while (std::size_t(tile) * wc.width.size() < tiles::elements) tile *= 2;
  while (tile > 1 && tile * wc.bytes > tiles::budget) tile /= 2;
  p.tile = tile;
  p.count = std::uint32_t(count);
  p.tile_bytes = std::uint32_t((tile * wc.bytes + 15) / 16 * 16);
  p.by_tile = fast_divmod(tile);
  p.by_block = fast_divmod(unsigned(std::max<std::size_t>(wc.block, 1)));
  for (std::size_t j = 0; j < wc.width.size(); ++j) {
    const component_place& c = wc.places[j];
    p.base[j] = c.base;
    p.stride[j] = c.a;
    p.form[j] = c.block == 1 ? form_rows : c.block == 0 ? form_columns : form_blocks;
    p.width[j] = wc.width[j];
    p.offset[j] = std::uint16_t(wc.offset[j]);
    t.aligned = t.aligned && wc.offset[j] % wc.width[j] == 0 && wc.bytes % wc.width[j] == 0;
  }
  t.shared = p.tile_bytes + tile * sizeof(std::uint32_t);
  return t;
}

unsigned tiles_of(const tile_plan& t) { return (t.p.count + t.p.tile - 1) / t.p.tile; }

void check_components(const wire_components& wc, const std::string& call) {
  if (wc.width.size() > max_record_components || wc.width.empty())
    fail(errc::invalid_argument, call,
         std::to_string(wc.width.size()) + " components: the tile pack moves 1.." +
             std::to_string(max_record_components));
}

}  // namespace

void pack_components_device(const void* src, const wire_components& wc, id_span ids, void* wire, stream_t stream,
                            const std::string& call) {
  check_components(wc, call);
  if (ids.count == 0) return;
  const tile_plan t = plan_tiles(wc, ids.count);
  const auto* s = static_cast<const unsigned char*>(src);
  auto* w = static_cast<unsigned char*>(wire);
  if (t.aligned)
    pack_tiles_kernel<true><<<tiles_of(t), tile_threads, t.shared, stream>>>(t.p, s, ids.ids, w);
  else
    pack_tiles_kernel<false><<<tiles_of(t), tile_threads, t.shared, stream>>>(t.p, s, ids.ids, w);
  check_cuda(cudaGetLastError(), call, "pack (tiles) kernel launch");
}

namespace {
template <class S>
void unpack_tiles(const void* wire, id_span ids, void* dst, const wire_components& wc, stream_t stream,
                  const std::string& call) {
  check_components(wc, call);
  if (ids.count == 0) return;
  const tile_plan t = plan_tiles(wc, ids.count);
  const auto* w = static_cast<const unsigned char*>(wire);
  auto* d = static_cast<unsigned char*>(dst);
  if (t.aligned)
    unpack_tiles_kernel<true, S><<<tiles_of(t), tile_threads, t.shared, stream>>>(t.p, w, ids.ids, d);
  else
    unpack_tiles_kernel<false, S><<<tiles_of(t), tile_threads, t.shared, stream>>>(t.p, w, ids.ids, d);
  check_cuda(cudaGetLastError(), call, "unpack (tiles) kernel launch");
}
}  // namespace

void unpack_components_device(const void* wire, id_span ids, void* dst, const wire_components& wc, stream_t stream,
                              const std::string& call) {
  unpack_tiles<void>(wire, ids, dst, wc, stream, call);
}

void unpack_components_sum_device(const void* wire, id_span ids, void* dst, const wire_components& wc,
                                  scalar_kind sum, stream_t stream, const std::string& call) {
  with_scalar(sum, call, [&](auto value) { unpack_tiles<decltype(value)>(wire, ids, dst, wc, stream, call); });
}

}  // namespace coalesce::detail

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Pack and unpack of vector arrays (m components of one element type) in soa (col_major) and blocked
// layouts, through a tile of T wire vectors in shared memory, as the record kernels of pack_tiles.cu
// but with the element word and the layout's offset compiled in: no per-component tables or width
// switches in the loop (they make the general kernel issue-bound: BENCHMARKS.md, Pack, unpack and halo
// exchange). A
// warp moves one component of 32 consecutive tile vectors: one contiguous run where the ids are
// consecutive, 32 gathers where they are not, `batch` per thread in flight; the wire side of a tile is
// one contiguous range moved in the widest words its alignment allows.
#include "../pack_api.hpp"
#include "../relayout_one.hpp"  // with_word, word16
#include "cuda_check.hpp"
#include "fast_divmod.cuh"
#include "tile_moves.cuh"

#include <algorithm>
#include <cstdint>
#include <type_traits>

namespace coalesce::detail {
namespace {

struct vector_tile {
  unsigned m = 0, shift = 0, count = 0, tile_bytes = 0;  // tile = 1 << shift vectors; tile_bytes rounded to 16
  std::uint64_t pitch = 0;                               // col_major: elements from one component's row to the next
  fast_divmod by_block;                                  // blocked: bd
  unsigned block = 0;
};

// Loads in flight per thread, and so the tile's size: twice the general kernel's for elements of up
// to 4 bytes, where that measured faster; 8-byte words keep the general kernel's (no gain measured;
// BENCHMARKS.md, Pack, unpack and halo exchange).
constexpr unsigned batch_for(std::size_t elem) { return elem <= 4 ? 2 * tiles::batch : tiles::batch; }

// Element offset of component j of vector v.
template <bool Blocked>
__device__ __forceinline__ std::uint64_t at(const vector_tile& p, unsigned v, unsigned j) {
  if constexpr (Blocked) {
    unsigned q, r;
    p.by_block(v, q, r);
    return (std::uint64_t(q) * p.m + j) * p.block + r;
  } else {
    return std::uint64_t(j) * p.pitch + v;
  }
}

// The tile in shared memory: T x m elements in wire order, then the T ids. Element e of the tile is
// component e >> shift of tile vector r = e & (T - 1): a warp takes one component of 32 consecutive
// tile vectors. Lanes past the tile's last vector (r >= here) move nothing.
template <class W, bool Blocked>
struct tile_view {
  const vector_tile& p;
  W* elements;
  std::uint32_t* ids;
  unsigned here = 0;  // vectors in this tile
  __device__ explicit tile_view(const vector_tile& params) : p(params) {
    extern __shared__ uint4 shared[];
    elements = reinterpret_cast<W*>(shared);
    ids = reinterpret_cast<std::uint32_t*>(reinterpret_cast<unsigned char*>(shared) + p.tile_bytes);
  }
  __device__ unsigned char* bytes() const { return reinterpret_cast<unsigned char*>(elements); }
  __device__ unsigned count() const { return p.m << p.shift; }
  __device__ bool live(unsigned e) const { return (e & ((1u << p.shift) - 1)) < here; }
  // Element e's offset in the layout, and its slot in the tile.
  __device__ std::uint64_t place(unsigned e) const { return at<Blocked>(p, ids[e & ((1u << p.shift) - 1)], e >> p.shift); }
  __device__ W& slot(unsigned e) const { return elements[(e & ((1u << p.shift) - 1)) * p.m + (e >> p.shift)]; }
};

// Where this block's tile starts on the wire, in bytes.
__device__ __forceinline__ std::uint64_t tile_start(const vector_tile& p, std::size_t elem) {
  return (std::uint64_t(blockIdx.x) << p.shift) * p.m * elem;
}

template <class W, bool Blocked>
__global__ void __launch_bounds__(tiles::threads)
    pack_vectors_kernel(const __grid_constant__ vector_tile p, const W* __restrict__ src,
                        const std::uint32_t* __restrict__ ids, unsigned char* __restrict__ wire) {
  tile_view<W, Blocked> t(p);
  t.here = tiles::load_ids(1u << p.shift, p.count, ids, t.ids);
  __syncthreads();
  tiles::batched<W, batch_for(sizeof(W))>(
      t.count(), [&](unsigned e) { return t.live(e) ? src[t.place(e)] : W{}; },
      [&](unsigned e, W x) {
        if (t.live(e)) t.slot(e) = x;
      });
  __syncthreads();
  tiles::copy_wire<true>(t.bytes(), wire + tile_start(p, sizeof(W)), t.here * p.m * unsigned(sizeof(W)));
}

// S = void overwrites; else every element is an S that the wire's adds to.
template <class W, bool Blocked, class S>
__global__ void __launch_bounds__(tiles::threads)
    unpack_vectors_kernel(const __grid_constant__ vector_tile p, const unsigned char* __restrict__ wire,
                          const std::uint32_t* __restrict__ ids, W* __restrict__ dst) {
  tile_view<W, Blocked> t(p);
  t.here = tiles::load_ids(1u << p.shift, p.count, ids, t.ids);
  // copy_wire moves bytes both ways through one signature; this direction only reads the wire.
  tiles::copy_wire<false>(t.bytes(), const_cast<unsigned char*>(wire) + tile_start(p, sizeof(W)),
                          t.here * p.m * unsigned(sizeof(W)));
  __syncthreads();
  if constexpr (std::is_void_v<S>) {
    for (unsigned e = threadIdx.x; e < t.count(); e += blockDim.x)  // stores only: nothing to wait for
      if (t.live(e)) dst[t.place(e)] = t.slot(e);
  } else {
    static_assert(sizeof(S) == sizeof(W));
    S* target = reinterpret_cast<S*>(dst);
    tiles::batched<S, batch_for(sizeof(S))>(
        t.count(), [&](unsigned e) { return t.live(e) ? target[t.place(e)] : S{}; },
        [&](unsigned e, S old) {
          if (!t.live(e)) return;
          S add;
          memcpy(&add, &t.slot(e), sizeof(S));
          target[t.place(e)] = sum_of(old, add);
        });
  }
}

// A tile of T (a power of two, at least a warp) vectors: enough elements for a full batch per thread,
// within the shared-memory budget (and 4 bytes of id per vector beside it).
vector_tile plan(const array_layout& l, std::size_t elem, std::size_t count) {
  vector_tile p;
  p.m = unsigned(l.m);
  p.count = unsigned(count);
  p.shift = 5;
  while ((std::size_t(1) << p.shift) * l.m < batch_for(elem) * tiles::threads) ++p.shift;
  while (p.shift > 5 && (std::size_t(1) << p.shift) * l.m * elem > tiles::budget) --p.shift;
  p.tile_bytes = unsigned(((std::size_t(1) << p.shift) * l.m * elem + 15) / 16 * 16);
  p.pitch = l.pitch;
  p.block = l.kind == layout_kind::blocked ? unsigned(l.block) : 1u;
  p.by_block = fast_divmod(p.block);
  return p;
}

unsigned tiles_of(const vector_tile& p) { return unsigned((std::size_t(p.count) + (std::size_t(1) << p.shift) - 1) >> p.shift); }
std::size_t shared_of(const vector_tile& p) { return p.tile_bytes + (std::size_t(4) << p.shift); }

// The CUDA vector type that moves a word of with_word's type in one access.
template <class Word>
using device_word = std::conditional_t<sizeof(Word) == 16, uint4, std::conditional_t<sizeof(Word) == 8, uint2, Word>>;

template <class F>
void with_form(const array_layout& l, F&& f) {
  if (l.kind == layout_kind::blocked)
    f(std::true_type{});
  else
    f(std::false_type{});
}

}  // namespace

bool vector_tiles_fit(const array_layout& l, std::size_t elem) {
  return l.kind != layout_kind::row_major && l.m >= 1 && 32 * l.m * elem <= tiles::budget;
}

void pack_vectors_device(const void* src, const array_layout& l, std::size_t elem, id_span ids, void* wire,
                         stream_t stream, const std::string& call) {
  if (ids.count == 0) return;
  const vector_tile p = plan(l, elem, ids.count);
  with_word(elem, call, [&](auto word) {
    using W = device_word<decltype(word)>;
    with_form(l, [&](auto blocked) {
      pack_vectors_kernel<W, decltype(blocked)::value><<<tiles_of(p), tiles::threads, shared_of(p), stream>>>(
          p, static_cast<const W*>(src), ids.ids, static_cast<unsigned char*>(wire));
    });
  });
  check_cuda(cudaGetLastError(), call, "pack (vector tiles) kernel launch");
}

void unpack_vectors_device(const void* wire, id_span ids, void* dst, const array_layout& l, std::size_t elem,
                           scalar_kind sum, stream_t stream, const std::string& call) {
  if (ids.count == 0) return;
  const vector_tile p = plan(l, elem, ids.count);
  const auto* w = static_cast<const unsigned char*>(wire);
  auto go = [&](auto word, auto summed) {
    using W = device_word<decltype(word)>;
    using S = typename decltype(summed)::type;
    with_form(l, [&](auto blocked) {
      unpack_vectors_kernel<W, decltype(blocked)::value, S><<<tiles_of(p), tiles::threads, shared_of(p), stream>>>(
          p, w, ids.ids, static_cast<W*>(dst));
    });
  };
  if (sum == scalar_kind::other) {
    with_word(elem, call, [&](auto word) { go(word, std::common_type<void>{}); });
  } else {
    with_scalar(sum, call, [&](auto value) {
      using S = decltype(value);
      using W = std::conditional_t<sizeof(S) == 8, std::uint64_t, std::uint32_t>;
      go(W{}, std::common_type<S>{});
    });
  }
  check_cuda(cudaGetLastError(), call, "unpack (vector tiles) kernel launch");
}

}  // namespace coalesce::detail

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The CUDA pack and unpack: one kernel over the whole id list (all messages, all components).
//   rows (aos, pitched): a vector is one contiguous run, so the kernel moves wire elements in order,
//     in the widest word (up to 16 bytes) that the vector's bytes, the pitch and both pointers allow,
//     `batch` of them in flight per thread;
//   soa and blocked with m x elem <= 1 KiB: the vector tile kernel (pack_vectors.cu), coalesced on both sides;
//   soa and blocked with more, up to m = 256: the general tile kernel (pack_tiles.cu);
//   larger m: one thread per wire element, as for rows.
// Offsets use 32-bit arithmetic (fast_divmod), launches are cut so a launch's element index stays below 2^31.
#include "../pack_api.hpp"
#include "../relayout_one.hpp"  // with_word, word16
#include "cuda_check.hpp"
#include "fast_divmod.cuh"

#include <algorithm>
#include <cstdint>
#include <type_traits>

namespace coalesce::detail {
namespace {

constexpr unsigned threads = 256;
constexpr unsigned batch = 4;  // elements each thread has in flight
constexpr std::size_t max_launch = std::size_t(1) << 30;  // elements per launch: below 2^31

// The offset of (v, i) in a layout of kind K, without 64-bit divisions.
template <layout_kind K>
struct device_offset {
  std::size_t pitch = 0;
  unsigned m = 0, block = 0;
  fast_divmod by_block;
  __device__ __forceinline__ std::size_t operator()(unsigned v, unsigned i) const {
    if constexpr (K == layout_kind::row_major) {
      return std::size_t(v) * pitch + i;
    } else if constexpr (K == layout_kind::col_major) {
      return std::size_t(i) * pitch + v;
    } else {
      unsigned q, r;
      by_block(v, q, r);
      return (std::size_t(q) * m + i) * block + r;
    }
  }
};

template <class F>
void with_offset(const array_layout& l, F&& f) {
  const unsigned block = l.kind == layout_kind::blocked ? unsigned(l.block) : 1u;
  switch (l.kind) {
    case layout_kind::row_major: f(device_offset<layout_kind::row_major>{l.pitch, unsigned(l.m), block, {}}); return;
    case layout_kind::col_major: f(device_offset<layout_kind::col_major>{l.pitch, unsigned(l.m), block, {}}); return;
    case layout_kind::blocked: break;
  }
  f(device_offset<layout_kind::blocked>{l.pitch, unsigned(l.m), block, fast_divmod(block)});
}

// Element o of a launch that starts at wire vector `first` is (k, i) = divmod(o, m), k counted from
// first. Each thread loads `batch` elements before it stores any (memory-level parallelism).
template <class W, class Offset>
__global__ void pack_kernel(const W* __restrict__ src, Offset at, const std::uint32_t* __restrict__ ids,
                            W* __restrict__ wire, unsigned elements, fast_divmod by_m) {
  const unsigned stride = gridDim.x * blockDim.x;
  for (unsigned o0 = blockIdx.x * blockDim.x + threadIdx.x; o0 < elements; o0 += batch * stride) {
    W x[batch] = {};
#pragma unroll
    for (unsigned u = 0; u < batch; ++u) {
      const unsigned o = o0 + u * stride;
      if (o >= elements) continue;
      unsigned k, i;
      by_m(o, k, i);
      x[u] = src[at(ids[k], i)];
    }
#pragma unroll
    for (unsigned u = 0; u < batch; ++u)
      if (o0 + u * stride < elements) wire[o0 + u * stride] = x[u];
  }
}

template <class W, bool Sum, class Offset>
__global__ void unpack_kernel(const W* __restrict__ wire, const std::uint32_t* __restrict__ ids, W* __restrict__ dst,
                              Offset at, unsigned elements, fast_divmod by_m) {
  const unsigned stride = gridDim.x * blockDim.x;
  for (unsigned o0 = blockIdx.x * blockDim.x + threadIdx.x; o0 < elements; o0 += batch * stride) {
    W x[batch] = {};
#pragma unroll
    for (unsigned u = 0; u < batch; ++u)
      if (o0 + u * stride < elements) x[u] = wire[o0 + u * stride];
#pragma unroll
    for (unsigned u = 0; u < batch; ++u) {
      const unsigned o = o0 + u * stride;
      if (o >= elements) continue;
      unsigned k, i;
      by_m(o, k, i);
      W& target = dst[at(ids[k], i)];
      if constexpr (Sum) {
        target = sum_of(target, x[u]);
      } else {
        target = x[u];
      }
    }
  }
}

// One thread per (target, component): the target's contributions in wire order, so the result does
// not depend on scheduling (no atomics), and matches the host backend bit for bit.
template <class S, class Offset>
__global__ void sum_groups_kernel(const S* __restrict__ wire, const std::uint32_t* __restrict__ targets,
                                  const std::uint32_t* __restrict__ starts, const std::uint32_t* __restrict__ positions,
                                  S* __restrict__ dst, Offset at, unsigned elements, unsigned m, fast_divmod by_m) {
  for (unsigned o = blockIdx.x * blockDim.x + threadIdx.x; o < elements; o += gridDim.x * blockDim.x) {
    unsigned t, i;
    by_m(o, t, i);
    S& target = dst[at(targets[t], i)];
    S acc = target;
    for (std::uint32_t p = starts[t]; p < starts[t + 1]; ++p) acc = sum_of(acc, wire[std::size_t(positions[p]) * m + i]);
    target = acc;
  }
}

unsigned grid_for(std::size_t elements, const std::string& call) {
  const int sms = device_attribute(cudaDevAttrMultiProcessorCount, call);
  const std::size_t per_block = std::size_t(threads) * batch;
  return unsigned(std::min<std::size_t>((elements + per_block - 1) / per_block, std::size_t(sms) * 16));
}

// Calls launch(first vector, vectors, elements) for launches of at most max_launch elements.
template <class F>
void in_launches(std::size_t count, std::size_t m, F&& launch) {
  const std::size_t per = std::max<std::size_t>(1, max_launch / m);
  for (std::size_t first = 0; first < count; first += per) {
    const std::size_t vectors = std::min(per, count - first);
    launch(first, vectors, unsigned(vectors * m));
  }
}

// A row_major layout seen in words of `word` bytes (a divisor of the vector's bytes and the pitch's).
array_layout widened(const array_layout& l, std::size_t elem, std::size_t word) {
  array_layout w = l;
  w.m = l.m * elem / word;
  w.pitch = l.pitch * elem / word;
  return w;
}

// The widest word (16 down to elem bytes) dividing a row_major vector's bytes, its pitch and both pointers.
std::size_t row_word(const array_layout& l, std::size_t elem, const void* a, const void* b) {
  const auto misaligned = [](const void* p, std::size_t w) { return reinterpret_cast<std::uintptr_t>(p) % w != 0; };
  std::size_t word = 16;
  while (word > elem && ((l.m * elem) % word != 0 || (l.pitch * elem) % word != 0 || misaligned(a, word) ||
                         misaligned(b, word)))
    word /= 2;
  return word;
}

// soa and blocked layouts with few enough components go through the tile kernel.
bool tiled(const array_layout& l) { return l.kind != layout_kind::row_major && l.m <= max_record_components; }

wire_components vector_components(const array_layout& l, std::size_t elem) {
  pack_target t;
  t.layout = l;
  t.elem = elem;
  return components_of(t);
}

}  // namespace

void pack_device(const void* src, const array_layout& layout, std::size_t elem, id_span ids, void* wire,
                 stream_t stream, const std::string& call) {
  if (vector_tiles_fit(layout, elem)) return pack_vectors_device(src, layout, elem, ids, wire, stream, call);
  if (tiled(layout)) return pack_components_device(src, vector_components(layout, elem), ids, wire, stream, call);
  const std::size_t word = layout.kind == layout_kind::row_major ? row_word(layout, elem, src, wire) : elem;
  const array_layout l = layout.kind == layout_kind::row_major ? widened(layout, elem, word) : layout;
  const std::size_t m = l.m;
  with_word(word, call, [&](auto w) {
    using W = decltype(w);
    with_offset(l, [&](auto at) {
      in_launches(ids.count, m, [&](std::size_t first, std::size_t, unsigned elements) {
        pack_kernel<<<grid_for(elements, call), threads, 0, stream>>>(
            static_cast<const W*>(src), at, ids.ids + first, static_cast<W*>(wire) + first * m, elements,
            fast_divmod(unsigned(m)));
        check_cuda(cudaGetLastError(), call, "pack kernel launch");
      });
    });
  });
}

void unpack_device(const void* wire, id_span ids, void* dst, const array_layout& layout, std::size_t elem,
                   scalar_kind sum, stream_t stream, const std::string& call) {
  if (vector_tiles_fit(layout, elem)) return unpack_vectors_device(wire, ids, dst, layout, elem, sum, stream, call);
  if (tiled(layout)) {
    const wire_components wc = vector_components(layout, elem);
    if (sum == scalar_kind::other) return unpack_components_device(wire, ids, dst, wc, stream, call);
    return unpack_components_sum_device(wire, ids, dst, wc, sum, stream, call);
  }
  // Overwrites move words; sums add elements of their type.
  const bool wide = sum == scalar_kind::other && layout.kind == layout_kind::row_major;
  const std::size_t word = wide ? row_word(layout, elem, wire, dst) : elem;
  const array_layout l = wide ? widened(layout, elem, word) : layout;
  const std::size_t m = l.m;
  auto go = [&](auto value, auto summing) {
    using W = decltype(value);
    with_offset(l, [&](auto at) {
      in_launches(ids.count, m, [&](std::size_t first, std::size_t, unsigned elements) {
        unpack_kernel<W, decltype(summing)::value><<<grid_for(elements, call), threads, 0, stream>>>(
            static_cast<const W*>(wire) + first * m, ids.ids + first, static_cast<W*>(dst), at, elements,
            fast_divmod(unsigned(m)));
        check_cuda(cudaGetLastError(), call, "unpack kernel launch");
      });
    });
  };
  if (sum == scalar_kind::other)
    with_word(word, call, [&](auto w) { go(w, std::false_type{}); });
  else
    with_scalar(sum, call, [&](auto value) { go(value, std::true_type{}); });
}

void unpack_sum_groups_device(const void* wire, sum_groups groups, void* dst, const array_layout& layout,
                              scalar_kind kind, stream_t stream, const std::string& call) {
  const std::size_t m = layout.m;
  with_scalar(kind, call, [&](auto value) {
    using S = decltype(value);
    with_offset(layout, [&](auto at) {
      in_launches(groups.count, m, [&](std::size_t first, std::size_t, unsigned elements) {
        sum_groups_kernel<<<grid_for(elements, call), threads, 0, stream>>>(
            static_cast<const S*>(wire), groups.targets + first, groups.starts + first, groups.positions,
            static_cast<S*>(dst), at, elements, unsigned(m), fast_divmod(unsigned(m)));
        check_cuda(cudaGetLastError(), call, "unpack (sum of repeated ids) kernel launch");
      });
    });
  });
}

}  // namespace coalesce::detail

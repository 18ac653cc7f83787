// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Device record moves: the tiled kernel (record_tiles.hpp), and one thread per destination element
// for what no tile fits.
#include "../record/record_device.hpp"
#include "bulk_copy.cuh"
#include "cuda_check.hpp"
#include "record_tiles.hpp"

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <memory>

namespace coalesce::detail {
namespace {

// ---- Elements in a 16-byte chunk held in registers (selects, never local memory) ----------------

struct chunk16 {
  std::uint32_t w[4];
};

__device__ __forceinline__ std::uint32_t word_at(const chunk16& c, unsigned i) {
  return i == 0 ? c.w[0] : i == 1 ? c.w[1] : i == 2 ? c.w[2] : c.w[3];
}

// Element of width w at byte `off` of the chunk into shared memory at p (aligned for w).
__device__ __forceinline__ void chunk_to_shared(const chunk16& c, unsigned off, unsigned w, unsigned char* p) {
  const unsigned i = off / 4;
  switch (w) {
    case 1: *p = std::uint8_t(word_at(c, i) >> (8 * (off % 4))); break;
    case 2: *reinterpret_cast<std::uint16_t*>(p) = std::uint16_t(word_at(c, i) >> (8 * (off % 4))); break;
    case 4: *reinterpret_cast<std::uint32_t*>(p) = word_at(c, i); break;
    case 8: *reinterpret_cast<uint2*>(p) = make_uint2(word_at(c, i), word_at(c, i + 1)); break;
    default: *reinterpret_cast<uint4*>(p) = make_uint4(c.w[0], c.w[1], c.w[2], c.w[3]); break;
  }
}

// One element of width w from a to b (both aligned for w).
__device__ __forceinline__ void copy_element(const unsigned char* a, unsigned char* b, unsigned w) {
  switch (w) {
    case 1: *b = *a; break;
    case 2: *reinterpret_cast<std::uint16_t*>(b) = *reinterpret_cast<const std::uint16_t*>(a); break;
    case 4: *reinterpret_cast<std::uint32_t*>(b) = *reinterpret_cast<const std::uint32_t*>(a); break;
    case 8: *reinterpret_cast<uint2*>(b) = *reinterpret_cast<const uint2*>(a); break;
    default: *reinterpret_cast<uint4*>(b) = *reinterpret_cast<const uint4*>(a); break;
  }
}

__device__ __forceinline__ unsigned log2_width(unsigned w) { return __ffs(w) - 1; }

constexpr unsigned batch = 4;  // 16-byte loads each thread has in flight

// ---- Rows: the tile's contiguous byte range <-> raw, then elements raw <-> image ----------------------

// Bytes [start, start + bytes) of global memory to raw, where raw[0] is global byte start - misalign
// (so the 16-byte chunks line up); chunks cut by either end go byte by byte.
[[maybe_unused]] __device__ void rows_in(const unsigned char* __restrict__ src, std::uint64_t start, std::uint32_t misalign,
                        std::uint32_t bytes, unsigned char* raw) {
  const unsigned char* aligned = src + start - misalign;
  const std::uint32_t end = misalign + bytes, chunks = (end + 15) / 16;
  for (std::uint32_t i0 = threadIdx.x; i0 < chunks; i0 += batch * record_tile_threads) {
    uint4 data[batch];
#pragma unroll
    for (unsigned u = 0; u < batch; ++u) {
      const std::uint32_t i = i0 + u * record_tile_threads;
      if (i < chunks && 16 * i >= misalign && 16 * i + 16 <= end)
        data[u] = __ldg(reinterpret_cast<const uint4*>(aligned + 16 * i));
    }
#pragma unroll
    for (unsigned u = 0; u < batch; ++u) {
      const std::uint32_t i = i0 + u * record_tile_threads;
      if (i >= chunks) continue;
      if (16 * i >= misalign && 16 * i + 16 <= end) {
        *reinterpret_cast<uint4*>(raw + 16 * i) = data[u];
      } else {
        for (std::uint32_t b = max(16 * i, misalign); b < min(16 * i + 16, end); ++b) raw[b] = aligned[b];
      }
    }
  }
}

[[maybe_unused]] __device__ void rows_out(const unsigned char* raw, std::uint32_t misalign, std::uint32_t bytes,
                         unsigned char* __restrict__ dst, std::uint64_t start) {
  unsigned char* aligned = dst + start - misalign;
  const std::uint32_t end = misalign + bytes, chunks = (end + 15) / 16;
  for (std::uint32_t i = threadIdx.x; i < chunks; i += record_tile_threads) {
    if (16 * i >= misalign && 16 * i + 16 <= end) {
      *reinterpret_cast<uint4*>(aligned + 16 * i) = *reinterpret_cast<const uint4*>(raw + 16 * i);
    } else {
      for (std::uint32_t b = max(16 * i, misalign); b < min(16 * i + 16, end); ++b) aligned[b] = raw[b];
    }
  }
}

// Elements between raw and the image, component by component (the component's width, offsets and
// image row are the same for the whole loop): raw -> image when `in`, else image -> raw.
__device__ void rows_elements(const record_tile_params& p, const rows_side& r, unsigned char* raw,
                              std::uint32_t valid, unsigned char* image, bool in) {
  for (std::uint32_t q = 0; q < r.comps; ++q) {
    const unsigned k = r.comp[q], w = p.width[k];
    unsigned char* a = raw + r.misalign + r.offset[q];
    unsigned char* b = image + p.image[k];
    for (std::uint32_t v = threadIdx.x; v < valid; v += record_tile_threads) {
      if (in) copy_element(a + v * r.stride, b + v * w, w);
      else copy_element(b + v * w, a + v * r.stride, w);
    }
  }
}

// The user's padded structs: only the fields' bytes are written, record by record.
__device__ void rows_elements_to_global(const record_tile_params& p, const rows_side& r, const unsigned char* image,
                                        std::uint32_t valid, unsigned char* __restrict__ dst, std::uint64_t start) {
  const std::uint32_t total = r.comps * valid;
  for (std::uint32_t e = threadIdx.x; e < total; e += record_tile_threads) {
    unsigned v, q;
    r.comps_div(e, v, q);
    const unsigned k = r.comp[q], w = p.width[k];
    copy_element(image + p.image[k] + v * w, dst + start + std::uint64_t(v) * r.stride + r.offset[q], w);
  }
}

// ---- Runs: 16-byte chunks between memory and the image ----------------------------------------------

// A run list as the tile's threads need it, in shared memory (lanes index the lists divergently).
struct run_list {
  std::uint64_t start;   // byte offset of the tile's first run
  std::uint32_t first;   // its first chunk among the side's
  std::uint32_t image;   // its component's image offset
  std::uint32_t shift;   // log2 of the width
  fast_divmod per_run;   // chunks per run
};

// The tile's run lists (a 64-bit division each, once per tile).
__device__ void start_runs(const record_tile_params& p, const runs_side& r, std::uint64_t v_first, run_list* lists) {
  for (unsigned q = threadIdx.x; q < r.lists; q += blockDim.x) {
    const unsigned k = r.comp[q], w = p.width[k];
    run_list& l = lists[q];
    l.start = r.base[q] + (r.block == 0 ? v_first * w : (v_first / r.block) * r.block_stride + (v_first % r.block) * w);
    l.first = r.first_chunk[q];
    l.image = p.image[k];
    l.shift = log2_width(w);
    l.per_run = r.chunks_per_run[l.shift];
  }
}

struct run_chunk {
  std::uint64_t address;  // from the data pointer
  std::uint32_t image;    // from the image's start
  std::uint32_t shift;    // log2 of the width
  std::uint32_t lanes;    // elements of this chunk to move (16 >> shift when whole)
};

__device__ __forceinline__ run_chunk locate_run(const runs_side& r, const run_list* lists, std::uint32_t j,
                                                bool whole_tile, std::uint32_t valid) {
  std::uint32_t lo = 0, hi = r.lists;  // the last list q with first <= j
  while (hi - lo > 1) {
    const std::uint32_t mid = (lo + hi) / 2;
    if (lists[mid].first <= j) lo = mid; else hi = mid;
  }
  const run_list& l = lists[lo];
  unsigned run, ci;
  l.per_run(j - l.first, run, ci);
  run_chunk c;
  c.address = l.start + std::uint64_t(run) * r.block_stride + 16 * ci;
  c.image = l.image + ((run * r.run_records) << l.shift) + 16 * ci;
  c.shift = l.shift;
  const std::uint32_t per_chunk = 16u >> l.shift;
  if (whole_tile && r.exact) {
    c.lanes = per_chunk;
  } else {
    const std::uint32_t lane0 = ci * per_chunk, first = run * r.run_records + lane0;
    const std::uint32_t in_run = r.run_records > lane0 ? r.run_records - lane0 : 0;
    const std::uint32_t in_tile = valid > first ? valid - first : 0;
    c.lanes = min(per_chunk, min(in_run, in_tile));
  }
  return c;
}

__device__ void runs_in(const runs_side& r, const run_list* lists, const unsigned char* __restrict__ src,
                        bool whole_tile, std::uint32_t valid, unsigned char* image) {
  const std::uint32_t chunks = r.first_chunk[r.lists];
  for (std::uint32_t j0 = threadIdx.x; j0 < chunks; j0 += batch * record_tile_threads) {
    run_chunk c[batch];
    chunk16 data[batch];
#pragma unroll
    for (unsigned u = 0; u < batch; ++u) {
      const std::uint32_t j = j0 + u * record_tile_threads;
      if (j >= chunks) continue;
      c[u] = locate_run(r, lists, j, whole_tile, valid);
      if (c[u].lanes == (16u >> c[u].shift)) {
        const uint4 x = __ldg(reinterpret_cast<const uint4*>(src + c[u].address));
        data[u] = {{x.x, x.y, x.z, x.w}};
      }
    }
#pragma unroll
    for (unsigned u = 0; u < batch; ++u) {
      if (j0 + u * record_tile_threads >= chunks) continue;
      const unsigned w = 1u << c[u].shift, per_chunk = 16u >> c[u].shift;
      unsigned char* to = image + c[u].image;
      if (c[u].lanes == per_chunk && c[u].image % 16 == 0) {
        *reinterpret_cast<uint4*>(to) = make_uint4(data[u].w[0], data[u].w[1], data[u].w[2], data[u].w[3]);
      } else if (c[u].lanes == per_chunk) {
        for (unsigned e = 0; e < per_chunk; ++e) chunk_to_shared(data[u], e * w, w, to + e * w);
      } else {
        for (unsigned e = 0; e < c[u].lanes; ++e) copy_element(src + c[u].address + e * w, to + e * w, w);
      }
    }
  }
}

__device__ void runs_out(const runs_side& r, const run_list* lists, const unsigned char* image, bool whole_tile,
                         std::uint32_t valid, unsigned char* __restrict__ dst) {
  const std::uint32_t chunks = r.first_chunk[r.lists];
  for (std::uint32_t j = threadIdx.x; j < chunks; j += record_tile_threads) {
    const run_chunk c = locate_run(r, lists, j, whole_tile, valid);
    const unsigned char* from = image + c.image;
    const unsigned w = 1u << c.shift;
    if (c.lanes == (16u >> c.shift) && c.image % 16 == 0) {
      *reinterpret_cast<uint4*>(dst + c.address) = *reinterpret_cast<const uint4*>(from);
    } else {
      for (unsigned e = 0; e < c.lanes; ++e) copy_element(from + e * w, dst + c.address + e * w, w);
    }
  }
}

// ---- Bulk copies of a tile's ranges (sm_90) ------------------------------------------------------

// The ranges of a side that bulk copies move: the rows' 16-byte aligned interior, and each whole
// (exact) run. Item 0 is the rows; items 1 + q * runs + r the run r of list q. Edges (the rows' cut
// chunks, a last tile's partial runs) go through the threads.
struct bulk_range {
  std::uint64_t global;  // byte offset from the data pointer
  std::uint32_t shared;  // byte offset in shared memory
  std::uint32_t bytes;   // a multiple of 16 (0: nothing)
};

__device__ __forceinline__ std::uint32_t runs_per_tile(const record_tile_params& p, const runs_side& r) {
  return r.block == 0 || r.block >= p.tile ? 1 : p.tile / r.block;
}

__device__ bulk_range bulk_item(const record_tile_params& p, const tile_side& s, const run_list* lists,
                                std::uint32_t item, const unsigned char* data, std::uint64_t rows_start,
                                std::uint32_t rows_bytes, std::uint32_t runs_valid, std::uint32_t raw_offset) {
  if (item == 0) {
    if (!s.rows.present) return {0, 0, 0};
    const std::uint64_t address = reinterpret_cast<std::uintptr_t>(data) + rows_start;
    const std::uint64_t lo = (address + 15) / 16 * 16, hi = (address + rows_bytes) / 16 * 16;
    if (hi <= lo) return {0, 0, 0};
    return {lo - reinterpret_cast<std::uintptr_t>(data), std::uint32_t(raw_offset + s.rows.misalign + (lo - address)),
            std::uint32_t(hi - lo)};
  }
  const runs_side& r = s.runs;
  const std::uint32_t per = runs_per_tile(p, r), q = (item - 1) / per, run = (item - 1) % per;
  const run_list& l = lists[q];
  const std::uint32_t first = run * r.run_records;
  const std::uint32_t records = runs_valid > first ? min(r.run_records, runs_valid - first) : 0;
  return {l.start + std::uint64_t(run) * r.block_stride, l.image + (first << l.shift),
          ((records << l.shift) / 16) * 16};
}

__device__ __forceinline__ std::uint32_t bulk_items(const record_tile_params& p, const tile_side& s) {
  return 1 + (s.runs.bulk ? s.runs.lists * runs_per_tile(p, s.runs) : 0);
}

// The bytes of a side the bulk items leave out, moved by the threads: the rows' cut chunks and the
// tails of partial runs. to_shared: global -> shared, else shared -> global.
__device__ void edges(const record_tile_params& p, const tile_side& s, const run_list* lists, unsigned char* data,
                      std::uint64_t rows_start, std::uint32_t rows_bytes, std::uint32_t runs_valid,
                      unsigned char* shared, std::uint32_t raw_offset, bool to_shared) {
  auto move = [&](std::uint64_t global, std::uint32_t local, std::uint32_t bytes) {
    for (std::uint32_t b = threadIdx.x; b < bytes; b += blockDim.x) {
      if (to_shared) shared[local + b] = data[global + b];
      else data[global + b] = shared[local + b];
    }
  };
  if (s.rows.present) {
    const std::uint64_t address = reinterpret_cast<std::uintptr_t>(data) + rows_start;
    const std::uint64_t lo = min((address + 15) / 16 * 16, address + rows_bytes);
    const std::uint64_t hi = max((address + rows_bytes) / 16 * 16, lo);
    move(rows_start, raw_offset + s.rows.misalign, std::uint32_t(lo - address));
    move(rows_start + (hi - address), raw_offset + s.rows.misalign + std::uint32_t(hi - address),
         std::uint32_t(address + rows_bytes - hi));
  }
  if (!s.runs.bulk) return;
  const std::uint32_t items = bulk_items(p, s);
  for (std::uint32_t item = 1; item < items; ++item) {
    const runs_side& r = s.runs;
    const std::uint32_t per = runs_per_tile(p, r), q = (item - 1) / per, run = (item - 1) % per;
    const run_list& l = lists[q];
    const std::uint32_t first = run * r.run_records;
    const std::uint32_t bytes = (runs_valid > first ? min(r.run_records, runs_valid - first) : 0) << l.shift;
    const std::uint32_t whole = bytes / 16 * 16;
    move(l.start + std::uint64_t(run) * r.block_stride + whole, l.image + (first << l.shift) + whole, bytes - whole);
  }
}

// ---- The kernel: one tile per thread block ----------------------------------------------------------

// Shared memory: the image, the raw rows, the run lists of both sides, the barrier.
__host__ __device__ inline std::uint32_t raw_offset(const record_tile_params& p) { return p.image_bytes; }
__host__ __device__ inline std::uint32_t starts_offset(const record_tile_params& p) {
  return p.image_bytes + (p.raw_bytes + 15) / 16 * 16;
}
__host__ __device__ inline std::uint32_t barrier_offset(const record_tile_params& p) {
  return starts_offset(p) + std::uint32_t(sizeof(run_list)) * (p.src.runs.lists + p.dst.runs.lists);
}
__host__ __device__ inline std::uint32_t shared_bytes(const record_tile_params& p) { return barrier_offset(p) + 8; }

__global__ void __launch_bounds__(record_tile_threads)
    record_tile_kernel(const __grid_constant__ record_tile_params p, const unsigned char* __restrict__ src,
                       unsigned char* __restrict__ dst) {
  extern __shared__ uint4 shared_words[];
  unsigned char* image = reinterpret_cast<unsigned char*>(shared_words);
  unsigned char* raw = image + raw_offset(p);
  auto* src_lists = reinterpret_cast<run_list*>(image + starts_offset(p));
  run_list* dst_lists = src_lists + p.src.runs.lists;
  const std::uint64_t v0 = std::uint64_t(blockIdx.x) * p.tile;
  const std::uint64_t src_first = p.src_first + v0, dst_first = p.dst_first + v0;
  start_runs(p, p.src.runs, src_first, src_lists);
  start_runs(p, p.dst.runs, dst_first, dst_lists);
  const std::uint32_t valid = p.count > v0 ? std::uint32_t(min(std::uint64_t(p.tile), p.count - v0)) : 0;
  const std::uint32_t runs_valid = std::uint32_t(min(std::uint64_t(p.tile), p.dst_count - v0));
  const bool whole = valid == p.tile;
  const rows_side& sr = p.src.rows;
  const rows_side& dr = p.dst.rows;
  const std::uint64_t src_rows = sr.base + src_first * sr.stride, dst_rows = dr.base + dst_first * dr.stride;
#if __CUDA_ARCH__ >= 900
  auto* barrier = reinterpret_cast<std::uint64_t*>(image + barrier_offset(p));
  if (threadIdx.x == 0) bulk::init(barrier, 32);
  __syncthreads();
  // Warp 0 puts the whole tile in flight; the other threads move the edges (and runs that are not
  // whole chunks) meanwhile.
  if (threadIdx.x < 32) {
    std::uint32_t bytes = 0;
    const std::uint32_t items = bulk_items(p, p.src);
    for (std::uint32_t item = threadIdx.x; item < items; item += 32)
      bytes += bulk_item(p, p.src, src_lists, item, src, src_rows, valid * sr.stride, valid, raw_offset(p)).bytes;
    bulk::arrive_expect(barrier, bytes);
    for (std::uint32_t item = threadIdx.x; item < items; item += 32) {
      const bulk_range b = bulk_item(p, p.src, src_lists, item, src, src_rows, valid * sr.stride, valid, raw_offset(p));
      if (b.bytes) bulk::load(image + b.shared, src + b.global, b.bytes, barrier);
    }
  }
  edges(p, p.src, src_lists, const_cast<unsigned char*>(src), src_rows, valid * sr.stride, valid, image,
        raw_offset(p), true);
  if (!p.src.runs.bulk) runs_in(p.src.runs, src_lists, src, whole, valid, image);
  bulk::wait(barrier, 0);
#else
  __syncthreads();
  if (sr.present) rows_in(src, src_rows, sr.misalign, valid * sr.stride, raw);
  runs_in(p.src.runs, src_lists, src, whole, valid, image);
#endif
  __syncthreads();
  if (sr.present) rows_elements(p, sr, raw, valid, image, true);
  // The destination's padding lanes (records past the data, in a last block) get the fill value.
  if (runs_valid > valid) {
    const std::uint32_t lanes = runs_valid - valid;
    for (std::uint32_t e = threadIdx.x; e < lanes * p.comps; e += blockDim.x) {
      const std::uint32_t k = e / lanes, v = valid + e % lanes;
      copy_element(p.fill[k], image + p.image[k] + v * p.width[k], p.width[k]);
    }
  }
  __syncthreads();

  const bool rows_direct = dr.present && p.preserve_gaps;
  if (rows_direct) rows_elements_to_global(p, dr, image, valid, dst, dst_rows);
  if (dr.present && !rows_direct) {
    if (p.zero_gaps) {
      for (std::uint32_t i = threadIdx.x; i < p.raw_bytes / 16; i += blockDim.x)
        reinterpret_cast<uint4*>(raw)[i] = make_uint4(0, 0, 0, 0);
      __syncthreads();
    }
    rows_elements(p, dr, raw, valid, image, false);
  }
#if __CUDA_ARCH__ >= 900
  bulk::fence_shared();
  __syncthreads();
  if (threadIdx.x < 32) {
    const std::uint32_t items = bulk_items(p, p.dst);
    for (std::uint32_t item = threadIdx.x; item < items; item += 32) {
      if (item == 0 && rows_direct) continue;
      const bulk_range b = bulk_item(p, p.dst, dst_lists, item, dst, dst_rows, valid * dr.stride, runs_valid,
                                     raw_offset(p));
      if (b.bytes) bulk::store(dst + b.global, image + b.shared, b.bytes);
    }
  }
  tile_side edge_side = p.dst;  // the rows' edges only when raw holds them
  edge_side.rows.present = dr.present && !rows_direct;
  edges(p, edge_side, dst_lists, dst, dst_rows, valid * dr.stride, runs_valid, image, raw_offset(p), false);
  if (!p.dst.runs.bulk) runs_out(p.dst.runs, dst_lists, image, runs_valid == p.tile, runs_valid, dst);
  if (threadIdx.x < 32) bulk::finish_stores();
#else
  __syncthreads();
  if (dr.present && !rows_direct) rows_out(raw, dr.misalign, valid * dr.stride, dst, dst_rows);
  runs_out(p.dst.runs, dst_lists, image, runs_valid == p.tile, runs_valid, dst);
#endif
}

// ---- Destinations without rows: one thread per record -------------------------------------------------

// Where the destination is runs only (soa, blocked), a thread per record moves each component from
// wherever the source holds it to its run: the stores are coalesced, and strided loads from a
// source's rows hit the lines their neighbours brought into L1. Measured on the H200 at about the
// tiled kernel's speed for these pairs (BENCHMARKS.md); a destination with rows needs the tile.
struct lanes_params {
  std::uint64_t count = 0, dst_count = 0, src_first = 0, dst_first = 0;
  component_place src[max_record_components], dst[max_record_components];
  fast_divmod src_block, dst_block;  // the sides' bd (1 when they have no blocks)
  std::uint32_t by_width[6] = {};     // components sorted by width: 16-byte ones in [by_width[0], by_width[1]), ...
  alignas(16) std::uint8_t fill[max_record_components][16] = {};  // aligned: read as elements
};

// component_offset with the side's block division done once per record.
__device__ __forceinline__ std::uint64_t lane_offset(const component_place& p, unsigned w, std::uint32_t v,
                                                     unsigned block, unsigned lane) {
  if (p.block == 1) return p.base + std::uint64_t(v) * p.a;
  if (p.block == 0) return p.base + std::uint64_t(v) * w;
  return p.base + std::uint64_t(block) * p.a + lane * w;
}

// The components of one width, four loads in flight before their stores; the components are sorted
// by width on the host, so no thread branches on a width.
template <class Word>
__device__ __forceinline__ void lanes_of_width(const lanes_params& p, std::uint32_t first, std::uint32_t last,
                                               const unsigned char* __restrict__ src, unsigned char* __restrict__ dst,
                                               bool data, std::uint32_t sv, unsigned sb, unsigned sl, std::uint32_t dv,
                                               unsigned db, unsigned dl) {
  constexpr unsigned w = sizeof(Word), in_flight = 4;
  for (std::uint32_t k0 = first; k0 < last; k0 += in_flight) {
    Word x[in_flight];
#pragma unroll
    for (unsigned u = 0; u < in_flight; ++u) {
      const std::uint32_t k = k0 + u;
      if (k < last)
        x[u] = *reinterpret_cast<const Word*>(data ? src + lane_offset(p.src[k], w, sv, sb, sl) : p.fill[k]);
    }
#pragma unroll
    for (unsigned u = 0; u < in_flight; ++u) {
      const std::uint32_t k = k0 + u;
      if (k < last) *reinterpret_cast<Word*>(dst + lane_offset(p.dst[k], w, dv, db, dl)) = x[u];
    }
  }
}

__global__ void record_lanes_kernel(const __grid_constant__ lanes_params p, const unsigned char* __restrict__ src,
                                    unsigned char* __restrict__ dst) {
  for (std::uint64_t v = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; v < p.dst_count;
       v += std::uint64_t(gridDim.x) * blockDim.x) {
    const std::uint32_t sv = std::uint32_t(p.src_first + v), dv = std::uint32_t(p.dst_first + v);
    unsigned sb, sl, db, dl;
    p.src_block(sv, sb, sl);
    p.dst_block(dv, db, dl);
    const bool data = v < p.count;
    lanes_of_width<uint4>(p, p.by_width[0], p.by_width[1], src, dst, data, sv, sb, sl, dv, db, dl);
    lanes_of_width<uint2>(p, p.by_width[1], p.by_width[2], src, dst, data, sv, sb, sl, dv, db, dl);
    lanes_of_width<std::uint32_t>(p, p.by_width[2], p.by_width[3], src, dst, data, sv, sb, sl, dv, db, dl);
    lanes_of_width<std::uint16_t>(p, p.by_width[3], p.by_width[4], src, dst, data, sv, sb, sl, dv, db, dl);
    lanes_of_width<std::uint8_t>(p, p.by_width[4], p.by_width[5], src, dst, data, sv, sb, sl, dv, db, dl);
  }
}

// ---- What no tile fits: one thread per destination element -------------------------------------------

struct element_params {
  std::uint32_t comps = 0;
  std::uint64_t count = 0, dst_count = 0, src_first = 0, dst_first = 0;
  component_place src[max_record_components], dst[max_record_components];
  std::uint8_t width[max_record_components] = {};
  alignas(16) std::uint8_t fill[max_record_components][16] = {};  // aligned: read as elements
};

__global__ void record_element_kernel(const __grid_constant__ element_params p, const unsigned char* __restrict__ src,
                                      unsigned char* __restrict__ dst) {
  // Component-major, records fastest: neighbouring threads write neighbouring records of a component.
  const std::uint64_t total = p.dst_count * p.comps;
  for (std::uint64_t e = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; e < total;
       e += std::uint64_t(gridDim.x) * blockDim.x) {
    const std::uint32_t k = std::uint32_t(e / p.dst_count);
    const std::uint64_t v = e - std::uint64_t(k) * p.dst_count;
    const unsigned w = p.width[k];
    if (v >= p.count && p.dst[k].block <= 1) continue;
    unsigned char* to = dst + component_offset(p.dst[k], w, p.dst_first + v);
    if (v < p.count) copy_element(src + component_offset(p.src[k], w, p.src_first + v), to, w);
    else copy_element(p.fill[k], to, w);  // a padding lane of a block
  }
}

int multiprocessors(const std::string& call) {
  int device = 0, count = 0;
  check_cuda(cudaGetDevice(&device), call, "cudaGetDevice");
  check_cuda(cudaDeviceGetAttribute(&count, cudaDevAttrMultiProcessorCount, device), call, "cudaDeviceGetAttribute");
  return count;
}

}  // namespace

void move_records_device(const void* src, void* dst, const record_move& move, const record_range& range,
                         const std::string& call, stream_t stream) {
  if (range.dst_count == 0) return;
  const auto* s = static_cast<const unsigned char*>(src);
  auto* d = static_cast<unsigned char*>(dst);
  // Destinations of runs only (soa, blocked): a thread per record. Destinations with rows: the tile.
  auto runs_only = [](const std::vector<component_place>& side) {
    return std::none_of(side.begin(), side.end(), [](const component_place& c) { return c.block == 1; });
  };
  const bool runs_destination = runs_only(move.dst);
  const bool small = range.src_first + range.dst_count < (std::uint64_t(1) << 31) &&
                     range.dst_first + range.dst_count < (std::uint64_t(1) << 31);
  if (runs_destination && small) {
    auto p = std::make_unique<lanes_params>();
    p->count = range.count;
    p->dst_count = range.dst_count;
    p->src_first = range.src_first;
    p->dst_first = range.dst_first;
    p->src_block = fast_divmod(unsigned(std::max<std::size_t>(1, side_block(move.src))));
    p->dst_block = fast_divmod(unsigned(std::max<std::size_t>(1, side_block(move.dst))));
    std::uint32_t at = 0, group = 0;
    for (const unsigned w : {16u, 8u, 4u, 2u, 1u}) {
      p->by_width[group++] = at;
      for (std::size_t k = 0; k < move.width.size(); ++k) {
        if (move.width[k] != w) continue;
        p->src[at] = move.src[k];
        p->dst[at] = move.dst[k];
        std::copy(move.fill[k].begin(), move.fill[k].end(), p->fill[at]);
        ++at;
      }
    }
    p->by_width[group] = at;
    const std::uint64_t blocks = (range.dst_count + 255) / 256;
    record_lanes_kernel<<<unsigned(std::min<std::uint64_t>(blocks, 1u << 30)), 256, 0, stream>>>(*p, s, d);
    check_cuda(cudaGetLastError(), call, "record lanes kernel launch");
    return;
  }
  if (const auto plan = plan_record_tiles(move, range, src, dst)) {
    const std::size_t tiles = (range.dst_count + plan->tile - 1) / plan->tile;
    const std::uint32_t shared = shared_bytes(*plan);
    check_cuda(cudaFuncSetAttribute(record_tile_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                    int(record_tile_budget + 8 * 1024)),
               call, "cudaFuncSetAttribute (record tile kernel)");
    // As much shared memory as the SM has: the tiles, not the L1, are what this kernel reuses.
    check_cuda(cudaFuncSetAttribute(record_tile_kernel, cudaFuncAttributePreferredSharedMemoryCarveout, 100), call,
               "cudaFuncSetAttribute (carveout)");
    record_tile_kernel<<<unsigned(tiles), record_tile_threads, shared, stream>>>(*plan, s, d);
    check_cuda(cudaGetLastError(), call, "record tile kernel launch");
    return;
  }
  auto p = std::make_unique<element_params>();
  p->comps = std::uint32_t(move.width.size());
  p->count = range.count;
  p->dst_count = range.dst_count;
  p->src_first = range.src_first;
  p->dst_first = range.dst_first;
  for (std::size_t k = 0; k < move.width.size(); ++k) {
    p->src[k] = move.src[k];
    p->dst[k] = move.dst[k];
    p->width[k] = move.width[k];
    std::copy(move.fill[k].begin(), move.fill[k].end(), p->fill[k]);
  }
  const std::uint64_t total = range.dst_count * p->comps;
  const std::uint64_t blocks = std::min<std::uint64_t>((total + 255) / 256, std::uint64_t(multiprocessors(call)) * 16);
  record_element_kernel<<<unsigned(blocks), 256, 0, stream>>>(*p, s, d);
  check_cuda(cudaGetLastError(), call, "record element kernel launch");
}

void zero_device(void* data, std::size_t bytes, const std::string& call) {
  check_cuda(cudaMemset(data, 0, bytes), call, "cudaMemset");
}

}  // namespace coalesce::detail

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Device record moves: the tiled kernel (record_tiles.hpp), and one thread per destination element
// for what no tile fits.
#include "../record/record_device.hpp"
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
__device__ void rows_in(const unsigned char* __restrict__ src, std::uint64_t start, std::uint32_t misalign,
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

__device__ void rows_out(const unsigned char* raw, std::uint32_t misalign, std::uint32_t bytes,
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

// Elements between raw and the image, a component per warp (T is a multiple of 16, so a warp holds
// one or two components): raw -> image when `in`, else image -> raw.
__device__ void rows_elements(const record_tile_params& p, const rows_side& r, unsigned char* raw,
                              std::uint32_t valid, unsigned char* image, bool in) {
  const std::uint32_t total = r.comps * p.tile;
  for (std::uint32_t e = threadIdx.x; e < total; e += record_tile_threads) {
    unsigned q, v;
    p.tile_div(e, q, v);
    if (v >= valid) continue;
    const unsigned k = r.comp[q], w = p.width[k];
    unsigned char* a = raw + r.misalign + v * r.stride + r.offset[q];
    unsigned char* b = image + p.image[k] + v * w;
    if (in) copy_element(a, b, w); else copy_element(b, a, w);
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

// Byte offsets of the tile's first run of each run list (a 64-bit division each, once per tile).
__device__ void start_runs(const runs_side& r, const std::uint8_t* width, std::uint64_t v_first, std::uint64_t* start) {
  for (unsigned q = threadIdx.x; q < r.lists; q += blockDim.x) {
    const unsigned w = width[r.comp[q]];
    start[q] = r.base[q] + (r.block == 0 ? v_first * w : (v_first / r.block) * r.block_stride + (v_first % r.block) * w);
  }
}

struct run_chunk {
  std::uint64_t address;  // from the data pointer
  std::uint32_t image;    // from the image's start
  std::uint32_t w;
  std::uint32_t lanes;    // elements of this chunk to move (16 / w when whole)
};

__device__ __forceinline__ run_chunk locate_run(const record_tile_params& p, const runs_side& r,
                                                const std::uint64_t* start, std::uint32_t j, bool whole_tile,
                                                std::uint32_t valid) {
  std::uint32_t lo = 0, hi = r.lists;  // the last list q with first_chunk[q] <= j
  while (hi - lo > 1) {
    const std::uint32_t mid = (lo + hi) / 2;
    if (r.first_chunk[mid] <= j) lo = mid; else hi = mid;
  }
  const std::uint32_t k = r.comp[lo], w = p.width[k];
  unsigned run, ci;
  r.chunks_per_run[log2_width(w)](j - r.first_chunk[lo], run, ci);
  run_chunk c;
  c.address = start[lo] + std::uint64_t(run) * r.block_stride + 16 * ci;
  c.image = p.image[k] + run * r.run_records * w + 16 * ci;
  c.w = w;
  const std::uint32_t per_chunk = 16 / w;
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

__device__ void runs_in(const record_tile_params& p, const runs_side& r, const std::uint64_t* start,
                        const unsigned char* __restrict__ src, bool whole_tile, std::uint32_t valid,
                        unsigned char* image) {
  const std::uint32_t chunks = r.first_chunk[r.lists];
  for (std::uint32_t j0 = threadIdx.x; j0 < chunks; j0 += batch * record_tile_threads) {
    run_chunk c[batch];
    chunk16 data[batch];
#pragma unroll
    for (unsigned u = 0; u < batch; ++u) {
      const std::uint32_t j = j0 + u * record_tile_threads;
      if (j >= chunks) continue;
      c[u] = locate_run(p, r, start, j, whole_tile, valid);
      if (c[u].lanes == 16 / c[u].w) {
        const uint4 x = __ldg(reinterpret_cast<const uint4*>(src + c[u].address));
        data[u] = {{x.x, x.y, x.z, x.w}};
      }
    }
#pragma unroll
    for (unsigned u = 0; u < batch; ++u) {
      if (j0 + u * record_tile_threads >= chunks) continue;
      const unsigned w = c[u].w;
      unsigned char* to = image + c[u].image;
      if (c[u].lanes == 16 / w && c[u].image % 16 == 0) {
        *reinterpret_cast<uint4*>(to) = make_uint4(data[u].w[0], data[u].w[1], data[u].w[2], data[u].w[3]);
      } else if (c[u].lanes == 16 / w) {
        for (unsigned e = 0; e < 16 / w; ++e) chunk_to_shared(data[u], e * w, w, to + e * w);
      } else {
        for (unsigned e = 0; e < c[u].lanes; ++e) copy_element(src + c[u].address + e * w, to + e * w, w);
      }
    }
  }
}

__device__ void runs_out(const record_tile_params& p, const runs_side& r, const std::uint64_t* start,
                         const unsigned char* image, bool whole_tile, std::uint32_t valid,
                         unsigned char* __restrict__ dst) {
  const std::uint32_t chunks = r.first_chunk[r.lists];
  for (std::uint32_t j = threadIdx.x; j < chunks; j += record_tile_threads) {
    const run_chunk c = locate_run(p, r, start, j, whole_tile, valid);
    const unsigned char* from = image + c.image;
    if (c.lanes == 16 / c.w && c.image % 16 == 0) {
      *reinterpret_cast<uint4*>(dst + c.address) = *reinterpret_cast<const uint4*>(from);
    } else {
      for (unsigned e = 0; e < c.lanes; ++e) copy_element(from + e * c.w, dst + c.address + e * c.w, c.w);
    }
  }
}

// ---- The kernel: one tile per thread block ----------------------------------------------------------

// Shared memory: the image, the raw rows, then the run starts of both sides.
__host__ __device__ inline std::uint32_t raw_offset(const record_tile_params& p) { return p.image_bytes; }
__host__ __device__ inline std::uint32_t starts_offset(const record_tile_params& p) {
  return p.image_bytes + (p.raw_bytes + 15) / 16 * 16;
}
__host__ __device__ inline std::uint32_t shared_bytes(const record_tile_params& p) {
  return starts_offset(p) + 8 * (p.src.runs.lists + p.dst.runs.lists);
}

__global__ void __launch_bounds__(record_tile_threads)
    record_tile_kernel(const __grid_constant__ record_tile_params p, const unsigned char* __restrict__ src,
                       unsigned char* __restrict__ dst) {
  extern __shared__ uint4 shared_words[];
  unsigned char* image = reinterpret_cast<unsigned char*>(shared_words);
  unsigned char* raw = image + raw_offset(p);
  auto* src_starts = reinterpret_cast<std::uint64_t*>(image + starts_offset(p));
  std::uint64_t* dst_starts = src_starts + p.src.runs.lists;
  const std::uint64_t v0 = std::uint64_t(blockIdx.x) * p.tile;
  const std::uint64_t src_first = p.src_first + v0, dst_first = p.dst_first + v0;
  start_runs(p.src.runs, p.width, src_first, src_starts);
  start_runs(p.dst.runs, p.width, dst_first, dst_starts);
  const std::uint32_t valid = p.count > v0 ? std::uint32_t(min(std::uint64_t(p.tile), p.count - v0)) : 0;
  const std::uint32_t runs_valid = std::uint32_t(min(std::uint64_t(p.tile), p.dst_count - v0));
  const bool whole = valid == p.tile;
  const rows_side& sr = p.src.rows;
  const rows_side& dr = p.dst.rows;
  __syncthreads();

  if (sr.present) rows_in(src, sr.base + src_first * sr.stride, sr.misalign, valid * sr.stride, raw);
  runs_in(p, p.src.runs, src_starts, src, whole, valid, image);
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

  if (dr.present) {
    const std::uint64_t start = dr.base + dst_first * dr.stride;
    if (p.preserve_gaps) {
      rows_elements_to_global(p, dr, image, valid, dst, start);
    } else {
      if (p.zero_gaps) {
        for (std::uint32_t i = threadIdx.x; i < p.raw_bytes / 16; i += blockDim.x)
          reinterpret_cast<uint4*>(raw)[i] = make_uint4(0, 0, 0, 0);
        __syncthreads();
      }
      rows_elements(p, dr, raw, valid, image, false);
      __syncthreads();
      rows_out(raw, dr.misalign, valid * dr.stride, dst, start);
    }
  }
  runs_out(p, p.dst.runs, dst_starts, image, runs_valid == p.tile, runs_valid, dst);
}

// ---- What no tile fits: one thread per destination element -------------------------------------------

struct element_params {
  std::uint32_t comps = 0;
  std::uint64_t count = 0, dst_count = 0, src_first = 0, dst_first = 0;
  component_place src[max_record_components], dst[max_record_components];
  std::uint8_t width[max_record_components] = {};
  std::uint8_t fill[max_record_components][16] = {};
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
  if (const auto plan = plan_record_tiles(move, range, src, dst)) {
    const std::uint32_t shared = shared_bytes(*plan);
    check_cuda(cudaFuncSetAttribute(record_tile_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                    int(record_tile_budget + 8 * 1024)),
               call, "cudaFuncSetAttribute (record tile kernel)");
    // As much shared memory as the SM has: the tiles, not the L1, are what this kernel reuses.
    check_cuda(cudaFuncSetAttribute(record_tile_kernel, cudaFuncAttributePreferredSharedMemoryCarveout, 100), call,
               "cudaFuncSetAttribute (carveout)");
    const std::size_t tiles = (range.dst_count + plan->tile - 1) / plan->tile;
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

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
__device__ __forceinline__ void set_word(chunk16& c, unsigned i, std::uint32_t x) {
  c.w[0] = i == 0 ? x : c.w[0];
  c.w[1] = i == 1 ? x : c.w[1];
  c.w[2] = i == 2 ? x : c.w[2];
  c.w[3] = i == 3 ? x : c.w[3];
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
__device__ __forceinline__ void shared_to_chunk(const unsigned char* p, unsigned off, unsigned w, chunk16& c) {
  const unsigned i = off / 4, shift = 8 * (off % 4);
  switch (w) {
    case 1: set_word(c, i, (word_at(c, i) & ~(0xffu << shift)) | (std::uint32_t(*p) << shift)); break;
    case 2:
      set_word(c, i, (word_at(c, i) & ~(0xffffu << shift)) |
                         (std::uint32_t(*reinterpret_cast<const std::uint16_t*>(p)) << shift));
      break;
    case 4: set_word(c, i, *reinterpret_cast<const std::uint32_t*>(p)); break;
    case 8: {
      const uint2 x = *reinterpret_cast<const uint2*>(p);
      set_word(c, i, x.x);
      set_word(c, i + 1, x.y);
      break;
    }
    default: {
      const uint4 x = *reinterpret_cast<const uint4*>(p);
      c = {{x.x, x.y, x.z, x.w}};
      break;
    }
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

// ---- Where chunk j of a side lies in a tile ------------------------------------------------------

// A chunk of the tile on one side: its global address, whether all 16 bytes are the tile's data, and
// what it holds (rows: a table position; runs: a component and its first lane).
struct chunk_place {
  std::uint64_t address;  // byte offset from the side's data pointer (16-aligned)
  bool full;
  bool rows;
  std::uint32_t position;   // rows: the table position; runs: the component
  std::int32_t first;       // rows: the period's first record; runs: the first lane's tile record
  std::uint32_t lanes;      // runs: lanes of this chunk inside its run and the valid records
};

struct tile_tables {  // a side's row tables, copied to shared memory (lanes index them divergently)
  const row_entry* entry;
  const std::uint16_t* first;
};

__device__ __forceinline__ chunk_place locate(const tile_side& s, const std::uint8_t* width, std::uint32_t j,
                                              std::uint64_t v_first, std::uint32_t rows_valid,
                                              std::uint32_t runs_valid) {
  chunk_place c{};
  if (s.has_rows && j < s.rows.chunks) {
    const row_group& g = s.rows;
    const std::int64_t lo = std::int64_t(16) * j - g.misalign;  // from the tile's first byte
    c.address = g.base + v_first * g.stride - g.misalign + std::uint64_t(16) * j;
    c.full = lo >= 0 && lo + 16 <= std::int64_t(rows_valid) * g.stride;
    c.rows = true;
    const std::uint32_t period = j / g.chunks_per_period;
    c.position = j - period * g.chunks_per_period;
    c.first = std::int32_t(period * g.records_per_period);
    return c;
  }
  const run_side& r = s.runs;
  const std::uint32_t local = s.has_rows ? j - s.rows.chunks : j;
  // The run list holding chunk `local`: the last q with first_chunk[q] <= local.
  std::uint32_t lo = 0, hi = r.comps;
  while (hi - lo > 1) {
    const std::uint32_t mid = (lo + hi) / 2;
    if (r.first_chunk[mid] <= local) lo = mid; else hi = mid;
  }
  const std::uint32_t k = r.comp[lo], w = width[k];
  unsigned run, ci;
  r.chunks_per_run[log2_width(w)](local - r.first_chunk[lo], run, ci);
  const std::uint32_t per_chunk = 16 / w, lane0 = ci * per_chunk;
  c.address = r.base[lo] + std::uint64_t(16) * ci +
              (r.block == 0 ? v_first * w
                            : (v_first / r.block + run) * r.block_stride + (v_first % r.block) * w);
  c.rows = false;
  c.position = k;
  c.first = std::int32_t(run * r.run_records + lane0);
  const std::uint32_t in_run = r.run_records > lane0 ? r.run_records - lane0 : 0;
  const std::uint32_t valid = runs_valid > std::uint32_t(c.first) ? runs_valid - std::uint32_t(c.first) : 0;
  c.lanes = min(per_chunk, min(in_run, valid));
  c.full = c.lanes == per_chunk;
  return c;
}

// ---- The two halves of a tile ----------------------------------------------------------------------

constexpr unsigned batch = 4;  // chunks each thread has in flight

__device__ void load_tile(const record_tile_params& p, const tile_side& s, const tile_tables& t,
                          const unsigned char* __restrict__ src, std::uint64_t v_first, std::uint32_t valid,
                          unsigned char* image, const std::uint32_t* img, const std::uint8_t* width) {
  for (std::uint32_t j0 = threadIdx.x; j0 < s.chunks; j0 += batch * record_tile_threads) {
    chunk_place c[batch];
    chunk16 data[batch];
#pragma unroll
    for (unsigned u = 0; u < batch; ++u) {
      const std::uint32_t j = j0 + u * record_tile_threads;
      c[u].full = false;
      c[u].lanes = 0;
      if (j >= s.chunks) continue;
      c[u] = locate(s, width, j, v_first, valid, valid);
      if (c[u].full) {
        const uint4 x = __ldg(reinterpret_cast<const uint4*>(src + c[u].address));
        data[u] = {{x.x, x.y, x.z, x.w}};
      }
    }
#pragma unroll
    for (unsigned u = 0; u < batch; ++u) {
      if (j0 + u * record_tile_threads >= s.chunks) continue;
      const chunk_place& cp = c[u];
      if (cp.rows) {
        for (unsigned e = t.first[cp.position]; e < t.first[cp.position + 1]; ++e) {
          const row_entry x = t.entry[e];
          const std::int32_t v = cp.first + x.delta;
          if (!cp.full && (v < 0 || v >= std::int32_t(valid))) continue;
          const unsigned w = width[x.comp];
          unsigned char* to = image + img[x.comp] + std::uint32_t(v) * w;
          if (cp.full) chunk_to_shared(data[u], x.offset, w, to);
          else copy_element(src + cp.address + x.offset, to, w);
        }
      } else {
        const unsigned w = width[cp.position];
        unsigned char* to = image + img[cp.position] + std::uint32_t(cp.first) * w;
        if (cp.full && (reinterpret_cast<std::uintptr_t>(to) % 16) == 0) {
          *reinterpret_cast<uint4*>(to) = make_uint4(data[u].w[0], data[u].w[1], data[u].w[2], data[u].w[3]);
        } else if (cp.full) {
          for (unsigned e = 0; e < 16 / w; ++e) chunk_to_shared(data[u], e * w, w, to + e * w);
        } else {
          for (unsigned e = 0; e < cp.lanes; ++e) copy_element(src + cp.address + e * w, to + e * w, w);
        }
      }
    }
  }
}

__device__ void store_tile(const record_tile_params& p, const tile_side& s, const tile_tables& t,
                           unsigned char* __restrict__ dst, std::uint64_t v_first, std::uint32_t rows_valid,
                           std::uint32_t runs_valid, const unsigned char* image, const std::uint32_t* img,
                           const std::uint8_t* width, const std::uint8_t* gapless) {
  for (std::uint32_t j = threadIdx.x; j < s.chunks; j += record_tile_threads) {
    const chunk_place cp = locate(s, width, j, v_first, rows_valid, runs_valid);
    if (cp.rows) {
      const bool whole = cp.full && (!p.preserve_gaps || gapless[cp.position]);
      chunk16 out{{0, 0, 0, 0}};
      for (unsigned e = t.first[cp.position]; e < t.first[cp.position + 1]; ++e) {
        const row_entry x = t.entry[e];
        const std::int32_t v = cp.first + x.delta;
        if (!whole && (v < 0 || v >= std::int32_t(rows_valid))) continue;
        const unsigned w = width[x.comp];
        const unsigned char* from = image + img[x.comp] + std::uint32_t(v) * w;
        if (whole) shared_to_chunk(from, x.offset, w, out);
        else copy_element(from, dst + cp.address + x.offset, w);
      }
      if (whole) *reinterpret_cast<uint4*>(dst + cp.address) = make_uint4(out.w[0], out.w[1], out.w[2], out.w[3]);
    } else {
      const unsigned w = width[cp.position];
      const unsigned char* from = image + img[cp.position] + std::uint32_t(cp.first) * w;
      if (cp.full) {
        chunk16 out{{0, 0, 0, 0}};
        if ((reinterpret_cast<std::uintptr_t>(from) % 16) == 0) {
          const uint4 x = *reinterpret_cast<const uint4*>(from);
          out = {{x.x, x.y, x.z, x.w}};
        } else {
          for (unsigned e = 0; e < 16 / w; ++e) shared_to_chunk(from + e * w, e * w, w, out);
        }
        *reinterpret_cast<uint4*>(dst + cp.address) = make_uint4(out.w[0], out.w[1], out.w[2], out.w[3]);
      } else {
        for (unsigned e = 0; e < cp.lanes; ++e) copy_element(from + e * w, dst + cp.address + e * w, w);
      }
    }
  }
}

// Shared memory after the image: each side's row tables, then the per-component image offsets and widths.
struct shared_tables {
  std::uint32_t image_bytes, src_entries, dst_entries, src_positions, dst_positions;
  __host__ __device__ std::uint32_t bytes(std::uint32_t comps) const {
    return image_bytes + (src_entries + dst_entries) * sizeof(row_entry) +
           (src_positions + dst_positions + 2) * sizeof(std::uint16_t) + 4 * comps + 2 * comps + 16;
  }
};

__host__ __device__ shared_tables tables_of(const record_tile_params& p) {
  return {p.image_bytes, p.src.has_rows ? p.src.rows.entries : 0, p.dst.has_rows ? p.dst.rows.entries : 0,
          p.src.has_rows ? p.src.rows.chunks_per_period : 0, p.dst.has_rows ? p.dst.rows.chunks_per_period : 0};
}

__global__ void __launch_bounds__(record_tile_threads)
    record_tile_kernel(const __grid_constant__ record_tile_params p, const unsigned char* __restrict__ src,
                       unsigned char* __restrict__ dst) {
  extern __shared__ uint4 shared_words[];
  unsigned char* shared = reinterpret_cast<unsigned char*>(shared_words);
  const shared_tables st = tables_of(p);
  unsigned char* image = shared;
  auto* src_entry = reinterpret_cast<row_entry*>(shared + st.image_bytes);
  auto* dst_entry = src_entry + st.src_entries;
  auto* img = reinterpret_cast<std::uint32_t*>(dst_entry + st.dst_entries);
  auto* src_first = reinterpret_cast<std::uint16_t*>(img + p.comps);
  auto* dst_first = src_first + st.src_positions + 1;
  auto* width = reinterpret_cast<std::uint8_t*>(dst_first + st.dst_positions + 1);
  auto* gapless = width + p.comps;
  for (unsigned i = threadIdx.x; i < st.src_entries; i += blockDim.x) src_entry[i] = p.src.rows.entry[i];
  for (unsigned i = threadIdx.x; i < st.dst_entries; i += blockDim.x) dst_entry[i] = p.dst.rows.entry[i];
  for (unsigned i = threadIdx.x; i < p.comps; i += blockDim.x) {
    img[i] = p.image[i];
    width[i] = p.width[i];
  }
  for (unsigned i = threadIdx.x; i <= st.src_positions && p.src.has_rows; i += blockDim.x) src_first[i] = p.src.rows.first[i];
  for (unsigned i = threadIdx.x; i <= st.dst_positions && p.dst.has_rows; i += blockDim.x) {
    dst_first[i] = p.dst.rows.first[i];
    if (i < st.dst_positions) gapless[i] = p.dst.rows.gapless[i];
  }
  __syncthreads();

  const std::uint64_t v0 = std::uint64_t(blockIdx.x) * p.tile;
  const std::uint32_t valid = p.count > v0 ? std::uint32_t(min(std::uint64_t(p.tile), p.count - v0)) : 0;
  const std::uint32_t runs_valid = std::uint32_t(min(std::uint64_t(p.tile), p.dst_count - v0));
  load_tile(p, p.src, {src_entry, src_first}, src, p.src_first + v0, valid, image, img, width);
  // The destination's padding lanes (records past the data, in a last block) get the fill value.
  if (runs_valid > valid) {
    const std::uint32_t lanes = runs_valid - valid;
    for (std::uint32_t e = threadIdx.x; e < lanes * p.comps; e += blockDim.x) {
      const std::uint32_t k = e / lanes, v = valid + e % lanes;
      copy_element(p.fill[k], image + img[k] + v * width[k], width[k]);
    }
  }
  __syncthreads();
  store_tile(p, p.dst, {dst_entry, dst_first}, dst, p.dst_first + v0, valid, runs_valid, image, img, width, gapless);
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
    const std::uint32_t shared = tables_of(*plan).bytes(plan->comps);
    check_cuda(cudaFuncSetAttribute(record_tile_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                    int(record_tile_budget + 16 * 1024)),
               call, "cudaFuncSetAttribute (record tile kernel)");
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

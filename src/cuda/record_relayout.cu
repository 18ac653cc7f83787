// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Device record moves: destinations of runs only a thread per record (record_lanes.cuh), the others
// the staged kernel (record_stage.cuh), and one thread per destination element for what neither fits.
#include "../record/record_device.hpp"
#include "cuda_check.hpp"
#include "record_choice.cuh"
#include "../move_routes.hpp"
#include "../relayout_plan.hpp"

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <list>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace coalesce::detail {
namespace {

// ---- The staged kernel (record_stage.cuh) ----------------------------------------------------
// Swizzle false: the plan has no swizzled rows image, and the kernel no swizzle arithmetic.

// The destination rows' gaps (bytes no field covers) are ours: zeros, written with every chunk.
template <unsigned Threads>
__device__ __forceinline__ void zero_gaps(const stage_header& p, unsigned char* image) {
  for (std::uint32_t i = threadIdx.x; i < p.dst_rows_bytes / 16; i += Threads)
    reinterpret_cast<uint4*>(image)[i] = make_uint4(0, 0, 0, 0);
}

// A tile per block (p.depth == 1), the grid covering the tiles in one pass: many small blocks per SM,
// each loading its whole tile before anything else, so that the SM always has tiles in flight.
template <unsigned Threads, bool Swizzle, class P>
__global__ void __launch_bounds__(Threads)
    record_stage_once_kernel(const __grid_constant__ P p, const unsigned char* __restrict__ src,
                             unsigned char* __restrict__ dst) {
  extern __shared__ uint4 stage_words[];
  unsigned char* source = reinterpret_cast<unsigned char*>(stage_words);
  unsigned char* image = source + stage_source_bytes(p);
  const std::uint64_t t = blockIdx.x;
  stage_load<Swizzle>(p, t, src, source, threadIdx.x);
  stage_commit();
  zero_gaps<Threads>(p, image);
  stage_wait();
  __syncthreads();
  stage_elements<Swizzle>(p, t, source, image, dst, threadIdx.x);
  __syncthreads();
  stage_store<Swizzle>(p, t, source, image, dst, threadIdx.x);
}

// A grid of resident blocks, each taking every gridDim.x-th tile, stage_depth tiles in flight: for
// tiles too large for several blocks per SM (record_stage_launch_plan).
template <bool Swizzle, class P>
__global__ void __launch_bounds__(stage_threads)
    record_stage_kernel(const __grid_constant__ P p, const unsigned char* __restrict__ src,
                        unsigned char* __restrict__ dst) {
  extern __shared__ uint4 stage_words[];
  unsigned char* buffers = reinterpret_cast<unsigned char*>(stage_words);
  const std::uint32_t source_bytes = stage_source_bytes(p);
  unsigned char* image = buffers + stage_depth * source_bytes;
  zero_gaps<stage_threads>(p, image);
  const std::uint64_t t0 = blockIdx.x, step = gridDim.x;
  for (unsigned k = 0; k + 1 < stage_depth; ++k) {  // one commit per tile, loaded or not, keeps the count
    if (t0 + k * step < p.tiles) stage_load<Swizzle>(p, t0 + k * step, src, buffers + k * source_bytes, threadIdx.x);
    stage_commit();
  }
  unsigned current = 0;
  for (std::uint64_t t = t0; t < p.tiles; t += step, current = (current + 1) % stage_depth) {
    stage_wait();
    __syncthreads();  // tile t is loaded; the previous tile's stores have read their buffers
    const std::uint64_t ahead = t + (stage_depth - 1) * step;
    if (ahead < p.tiles)  // into the buffer the previous tile used
      stage_load<Swizzle>(p, ahead, src, buffers + ((current + stage_depth - 1) % stage_depth) * source_bytes,
                          threadIdx.x);
    stage_commit();
    unsigned char* source = buffers + current * source_bytes;
    stage_elements<Swizzle>(p, t, source, image, dst, threadIdx.x);
    __syncthreads();
    stage_store<Swizzle>(p, t, source, image, dst, threadIdx.x);
  }
}

// Gives the kernel as much shared memory as the device lets a block have, and the SM as much of it as
// it has (the tiles, not the L1, are what the kernel reuses): once per kernel and device, since these
// calls cost the host microseconds on every move otherwise, and the limit is a permission only (the
// launch's own size decides the occupancy). Looked up at each launch, not with the cached plan: devices
// alike share their plans.
template <class Kernel>
void set_stage_shared(Kernel kernel, int most, const std::string& call) {
  static std::mutex mutex;
  static std::set<std::pair<const void*, int>> done;
  int device = 0;
  check_cuda(cudaGetDevice(&device), call, "cudaGetDevice");
  const std::lock_guard<std::mutex> lock(mutex);
  if (done.count({reinterpret_cast<const void*>(kernel), device})) return;
  check_cuda(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, most), call,
             "cudaFuncSetAttribute (record stage kernel)");
  check_cuda(cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout, 100), call,
             "cudaFuncSetAttribute (carveout)");
  done.insert({reinterpret_cast<const void*>(kernel), device});
}

// The launch's blocks: a tile each, or as many resident blocks as the SMs hold.
template <bool Swizzle, class P>
unsigned stage_grid(const P& p, int sms, int most, const std::string& call) {
  if (p.depth == 1) return unsigned(p.tiles);
  set_stage_shared(record_stage_kernel<Swizzle, P>, most, call);
  int per_sm = 0;
  check_cuda(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, record_stage_kernel<Swizzle, P>, stage_threads,
                                                           stage_shared_bytes(p)),
             call, "cudaOccupancyMaxActiveBlocksPerMultiprocessor");
  return unsigned(std::min<std::uint64_t>(p.tiles, std::uint64_t(std::max(per_sm, 1)) * sms));
}

template <bool Swizzle, class P>
void launch_record_stage(const P& p, unsigned grid, const unsigned char* s, unsigned char* d, int most,
                         const std::string& call, stream_t stream) {
  auto launch = [&](auto kernel, unsigned threads) {
    set_stage_shared(kernel, most, call);
    kernel<<<grid, threads, stage_shared_bytes(p), stream>>>(p, s, d);
  };
  if (p.depth != 1) launch(record_stage_kernel<Swizzle, P>, stage_threads);  // the resident grid
  else if (p.threads == 128) launch(record_stage_once_kernel<128, Swizzle, P>, 128);  // a tile per block
  else launch(record_stage_once_kernel<stage_threads, Swizzle, P>, stage_threads);
  check_cuda(cudaGetLastError(), call, "record stage kernel launch");
}

// The plan in its smallest class, with the swizzle known to the compiler.
template <class P>
void launch_record_stage(const P& p, unsigned grid, const unsigned char* s, unsigned char* d, int most,
                         const std::string& call, stream_t stream) {
  if (p.swizzle) launch_record_stage<true>(p, grid, s, d, most, call, stream);
  else launch_record_stage<false>(p, grid, s, d, most, call, stream);
}

// ---- Destinations of runs only: a thread per record (record_lanes.cuh) ---------------------------

template <class Offset, class P>
// 2048 threads per SM with 32-bit offsets (32 registers); 64-bit offsets need 40.
__global__ void __launch_bounds__(lanes_threads, sizeof(Offset) == 4 ? 8 : 6)
    record_lanes_kernel(const __grid_constant__ P p, const unsigned char* __restrict__ src,
                        unsigned char* __restrict__ dst) {
  for (std::uint64_t v = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; v < p.dst_count;
       v += std::uint64_t(gridDim.x) * blockDim.x)
    lanes_record<Offset>(p, std::uint32_t(v), src, dst);
}

template <class P>
void launch_record_lanes(const P& p, const record_range& range, const unsigned char* s, unsigned char* d,
                         const std::string& call, stream_t stream) {
  const std::uint64_t blocks = (range.dst_count + lanes_threads - 1) / lanes_threads;
  const unsigned grid = unsigned(std::min<std::uint64_t>(blocks, 1u << 30));
  if (p.narrow) record_lanes_kernel<std::uint32_t, P><<<grid, lanes_threads, 0, stream>>>(p, s, d);
  else record_lanes_kernel<std::uint64_t, P><<<grid, lanes_threads, 0, stream>>>(p, s, d);
  check_cuda(cudaGetLastError(), call, "record lanes kernel launch");
}

// ---- What no other route takes (records and vector sets): a thread per destination element ------

__global__ void element_kernel(const __grid_constant__ element_params p, const unsigned char* __restrict__ src,
                               unsigned char* __restrict__ dst) {
  const std::uint64_t total = p.dst_count * p.comps;
  for (std::uint64_t e = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; e < total;
       e += std::uint64_t(gridDim.x) * blockDim.x)
    record_element(p, e, src, dst);
}

// ---- The plans of the last moves ---------------------------------------------------------------

// The kernel, the staged kernel's grid, and the device figures both were worked out for (part of the
// plan's key, so they are the current device's). Building it costs the host 1-16 microseconds (the
// tile search), during which the GPU waits; a code that moves the same arrays every step builds it
// once (record_plan_cache).
struct record_kernel_plan {
  record_kernel kernel;
  unsigned grid = 0;
  int most = 0;
};

record_kernel_plan build_record_plan(const record_move& move, const record_range& range, const void* src,
                                     const void* dst, int sms, int most, record_kernels which,
                                     const std::string& call) {
  record_kernel_plan k{choose_record_kernel(move, range, src, dst, std::size_t(most), which), 0, most};
  std::visit(
      [&](const auto& p) {
        using P = std::decay_t<decltype(p)>;
        if constexpr (std::is_base_of_v<stage_header, P>)
          k.grid = p.swizzle ? stage_grid<true>(p, sms, most, call) : stage_grid<false>(p, sms, most, call);
      },
      k.kernel);
  return k;
}

// Everything a plan depends on, as bytes: the move, the range, the pointers' offsets within 16 bytes
// (the plans look at no more of them), the device's SMs and shared-memory limit, and the kernels asked.
template <class T>
void append_bytes(std::string& key, const T* data, std::size_t count) {
  static_assert(std::is_trivially_copyable_v<T>, "plain bytes");
  key.append(reinterpret_cast<const char*>(data), count * sizeof(T));
}
std::string record_plan_key(const record_move& m, const record_range& r, const void* src, const void* dst, int sms,
                            int most, record_kernels which) {
  std::string key;
  const std::size_t scalars[] = {m.width.size(), m.src_rows_base, m.dst_rows_base, std::size_t(m.preserve_gaps),
                                 m.src_rows_tail,
                                 r.count, r.dst_count, r.src_first, r.dst_first,
                                 reinterpret_cast<std::uintptr_t>(src) % 16, reinterpret_cast<std::uintptr_t>(dst) % 16,
                                 std::size_t(sms), std::size_t(most), std::size_t(which)};
  append_bytes(key, scalars, std::size(scalars));
  append_bytes(key, m.width.data(), m.width.size());
  append_bytes(key, m.src.data(), m.src.size());
  append_bytes(key, m.dst.data(), m.dst.size());
  append_bytes(key, m.fill.data(), m.fill.size());
  return key;
}

// The last `capacity` plans, most recent first; shared by the threads that move records.
class record_plan_cache {
 public:
  template <class Build>
  std::shared_ptr<const record_kernel_plan> get(const std::string& key, Build&& build) {
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      for (auto it = entries_.begin(); it != entries_.end(); ++it)
        if (it->first == key) {
          entries_.splice(entries_.begin(), entries_, it);
          return it->second;
        }
    }
    auto plan = std::make_shared<const record_kernel_plan>(build());  // outside the lock: plans take a while
    const std::lock_guard<std::mutex> lock(mutex_);
    entries_.emplace_front(key, plan);
    if (entries_.size() > capacity) entries_.pop_back();
    return plan;
  }

 private:
  static constexpr std::size_t capacity = 32;  // a plan is up to 24 KB
  std::mutex mutex_;
  std::list<std::pair<std::string, std::shared_ptr<const record_kernel_plan>>> entries_;
};

std::shared_ptr<const record_kernel_plan> cached_record_plan(const record_move& move, const record_range& range,
                                                             const void* src, const void* dst, record_kernels which,
                                                             const std::string& call) {
  const int sms = device_attribute(cudaDevAttrMultiProcessorCount, call);
  const int most = device_attribute(cudaDevAttrMaxSharedMemoryPerBlockOptin, call);
  static record_plan_cache cache;
  return cache.get(record_plan_key(move, range, src, dst, sms, most, which),
                   [&] { return build_record_plan(move, range, src, dst, sms, most, which, call); });
}

// Launches the plan's kernel (the lanes or the staged kernel), or the element kernel where it has none.
void launch_record_plan(const record_kernel_plan& plan, const record_move& move, const record_range& range,
                        const void* src, void* dst, const std::string& call, stream_t stream) {
  const auto* s = static_cast<const unsigned char*>(src);
  auto* d = static_cast<unsigned char*>(dst);
  std::visit(
      [&](const auto& p) {
        using P = std::decay_t<decltype(p)>;
        if constexpr (std::is_base_of_v<lanes_header, P>) launch_record_lanes(p, range, s, d, call, stream);
        else if constexpr (std::is_base_of_v<stage_header, P>) launch_record_stage(p, plan.grid, s, d, plan.most, call, stream);
        else move_elements_device(*plan_record_elements(move, range), s, d, call, stream);
      },
      plan.kernel);
}

record_kernels kernels_of(route_id r) {
  return r == route_id::records_lanes ? record_kernels::lanes : record_kernels::staged;
}

// A plan made without launching: the current device's (cached), or (no device) one for Hopper's 227 KiB
// a block, which every GPU since Volta's 96 KiB meets for the tile budgets that decide whether a plan
// exists.
std::shared_ptr<const record_kernel_plan> plan_without_launch(const record_move& move, const record_range& range,
                                                              const void* src, const void* dst, record_kernels which,
                                                              const std::string& call) {
  if (device_count() > 0) return cached_record_plan(move, range, src, dst, which, call);
  return std::make_shared<const record_kernel_plan>(
      record_kernel_plan{choose_record_kernel(move, range, src, dst, 227 * 1024, which), 0, 227 * 1024});
}

}  // namespace

record_route_fit record_route(route_id r, const record_move& move, const record_range& range, const void* src,
                              const void* dst, bool exact) {
  record_route_fit fit;
  if (r == route_id::elements) {
    const char* why = element_violation(move, src, dst);
    fit.applies = why == nullptr;
    fit.why_not = why ? why : "";
    return fit;
  }
  const auto plan = plan_without_launch(move, range, src, dst, exact ? kernels_of(r) : record_kernels::any, "explain");
  fit.unforced = exact ? route_id::elements : record_kernel_route(plan->kernel);
  fit.applies = exact ? !std::holds_alternative<std::monostate>(plan->kernel) : fit.unforced == r;
  if (fit.applies && exact) fit.variant = record_kernel_variant(plan->kernel);  // only an explanation names it
  if (!fit.applies)
    fit.why_not = r == route_id::records_lanes ? "a destination side that is not runs only (rows of records)"
                                               : "no tile of records fits the shared memory";
  return fit;
}

const char* record_route_passed_over(route_id r, const record_move& move) {
  if (r != route_id::records_lanes) return "";
  const char* why = lanes_measured_slower(move);
  return why ? why : "";
}

void move_records_device(const void* src, void* dst, const record_move& move, const record_range& range,
                         const std::string& call, stream_t stream) {
  if (range.dst_count == 0) return;
  const route_choice route = choose_route(record_device_move(move, range, src, dst), false, call);
  move_records_by_route(route.id, move, range, src, dst, call, stream, !route.own_plan);
}

void move_records_by_route(route_id r, const record_move& move, const record_range& range, const void* src,
                           void* dst, const std::string& call, stream_t stream, bool as_chosen) {
  if (r == route_id::elements) {
    require_record_elements(move, src, dst, call);
    move_elements_device(*plan_record_elements(move, range), src, dst, call, stream);
    return;
  }
  // The unforced choice's plan (cached when the choice was made), else that kernel's own.
  const auto plan = cached_record_plan(move, range, src, dst, as_chosen ? record_kernels::any : kernels_of(r), call);
  if (record_kernel_route(plan->kernel) != r)
    fail(errc::invalid_argument, call, std::string("route ") + route_of(r).name + " does not take this move");
  launch_record_plan(*plan, move, range, src, dst, call, stream);
}

void move_elements_device(const element_params& p, const void* src, void* dst, const std::string& call,
                          stream_t stream) {
  const std::uint64_t total = p.dst_count * p.comps;
  if (total == 0) return;
  const int sms = device_attribute(cudaDevAttrMultiProcessorCount, call);
  const std::uint64_t blocks = std::min<std::uint64_t>((total + 255) / 256, std::uint64_t(sms) * 16);
  element_kernel<<<unsigned(blocks), 256, 0, stream>>>(p, static_cast<const unsigned char*>(src),
                                                       static_cast<unsigned char*>(dst));
  check_cuda(cudaGetLastError(), call, "element kernel launch");
}

void zero_device(void* data, std::size_t bytes, const std::string& call) {
  check_cuda(cudaMemset(data, 0, bytes), call, "cudaMemset");
}

}  // namespace coalesce::detail

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Host <-> device transfers with the layout change on the GPU. The vectors cross the bus in chunks:
// chunk k+1 is copied (and, from pageable memory, first staged by the CPU into a pinned ring) while
// the GPU rearranges chunk k into its place in the destination layout.
#include "../device_api.hpp"
#include "../host_relayout.hpp"
#include "copy_rows.hpp"
#include "cuda_check.hpp"
#include "pinned_ring.hpp"

#include <cuda_runtime.h>

#include <algorithm>

namespace coalesce::detail {

std::shared_ptr<pinned_ring> make_pinned_ring() { return std::make_shared<pinned_ring>(); }

namespace {

array_layout packed_rows(std::size_t n, std::size_t m) { return {layout_kind::row_major, n, m, m, 0}; }

// Vectors per chunk: whole tiles, about chunk_bytes.
std::size_t chunk_vectors(const relayout_plan& plan, std::size_t m, std::size_t elem) {
  return std::max<std::size_t>(1, chunk_bytes / (m * elem) / plan.tile) * plan.tile;
}

}  // namespace

void upload_to_device(const void* host, const array_layout& sl, void* dst, const array_layout& dl, std::size_t elem,
                      const void* fill, pinned_ring* ring, stream_t stream, const std::string& call) {
  if (sl.n == 0) return;
  const relayout_plan plan = plan_relayout(packed_rows(sl.n, sl.m), dl, elem);
  if (sl.kind != layout_kind::row_major || dl.kind == layout_kind::row_major || plan.method != relayout_method::tiled) {
    if (sl.kind == layout_kind::row_major && dl.kind == layout_kind::row_major) {
      copy_same_kind(host, sl, dst, dl, elem, stream, call);  // the copy itself changes the pitch
      return;
    }
    // Any other source: it crosses the bus as it is, then the GPU rearranges it.
    stream_buffer staging(validate(sl, elem, call), stream, call);
    copy_same_kind(host, sl, staging.data(), sl, elem, stream, call);
    relayout_device(staging.data(), sl, dst, dl, elem, fill, call, stream);
    return;
  }
  const std::size_t row_bytes = sl.m * elem, chunk = chunk_vectors(plan, sl.m, elem);
  const std::size_t padded = dst_extent(dl, fill != nullptr);
  const bool pinned = is_pinned(host);
  if (!pinned) require_not_capturing(stream, call);
  // Pinned rows cross the bus as they lie, user pitch and all (one copy); pageable rows are packed
  // by the CPU into the ring on their way.
  const array_layout chunk_layout{layout_kind::row_major, chunk, sl.m, pinned ? sl.pitch : sl.m, 0};
  const std::unique_lock<std::mutex> held = ring->lock();
  ring->reserve(pinned ? 0 : chunk * row_bytes, call);
  const cudaStream_t bus = ring->copy_stream();
  // Chunk k crosses on the copy stream into device slot k % 2 while the caller's stream rearranges chunk k - 1.
  stream_buffer slot_memory[2] = {{chunk * chunk_layout.pitch * elem, stream, call},
                                  {chunk * chunk_layout.pitch * elem, stream, call}};
  const bus_fence fence{bus};
  ring->join(bus, stream, call);  // the copies start after the caller's earlier work and the allocations
  const auto* source = static_cast<const unsigned char*>(host);
  for (std::size_t v0 = 0, k = 0; v0 < sl.n; v0 += chunk, ++k) {
    const int s = int(k % pinned_ring::slots);
    const std::size_t count = std::min(chunk, sl.n - v0);
    const unsigned char* rows = source + v0 * sl.pitch * elem;
    check_cuda(cudaStreamWaitEvent(bus, ring->kernel_done(s), 0), call, "cudaStreamWaitEvent");
    if (pinned) {
      copy_rows_async(slot_memory[s].data(), 0, rows, 0, ((count - 1) * sl.pitch + sl.m) * elem, 1, bus, call);
    } else {
      check_cuda(cudaEventSynchronize(ring->bus_done(s)), call, "cudaEventSynchronize");  // pinned slot s is free
      host_copy_rows(ring->buffer(s), row_bytes, rows, sl.pitch * elem, row_bytes, count);
      check_cuda(cudaMemcpyAsync(slot_memory[s].data(), ring->buffer(s), count * row_bytes, cudaMemcpyHostToDevice, bus),
                 call, "cudaMemcpyAsync (chunk, host to device)");
    }
    check_cuda(cudaEventRecord(ring->bus_done(s), bus), call, "cudaEventRecord");
    check_cuda(cudaStreamWaitEvent(stream, ring->bus_done(s), 0), call, "cudaStreamWaitEvent");
    const bool last = v0 + count == sl.n;
    const tile_range range{count, last ? padded - v0 : count, 0, v0};
    relayout_device_range(slot_memory[s].data(), chunk_layout, dst, dl, elem, fill, plan, range, call, stream);
    check_cuda(cudaEventRecord(ring->kernel_done(s), stream), call, "cudaEventRecord");
  }
  // Pageable memory: like cudaMemcpyAsync from pageable memory, return once the source has been read.
  if (!pinned) check_cuda(cudaStreamSynchronize(bus), call, "cudaStreamSynchronize");
}

void download_to_host(const void* src, const array_layout& sl, void* host, const array_layout& dl, std::size_t elem,
                      pinned_ring* ring, stream_t stream, const std::string& call) {
  if (sl.n == 0) return;
  const relayout_plan plan = plan_relayout(sl, packed_rows(sl.n, sl.m), elem);
  if (dl.kind != layout_kind::row_major || sl.kind == layout_kind::row_major || plan.method != relayout_method::tiled) {
    if (sl.kind == layout_kind::row_major && dl.kind == layout_kind::row_major) {
      copy_same_kind(src, sl, host, dl, elem, stream, call);
      return;
    }
    // The GPU rearranges into the destination's layout, then it crosses the bus.
    stream_buffer staging(validate(dl, elem, call), stream, call);
    relayout_device(src, sl, staging.data(), dl, elem, nullptr, call, stream);
    copy_same_kind(staging.data(), dl, host, dl, elem, stream, call);
    return;
  }
  const std::size_t row_bytes = sl.m * elem, chunk = chunk_vectors(plan, sl.m, elem);
  const array_layout chunk_layout = packed_rows(chunk, sl.m);
  const bool pinned = is_pinned(host);
  if (!pinned) require_not_capturing(stream, call);
  const std::unique_lock<std::mutex> held = ring->lock();
  ring->reserve(pinned ? 0 : chunk * row_bytes, call);
  const cudaStream_t bus = ring->copy_stream();
  // The caller's stream rearranges chunk k into device slot k % 2 while chunk k - 1 crosses on the copy stream.
  stream_buffer slot_memory[2] = {{chunk * row_bytes, stream, call}, {chunk * row_bytes, stream, call}};
  const bus_fence fence{bus};
  auto* target = static_cast<unsigned char*>(host);
  // Pageable memory: the CPU empties pinned slot k - 1 into the user's rows while chunk k crosses.
  auto drain = [&](std::size_t v0, std::size_t k) {
    const int s = int(k % pinned_ring::slots);
    check_cuda(cudaEventSynchronize(ring->bus_done(s)), call, "cudaEventSynchronize");
    host_copy_rows(target + v0 * dl.pitch * elem, dl.pitch * elem, ring->buffer(s), row_bytes, row_bytes,
                   std::min(chunk, sl.n - v0));
  };
  std::size_t k = 0;
  for (std::size_t v0 = 0; v0 < sl.n; v0 += chunk, ++k) {
    const int s = int(k % pinned_ring::slots);
    const std::size_t count = std::min(chunk, sl.n - v0);
    check_cuda(cudaStreamWaitEvent(stream, ring->bus_done(s), 0), call, "cudaStreamWaitEvent");  // slot s was read
    relayout_device_range(src, sl, slot_memory[s].data(), chunk_layout, elem, nullptr, plan,
                          tile_range{count, count, v0, 0}, call, stream);
    check_cuda(cudaEventRecord(ring->kernel_done(s), stream), call, "cudaEventRecord");
    check_cuda(cudaStreamWaitEvent(bus, ring->kernel_done(s), 0), call, "cudaStreamWaitEvent");
    if (pinned) {
      copy_rows_async(target + v0 * dl.pitch * elem, dl.pitch * elem, slot_memory[s].data(), row_bytes, row_bytes,
                      count, bus, call);
    } else {
      check_cuda(cudaMemcpyAsync(ring->buffer(s), slot_memory[s].data(), count * row_bytes, cudaMemcpyDeviceToHost, bus),
                 call, "cudaMemcpyAsync (chunk, device to host)");
    }
    check_cuda(cudaEventRecord(ring->bus_done(s), bus), call, "cudaEventRecord");
    if (!pinned && k > 0) drain(v0 - chunk, k - 1);
  }
  if (!pinned) drain((k - 1) * chunk, k - 1);
  ring->join(stream, bus, call);  // the caller's stream finishes after the last copy, and frees the slots then
}

void synchronize_stream(stream_t stream, const std::string& call) {
  check_cuda(cudaStreamSynchronize(stream), call, "cudaStreamSynchronize");
}

}  // namespace coalesce::detail

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Host <-> device record transfers with the layout change on the GPU. The structs cross the bus as
// the user has them, in chunks: chunk k + 1 is copied (and, from pageable memory, first staged by the
// CPU into the pinned ring) while the GPU rearranges chunk k into its place in the destination layout.
// On the way back the GPU builds each chunk as the user's structs; the CPU then writes only their
// fields' bytes, so the user's padding is never touched.
#include "../host_relayout.hpp"
#include "../record/record_device.hpp"
#include "pinned_ring.hpp"

#include <cuda_runtime.h>

#include <algorithm>
#include <numeric>

namespace coalesce::detail {
namespace {

// Records per chunk: about chunk_bytes, a multiple of 16 records and of the device side's bd. Every
// chunk then starts where the kernels want a range to: 16-byte aligned runs (record_stage.cuh's tiles
// are multiples of 16 records), at a block's first lane (tiles of whole blocks) or at a multiple of
// any tile that divides bd.
std::size_t chunk_records(const record_layout& device, std::size_t stride) {
  const std::size_t unit = std::lcm<std::size_t>(16, device.block ? device.block : 1);
  return std::max<std::size_t>(1, chunk_bytes / stride / unit) * unit;
}

}  // namespace

void upload_records(const void* host, const record_desc& desc, const record_layout& user, void* dst,
                    const record_layout& dl, const void* fill, pinned_ring* ring, stream_t stream,
                    const std::string& call) {
  const std::size_t n = user.n, stride = desc.stride();
  if (n == 0) return;
  const std::size_t chunk = std::min(n, chunk_records(dl, stride));
  const record_layout slot_layout = resolve_record_layout(desc, chunk, record_aos(), call);
  const record_move move = plan_record_move(desc, slot_layout, dl, fill, false);
  const bool pinned = is_pinned(host);
  if (!pinned) require_not_capturing(stream, call);
  const std::unique_lock<std::mutex> held = ring->lock();
  ring->reserve(pinned ? 0 : chunk * stride, call);
  const cudaStream_t bus = ring->copy_stream();
  // Chunk k crosses on the copy stream into device slot k % 2 while the caller's stream rearranges chunk k - 1.
  stream_buffer slot_memory[2] = {{chunk * stride, stream, call}, {chunk * stride, stream, call}};
  const bus_fence fence{bus};
  ring->join(bus, stream, call);
  const auto* source = static_cast<const unsigned char*>(host);
  for (std::size_t v0 = 0, k = 0; v0 < n; v0 += chunk, ++k) {
    const int s = int(k % pinned_ring::slots);
    const std::size_t count = std::min(chunk, n - v0), bytes = count * stride;
    check_cuda(cudaStreamWaitEvent(bus, ring->kernel_done(s), 0), call, "cudaStreamWaitEvent");
    const unsigned char* from = source + v0 * stride;
    if (!pinned) {
      check_cuda(cudaEventSynchronize(ring->bus_done(s)), call, "cudaEventSynchronize");  // pinned slot s is free
      host_copy_rows(ring->buffer(s), bytes, from, bytes, bytes, 1);
      from = ring->buffer(s);
    }
    check_cuda(cudaMemcpyAsync(slot_memory[s].data(), from, bytes, cudaMemcpyHostToDevice, bus), call,
               "cudaMemcpyAsync (records, host to device)");
    check_cuda(cudaEventRecord(ring->bus_done(s), bus), call, "cudaEventRecord");
    check_cuda(cudaStreamWaitEvent(stream, ring->bus_done(s), 0), call, "cudaStreamWaitEvent");
    const bool last = v0 + count == n;
    const record_range range{count, last ? dl.extent() - v0 : count, 0, v0};
    move_records_device(slot_memory[s].data(), dst, move, range, call, stream);
    check_cuda(cudaEventRecord(ring->kernel_done(s), stream), call, "cudaEventRecord");
  }
  // Pageable memory: like cudaMemcpyAsync from pageable memory, return once the source has been read.
  if (!pinned) check_cuda(cudaStreamSynchronize(bus), call, "cudaStreamSynchronize");
}

void download_records(const void* src, const record_desc& desc, const record_layout& sl, void* host,
                      const record_layout& user, pinned_ring* ring, stream_t stream, const std::string& call) {
  const std::size_t n = sl.n, stride = desc.stride();
  if (n == 0) return;
  const std::size_t chunk = std::min(n, chunk_records(sl, stride));
  const record_layout slot_layout = resolve_record_layout(desc, chunk, record_aos(), call);
  const record_move move = plan_record_move(desc, sl, slot_layout, nullptr, false);
  // Structs with padding are merged field by field on the host; others cross straight into place when pinned.
  const bool direct = is_pinned(host) && !desc.has_padding();
  if (!direct) require_not_capturing(stream, call);
  const record_move merge = plan_record_move(desc, slot_layout, user, nullptr, true);
  const std::unique_lock<std::mutex> held = ring->lock();
  ring->reserve(direct ? 0 : chunk * stride, call);
  const cudaStream_t bus = ring->copy_stream();
  stream_buffer slot_memory[2] = {{chunk * stride, stream, call}, {chunk * stride, stream, call}};
  const bus_fence fence{bus};
  auto* target = static_cast<unsigned char*>(host);
  // The CPU empties pinned slot k - 1 into the user's structs while chunk k crosses.
  auto drain = [&](std::size_t v0, std::size_t k) {
    const int s = int(k % pinned_ring::slots);
    check_cuda(cudaEventSynchronize(ring->bus_done(s)), call, "cudaEventSynchronize");
    const std::size_t count = std::min(chunk, n - v0);
    if (desc.has_padding()) {
      move_records_host(ring->buffer(s), target, merge, {count, count, 0, v0});
    } else {
      host_copy_rows(target + v0 * stride, count * stride, ring->buffer(s), count * stride, count * stride, 1);
    }
  };
  std::size_t k = 0;
  for (std::size_t v0 = 0; v0 < n; v0 += chunk, ++k) {
    const int s = int(k % pinned_ring::slots);
    const std::size_t count = std::min(chunk, n - v0);
    check_cuda(cudaStreamWaitEvent(stream, ring->bus_done(s), 0), call, "cudaStreamWaitEvent");  // slot s was read
    move_records_device(src, slot_memory[s].data(), move, {count, count, v0, 0}, call, stream);
    check_cuda(cudaEventRecord(ring->kernel_done(s), stream), call, "cudaEventRecord");
    check_cuda(cudaStreamWaitEvent(bus, ring->kernel_done(s), 0), call, "cudaStreamWaitEvent");
    void* to = direct ? static_cast<void*>(target + v0 * stride) : static_cast<void*>(ring->buffer(s));
    check_cuda(cudaMemcpyAsync(to, slot_memory[s].data(), count * stride, cudaMemcpyDeviceToHost, bus), call,
               "cudaMemcpyAsync (records, device to host)");
    check_cuda(cudaEventRecord(ring->bus_done(s), bus), call, "cudaEventRecord");
    if (!direct && k > 0) drain(v0 - chunk, k - 1);
  }
  if (!direct) drain((k - 1) * chunk, k - 1);
  ring->join(stream, bus, call);  // the caller's stream finishes after the last copy, and frees the slots then
}

}  // namespace coalesce::detail

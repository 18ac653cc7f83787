// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Host <-> device transfers with the layout change on the GPU. The vectors cross the bus in chunks:
// chunk k+1 is copied (and, from pageable memory, first staged by the CPU into a pinned ring) while
// the GPU rearranges chunk k into its place in the destination layout.
#include "../device_api.hpp"
#include "../host_relayout.hpp"
#include "copy_rows.hpp"
#include "cuda_check.hpp"

#include <cuda_runtime.h>

#include <algorithm>
#include <mutex>

namespace coalesce::detail {

// Two pinned host buffers and the events that say when the bus is done with each.
class pinned_ring {
 public:
  static constexpr int slots = 2;

  ~pinned_ring() {
    for (int s = 0; s < slots; ++s) {
      if (buffer_[s]) cudaFreeHost(buffer_[s]);
      if (event_[s]) cudaEventDestroy(event_[s]);
    }
  }
  // Holds the ring for one transfer: the slots are reused across calls, not shared between them.
  std::unique_lock<std::mutex> lock() { return std::unique_lock<std::mutex>(mutex_); }
  void reserve(std::size_t bytes, const std::string& call) {
    for (int s = 0; s < slots; ++s) {
      if (!event_[s]) check_cuda(cudaEventCreateWithFlags(&event_[s], cudaEventDisableTiming), call, "cudaEventCreate");
      if (bytes_ >= bytes) continue;
      if (buffer_[s]) check_cuda(cudaFreeHost(buffer_[s]), call, "cudaFreeHost");
      buffer_[s] = nullptr;
      check_cuda(cudaMallocHost(&buffer_[s], bytes), call, "cudaMallocHost(" + std::to_string(bytes) + " bytes)");
    }
    bytes_ = std::max(bytes_, bytes);
  }
  unsigned char* buffer(int s) const { return static_cast<unsigned char*>(buffer_[s]); }
  cudaEvent_t event(int s) const { return event_[s]; }

 private:
  std::mutex mutex_;
  void* buffer_[slots] = {nullptr, nullptr};
  cudaEvent_t event_[slots] = {nullptr, nullptr};
  std::size_t bytes_ = 0;
};

std::shared_ptr<pinned_ring> make_pinned_ring() { return std::make_shared<pinned_ring>(); }

namespace {

// Bytes of one chunk: large enough that a copy dwarfs its launch and event costs, small enough that
// the first chunk's latency is short.
constexpr std::size_t chunk_bytes = std::size_t(16) << 20;

bool is_pinned(const void* p) {
  cudaPointerAttributes attr{};
  if (cudaPointerGetAttributes(&attr, p) != cudaSuccess) {
    cudaGetLastError();
    return false;
  }
  return attr.type == cudaMemoryTypeHost;
}

// A device buffer ordered on the stream (cudaMallocAsync): freed when the stream gets there.
class stream_buffer {
 public:
  stream_buffer(std::size_t bytes, cudaStream_t stream, const std::string& call) : stream_(stream) {
    check_cuda(cudaMallocAsync(&data_, bytes, stream), call, "cudaMallocAsync(" + std::to_string(bytes) + " bytes)");
  }
  ~stream_buffer() { cudaFreeAsync(data_, stream_); }
  stream_buffer(const stream_buffer&) = delete;
  stream_buffer& operator=(const stream_buffer&) = delete;
  void* data() const { return data_; }

 private:
  void* data_ = nullptr;
  cudaStream_t stream_;
};

// The data of a layout between any two memories (the padding of row_major and col_major is skipped).
void copy_layout(void* dst, const void* src, const array_layout& l, std::size_t elem, cudaStream_t stream,
                 const std::string& call) {
  switch (l.kind) {
    case layout_kind::row_major:
      copy_rows_async(dst, l.pitch * elem, src, l.pitch * elem, l.m * elem, l.n, stream, call);
      return;
    case layout_kind::col_major:
      copy_rows_async(dst, l.pitch * elem, src, l.pitch * elem, l.n * elem, l.m, stream, call);
      return;
    case layout_kind::blocked: break;
  }
  copy_rows_async(dst, 0, src, 0, l.span() * elem, 1, stream, call);
}

// Pageable memory is staged through the ring with host waits, which a stream that is capturing a
// graph cannot do: say so before anything is queued.
void require_not_capturing(cudaStream_t stream, const std::string& call) {
  cudaStreamCaptureStatus status = cudaStreamCaptureStatusNone;
  check_cuda(cudaStreamIsCapturing(stream, &status), call, "cudaStreamIsCapturing");
  if (status != cudaStreamCaptureStatusNone)
    fail(errc::invalid_argument, call,
         "the stream is capturing a graph, and pageable host memory cannot be staged there (use pinned memory)");
}

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
      // Rows to rows: the copy itself changes the pitch.
      copy_rows_async(dst, dl.pitch * elem, host, sl.pitch * elem, sl.m * elem, sl.n, stream, call);
      return;
    }
    // Any other source: it crosses the bus as it is, then the GPU rearranges it.
    stream_buffer staging(validate(sl, elem, call), stream, call);
    copy_layout(staging.data(), host, sl, elem, stream, call);
    relayout_device(staging.data(), sl, dst, dl, elem, fill, call, stream);
    return;
  }
  const std::size_t row_bytes = sl.m * elem, chunk = chunk_vectors(plan, sl.m, elem);
  const std::size_t padded = dl.kind == layout_kind::blocked && fill ? round_up(dl.n, dl.block) : dl.n;
  const bool pinned = is_pinned(host);
  // Pinned rows cross the bus as they lie, user pitch and all (one copy); pageable rows are packed
  // by the CPU into the ring on their way.
  const array_layout chunk_layout{layout_kind::row_major, chunk, sl.m, pinned ? sl.pitch : sl.m, 0};
  std::unique_lock<std::mutex> held;
  if (!pinned) {
    require_not_capturing(stream, call);
    held = ring->lock();
    ring->reserve(chunk * row_bytes, call);
  }
  stream_buffer device_chunk(chunk * chunk_layout.pitch * elem, stream, call);
  const auto* source = static_cast<const unsigned char*>(host);
  for (std::size_t v0 = 0, k = 0; v0 < sl.n; v0 += chunk, ++k) {
    const std::size_t count = std::min(chunk, sl.n - v0);
    const unsigned char* rows = source + v0 * sl.pitch * elem;
    if (pinned) {
      copy_rows_async(device_chunk.data(), 0, rows, 0, ((count - 1) * sl.pitch + sl.m) * elem, 1, stream, call);
    } else {
      const int s = int(k % pinned_ring::slots);
      check_cuda(cudaEventSynchronize(ring->event(s)), call, "cudaEventSynchronize");  // the bus is done with slot s
      host_copy_rows(ring->buffer(s), row_bytes, rows, sl.pitch * elem, row_bytes, count);
      check_cuda(cudaMemcpyAsync(device_chunk.data(), ring->buffer(s), count * row_bytes, cudaMemcpyHostToDevice, stream),
                 call, "cudaMemcpyAsync (chunk, host to device)");
      check_cuda(cudaEventRecord(ring->event(s), stream), call, "cudaEventRecord");
    }
    const bool last = v0 + count == sl.n;
    const tile_range range{count, last ? padded - v0 : count, 0, v0};
    relayout_device_range(device_chunk.data(), chunk_layout, dst, dl, elem, fill, plan, range, call, stream);
  }
  // Pageable memory: like cudaMemcpyAsync from pageable memory, return once the ring is free again.
  if (!pinned) check_cuda(cudaStreamSynchronize(stream), call, "cudaStreamSynchronize");
}

void download_to_host(const void* src, const array_layout& sl, void* host, const array_layout& dl, std::size_t elem,
                      pinned_ring* ring, stream_t stream, const std::string& call) {
  if (sl.n == 0) return;
  const relayout_plan plan = plan_relayout(sl, packed_rows(sl.n, sl.m), elem);
  if (dl.kind != layout_kind::row_major || sl.kind == layout_kind::row_major || plan.method != relayout_method::tiled) {
    if (sl.kind == layout_kind::row_major && dl.kind == layout_kind::row_major) {
      copy_rows_async(host, dl.pitch * elem, src, sl.pitch * elem, sl.m * elem, sl.n, stream, call);
      return;
    }
    // The GPU rearranges into the destination's layout, then it crosses the bus.
    stream_buffer staging(validate(dl, elem, call), stream, call);
    relayout_device(src, sl, staging.data(), dl, elem, nullptr, call, stream);
    copy_layout(host, staging.data(), dl, elem, stream, call);
    return;
  }
  const std::size_t row_bytes = sl.m * elem, chunk = chunk_vectors(plan, sl.m, elem);
  const array_layout chunk_layout = packed_rows(chunk, sl.m);
  const bool pinned = is_pinned(host);
  std::unique_lock<std::mutex> held;
  if (!pinned) {
    require_not_capturing(stream, call);
    held = ring->lock();
    ring->reserve(chunk * row_bytes, call);
  }
  stream_buffer device_chunk(chunk * row_bytes, stream, call);
  auto* target = static_cast<unsigned char*>(host);
  // Pageable memory: the CPU empties slot k-1 into the user's rows while chunk k crosses the bus.
  auto drain = [&](std::size_t v0, std::size_t k) {
    const int s = int(k % pinned_ring::slots);
    check_cuda(cudaEventSynchronize(ring->event(s)), call, "cudaEventSynchronize");
    host_copy_rows(target + v0 * dl.pitch * elem, dl.pitch * elem, ring->buffer(s), row_bytes, row_bytes,
                   std::min(chunk, sl.n - v0));
  };
  std::size_t k = 0;
  for (std::size_t v0 = 0; v0 < sl.n; v0 += chunk, ++k) {
    const std::size_t count = std::min(chunk, sl.n - v0);
    relayout_device_range(src, sl, device_chunk.data(), chunk_layout, elem, nullptr, plan,
                          tile_range{count, count, v0, 0}, call, stream);
    unsigned char* rows = target + v0 * dl.pitch * elem;
    if (pinned) {
      copy_rows_async(rows, dl.pitch * elem, device_chunk.data(), row_bytes, row_bytes, count, stream, call);
      continue;
    }
    const int s = int(k % pinned_ring::slots);
    check_cuda(cudaMemcpyAsync(ring->buffer(s), device_chunk.data(), count * row_bytes, cudaMemcpyDeviceToHost, stream),
               call, "cudaMemcpyAsync (chunk, device to host)");
    check_cuda(cudaEventRecord(ring->event(s), stream), call, "cudaEventRecord");
    if (k > 0) drain(v0 - chunk, k - 1);
  }
  if (!pinned) drain((k - 1) * chunk, k - 1);
}

void synchronize_stream(stream_t stream, const std::string& call) {
  check_cuda(cudaStreamSynchronize(stream), call, "cudaStreamSynchronize");
}

}  // namespace coalesce::detail

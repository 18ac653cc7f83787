// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// What the chunked host <-> device pipelines share: the pinned ring, stream-ordered device buffers,
// and the guards that keep an error midway from freeing memory the copy engine still uses.

#include "../device_api.hpp"
#include "cuda_check.hpp"

#include <cuda_runtime.h>

#include <algorithm>
#include <exception>
#include <mutex>
#include <string>

namespace coalesce::detail {

// What chunked transfers reuse across calls: a copy stream beside the caller's, two pinned host
// buffers (for pageable memory), and per slot the events that order the bus and the kernels:
// bus_done[s] (the copy engine is done with slot s) and kernel_done[s] (the kernel is done with it).
class pinned_ring {
 public:
  static constexpr int slots = 2;

  ~pinned_ring() {
    for (int s = 0; s < slots; ++s) {
      if (buffer_[s]) cudaFreeHost(buffer_[s]);
      if (bus_done_[s]) cudaEventDestroy(bus_done_[s]);
      if (kernel_done_[s]) cudaEventDestroy(kernel_done_[s]);
    }
    if (joined_) cudaEventDestroy(joined_);
    if (copy_stream_) cudaStreamDestroy(copy_stream_);
  }
  // Holds the ring for one transfer: the slots are reused across calls, not shared between them.
  std::unique_lock<std::mutex> lock() { return std::unique_lock<std::mutex>(mutex_); }
  // Creates the stream and events once; grows the pinned buffers to `pinned_bytes` (0: none needed).
  void reserve(std::size_t pinned_bytes, const std::string& call) {
    auto event = [&](cudaEvent_t& e) {
      if (!e) check_cuda(cudaEventCreateWithFlags(&e, cudaEventDisableTiming), call, "cudaEventCreate");
    };
    if (!copy_stream_)
      check_cuda(cudaStreamCreateWithFlags(&copy_stream_, cudaStreamNonBlocking), call, "cudaStreamCreate");
    event(joined_);
    for (int s = 0; s < slots; ++s) {
      event(bus_done_[s]);
      event(kernel_done_[s]);
      if (bytes_ >= pinned_bytes) continue;
      if (buffer_[s]) check_cuda(cudaFreeHost(buffer_[s]), call, "cudaFreeHost");
      buffer_[s] = nullptr;
      check_cuda(cudaMallocHost(&buffer_[s], pinned_bytes), call,
                 "cudaMallocHost(" + std::to_string(pinned_bytes) + " bytes)");
    }
    bytes_ = std::max(bytes_, pinned_bytes);
  }
  unsigned char* buffer(int s) const { return static_cast<unsigned char*>(buffer_[s]); }
  cudaStream_t copy_stream() const { return copy_stream_; }
  cudaEvent_t bus_done(int s) const { return bus_done_[s]; }
  cudaEvent_t kernel_done(int s) const { return kernel_done_[s]; }
  // `waiter` waits for everything queued on `from` so far.
  void join(cudaStream_t waiter, cudaStream_t from, const std::string& call) {
    check_cuda(cudaEventRecord(joined_, from), call, "cudaEventRecord");
    check_cuda(cudaStreamWaitEvent(waiter, joined_, 0), call, "cudaStreamWaitEvent");
  }

 private:
  std::mutex mutex_;
  cudaStream_t copy_stream_ = nullptr;
  void* buffer_[slots] = {nullptr, nullptr};
  cudaEvent_t bus_done_[slots] = {nullptr, nullptr};
  cudaEvent_t kernel_done_[slots] = {nullptr, nullptr};
  cudaEvent_t joined_ = nullptr;
  std::size_t bytes_ = 0;
};

// Bytes of one chunk: large enough that a copy dwarfs its launch and event costs, small enough that
// the first chunk's latency is short.
inline constexpr std::size_t chunk_bytes = std::size_t(16) << 20;

inline bool is_pinned(const void* p) {
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

// On an error midway, waits for the copy stream before the slots it may still be using are freed.
struct bus_fence {
  cudaStream_t bus;
  ~bus_fence() {
    if (std::uncaught_exceptions() > 0) cudaStreamSynchronize(bus);
  }
};

// Pageable memory is staged through the ring with host waits, which a stream that is capturing a
// graph cannot do: say so before anything is queued.
inline void require_not_capturing(cudaStream_t stream, const std::string& call) {
  cudaStreamCaptureStatus status = cudaStreamCaptureStatusNone;
  check_cuda(cudaStreamIsCapturing(stream, &status), call, "cudaStreamIsCapturing");
  if (status != cudaStreamCaptureStatusNone)
    fail(errc::invalid_argument, call,
         "the stream is capturing a graph, and pageable host memory cannot be staged there (use pinned memory)");
}

}  // namespace coalesce::detail

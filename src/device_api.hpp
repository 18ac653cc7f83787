// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The CUDA side of the runtime, behind plain C++ declarations: src/cuda/*.cu implements it, and
// src/no_cuda.cpp when the library is built without CUDA (each call then throws no_device).

#include <coalesce/layout/spec.hpp>

#include "relayout_plan.hpp"

#include <cstddef>
#include <memory>
#include <string>

// cudaStream_t without the CUDA headers (cudaStream_t is CUstream_st*); nullptr is the default stream.
using stream_t = struct CUstream_st*;

namespace coalesce::detail {

int device_count() noexcept;  // 0 without CUDA, without a device, or when the driver fails
void use_device(int device, const std::string& call);

// Makes `device` current for one runtime call and gives the thread its own device back after. The
// current device is a per-thread setting: without this, a runtime built for device 1 would allocate
// and launch on device 0 from any thread that never chose a device. device < 0 (host) does nothing.
class device_scope {
 public:
  device_scope(int device, const std::string& call);
  ~device_scope();
  device_scope(const device_scope&) = delete;
  device_scope& operator=(const device_scope&) = delete;

 private:
  int restore_ = -1;  // the thread's device, when it differed
};
std::string device_description(int device);

void* device_malloc(std::size_t bytes, const std::string& call);
// Rows of width_bytes, each aligned; *pitch_bytes receives the row pitch.
void* device_malloc_pitch(std::size_t width_bytes, std::size_t height, std::size_t* pitch_bytes,
                          const std::string& call);
void device_free(void* p) noexcept;

// True when p is device (or managed) memory that kernels can read; false for host memory.
bool is_device_pointer(const void* p);
// True when p is device memory the host cannot read (cudaMemoryTypeDevice).
bool is_device_only_pointer(const void* p);

// Device to device: every element of src into dst's layout, by the route the table chooses
// (move_routes.hpp).
// Padding of a blocked dst gets *fill, or is left alone when fill is null; pitch gaps are never
// written. elem is the element size (1, 2, 4, 8 or 16 bytes). Asynchronous on `stream`.
void relayout_device(const void* src, const array_layout& src_layout, void* dst, const array_layout& dst_layout,
                     std::size_t elem, const void* fill, const std::string& call, stream_t stream = nullptr);

// A range of vectors with a given plan (what the chunked pipelines use): the tiled kernel, or for any
// other plan the element kernel.
void relayout_device_range(const void* src, const array_layout& src_layout, void* dst, const array_layout& dst_layout,
                           std::size_t elem, const void* fill, const relayout_plan& plan, const tile_range& range,
                           const std::string& call, stream_t stream = nullptr);

// Pinned host staging reused across transfers (cudaMallocHost is too slow to call per transfer).
class pinned_ring;
std::shared_ptr<pinned_ring> make_pinned_ring();  // null without CUDA

// Host vectors (layout sl, any memory the host can read) into device layout dl, in chunks that
// overlap the bus with the GPU's rearranging. Asynchronous on `stream` for pinned memory; from
// pageable memory it returns once the source has been read (as cudaMemcpyAsync does).
void upload_to_device(const void* host, const array_layout& sl, void* dst, const array_layout& dl, std::size_t elem,
                      const void* fill, pinned_ring* ring, stream_t stream, const std::string& call);
// Device layout sl into host layout dl (dl's padding untouched); the same chunking in reverse.
void download_to_host(const void* src, const array_layout& sl, void* host, const array_layout& dl, std::size_t elem,
                      pinned_ring* ring, stream_t stream, const std::string& call);

void synchronize(const std::string& call);
void synchronize_stream(stream_t stream, const std::string& call);

}  // namespace coalesce::detail

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The CUDA calls of the MPI layer (staging_cuda.cpp; staging_none.cpp without CUDA): pinned host
// buffers and the copies between them and device wire buffers.

#include <cstddef>
#include <string>

namespace coalesce::mpi::detail {

// Host memory for MPI to read and write: pinned (cudaMallocHost) when `pinned`, else plain.
class host_buffer {
 public:
  host_buffer() noexcept = default;
  host_buffer(std::size_t bytes, bool pinned, const std::string& call);
  host_buffer(host_buffer&& o) noexcept { swap(o); }
  host_buffer& operator=(host_buffer&& o) noexcept {
    host_buffer(static_cast<host_buffer&&>(o)).swap(*this);
    return *this;
  }
  ~host_buffer();
  void* data() const noexcept { return data_; }
  std::size_t bytes() const noexcept { return bytes_; }

 private:
  void swap(host_buffer& o) noexcept;
  void* data_ = nullptr;
  std::size_t bytes_ = 0;
  bool pinned_ = false;
};

// Synchronous copies on the legacy default stream (after the work enqueued there, e.g. a pack).
void copy_to_host(void* host, const void* device, std::size_t bytes, const std::string& call);
void copy_to_device(void* device, const void* host, std::size_t bytes, const std::string& call);
void synchronize_device(const std::string& call);

}  // namespace coalesce::mpi::detail

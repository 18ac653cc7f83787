// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// RAII memory: aligned host memory or CUDA device memory, move-only. A failed allocation throws
// out_of_memory and leaves nothing allocated.

#include <coalesce/core/descriptor.hpp>

#include <cstddef>
#include <string>
#include <utility>

namespace coalesce {

class buffer {
 public:
  // Host memory is aligned to this many bytes, and host pitched rows are padded to a multiple of it.
  static constexpr std::size_t host_alignment = 256;

  buffer() noexcept = default;
  // `bytes` of host memory or device memory (cudaMalloc). 0 bytes allocate nothing.
  static buffer allocate(memory_space space, std::size_t bytes, const std::string& call);
  // `height` rows of `width_bytes`, each starting aligned: cudaMallocPitch on the device, rows padded to
  // host_alignment on the host. pitch_bytes() is the distance between rows.
  static buffer allocate_pitched(memory_space space, std::size_t width_bytes, std::size_t height,
                                 const std::string& call);

  buffer(buffer&& o) noexcept { swap(o); }
  buffer& operator=(buffer&& o) noexcept {
    buffer(std::move(o)).swap(*this);
    return *this;
  }
  buffer(const buffer&) = delete;
  buffer& operator=(const buffer&) = delete;
  ~buffer() { release(); }

  void* data() const noexcept { return data_; }
  std::size_t bytes() const noexcept { return bytes_; }
  std::size_t pitch_bytes() const noexcept { return pitch_; }
  memory_space space() const noexcept { return space_; }

 private:
  buffer(void* data, std::size_t bytes, std::size_t pitch, memory_space space) noexcept
      : data_(data), bytes_(bytes), pitch_(pitch), space_(space) {}
  void release() noexcept;
  void swap(buffer& o) noexcept {
    std::swap(data_, o.data_);
    std::swap(bytes_, o.bytes_);
    std::swap(pitch_, o.pitch_);
    std::swap(space_, o.space_);
  }

  void* data_ = nullptr;
  std::size_t bytes_ = 0;
  std::size_t pitch_ = 0;
  memory_space space_ = memory_space::host;
};

}  // namespace coalesce

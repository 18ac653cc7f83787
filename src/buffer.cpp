// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include <coalesce/core/buffer.hpp>
#include <coalesce/core/math.hpp>

#include "device_api.hpp"

#include <cstdlib>
#include <string>

namespace coalesce {
namespace {

void* host_malloc(std::size_t bytes, const std::string& call) {
  const std::size_t rounded = checked_add(bytes, buffer::host_alignment - 1, call, "allocation") /
                              buffer::host_alignment * buffer::host_alignment;
  void* p = std::aligned_alloc(buffer::host_alignment, rounded);
  if (p == nullptr) fail(errc::out_of_memory, call, "host allocation of " + std::to_string(bytes) + " bytes failed");
  return p;
}

}  // namespace

buffer buffer::allocate(memory_space space, std::size_t bytes, const std::string& call) {
  if (bytes == 0) return buffer(nullptr, 0, 0, space);
  void* p = space == memory_space::host ? host_malloc(bytes, call) : detail::device_malloc(bytes, call);
  return buffer(p, bytes, 0, space);
}

buffer buffer::allocate_pitched(memory_space space, std::size_t width_bytes, std::size_t height,
                                const std::string& call) {
  if (width_bytes == 0 || height == 0) return buffer(nullptr, 0, width_bytes, space);
  if (space == memory_space::device) {
    std::size_t pitch = 0;
    void* p = detail::device_malloc_pitch(width_bytes, height, &pitch, call);
    return buffer(p, pitch * height, pitch, space);
  }
  const std::size_t pitch =
      checked_add(width_bytes, host_alignment - 1, call, "row bytes") / host_alignment * host_alignment;
  const std::size_t bytes = checked_mul(pitch, height, call, "pitch * rows");
  return buffer(host_malloc(bytes, call), bytes, pitch, space);
}

void buffer::release() noexcept {
  if (data_ == nullptr) return;
  if (space_ == memory_space::host) {
    std::free(data_);
  } else {
    detail::device_free(data_);
  }
  data_ = nullptr;
}

}  // namespace coalesce

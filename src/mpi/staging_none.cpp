// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The MPI layer without CUDA: plain host buffers; the device copies are unreachable (no runtime
// reports the CUDA backend) and loud if reached.
#include "staging.hpp"

#include <coalesce/core/error.hpp>

#include <cstdlib>
#include <utility>

namespace coalesce::mpi::detail {

host_buffer::host_buffer(std::size_t bytes, bool, const std::string& call) : bytes_(bytes) {
  if (bytes > 0 && (data_ = std::malloc(bytes)) == nullptr)
    fail(errc::out_of_memory, call, "malloc(" + std::to_string(bytes) + " bytes)");
}
host_buffer::~host_buffer() { std::free(data_); }
void host_buffer::swap(host_buffer& o) noexcept {
  std::swap(data_, o.data_);
  std::swap(bytes_, o.bytes_);
  std::swap(pinned_, o.pinned_);
}

void copy_to_host(void*, const void*, std::size_t, const std::string& call) {
  fail(errc::no_device, call, "coalesce was built without CUDA");
}
void copy_to_device(void*, const void*, std::size_t, const std::string& call) {
  fail(errc::no_device, call, "coalesce was built without CUDA");
}
void synchronize_device(const std::string&) {}

}  // namespace coalesce::mpi::detail

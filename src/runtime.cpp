// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include <coalesce/build_config.hpp>
#include <coalesce/runtime/runtime.hpp>

#include "device_api.hpp"
#include "host_relayout.hpp"

#include <sstream>
#include <string>

#if COALESCE_WITH_OPENMP
#include <omp.h>
#endif

namespace coalesce {
namespace {

std::string host_description() {
#if COALESCE_WITH_OPENMP
  return "host: OpenMP, " + std::to_string(omp_get_max_threads()) + " threads";
#else
  return "host: serial (built without OpenMP)";
#endif
}

std::string pointer_text(const void* p) {
  std::ostringstream os;
  os << p;
  return os.str();
}

}  // namespace

runtime::runtime() : runtime(detail::device_count() > 0 ? backend::cuda : backend::host) {}

runtime::runtime(backend which, int device) : backend_(which) {
  if (which == backend::host) {
    description_ = host_description();
    return;
  }
  if (!COALESCE_WITH_CUDA) fail(errc::no_device, "runtime", "backend::cuda requested, but coalesce was built without CUDA");
  const int count = detail::device_count();
  if (device < 0 || device >= count)
    fail(errc::no_device, "runtime",
         "CUDA device " + std::to_string(device) + " requested, but " + std::to_string(count) + " present");
  detail::use_device(device, "runtime");
  device_ = device;
  description_ = "cuda: " + detail::device_description(device) + ", device " + std::to_string(device);
  ring_ = detail::make_pinned_ring();
}

bool runtime::cuda_available() noexcept { return detail::device_count() > 0; }

// Every call that touches the device runs under a device_scope of device_, so that any thread may
// use the runtime (device_ is -1 on the host backend: no CUDA call at all).
void runtime::synchronize() const {
  if (backend_ != backend::cuda) return;
  const detail::device_scope on(device_, "synchronize");
  detail::synchronize("synchronize");
}

buffer runtime::allocate_raw(std::size_t n, std::size_t m, layout_spec spec, std::size_t elem, const std::string& call,
                             array_layout& layout) const {
  array_layout l{spec.kind, n, m, spec.kind == layout_kind::col_major ? n : m, spec.block};
  const std::size_t bytes = validate(l, elem, call);
  const detail::device_scope on(device_, call);
  if (spec.pitched && spec.kind != layout_kind::blocked && n > 0) {
    const bool rows = spec.kind == layout_kind::row_major;
    buffer memory = buffer::allocate_pitched(space(), (rows ? m : n) * elem, rows ? n : m, call);
    l.pitch = memory.pitch_bytes() / elem;
    layout = l;
    return memory;
  }
  buffer memory = buffer::allocate(space(), bytes, call);
  layout = l;
  return memory;
}

void runtime::check_source(const raw_vectors& v, const std::string& call) const {
  validate(user_layout(v), v.elem, call);
  check_memory(v.data, v.n, v.space, call);
}

void runtime::check_memory(const void* data, std::size_t n, memory_space space, const std::string& call) const {
  if (data == nullptr && n > 0) fail(errc::invalid_argument, call, "data = nullptr with n = " + std::to_string(n));
  if (data == nullptr) return;
  if (space == memory_space::device) {
    if (backend_ == backend::host)
      fail(errc::wrong_memory_space, call,
           "device pointer " + pointer_text(data) + " given to the host backend, which cannot read device memory");
    if (!detail::is_device_pointer(data))
      fail(errc::wrong_memory_space, call,
           "pointer " + pointer_text(data) + " is host memory, but the descriptor says device memory");
  } else if (COALESCE_WITH_CUDA && detail::is_device_only_pointer(data)) {
    fail(errc::wrong_memory_space, call,
         "pointer " + pointer_text(data) + " is device memory, but the descriptor says host memory");
  }
}

void runtime::copy_raw(const void* src, const array_layout& sl, memory_space ss, void* dst, const array_layout& dl,
                       memory_space ds, std::size_t elem, const void* fill, const std::string& call, stream_t stream,
                       bool wait) const {
  if (sl.n != dl.n || sl.m != dl.m)
    fail(errc::size_mismatch, call,
         "source holds n = " + std::to_string(sl.n) + ", m = " + std::to_string(sl.m) + " but destination n = " +
             std::to_string(dl.n) + ", m = " + std::to_string(dl.m));
  if (sl.n == 0) return;
  const bool host_only = ss == memory_space::host && ds == memory_space::host;
  if (backend_ == backend::host && !host_only)
    fail(errc::wrong_memory_space, call, "the host backend cannot move device memory");
  if (host_only) {
    detail::relayout_host(src, sl, dst, dl, elem, fill, call);
    return;
  }
  const detail::device_scope on(device_, call);
  if (ss == memory_space::device && ds == memory_space::device) {
    detail::relayout_device(src, sl, dst, dl, elem, fill, call, stream);
  } else if (ss == memory_space::host) {
    detail::upload_to_device(src, sl, dst, dl, elem, fill, ring_.get(), stream, call);
  } else {
    detail::download_to_host(src, sl, dst, dl, elem, ring_.get(), stream, call);
  }
  if (wait) detail::synchronize_stream(stream, call);
}

void runtime::download_raw(const void* src, const array_layout& sl, memory_space ss, const raw_vectors& dst,
                           const std::string& call, stream_t stream, bool wait) const {
  check_source(dst, call);
  copy_raw(src, sl, ss, const_cast<void*>(dst.data), user_layout(dst), dst.space, dst.elem, nullptr, call, stream,
           wait);
}

}  // namespace coalesce

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The runtime's record calls: validation, then the host loops or the CUDA moves.
#include <coalesce/build_config.hpp>
#include <coalesce/runtime/runtime.hpp>

#include "record_device.hpp"
#include "record_move.hpp"

#include <cstdint>
#include <cstring>
#include <string>

namespace coalesce {
namespace {

// The user's structs: their own offsets and stride.
record_layout user_records(const record_desc& desc, std::size_t n, const std::string& call) {
  return resolve_record_layout(desc, n, record_aos(), call);
}

// The user's structs must lie where their fields are aligned (any real array of them does).
void require_aligned(const void* data, const record_desc& desc, const std::string& call) {
  if (reinterpret_cast<std::uintptr_t>(data) % desc.alignment() != 0)
    fail(errc::invalid_argument, call,
         "the structs' pointer is not aligned to " + std::to_string(desc.alignment()) +
             " bytes, the width of their widest field");
}

void require_same_record(const record_desc& a, const record_desc& b, const std::string& call) {
  if (a != b)
    fail(errc::invalid_argument, call, "source and destination hold different records: " + to_string(a) + " vs " +
                                           to_string(b));
}

}  // namespace

record_array runtime::allocate(const record_desc& desc, std::size_t n, const record_layout_spec& spec) const {
  const std::string call = "allocate";
  record_layout layout = resolve_record_layout(desc, n, spec, call);
  const detail::device_scope on(device_, call);
  buffer memory = buffer::allocate(space(), layout.span_bytes, call);
  if (layout.span_bytes > 0 && detail::has_row_gaps(desc, layout)) {
    if (space() == memory_space::host) {
      std::memset(memory.data(), 0, layout.span_bytes);
    } else {
      detail::zero_device(memory.data(), layout.span_bytes, call);
    }
  }
  return record_array(std::move(memory), desc, std::move(layout));
}

record_array runtime::upload(const record_set<const void>& src, const record_layout_spec& spec, const void* fill) const {
  check_memory(src.data, src.n, src.space, "upload");
  require_aligned(src.data, src.desc, "upload");
  record_array dst = allocate(src.desc, src.n, spec);
  copy_records(src.data, user_records(src.desc, src.n, "upload"), src.space, dst.data(), dst.layout(), dst.space(),
               src.desc, fill, false, "upload", nullptr, true);
  return dst;
}

void runtime::upload_async(const record_set<const void>& src, record_array& dst, stream_t stream,
                           const void* fill) const {
  const std::string call = "upload_async";
  check_memory(src.data, src.n, src.space, call);
  require_aligned(src.data, src.desc, call);
  require_same_record(src.desc, dst.desc(), call);
  copy_records(src.data, user_records(src.desc, src.n, call), src.space, dst.data(), dst.layout(), dst.space(),
               src.desc, fill, false, call, stream, false);
}

record_array runtime::relayout(const record_array& src, const record_layout_spec& spec, const void* fill) const {
  record_array dst = allocate(src.desc(), src.n(), spec);
  copy(src, dst, fill);
  return dst;
}

void runtime::copy(const record_array& src, record_array& dst, const void* fill) const {
  require_same_record(src.desc(), dst.desc(), "copy");
  copy_records(src.data(), src.layout(), src.space(), dst.data(), dst.layout(), dst.space(), src.desc(), fill, false,
               "copy", nullptr, true);
}

void runtime::copy_async(const record_array& src, record_array& dst, stream_t stream, const void* fill) const {
  require_same_record(src.desc(), dst.desc(), "copy_async");
  copy_records(src.data(), src.layout(), src.space(), dst.data(), dst.layout(), dst.space(), src.desc(), fill,
               false, "copy_async", stream, false);
}

void runtime::download(const record_array& src, const record_set<void>& dst) const {
  const std::string call = "download";
  check_memory(dst.data, dst.n, dst.space, call);
  require_aligned(dst.data, dst.desc, call);
  require_same_record(src.desc(), dst.desc, call);
  copy_records(src.data(), src.layout(), src.space(), dst.data, user_records(dst.desc, dst.n, call), dst.space,
               dst.desc, nullptr, true, call, nullptr, true);
}

void runtime::download_async(const record_array& src, const record_set<void>& dst, stream_t stream) const {
  const std::string call = "download_async";
  check_memory(dst.data, dst.n, dst.space, call);
  require_aligned(dst.data, dst.desc, call);
  require_same_record(src.desc(), dst.desc, call);
  copy_records(src.data(), src.layout(), src.space(), dst.data, user_records(dst.desc, dst.n, call), dst.space,
               dst.desc, nullptr, true, call, stream, false);
}

namespace {
route_explanation explain_records(const void* src, const record_layout& sl, const void* dst, const record_layout& dl,
                                  const record_desc& desc, bool dst_is_user) {
  if (!COALESCE_WITH_CUDA) fail(errc::no_device, "explain", "coalesce was built without CUDA: no device routes");
  const detail::record_move move = detail::plan_record_move(desc, sl, dl, nullptr, dst_is_user);
  return detail::explanation(
      detail::choose_route(detail::record_device_move(move, detail::whole(sl, dl), src, dst), true, "explain"));
}
}  // namespace

route_explanation explain(const record_desc& desc, std::size_t n, const record_layout_spec& src,
                          const record_layout_spec& dst, bool src_is_user, bool dst_is_user) {
  const record_layout sl = src_is_user ? user_records(desc, n, "explain") : resolve_record_layout(desc, n, src, "explain");
  const record_layout dl = dst_is_user ? user_records(desc, n, "explain") : resolve_record_layout(desc, n, dst, "explain");
  // Addresses as an allocation gives them: only their offsets within 16 bytes enter a plan.
  const void* at = reinterpret_cast<const void*>(std::uintptr_t(1) << 20);
  return explain_records(at, sl, at, dl, desc, dst_is_user);
}

route_explanation explain(const record_array& src, const record_array& dst) {
  require_same_record(src.desc(), dst.desc(), "explain");
  return explain_records(src.data(), src.layout(), dst.data(), dst.layout(), src.desc(), false);
}

route_explanation explain(const record_set<const void>& src, const record_array& dst) {
  require_same_record(src.desc, dst.desc(), "explain");
  return explain_records(src.data, user_records(src.desc, src.n, "explain"), dst.data(), dst.layout(), src.desc,
                         false);
}

route_explanation explain(const record_array& src, const record_set<void>& dst) {
  require_same_record(src.desc(), dst.desc, "explain");
  return explain_records(src.data(), src.layout(), dst.data, user_records(dst.desc, dst.n, "explain"), dst.desc,
                         true);
}

void runtime::copy_records(const void* src, const record_layout& sl, memory_space ss, void* dst,
                           const record_layout& dl, memory_space ds, const record_desc& desc, const void* fill,
                           bool dst_is_user, const std::string& call, stream_t stream, bool wait) const {
  if (sl.n != dl.n)
    fail(errc::size_mismatch, call,
         "source holds n = " + std::to_string(sl.n) + " records but destination n = " + std::to_string(dl.n));
  if (sl.n == 0) return;
  const bool host_only = ss == memory_space::host && ds == memory_space::host;
  if (backend_ == backend::host && !host_only)
    fail(errc::wrong_memory_space, call, "the host backend cannot move device memory");
  const detail::device_scope on(device_, call);
  if (host_only) {
    const detail::record_move move = detail::plan_record_move(desc, sl, dl, fill, dst_is_user);
    detail::move_records_host(src, dst, move, detail::whole(sl, dl));
    return;
  }
  if (ss == memory_space::device && ds == memory_space::device) {
    const detail::record_move move = detail::plan_record_move(desc, sl, dl, fill, dst_is_user);
    detail::move_records_device(src, dst, move, detail::whole(sl, dl), call, stream);
  } else if (ss == memory_space::host) {
    detail::upload_records(src, desc, sl, dst, dl, fill, ring_.get(), stream, call);
  } else {
    detail::download_records(src, desc, sl, dst, dl, ring_.get(), stream, call);
  }
  if (wait) detail::synchronize_stream(stream, call);
}

}  // namespace coalesce

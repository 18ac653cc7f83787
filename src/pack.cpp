// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// index_list construction, the checks every pack/unpack makes before it moves anything, and the
// dispatch to the host loops or the CUDA kernels.
#include <coalesce/build_config.hpp>
#include <coalesce/runtime/pack.hpp>

#include "device_api.hpp"
#include "pack_api.hpp"

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <sstream>

namespace coalesce {
namespace {

array<std::uint32_t> to_runtime(const runtime& rt, const std::vector<std::uint32_t>& v) {
  return rt.upload(host_vectors(v.data(), v.size(), 1), aos());
}

std::string pointer_text(const void* p) {
  std::ostringstream os;
  os << p;
  return os.str();
}

}  // namespace

index_list::index_list(const runtime& rt, std::size_t n, std::vector<std::uint32_t>&& ids,
                       std::vector<std::size_t>&& offsets, int)
    : n_(n), host_(std::move(ids)) {
  if (n > max_vectors)
    fail(errc::size_overflow, "index_list", "n = " + std::to_string(n) + " exceeds 2^31 - 1 vectors");
  if (host_.size() > max_vectors)
    fail(errc::size_overflow, "index_list", std::to_string(host_.size()) + " ids exceed 2^31 - 1");
  if (offsets.empty()) offsets = {0, host_.size()};
  if (offsets.front() != 0 || offsets.back() != host_.size())
    fail(errc::invalid_argument, "index_list",
         "offsets run from " + std::to_string(offsets.front()) + " to " + std::to_string(offsets.back()) +
             "; they must run from 0 to the id count " + std::to_string(host_.size()));
  for (std::size_t g = 1; g < offsets.size(); ++g)
    if (offsets[g] < offsets[g - 1])
      fail(errc::invalid_argument, "index_list",
           "offsets[" + std::to_string(g) + "] = " + std::to_string(offsets[g]) + " < offsets[" +
               std::to_string(g - 1) + "] = " + std::to_string(offsets[g - 1]));
  offsets_ = std::move(offsets);

  // Wire positions ordered by (id, position): runs of one id are the contributions a sum adds in order.
  std::vector<std::uint32_t> order(host_.size());
  std::iota(order.begin(), order.end(), 0u);
  std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return host_[a] < host_[b]; });
  std::vector<std::uint32_t> targets, starts;
  for (std::size_t k = 0; k < order.size(); ++k) {
    if (k > 0 && host_[order[k]] == host_[order[k - 1]]) {
      if (unique_) repeated_ = host_[order[k]];
      unique_ = false;
      continue;
    }
    targets.push_back(host_[order[k]]);
    starts.push_back(std::uint32_t(k));
  }
  starts.push_back(std::uint32_t(order.size()));
  ids_ = to_runtime(rt, host_);
  if (!unique_) {
    targets_ = to_runtime(rt, targets);
    starts_ = to_runtime(rt, starts);
    positions_ = to_runtime(rt, order);
  }
}

namespace detail {
namespace {

// The checks shared by pack and unpack; returns the wire bytes the call moves.
std::size_t check_call(const runtime& rt, const pack_target& a, const index_list& ids, const void* wire,
                       std::size_t capacity, const std::string& call) {
  if (a.space != rt.space())
    fail(errc::wrong_memory_space, call,
         std::string("the array is in ") + to_string(a.space) + " memory but the runtime is the " +
             to_string(rt.kind()) + " backend");
  if (ids.space() != rt.space() && !ids.empty())
    fail(errc::wrong_memory_space, call,
         std::string("the index list was built for ") + to_string(ids.space()) + " memory, the runtime uses " +
             to_string(rt.space()));
  if (a.count() != ids.n())
    fail(errc::size_mismatch, call,
         "the array holds n = " + std::to_string(a.count()) + " vectors but the index list was built for n = " +
             std::to_string(ids.n()));
  const std::size_t vector_bytes = a.vector_bytes(), bytes = ids.wire_bytes(vector_bytes);
  if (capacity < bytes)
    fail(errc::invalid_argument, call,
         "the wire holds " + std::to_string(capacity) + " bytes, " + std::to_string(ids.size()) + " vectors of " +
             std::to_string(vector_bytes) + " bytes need " + std::to_string(bytes));
  if (bytes == 0) return 0;
  if (wire == nullptr) fail(errc::invalid_argument, call, "wire = nullptr for " + std::to_string(bytes) + " bytes");
  // Vector arrays move typed elements; records move bytes and take a wire at any address.
  if (!a.record && reinterpret_cast<std::uintptr_t>(wire) % a.elem != 0)
    fail(errc::invalid_argument, call,
         "wire " + pointer_text(wire) + " is not aligned to the " + std::to_string(a.elem) + "-byte elements");
  if (rt.kind() == backend::cuda && !is_device_pointer(wire))
    fail(errc::wrong_memory_space, call, "wire " + pointer_text(wire) + " is host memory; the CUDA backend packs into device memory");
  if (rt.kind() == backend::host && COALESCE_WITH_CUDA && is_device_only_pointer(wire))
    fail(errc::wrong_memory_space, call, "wire " + pointer_text(wire) + " is device memory; the host backend cannot write it");
  return bytes;
}

}  // namespace

void pack_raw(const runtime& rt, const pack_target& src, const index_list& ids, void* wire, std::size_t capacity,
              stream_t stream, bool wait, const std::string& call) {
  if (check_call(rt, src, ids, wire, capacity, call) == 0) return;
  const id_span span{ids.ids_.data(), ids.size()};
  if (src.record) {
    const wire_components wc = components_of(src);
    if (rt.kind() == backend::host) return pack_components_host(src.data, wc, span, wire);
    pack_components_device(src.data, wc, span, wire, stream, call);
  } else {
    if (rt.kind() == backend::host) return pack_host(src.data, src.layout, src.elem, span, wire, call);
    pack_device(src.data, src.layout, src.elem, span, wire, stream, call);
  }
  if (wait) synchronize_stream(stream, call);
}

void unpack_raw(const runtime& rt, const void* wire, std::size_t capacity, const index_list& ids,
                const pack_target& dst, unpack_mode mode, stream_t stream, bool wait, const std::string& call) {
  if (mode == unpack_mode::overwrite && !ids.unique())
    fail(errc::invalid_argument, call,
         "unpack_mode::overwrite with repeated ids (id " + std::to_string(ids.repeated()) +
             " appears more than once): which copy wins would be undefined; use unpack_mode::sum or unique ids");
  if (mode == unpack_mode::sum && dst.record)
    fail(errc::invalid_argument, call,
         "unpack_mode::sum into a record array: a record_desc gives widths, not element types, so fields cannot "
         "be added");
  if (mode == unpack_mode::sum) with_scalar(dst.kind, call, [](auto) {});  // throws for a non-arithmetic T
  if (check_call(rt, dst, ids, wire, capacity, call) == 0) return;
  if (dst.record) {
    const wire_components wc = components_of(dst);
    const id_span span{ids.ids_.data(), ids.size()};
    if (rt.kind() == backend::host) return unpack_components_host(wire, span, dst.data, wc);
    unpack_components_device(wire, span, dst.data, wc, stream, call);
    if (wait) synchronize_stream(stream, call);
    return;
  }
  const scalar_kind sum = mode == unpack_mode::sum ? dst.kind : scalar_kind::other;
  const id_span span{ids.ids_.data(), ids.size()};
  const sum_groups groups{ids.targets_.data(), ids.starts_.data(), ids.positions_.data(), ids.targets_.n()};
  const bool grouped = sum != scalar_kind::other && !ids.unique();
  if (rt.kind() == backend::host) {
    if (grouped) return unpack_sum_groups_host(wire, groups, dst.data, dst.layout, sum, call);
    return unpack_host(wire, span, dst.data, dst.layout, dst.elem, sum, call);
  }
  if (grouped)
    unpack_sum_groups_device(wire, groups, dst.data, dst.layout, sum, stream, call);
  else
    unpack_device(wire, span, dst.data, dst.layout, dst.elem, sum, stream, call);
  if (wait) synchronize_stream(stream, call);
}

}  // namespace detail
}  // namespace coalesce

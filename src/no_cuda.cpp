// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The device API of a library built without CUDA: no devices, and every device call throws no_device.
#include <coalesce/core/error.hpp>

#include "device_api.hpp"
#include "record/record_device.hpp"

namespace coalesce::detail {
namespace {
[[noreturn]] void no_cuda(const std::string& call) {
  fail(errc::no_device, call, "coalesce was built without CUDA");
}
}  // namespace

int device_count() noexcept { return 0; }
void use_device(int, const std::string& call) { no_cuda(call); }
device_scope::device_scope(int, const std::string&) {}
device_scope::~device_scope() = default;
std::string device_description(int) { return "none (built without CUDA)"; }
void* device_malloc(std::size_t, const std::string& call) { no_cuda(call); }
void* device_malloc_pitch(std::size_t, std::size_t, std::size_t*, const std::string& call) { no_cuda(call); }
void device_free(void*) noexcept {}
bool is_device_pointer(const void*) { return false; }
bool is_device_only_pointer(const void*) { return false; }
void relayout_device(const void*, const array_layout&, void*, const array_layout&, std::size_t, const void*,
                     const std::string& call, stream_t) {
  no_cuda(call);
}
void relayout_device_range(const void*, const array_layout&, void*, const array_layout&, std::size_t, const void*,
                           const relayout_plan&, const tile_range&, const std::string& call, stream_t) {
  no_cuda(call);
}
record_route_fit record_route(route_id, const record_move&, const record_range&, const void*, const void*, bool) {
  return {false, "", "coalesce was built without CUDA"};
}
const char* record_route_passed_over(route_id, const record_move&) { return ""; }
std::shared_ptr<pinned_ring> make_pinned_ring() { return nullptr; }
void upload_to_device(const void*, const array_layout&, void*, const array_layout&, std::size_t, const void*,
                      pinned_ring*, stream_t, const std::string& call) {
  no_cuda(call);
}
void download_to_host(const void*, const array_layout&, void*, const array_layout&, std::size_t, pinned_ring*,
                      stream_t, const std::string& call) {
  no_cuda(call);
}
void move_records_device(const void*, void*, const record_move&, const record_range&, const std::string& call,
                         stream_t) {
  no_cuda(call);
}
void move_records_by_route(route_id, const record_move&, const record_range&, const void*, void*,
                           const std::string& call, stream_t, bool) {
  no_cuda(call);
}
void zero_device(void*, std::size_t, const std::string& call) { no_cuda(call); }
void upload_records(const void*, const record_desc&, const record_layout&, void*, const record_layout&, const void*,
                    pinned_ring*, stream_t, const std::string& call) {
  no_cuda(call);
}
void download_records(const void*, const record_desc&, const record_layout&, void*, const record_layout&,
                      pinned_ring*, stream_t, const std::string& call) {
  no_cuda(call);
}
void synchronize(const std::string&) {}
void synchronize_stream(stream_t, const std::string&) {}

}  // namespace coalesce::detail

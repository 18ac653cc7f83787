// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// pack/unpack's device passes in a library built without CUDA: unreachable (no runtime reports the
// CUDA backend), and loud if reached.
#include "pack_api.hpp"

namespace coalesce::detail {
namespace {
[[noreturn]] void no_cuda(const std::string& call) { fail(errc::no_device, call, "coalesce was built without CUDA"); }
}  // namespace

void pack_device(const void*, const array_layout&, std::size_t, id_span, void*, stream_t, const std::string& call) {
  no_cuda(call);
}
void unpack_device(const void*, id_span, void*, const array_layout&, std::size_t, scalar_kind, stream_t,
                   const std::string& call) {
  no_cuda(call);
}
void unpack_sum_groups_device(const void*, sum_groups, void*, const array_layout&, scalar_kind, stream_t,
                              const std::string& call) {
  no_cuda(call);
}

void pack_components_device(const void*, const wire_components&, id_span, void*, stream_t, const std::string& call) {
  no_cuda(call);
}
void unpack_components_device(const void*, id_span, void*, const wire_components&, stream_t, const std::string& call) {
  no_cuda(call);
}

}  // namespace coalesce::detail

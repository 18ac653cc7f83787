// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The straightforward device transform: one thread per destination offset, in address order, so the
// writes are coalesced; reads follow the source layout. (The fast tiled kernels are a later step.)
#include "../device_api.hpp"
#include "../relayout_one.hpp"
#include "cuda_check.hpp"

#include <algorithm>

namespace coalesce::detail {
namespace {

template <class Word, class SrcMap, class DstMap>
__global__ void relayout_kernel(const Word* __restrict__ src, SrcMap src_map, Word* __restrict__ dst, DstMap dst_map,
                                std::size_t span, bool write_padding, Word fill) {
  const std::size_t stride = std::size_t(gridDim.x) * blockDim.x;
  for (std::size_t o = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x; o < span; o += stride)
    relayout_one(src, src_map, dst, dst_map, o, write_padding, fill);
}

int multiprocessors(const std::string& call) {
  int device = 0, count = 0;
  check_cuda(cudaGetDevice(&device), call, "cudaGetDevice");
  check_cuda(cudaDeviceGetAttribute(&count, cudaDevAttrMultiProcessorCount, device), call, "cudaDeviceGetAttribute");
  return count;
}

}  // namespace

void relayout_device(const void* src, const array_layout& src_layout, void* dst, const array_layout& dst_layout,
                     std::size_t elem, const void* fill, const std::string& call) {
  constexpr int threads = 256;
  const std::size_t max_blocks = std::size_t(multiprocessors(call)) * 32;
  with_word(elem, call, [&](auto word) {
    using W = decltype(word);
    const bool write_padding = fill != nullptr;
    const W fill_word = write_padding ? *static_cast<const W*>(fill) : W{};
    visit_mapping(src_layout, [&](auto src_map) {
      visit_mapping(dst_layout, [&](auto dst_map) {
        const std::size_t span = dst_map.required_span_size();
        if (span == 0) return;
        const std::size_t blocks = std::min(ceil_div(span, threads), max_blocks);
        relayout_kernel<<<unsigned(blocks), threads>>>(static_cast<const W*>(src), src_map, static_cast<W*>(dst),
                                                        dst_map, span, write_padding, fill_word);
        check_cuda(cudaGetLastError(), call, "relayout kernel launch");
      });
    });
  });
}

}  // namespace coalesce::detail

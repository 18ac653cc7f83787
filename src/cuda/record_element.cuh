// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The element kernel's code: one thread per destination element, each component at the place its
// layout gives it (component_offset), for the moves no tiled kernel takes. Component-major, records
// fastest: neighbouring threads write neighbouring records of a component.

#include <coalesce/record/record.hpp>

#include "../record/record_move.hpp"

#include <cstdint>
#include <memory>
#include <utility>

namespace coalesce::detail {

struct element_params {
  std::uint32_t comps = 0;
  std::uint64_t count = 0, dst_count = 0, src_first = 0, dst_first = 0;
  component_place src[max_record_components], dst[max_record_components];
  std::uint8_t width[max_record_components] = {};
  alignas(16) std::uint8_t fill[max_record_components][16] = {};  // aligned: read as elements
};

// One element of width w from a to b (both aligned for w).
__host__ __device__ __forceinline__ void copy_element(const unsigned char* a, unsigned char* b, unsigned w) {
  switch (w) {
    case 1: *b = *a; break;
    case 2: *reinterpret_cast<std::uint16_t*>(b) = *reinterpret_cast<const std::uint16_t*>(a); break;
    case 4: *reinterpret_cast<std::uint32_t*>(b) = *reinterpret_cast<const std::uint32_t*>(a); break;
    case 8: *reinterpret_cast<uint2*>(b) = *reinterpret_cast<const uint2*>(a); break;
    default: *reinterpret_cast<uint4*>(b) = *reinterpret_cast<const uint4*>(a); break;
  }
}

// Element e of the move (e < dst_count * comps): its data, or a blocked destination's fill in a
// padding lane.
__host__ __device__ __forceinline__ void record_element(const element_params& p, std::uint64_t e,
                                                        const unsigned char* __restrict__ src,
                                                        unsigned char* __restrict__ dst) {
  const std::uint32_t k = std::uint32_t(e / p.dst_count);
  const std::uint64_t v = e - std::uint64_t(k) * p.dst_count;
  const unsigned w = p.width[k];
  if (v >= p.count && p.dst[k].block <= 1) return;
  unsigned char* to = dst + component_offset(p.dst[k], w, p.dst_first + v);
  if (v < p.count) copy_element(src + component_offset(p.src[k], w, p.src_first + v), to, w);
  else copy_element(p.fill[k], to, w);  // a padding lane of a block
}

// Why the element kernel cannot take the move at these addresses, or null: more components than its
// parameter holds, widths it does not copy, places not aligned for their width.
inline const char* element_violation(const record_move& move, const void* src, const void* dst) {
  if (move.width.size() > max_record_components) return "more components than a record holds";
  for (std::size_t k = 0; k < move.width.size(); ++k) {
    const unsigned w = move.width[k];
    if (w != 1 && w != 2 && w != 4 && w != 8 && w != 16) return "an element width other than 1, 2, 4, 8 or 16 bytes";
    for (const auto& [place, data] : {std::pair(move.src[k], src), std::pair(move.dst[k], dst)})
      if ((reinterpret_cast<std::uintptr_t>(data) + place.base) % w != 0 || (place.block != 0 && place.a % w != 0))
        return "a component not aligned for its width";
  }
  return nullptr;
}

inline std::unique_ptr<element_params> plan_record_elements(const record_move& move, const record_range& range) {
  auto p = std::make_unique<element_params>();
  p->comps = std::uint32_t(move.width.size());
  p->count = range.count;
  p->dst_count = range.dst_count;
  p->src_first = range.src_first;
  p->dst_first = range.dst_first;
  for (std::size_t k = 0; k < move.width.size(); ++k) {
    p->src[k] = move.src[k];
    p->dst[k] = move.dst[k];
    p->width[k] = move.width[k];
    for (std::size_t b = 0; b < 16; ++b) p->fill[k][b] = move.fill[k][b];
  }
  return p;
}

}  // namespace coalesce::detail

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The element kernel's code: one thread per destination element, for the moves no other route takes,
// records and vector sets alike. Each component lies at the place its layout gives it
// (component_offset); a vector set is one place per side whose m components lie `step` bytes apart
// (vector_component_place), so any m fits. Threads take the destination's elements in its address
// order where it is rows (a record's components fastest), else a component's records fastest, so that
// neighbouring threads store to neighbouring addresses.

#include <coalesce/record/record.hpp>

#include "../record/record_move.hpp"

#include <cstdint>
#include <cstring>
#include <memory>
#include <utility>

namespace coalesce::detail {

struct element_params {
  std::uint32_t comps = 0;   // components of a record (m for a vector set)
  std::uint32_t repeat = 1;  // components per place: 1 for records, m for a vector set
  bool components_fastest = false;
  std::uint64_t count = 0, dst_count = 0, src_first = 0, dst_first = 0;
  std::uint64_t src_step = 0, dst_step = 0;  // bytes from a place's component to the next (vector sets)
  component_place src[max_record_components], dst[max_record_components];  // per place
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
  std::uint64_t v;
  std::uint32_t k;
  if (p.components_fastest) {
    v = e / p.comps;
    k = std::uint32_t(e - v * p.comps);
  } else {
    k = std::uint32_t(e / p.dst_count);
    v = e - std::uint64_t(k) * p.dst_count;
  }
  const std::uint32_t g = k / p.repeat, i = k - g * p.repeat;  // the place, and the component within it
  const unsigned w = p.width[g];
  if (v >= p.count && p.dst[g].block <= 1) return;
  unsigned char* to = dst + component_offset(p.dst[g], w, p.dst_first + v) + i * p.dst_step;
  if (v < p.count) copy_element(src + component_offset(p.src[g], w, p.src_first + v) + i * p.src_step, to, w);
  else copy_element(p.fill[g], to, w);  // a padding lane of a block
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

inline std::unique_ptr<element_params> element_params_for(const record_range& range) {
  auto p = std::make_unique<element_params>();
  p->count = range.count;
  p->dst_count = range.dst_count;
  p->src_first = range.src_first;
  p->dst_first = range.dst_first;
  return p;
}

inline std::unique_ptr<element_params> plan_record_elements(const record_move& move, const record_range& range) {
  auto p = element_params_for(range);
  p->comps = std::uint32_t(move.width.size());
  p->components_fastest = true;
  for (std::size_t k = 0; k < move.width.size(); ++k) {
    p->src[k] = move.src[k];
    p->dst[k] = move.dst[k];
    p->width[k] = move.width[k];
    for (std::size_t b = 0; b < 16; ++b) p->fill[k][b] = move.fill[k][b];
    p->components_fastest = p->components_fastest && move.dst[k].block == 1;
  }
  return p;
}

// A vector set (words of elem bytes: 1, 2, 4, 8 or 16) between two array layouts; fill: one word, or
// null. Records [range.src_first, ...) of the source go to [range.dst_first, ...) of the destination.
inline std::unique_ptr<element_params> plan_vector_elements(const array_layout& src, const array_layout& dst,
                                                             std::size_t elem, const void* fill,
                                                             const record_range& range) {
  auto p = element_params_for(range);
  p->comps = p->repeat = std::uint32_t(src.m);
  p->components_fastest = dst.kind == layout_kind::row_major;
  p->src[0] = vector_component_place(src, 0, elem);
  p->dst[0] = vector_component_place(dst, 0, elem);
  p->src_step = vector_component_place(src, 1, elem).base;
  p->dst_step = vector_component_place(dst, 1, elem).base;
  p->width[0] = std::uint8_t(elem);
  if (fill) std::memcpy(p->fill[0], fill, elem);
  return p;
}

}  // namespace coalesce::detail

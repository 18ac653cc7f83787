// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The one rule of every straightforward transform, host and device: destination offset o holds the
// element (v, i) that dst's layout puts there, read from src's layout, or the fill value in padding.
// Walking the destination in address order keeps the writes contiguous.

#include <coalesce/core/config.hpp>
#include <coalesce/core/error.hpp>
#include <coalesce/core/extents.hpp>  // location

#include <cstddef>
#include <cstdint>
#include <string>

namespace coalesce::detail {

// Element-sized words: a transform moves bytes, whatever the element type is.
struct alignas(16) word16 {
  std::uint64_t lo, hi;
};

template <class Word, class SrcMap, class DstMap>
COALESCE_HD inline void relayout_one(const Word* src, const SrcMap& src_map, Word* dst, const DstMap& dst_map,
                                     std::size_t offset, bool write_padding, const Word& fill) {
  const location loc = dst_map.locate(offset);
  if (loc.is_data) {
    dst[offset] = src[src_map(loc.v, loc.i)];
  } else if (write_padding) {
    dst[offset] = fill;
  }
}

// Calls f(Word{}) with the word type of `elem` bytes.
template <class F>
void with_word(std::size_t elem, const std::string& call, F&& f) {
  switch (elem) {
    case 1: f(std::uint8_t{}); return;
    case 2: f(std::uint16_t{}); return;
    case 4: f(std::uint32_t{}); return;
    case 8: f(std::uint64_t{}); return;
    case 16: f(word16{}); return;
    default: break;
  }
  fail(errc::invalid_argument, call, "element size " + std::to_string(elem) + " bytes is not 1, 2, 4, 8 or 16");
}

}  // namespace coalesce::detail

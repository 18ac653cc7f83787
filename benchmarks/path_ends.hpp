// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The ends of the path matrix (paths_bench.cu) and of random path cells (random_cases.hpp), and the
// values a path cell's check expects, shared by the device and the host backend.

#include <coalesce/core/config.hpp>
#include <coalesce/layout/spec.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace coalesce::bench {

struct alignas(16) bytes16 {
  std::uint64_t lo, hi;
};

// f(T{}) with the word type of elem bytes (1, 2, 4, 8 or 16): the path cells' elements, a record field's.
template <class F>
void with_word_type(std::size_t elem, F&& f) {
  switch (elem) {
    case 1: return f(std::uint8_t{});
    case 2: return f(std::uint16_t{});
    case 4: return f(std::uint32_t{});
    case 8: return f(std::uint64_t{});
    default: return f(bytes16{});
  }
}

// The value of element (v, i): a hash, so a misplaced element is caught.
template <class T>
COALESCE_HD T pattern(std::size_t v, std::size_t i) {
  std::uint64_t x = v * 0x9e3779b97f4a7c15ull + i * 0xc2b2ae3d27d4eb4full + 1;
  x ^= x >> 29;
  x *= 0xbf58476d1ce4e5b9ull;
  x ^= x >> 32;
  if constexpr (sizeof(T) == 16) {
    return T{x, x * 0x94d049bb133111ebull + 7};
  } else {
    return static_cast<T>(x);
  }
}
// What a source's gaps and a destination hold before the move.
template <class T>
COALESCE_HD T poison() {
  if constexpr (sizeof(T) == 16) {
    return T{0xa5a5a5a5a5a5a5a5ull, 0xa5a5a5a5a5a5a5a5ull};
  } else {
    return static_cast<T>(0xa5a5a5a5a5a5a5a5ull);
  }
}
template <class T>
COALESCE_HD bool same(const T& a, const T& b) {
  if constexpr (sizeof(T) == 16) {
    return a.lo == b.lo && a.hi == b.hi;
  } else {
    return a == b;
  }
}

// One end of a path: a coalesce array, or the user's row-major vectors (or components) in the
// backend's memory.
struct end_kind {
  std::string name;
  bool user = false;
  layout_spec spec{};    // array ends
  int pitch_class = 0;   // user ends: 0 pitch m, 1 pitch m + 1, 2 the pitched allocator's (cudaMallocPitch)
  bool offset = false;   // user ends: data one element past an aligned address
  bool columns = false;  // user ends: components (col_major, pitch n | 1) instead of rows
};

// The user's ends: "user", "user:odd-pitch", "user:malloc-pitch", "user:cols", each with "+1" when offset.
inline end_kind user_end(int pitch_class, bool offset, bool columns) {
  static const char* pitches[] = {"user", "user:odd-pitch", "user:malloc-pitch"};
  const std::string name = columns ? "user:cols" : pitches[pitch_class];
  return {name + (offset ? "+1" : ""), true, {}, columns ? 0 : pitch_class, offset, columns};
}

inline end_kind array_end(const layout_spec& spec) { return {to_string(spec), false, spec}; }

// The matrix's ends. quick: one or two of each kind (every class of array end, aligned and odd user
// rows and columns).
inline std::vector<end_kind> path_ends(bool quick) {
  std::vector<end_kind> all{array_end(aos()), array_end(pitched_rows()), array_end(soa()), array_end(soa(false))};
  const std::vector<std::size_t> bds =
      quick ? std::vector<std::size_t>{96, 128} : std::vector<std::size_t>{32, 96, 128, 256, 1000};
  for (std::size_t bd : bds) all.push_back(array_end(blocked(bd)));
  for (int pc = 0; pc < 3; ++pc)
    for (bool off : {false, true})
      if (!quick || !(pc == 2 || (pc == 1 && !off))) all.push_back(user_end(pc, off, false));
  for (bool off : {false, true})
    if (!quick || off) all.push_back(user_end(0, off, true));
  return all;
}

// True when the end's rows come from the pitched allocator (hundreds of bytes a row for a few of data).
inline bool allocator_pitched(const end_kind& e) {
  return e.user ? e.pitch_class == 2 : e.spec.kind == layout_kind::row_major && e.spec.pitched;
}

// n for data bytes `bytes`; where an end has pitched-allocator rows (512-byte rows for a few bytes of
// data), fewer, so that its span stays within 16x the data.
inline std::size_t vectors_for(std::size_t bytes, std::size_t m, std::size_t elem, bool pitched_rows) {
  const std::size_t n = std::max<std::size_t>(1, bytes / (m * elem));
  if (!pitched_rows) return n;
  const std::size_t row = (m * elem + 511) / 512 * 512;
  return std::max<std::size_t>(1, std::min(n, 16 * bytes / row));
}

}  // namespace coalesce::bench

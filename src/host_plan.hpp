// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// How the host backend moves the n data vectors of src into dst: the first row that applies:
//   both sides row_major (any pitch)         -> rows: one memcpy per row, or one memcpy of the span
//                                               when both are contiguous
//   both sides columnar (col_major, blocked) -> runs: each component's runs of consecutive vectors
//                                               (a col_major row, bd lanes of a block) copied straight
//   row_major <-> columnar, a tile fits      -> transpose: T vectors at a time through a buffer that
//                                               stays in L1, read and written in long runs; 4- and
//                                               8-byte words by AVX-512 gathers where the CPU has them
//   otherwise (a row too long for a tile)    -> simple: vector by vector through the mappings
// Before choosing, each side is put in its plainest equivalent form: blocked with bd = 1 is
// row_major with pitch m, blocked with a single block (n <= bd) is col_major with pitch bd, and with
// m = 1 every layout is row_major with pitch 1 (or its own pitch). The blocked padding of dst is not
// part of the plan: relayout_host fills it afterwards.

#include <coalesce/layout/spec.hpp>

#include <cstddef>

namespace coalesce::detail {

enum class host_method { rows, runs, transpose, simple };

const char* to_string(host_method m) noexcept;

struct host_plan {
  host_method method = host_method::simple;
  array_layout src;      // the sides as the method sees them (the plainest equivalent form)
  array_layout dst;
  std::size_t tile = 0;  // transpose: T vectors per tile
  bool stream = false;   // write dst with non-temporal stores (a destination far larger than the caches)
  bool gather = false;   // transpose: through AVX-512 gathers (host_gather.hpp), where the CPU has them
};

// Bytes of one transpose tile's buffer (T * m * elem at most): with the source rows it reads, it stays
// within a 32 KiB L1.
inline constexpr std::size_t host_tile_bytes = 16 * 1024;
// The fewest vectors a transpose tile is worth: below this the columnar runs are too short.
inline constexpr std::size_t host_min_tile = 8;
// Destinations of at least this many bytes are written with non-temporal stores, like glibc's memcpy
// of large sizes: a cached store first reads the line it fills (a third stream of memory traffic),
// and the data would only evict the caches anyway.
inline constexpr std::size_t host_stream_bytes = std::size_t(8) << 20;

// The layout that maps the n vectors of l to the same offsets in its plainest form (see above).
array_layout plainest(const array_layout& l);

host_plan plan_host_relayout(const array_layout& src, const array_layout& dst, std::size_t elem);

}  // namespace coalesce::detail

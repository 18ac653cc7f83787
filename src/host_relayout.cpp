// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include "host_relayout.hpp"

#include "host_columnar.hpp"
#include "host_gather.hpp"
#include "host_omp.hpp"
#include "host_stream.hpp"
#include "host_turn.hpp"
#include "relayout_one.hpp"

#include <coalesce/core/math.hpp>

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace coalesce::detail {
namespace {

using byte = unsigned char;

using turn::move_word;

void move_runs(const host_plan& plan, const byte* s, byte* d, std::size_t elem) {
  const columnar from(plan.src), to(plan.dst);
  const std::size_t n = plan.src.n, m = plan.src.m;
  // Chunks of about 256 KiB, so every thread gets work. Inside one, stretch by stretch (vectors that
  // are a run on both sides), every component of a stretch before the next: a blocked side is read (or
  // written) block after block, not once per component. A col_major source of more than 16 components
  // goes component by component instead, each row's share of the chunk in one pass: stretch by stretch
  // it reads m rows side by side, whose lines (rows a power of two apart) contend for the caches' sets
  // (component by component measured faster from m = 32, the stretches faster at small m, both the
  // same at m = 16: BENCHMARKS.md, Host backend).
  const std::size_t chunk = std::max<std::size_t>(1, (std::size_t(256) << 10) / (m * elem)), chunks = ceil_div(n, chunk);
  const bool rows_first = !from.blocked && m > 16;
  COALESCE_OMP("omp parallel if (n * m >= parallel_threshold)")
  {
    COALESCE_OMP("omp for schedule(dynamic, 1)")
    for (std::int64_t c = 0; c < std::int64_t(chunks); ++c) {
      const std::size_t v0 = std::size_t(c) * chunk, v1 = std::min(n, v0 + chunk);
      const auto stretches = [&](std::size_t i0, std::size_t i1) {
        for (std::size_t v = v0, len = 0; v < v1; v += len) {
          len = std::min(from.run(v, v1), to.run(v, v1));
          for (std::size_t i = i0; i < i1; ++i)
            copy_bytes(d + to.offset(v, i) * elem, s + from.offset(v, i) * elem, len * elem, plan.stream);
        }
      };
      if (rows_first) {
        for (std::size_t i = 0; i < m; ++i) stretches(i, i + 1);
      } else {
        stretches(0, m);
      }
    }
    if (plan.stream) stream_fence();
  }
}

// Asks for the lines of [p, p + bytes) ahead of their use.
inline void prefetch(const byte* p, std::size_t bytes) {
  for (std::size_t k = 0; k < bytes; k += 64) __builtin_prefetch(p + k);
}

// The same for `count` rows of `row` bytes, `pitch` bytes apart: rows whose padding holds whole lines
// (a pitched side of small m) have only their own lines asked for, not the padding's.
inline void prefetch_rows(const byte* p, std::size_t count, std::size_t pitch, std::size_t row) {
  if (pitch < row + 128) return prefetch(p, (count - 1) * pitch + row);
  for (std::size_t j = 0; j < count; ++j) prefetch(p + j * pitch, row);
}

// Row_major <-> columnar, T vectors at a time: the tile is turned into an L1 buffer from where it lies
// (its lines prefetched while the tile before it was turned), and the buffer written out in long
// runs (the rows, or each component's runs), with non-temporal stores where the plan says.
template <class W>
void transpose(const host_plan& plan, const byte* s, byte* d) {
  constexpr std::size_t elem = sizeof(W);
  const bool to_columnar = plan.src.kind == layout_kind::row_major;
  const array_layout& rows = to_columnar ? plan.src : plan.dst;
  const columnar side(to_columnar ? plan.dst : plan.src);
  const std::size_t n = rows.n, m = rows.m, pitch = rows.pitch, tile = plan.tile;
  const auto tiles = static_cast<std::int64_t>(ceil_div(n, tile));
  // The turn goes piece by piece (about 2 KiB of source each), and before each piece the same piece
  // of the next tile is asked for: spread out like this the prefetches keep memory busy without
  // filling the miss buffers all at once. The next tile is most often this thread's next, and in the
  // shared L3 either way.
  const std::size_t piece = std::max<std::size_t>(4, (std::size_t(2) << 10) / (m * elem)) / 4 * 4;
  // Rows of at most 32 bytes to a columnar side of 16-byte aligned runs go straight to it, without
  // the buffer, in pieces that write whole 64-byte lines of each component; longer rows keep the
  // buffer, which measured as fast or faster there (BENCHMARKS.md, Host backend). So do components a
  // multiple of 4 KiB apart (a power-of-two n): interleaved stores to them alias, at about half the
  // speed of the buffer, which writes each component's run whole.
  const std::size_t stride_bytes = side.stride() * elem;
  const bool direct =
      turns_to_runs<W> && to_columnar && m * elem <= 32 && stride_bytes % 16 == 0 && stride_bytes % 4096 != 0;
  const std::size_t line = 64 / elem, line_piece = std::max<std::size_t>(1, piece / line) * line;
  COALESCE_OMP("omp parallel if (n * m >= parallel_threshold)")
  {
    alignas(64) byte packed[host_tile_bytes + turn_slack];   // the tile as packed rows
    alignas(64) byte columns[host_tile_bytes + turn_slack];  // the tile component by component
    // Tiles are handed out a few at a time: on a shared machine a thread that loses its core for a
    // time slice would otherwise hold up the end of a static split.
    COALESCE_OMP("omp for schedule(dynamic, 4)")
    for (std::int64_t t = 0; t < tiles; ++t) {
      const std::size_t v0 = std::size_t(t) * tile, len = std::min(tile, n - v0);
      const std::size_t next = v0 + len < n ? n - v0 - len : 0;  // vectors of the next tile, up to T
      if (to_columnar) {
        const byte* row0 = s + v0 * pitch * elem;
        // The turn reads the rows where they are (the prefetch brought them in), but the last row of
        // the array has no row after it to read past: the last tile goes through the buffer.
        const byte* in = row0;
        std::size_t rs = pitch;
        if (v0 + len == n) {
          for (std::size_t j = 0; j < len; ++j) std::memcpy(packed + j * m * elem, row0 + j * pitch * elem, m * elem);
          in = packed;
          rs = m;
        }
        // Rows [at, at + count) of the tile: the same rows of the next tile asked for first.
        const auto prefetch_next = [&](std::size_t at, std::size_t count) {
          if (at + tile < len + next) {  // rows [v0 + tile + at, ...) of the next tile, within the array
            const std::size_t ahead = std::min(count, len + next - tile - at);
            prefetch_rows(row0 + (tile + at) * pitch * elem, ahead, pitch * elem, m * elem);
          }
        };
        if (direct) {
          // Straight into each run of the destination, in pieces of whole lines of every component.
          for (std::size_t v = v0, r = 0; v < v0 + len; v += r) {
            r = side.run(v, v0 + len);
            for (std::size_t j = 0; j < r; j += line_piece) {
              const std::size_t at = v - v0 + j, count = std::min(line_piece, r - j);
              prefetch_next(at, count);
              byte* out = d + (side.offset(v, 0) + j) * elem;
              const turn::turn_shape shape{m, count, rs, side.stride()};
              if (reinterpret_cast<std::uintptr_t>(out) % 16 != 0) {
                rows_to_columns<W>(out, in + at * rs * elem, shape);  // unaligned stores, cached
              } else if (plan.stream) {
                rows_to_runs<W, true>(out, in + at * rs * elem, shape);
              } else {
                rows_to_runs<W, false>(out, in + at * rs * elem, shape);
              }
            }
          }
          continue;
        }
        for (std::size_t j = 0; j < len; j += piece) {
          const std::size_t count = std::min(piece, len - j);
          prefetch_next(j, count);
          rows_to_columns<W>(columns + j * elem, in + j * rs * elem, {m, count, rs, len});
        }
        for (std::size_t v = v0, r = 0; v < v0 + len; v += r) {
          r = side.run(v, v0 + len);
          for (std::size_t i = 0; i < m; ++i)
            copy_bytes(d + side.offset(v, i) * elem, columns + (i * len + v - v0) * elem, r * elem, plan.stream);
        }
      } else {
        if (side.blocked && v0 % side.block == 0 && len % side.block == 0) {
          // Whole blocks are one stretch of memory: copied in at memcpy speed (which keeps more lines
          // in flight than the turn's loads do), then turned block by block in L1.
          std::memcpy(columns, s + side.offset(v0, 0) * elem, len * m * elem);
          for (std::size_t b = 0; b < len; b += side.block)
            columns_to_rows<W>(packed + b * m * elem, columns + b * m * elem, {m, side.block, m, side.block});
        } else {
          // Each stretch that is a run of every component is turned from where it is. A col_major
          // side is m long streams, which the hardware prefetcher follows four at a time
          // (columns_to_rows' order); prefetching all m ahead would only make their lines, a power of
          // two apart as often as not, evict each other.
          for (std::size_t v = v0, r = 0; v < v0 + len; v += r) {
            r = side.blocked ? std::min(side.run(v, v0 + len), piece) : len;
            if (side.blocked && v + tile < n)
              for (std::size_t i = 0; i < m; ++i)
                prefetch(s + side.offset(v + tile, i) * elem, std::min(r, side.run(v + tile, n)) * elem);
            columns_to_rows<W>(packed + (v - v0) * m * elem, s + side.offset(v, 0) * elem, {m, r, m, side.stride()});
          }
        }
        byte* out0 = d + v0 * pitch * elem;
        if (pitch == m) {
          copy_bytes(out0, packed, len * m * elem, plan.stream);
        } else {  // the user's row padding stays as it is
          for (std::size_t j = 0; j < len; ++j)
            copy_bytes(out0 + j * pitch * elem, packed + j * m * elem, m * elem, plan.stream);
        }
      }
    }
    if (plan.stream) stream_fence();
  }
}

// Vector by vector through the mappings: what no faster method covers.
template <class W>
void move_simple(const host_plan& plan, const byte* s, byte* d) {
  visit_mapping(plan.src, [&](auto src_map) {
    visit_mapping(plan.dst, [&](auto dst_map) {
      const std::size_t n = plan.src.n, m = plan.src.m;
      COALESCE_OMP("omp parallel for schedule(static) if (n * m >= parallel_threshold)")
      for (std::int64_t v = 0; v < std::int64_t(n); ++v)
        for (std::size_t i = 0; i < m; ++i)
          move_word<W>(d + dst_map(std::size_t(v), i) * sizeof(W), s + src_map(std::size_t(v), i) * sizeof(W));
    });
  });
}

// The lanes of dst's last block past n get the fill value.
void fill_padding(byte* d, const array_layout& dst, std::size_t elem, const byte* fill) {
  const std::size_t used = dst.n % dst.block;
  if (used == 0) return;
  byte* last = d + (dst.n - used) * dst.m * elem;
  for (std::size_t i = 0; i < dst.m; ++i)
    for (std::size_t lane = used; lane < dst.block; ++lane) std::memcpy(last + (i * dst.block + lane) * elem, fill, elem);
}

}  // namespace

void run_host_plan(const host_plan& plan, const void* src, void* dst, const array_layout& dst_layout,
                   std::size_t elem, const void* fill, const std::string& call) {
  const auto* s = static_cast<const byte*>(src);
  auto* d = static_cast<byte*>(dst);
  with_word(elem, call, [&](auto word) {
    using W = decltype(word);
    switch (plan.method) {
      case host_method::rows:
        host_copy_rows(d, plan.dst.pitch * elem, s, plan.src.pitch * elem, plan.src.m * elem, plan.src.n, plan.stream);
        break;
      case host_method::runs: move_runs(plan, s, d, elem); break;
      case host_method::transpose:
        if (plan.gather && host_gathers_available() && gathers_cover(plan, elem)) {
          gather_transpose(plan, s, d, elem);
        } else {
          transpose<W>(plan, s, d);
        }
        break;
      case host_method::simple: move_simple<W>(plan, s, d); break;
    }
  });
  if (fill != nullptr && dst_layout.kind == layout_kind::blocked)
    fill_padding(d, dst_layout, elem, static_cast<const byte*>(fill));
}

void relayout_host(const void* src, const array_layout& src_layout, void* dst, const array_layout& dst_layout,
                   std::size_t elem, const void* fill, const std::string& call) {
  run_host_plan(plan_host_relayout(src_layout, dst_layout, elem), src, dst, dst_layout, elem, fill, call);
}

void host_copy_rows(void* dst, std::size_t dst_pitch, const void* src, std::size_t src_pitch, std::size_t width,
                    std::size_t height, bool stream) {
  auto* d = static_cast<byte*>(dst);
  const auto* s = static_cast<const byte*>(src);
  if (dst_pitch == width && src_pitch == width) {  // one contiguous block: cut it into pieces
    const std::size_t total = width * height, piece = std::size_t(1) << 20;
    const auto pieces = static_cast<std::int64_t>((total + piece - 1) / piece);
    COALESCE_OMP("omp parallel if (pieces > 1)")
    {
      COALESCE_OMP("omp for schedule(static)")
      for (std::int64_t p = 0; p < pieces; ++p) {
        const std::size_t begin = std::size_t(p) * piece;
        copy_bytes(d + begin, s + begin, std::min(piece, total - begin), stream);
      }
      if (stream) stream_fence();
    }
    return;
  }
  const auto rows = static_cast<std::int64_t>(height);
  COALESCE_OMP("omp parallel if (std::size_t(rows) * width >= (std::size_t(1) << 20))")
  {
    if (width <= small_row_bytes) {  // cached (copy_bytes would not stream them either), inline
      COALESCE_OMP("omp for schedule(static)")
      for (std::int64_t r = 0; r < rows; ++r)
        copy_small(d + std::size_t(r) * dst_pitch, s + std::size_t(r) * src_pitch, width);
    } else {
      COALESCE_OMP("omp for schedule(static)")
      for (std::int64_t r = 0; r < rows; ++r)
        copy_bytes(d + std::size_t(r) * dst_pitch, s + std::size_t(r) * src_pitch, width, stream);
      if (stream) stream_fence();
    }
  }
}

}  // namespace coalesce::detail

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include "host_relayout.hpp"

#include "host_stream.hpp"
#include "relayout_one.hpp"

#include <coalesce/core/math.hpp>

#include <coalesce/build_config.hpp>

#include <algorithm>
#include <cstdint>
#include <cstring>

#if COALESCE_WITH_OPENMP
#define COALESCE_OMP(x) _Pragma(x)
#else
#define COALESCE_OMP(x)
#endif

namespace coalesce::detail {
namespace {

using byte = unsigned char;

// Below this many elements a parallel region costs more than it saves (and oversubscribed machines
// make a fork-join of idle spinning threads very slow).
constexpr std::size_t parallel_threshold = 1 << 16;

// One element, moved as a W through memcpy: the pointers may be unaligned for W, and memcpy of a
// fixed size compiles to a plain load and store.
template <class W>
inline void move_word(byte* dst, const byte* src) {
  W w;
  std::memcpy(&w, src, sizeof(W));
  std::memcpy(dst, &w, sizeof(W));
}

// A columnar side (col_major or blocked): where component i of vector v lives, and where the run of
// consecutive vectors that holds v ends.
struct columnar {
  std::size_t m, pitch, block;
  bool blocked;
  explicit columnar(const array_layout& l)
      : m(l.m), pitch(l.pitch), block(l.block), blocked(l.kind == layout_kind::blocked) {}
  std::size_t offset(std::size_t v, std::size_t i) const {
    return blocked ? (v / block * m + i) * block + v % block : i * pitch + v;
  }
  // Vectors from v on, up to end, that lie one after the other.
  std::size_t run(std::size_t v, std::size_t end) const {
    return blocked ? std::min(end, v - v % block + block) - v : end - v;
  }
};

void move_runs(const host_plan& plan, const byte* s, byte* d, std::size_t elem) {
  const columnar from(plan.src), to(plan.dst);
  const std::size_t n = plan.src.n, m = plan.src.m;
  // Each component in chunks of 64 KiB, so both threads get work even where m = 2.
  const std::size_t chunk = std::max<std::size_t>(1, (std::size_t(64) << 10) / elem), chunks = ceil_div(n, chunk);
  const auto items = static_cast<std::int64_t>(m * chunks);
  COALESCE_OMP("omp parallel if (n * m >= parallel_threshold)")
  {
    COALESCE_OMP("omp for schedule(static)")
    for (std::int64_t item = 0; item < items; ++item) {
      const std::size_t i = std::size_t(item) / chunks, v0 = std::size_t(item) % chunks * chunk;
      const std::size_t v1 = std::min(n, v0 + chunk);
      for (std::size_t v = v0, len = 0; v < v1; v += len) {
        len = std::min(from.run(v, v1), to.run(v, v1));
        copy_bytes(d + to.offset(v, i) * elem, s + from.offset(v, i) * elem, len * elem, plan.stream);
      }
    }
    if (plan.stream) stream_fence();
  }
}

// Row_major <-> columnar, T vectors at a time: the tile is turned around in a buffer that stays in L1,
// so memory sees the rows and each component's runs read or written whole.
template <class W>
void transpose(const host_plan& plan, const byte* s, byte* d) {
  constexpr std::size_t elem = sizeof(W);
  const bool to_columnar = plan.src.kind == layout_kind::row_major;
  const array_layout& rows = to_columnar ? plan.src : plan.dst;
  const columnar side(to_columnar ? plan.dst : plan.src);
  const std::size_t n = rows.n, m = rows.m, pitch = rows.pitch, tile = plan.tile;
  const auto tiles = static_cast<std::int64_t>(ceil_div(n, tile));
  COALESCE_OMP("omp parallel if (n * m >= parallel_threshold)")
  {
    alignas(64) byte buf[host_tile_bytes];
    COALESCE_OMP("omp for schedule(static)")
    for (std::int64_t t = 0; t < tiles; ++t) {
      const std::size_t v0 = std::size_t(t) * tile, len = std::min(tile, n - v0);
      if (to_columnar) {
        // buf holds the tile component by component: (i, j) at i * len + j.
        for (std::size_t j = 0; j < len; ++j) {
          const byte* row = s + (v0 + j) * pitch * elem;
          for (std::size_t i = 0; i < m; ++i) move_word<W>(buf + (i * len + j) * elem, row + i * elem);
        }
        for (std::size_t i = 0; i < m; ++i)
          for (std::size_t v = v0, r = 0; v < v0 + len; v += r) {
            r = side.run(v, v0 + len);
            copy_bytes(d + side.offset(v, i) * elem, buf + (i * len + v - v0) * elem, r * elem, plan.stream);
          }
      } else {
        // buf holds the tile as packed rows: (j, i) at j * m + i.
        for (std::size_t i = 0; i < m; ++i)
          for (std::size_t v = v0, r = 0; v < v0 + len; v += r) {
            r = side.run(v, v0 + len);
            const byte* run = s + side.offset(v, i) * elem;
            byte* out = buf + ((v - v0) * m + i) * elem;
            for (std::size_t k = 0; k < r; ++k) move_word<W>(out + k * m * elem, run + k * elem);
          }
        if (pitch == m) {
          copy_bytes(d + v0 * m * elem, buf, len * m * elem, plan.stream);
        } else {  // the user's row padding stays as it is
          for (std::size_t j = 0; j < len; ++j)
            copy_bytes(d + (v0 + j) * pitch * elem, buf + j * m * elem, m * elem, plan.stream);
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
      case host_method::transpose: transpose<W>(plan, s, d); break;
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
    COALESCE_OMP("omp for schedule(static)")
    for (std::int64_t r = 0; r < rows; ++r)
      copy_bytes(d + std::size_t(r) * dst_pitch, s + std::size_t(r) * src_pitch, width, stream);
    if (stream) stream_fence();
  }
}

}  // namespace coalesce::detail

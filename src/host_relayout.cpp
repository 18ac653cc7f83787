// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include "host_relayout.hpp"

#include "relayout_one.hpp"

#include <coalesce/core/math.hpp>

#include <coalesce/build_config.hpp>

#include <algorithm>
#include <cstdint>
#include <cstring>

#if COALESCE_WITH_OPENMP
#define COALESCE_OMP_PARALLEL_FOR _Pragma("omp parallel for schedule(static) if (span >= parallel_threshold)")
#else
#define COALESCE_OMP_PARALLEL_FOR
#endif

namespace coalesce::detail {

// Below this many elements a parallel region costs more than it saves (and oversubscribed machines
// make a fork-join of idle spinning threads very slow).
constexpr std::int64_t parallel_threshold = 1 << 16;

void relayout_host(const void* src, const array_layout& src_layout, void* dst, const array_layout& dst_layout,
                   std::size_t elem, const void* fill, const std::string& call) {
  with_word(elem, call, [&](auto word) {
    using W = decltype(word);
    const W* s = static_cast<const W*>(src);
    W* d = static_cast<W*>(dst);
    const bool write_padding = fill != nullptr;
    const W fill_word = write_padding ? *static_cast<const W*>(fill) : W{};
    visit_mapping(src_layout, [&](auto src_map) {
      visit_mapping(dst_layout, [&](auto dst_map) {
        // Vector by vector: no division per element (locate() would need two). The padding vectors of a
        // blocked destination get the fill value; pitch gaps are never written.
        const auto n = static_cast<std::int64_t>(src_layout.n);
        const std::size_t m = src_layout.m;
        [[maybe_unused]] const std::int64_t span = n * static_cast<std::int64_t>(m);  // read by the OpenMP if()
        COALESCE_OMP_PARALLEL_FOR
        for (std::int64_t v = 0; v < n; ++v)
          for (std::size_t i = 0; i < m; ++i) d[dst_map(std::size_t(v), i)] = s[src_map(std::size_t(v), i)];
        if (write_padding && dst_layout.kind == layout_kind::blocked)
          for (std::size_t v = dst_layout.n; v < round_up(dst_layout.n, dst_layout.block); ++v)
            for (std::size_t i = 0; i < m; ++i) d[dst_map(v, i)] = fill_word;
      });
    });
  });
}

void host_copy_rows(void* dst, std::size_t dst_pitch, const void* src, std::size_t src_pitch, std::size_t width,
                    std::size_t height) {
  auto* d = static_cast<unsigned char*>(dst);
  const auto* s = static_cast<const unsigned char*>(src);
  if (dst_pitch == width && src_pitch == width) {  // one contiguous block: cut it into pieces
    const std::size_t total = width * height, piece = std::size_t(1) << 20;
    const auto pieces = static_cast<std::int64_t>((total + piece - 1) / piece);
#if COALESCE_WITH_OPENMP
#pragma omp parallel for schedule(static) if (pieces > 1)
#endif
    for (std::int64_t p = 0; p < pieces; ++p) {
      const std::size_t begin = std::size_t(p) * piece;
      std::memcpy(d + begin, s + begin, std::min(piece, total - begin));
    }
    return;
  }
  const auto rows = static_cast<std::int64_t>(height);
#if COALESCE_WITH_OPENMP
#pragma omp parallel for schedule(static) if (std::size_t(rows) * width >= (std::size_t(1) << 20))
#endif
  for (std::int64_t r = 0; r < rows; ++r) std::memcpy(d + std::size_t(r) * dst_pitch, s + std::size_t(r) * src_pitch, width);
}

}  // namespace coalesce::detail

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The fast transposing kernel between a row_major side (pitch == m; or another pitch: the pitched and
// span row modes, relayout_plan.hpp) and a columnar side (col_major, or blocked with bd a multiple of
// the chunk's words), for whole tiles of T vectors, a tile per thread block.
//
// Every global access is a 16-byte chunk of G = 16 / sizeof(Word) consecutive words, consecutive
// across a warp's lanes, on both sides (but for the words that shifted columns share with the
// neighbouring tiles, below). The shared tile holds component i of vector v at v * S + i,
// S = m | 1. Each thread owns at most four chunks per side, and where they lie (offset from the
// tile's start, shared slot) depends on the thread alone: a few divisions up front, then nothing but
// loads, shared stores, shared loads and stores, so that memory, not instructions, bounds the kernel.
// One tile per block, the grid covering the array in one pass, which measured faster than a grid of
// resident blocks striding over the tiles (BENCHMARKS.md, Every transform path).
// On the columnar side a warp's lanes hold 32 consecutive chunks of a run; were every lane to move
// its word e at step e, the odd stride would spread them over only 8 banks (each lane's chunk lies
// 16 * S bytes, a multiple of 4 banks, past its neighbour's). Each group of 8 lanes g = lane / 8
// instead starts g quarter chunks in (g words of 4-byte words, g mod 2 words of 8-byte ones), which
// puts the groups' accesses of a step 4 * g * S bytes apart mod 16: a bank apiece mod 4, so 32 banks.
// That holds while a run spans at least 16 chunks (a warp's 32 within two runs); with shorter runs
// (large m) the lanes' chunks already start in other components, and turning them would make 2-way
// conflicts of none (transpose_shape::turn). 1- and 2-byte words turn only where that measured faster
// (turns_columns; BENCHMARKS.md, Every transform path): not for blocks within a tile (whose lane
// groups hold different components), nor out of the columns into pitched rows or from shifted
// columns (its registers spill).

#include "../relayout_plan.hpp"
#include "chunk.cuh"
#include "fast_divmod.cuh"

#include <coalesce/core/error.hpp>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>

namespace coalesce::detail {

inline constexpr int transpose_threads = 256;
inline constexpr int transpose_chunks = 4;  // chunks per thread per side: transpose_tile_bytes / 256 / 16

struct transpose_shape {
  unsigned m;          // components (the kernel's StaticM where that is not 0); the tile's row stride is m | 1
  unsigned tile;       // T vectors per tile
  unsigned chunks;     // T * m / G: chunks of a tile, on either side (the columnar side's when pitched)
  fast_divmod by_m;
  fast_divmod by_tile;
  // The rows side: pitch in words; its chunks per tile (T * ceil(m / G) pitched, T * pitch / G span,
  // else `chunks`); by_row: by ceil(m / G) (pitched) or by the pitch (span); rows_by_word: stored
  // word by word (a pitched destination).
  std::size_t row_pitch = 0;
  unsigned row_chunks = 0;
  fast_divmod by_row = fast_divmod();
  bool rows_by_word = false;
  // Rows but pitched ones: the side's extent in words, (n - 1) * pitch + m (a chunk reaching outside
  // it is loaded word by word); shifted rows (the rows pointer row_lead words past a 16-byte boundary,
  // else 0): chunk q starts at the tile's span word G * q - row_lead, which lies in row
  // (G * q + row_skew) / pitch less row_back (row_back = ceil(row_lead / pitch), row_skew =
  // row_back * pitch - row_lead); packed row modes place the tile tile_offset = G + row_lead words
  // into the shared memory (relayout_plan.hpp: shifted rows).
  std::size_t row_words = 0;
  unsigned row_lead = 0, row_back = 0, row_skew = 0, tile_offset = 0;
  // The vectors after the last whole tile, [split, n), and a blocked destination's padding lanes up to
  // `extent` (given a fill): the first `tail` blocks move them element by element, at most
  // tail_elements_per_thread each, while the others move the tiles (they start first, so their
  // latency-bound walk hides behind the tiles). tail == 0: none.
  std::size_t split = 0, n = 0, extent = 0;
  unsigned tail = 0;
  bool turn = true;  // the columnar chunks turn (column_turn): blocks within the tile, or runs of >= 16 chunks
};
inline constexpr unsigned tail_elements_per_thread = 8;

// The tail blocks' walk over elements k of [split, extent) x m: vector split + k / m, component k % m,
// from the rows' v * m + i and the columns' place (or to them); padding lanes get `fill`.
template <class Word, class Columns, bool RowsFirst>
__device__ void transpose_tail(const Word* __restrict__ src, Word* __restrict__ dst, const transpose_shape& shape,
                               const Columns& columns, Word fill) {
  // Fewer than a tile and a block of vectors: 32-bit k (and one division by m each).
  const unsigned count = unsigned((shape.extent - shape.split) * shape.m);
#pragma unroll 4
  for (unsigned k = blockIdx.x * transpose_threads + threadIdx.x; k < count; k += shape.tail * transpose_threads) {
    const std::size_t v = shape.split + k / shape.m, i = k % shape.m;
    const std::size_t rows = v * shape.row_pitch + i, cols = columns.offset(v, i, shape.m);
    if constexpr (RowsFirst) dst[cols] = v < shape.n ? src[rows] : fill;
    else if (v < shape.n) dst[rows] = src[cols];
  }
}

// v / d and v % d for a vector index of any size: fast_divmod below 2^31 (every index but the largest
// arrays'), else the hardware's 64-bit division.
__device__ __forceinline__ void divmod_index(std::size_t v, const fast_divmod& by, std::size_t& q, std::size_t& r) {
  if (v < (std::size_t(1) << 31)) {
    unsigned q32, r32;
    by(unsigned(v), q32, r32);
    q = q32, r = r32;
  } else {
    q = v / by.divisor, r = v % by.divisor;
  }
}

// col_major (pitch), or blocked with the tile inside one block (pitch = bd, a multiple of T; by_block
// divides by bd): the tile's component i is a run of T words at i * pitch from the tile's start.
struct strided_columns {
  static constexpr bool shifted = false;
  std::size_t pitch;
  bool in_blocks;
  fast_divmod by_block;

  // The tile's chunks on this side: as many as on the rows side.
  __device__ __forceinline__ unsigned chunks(unsigned tile_chunks, unsigned) const { return tile_chunks; }
  // Component i of vector v from the data pointer (the tail's walk).
  __device__ __forceinline__ std::size_t offset(std::size_t v, std::size_t i, unsigned m) const {
    if (!in_blocks) return i * pitch + v;
    std::size_t b, lane;
    divmod_index(v, by_block, b, lane);
    return (b * m + i) * pitch + lane;
  }

  __device__ __forceinline__ std::size_t start(std::size_t v0, unsigned m) const { return offset(v0, 0, m); }
  // Element k of the tile in address order: vector v, component i, offset from the tile's start.
  template <class DivMod>
  __device__ __forceinline__ std::size_t at(unsigned k, const fast_divmod& by_tile, const DivMod&, unsigned& v,
                                            unsigned& i) const {
    by_tile(k, i, v);
    return std::size_t(i) * pitch + v;
  }
};

// blocked with bd (any multiple of G; by_block divides by it) dividing T: the tile is T / bd whole
// blocks, contiguous.
struct block_columns {
  static constexpr bool shifted = false;
  fast_divmod by_block;

  __device__ __forceinline__ unsigned chunks(unsigned tile_chunks, unsigned) const { return tile_chunks; }
  __device__ __forceinline__ std::size_t offset(std::size_t v, std::size_t i, unsigned m) const {
    std::size_t b, lane;
    divmod_index(v, by_block, b, lane);
    return (b * m + i) * by_block.divisor + lane;
  }

  __device__ __forceinline__ std::size_t start(std::size_t v0, unsigned m) const { return v0 * m; }
  template <class DivMod>
  __device__ __forceinline__ std::size_t at(unsigned k, const fast_divmod&, const DivMod& by_m, unsigned& v,
                                            unsigned& i) const {
    unsigned run, lane, b;
    by_block(k, run, lane);
    by_m(run, b, i);
    v = b * by_block.divisor + lane;
    return k;
  }
};

// col_major whose rows do not all start on a chunk (a pitch not a multiple of G: a Kokkos LayoutLeft
// View of odd n; or a pointer `lead` words past a 16-byte boundary): component i's run starts s_i =
// (lead + i * pitch) mod G words past a chunk boundary, the same in every tile (T is a multiple of G).
// The tile's columnar side is then `per` = T / G + 1 aligned chunks per component, from the chunk that
// holds the run's first word. A chunk wholly inside the run moves as 16 bytes; the (at most two)
// chunks it shares with the neighbouring tiles are loaded whole too (but one that would reach before
// the side's first word or past its last) and only the run's words go to the tile, and are stored
// one by one: each word is written by exactly one block.
struct shifted_columns {
  static constexpr bool shifted = true;
  std::size_t pitch;
  unsigned per;  // T / G + 1
  fast_divmod by_per;
  std::size_t words;  // the side's extent, (m - 1) * pitch + n: a shared chunk loads whole within it
  unsigned lead;      // the side's pointer, in words past a 16-byte boundary

  __device__ __forceinline__ std::size_t start(std::size_t v0, unsigned) const { return v0; }
  __device__ __forceinline__ unsigned chunks(unsigned, unsigned m) const { return m * per; }
  __device__ __forceinline__ std::size_t offset(std::size_t v, std::size_t i, unsigned) const { return i * pitch + v; }
};

// Division by a compile-time m (what the compiler turns into a multiply and a shift).
template <unsigned M>
struct static_divmod {
  __device__ __forceinline__ void operator()(unsigned k, unsigned& quotient, unsigned& remainder) const {
    quotient = k / M, remainder = k % M;
  }
};

// Shared slot of word e of a row chunk whose first word sits at `slot`; `wrap` is the word at which
// the chunk enters the next vector (wrap mode); periodic mode: `slot` is the first word's vector's
// first slot and `wrap` its component. Signed: a shifted tile's first chunk starts before the tile.
template <row_mode Mode, unsigned StaticM, bool Shifted>
__device__ __forceinline__ int row_slot(unsigned slot, unsigned wrap, unsigned e) {
  if constexpr (Mode == row_mode::wrap) return int(slot + e + (e >= wrap ? 1u : 0u));
  if constexpr (Mode == row_mode::periodic && !Shifted) return int(slot + e / StaticM * (StaticM | 1) + e % StaticM);
  if constexpr (Mode == row_mode::periodic) return int(slot + (wrap + e) / StaticM * (StaticM | 1) + (wrap + e) % StaticM);
  return int(slot + e);
}

// c.w[e] <- c.w[(e + r) mod G] for r a multiple of a quarter chunk (of a word, 8-byte words), by
// selects of whole 32-bit registers rather than indexing (which would go through local memory).
template <class Word>
__device__ __forceinline__ void rotate_words(chunk_of<Word>& c, unsigned r) {
  constexpr unsigned G = chunk_words<Word>;
  static_assert(G >= 2, "16-byte words take no turn");
  constexpr unsigned per = G >= 4 ? G / 4 : 1;                 // words a step of the turn
  constexpr unsigned regs = unsigned(per * sizeof(Word) / 4);  // 32-bit registers a step
  std::uint32_t q[4];
  std::memcpy(q, &c, sizeof q);
  const unsigned steps = r / per;
#pragma unroll
  for (unsigned b = 1; b < G / per; b *= 2) {
    std::uint32_t t[4];
#pragma unroll
    for (unsigned e = 0; e < 4; ++e) t[e] = q[e];
    const bool take = (steps & b) != 0;
#pragma unroll
    for (unsigned e = 0; e < 4; ++e) q[e] = take ? t[(e + b * regs) % 4] : t[e];
  }
  std::memcpy(&c, q, sizeof q);
}

// c.w[(e + r) mod G] for r as above: picked from the chunk's registers where it is stored, which
// keeps the held chunks packed (turning them whole spilled 1-byte words' registers).
template <class Word>
__device__ __forceinline__ Word turned_word(const chunk_of<Word>& c, unsigned e, unsigned r) {
  constexpr unsigned G = chunk_words<Word>;
  if constexpr (G < 4) {
    return r == 0 ? c.w[e] : c.w[(e + 1) % G];  // 8-byte words: r is 0 or 1
  } else {
    constexpr unsigned per = G / 4;
    std::uint32_t q[4];
    std::memcpy(q, &c, sizeof q);
    const unsigned steps = r / per, at = e / per;
    const std::uint32_t low = steps & 1 ? q[(at + 1) % 4] : q[at];
    const std::uint32_t high = steps & 1 ? q[(at + 3) % 4] : q[(at + 2) % 4];
    const std::uint32_t reg = steps & 2 ? high : low;
    Word w;
    std::memcpy(&w, reinterpret_cast<const unsigned char*>(&reg) + e % per * sizeof(Word), sizeof w);
    return w;
  }
}

// The turn of this lane's chunks on the columnar side (above): its group's quarter chunks, in words.
template <unsigned G>
__device__ __forceinline__ unsigned column_turn() {
  const unsigned group = (threadIdx.x % 32) / 8;
  if constexpr (G == 2) return group % 2;
  return group * (G / 4);
}

// A tile's T pitched rows of m words each from the shared tile (v * stride + i), word k of the tile
// in row order by thread k mod 256; the rows' padding is not written.
template <class Word>
__device__ __forceinline__ void transpose_rows_by_word(Word* rows, const Word* tile, const transpose_shape& shape,
                                                       unsigned m, unsigned stride) {
  unsigned v, i, dv, di;
  shape.by_m(threadIdx.x, v, i);
  shape.by_m(transpose_threads, dv, di);
  const unsigned words = shape.tile * m;
#pragma unroll 4
  for (unsigned k = threadIdx.x; k < words; k += transpose_threads) {
    rows[std::size_t(v) * shape.row_pitch + i] = tile[v * stride + i];
    v += dv, i += di;  // k / m and k % m, stepped
    if (i >= m) i -= m, ++v;
  }
}

// Whether the kernel turns its columnar chunks: 1- and 2-byte words only where that measured faster
// (above).
template <class Word, class Columns, bool RowsFirst, row_mode Mode>
inline constexpr bool turns_columns =
    chunk_words<Word> > 1 &&
    (chunk_words<Word> <= 4 || (!std::is_same_v<Columns, block_columns> &&
                                (RowsFirst || (!Columns::shifted && Mode != row_mode::pitched))));

// 5 blocks of 256 per SM, which leaves the word rotation its registers; 4 for shifted columns, whose
// per-chunk ranges would otherwise spill, and for 1-byte words turned into rows (the same: at 5 they
// spill and measured slower).
template <class Word, class Columns, bool RowsFirst, bool Turn>
inline constexpr int transpose_blocks_per_sm = Columns::shifted || (sizeof(Word) == 1 && !RowsFirst && Turn) ? 4 : 5;

// Calls f(turn), the kernel's Turn: turns_columns, but for 1-byte words into rows compiled both ways
// and picked by shape.turn, since the turned kernel's occupancy costs where runs are too short to
// turn (large m; BENCHMARKS.md, Every transform path).
template <class Word, class Columns, bool RowsFirst, row_mode Mode, class F>
void with_turn(const transpose_shape& shape, F&& f) {
  constexpr bool can = turns_columns<Word, Columns, RowsFirst, Mode>;
  if constexpr (can && sizeof(Word) == 1 && !RowsFirst) {
    if (!shape.turn) return f(std::false_type{});
  }
  f(std::bool_constant<can>{});
}

// Shifted: the rows pointer lies off 16 bytes (shifted rows; shape.row_lead != 0), compiled apart so
// that rows on 16 bytes do without the shifted kind's checks, which measurably slow them.
template <class Word, class Columns, bool RowsFirst, row_mode Mode, unsigned StaticM, bool Turn, bool Shifted>
__global__ void __launch_bounds__(transpose_threads, transpose_blocks_per_sm<Word, Columns, RowsFirst, Turn>)
    transpose_kernel(const Word* __restrict__ src, Word* __restrict__ dst, transpose_shape shape, Columns columns,
                     Word fill) {
  constexpr unsigned G = chunk_words<Word>;
  if (blockIdx.x < shape.tail) return transpose_tail<Word, Columns, RowsFirst>(src, dst, shape, columns, fill);
  static_assert(Mode != row_mode::periodic || (StaticM != 0 && G % StaticM == 0), "periodic needs m | G, static");
  extern __shared__ __align__(16) unsigned char shared_bytes[];
  Word* tile = reinterpret_cast<Word*>(shared_bytes) + (Shifted ? shape.tile_offset : 0);
  const unsigned m = StaticM != 0 ? StaticM : shape.m;
  const unsigned stride = m | 1;

  // Where this thread's chunks lie: chunk j is the (threadIdx.x + 256 j)-th of the tile on either
  // side. Row chunks lie 16 * 256 bytes apart, from G * threadIdx.x.
  // Pitched rows: row_wrap holds the chunk's words of the row (G but in a row's last chunk), and
  // row_offset where the chunk lies from the tile's first row. Span: row_first and row_wrap hold the
  // row and the word of its pitch where the chunk starts.
  unsigned row_first[transpose_chunks], row_wrap[transpose_chunks], col_first[transpose_chunks];
  unsigned row_offset[transpose_chunks];
  std::size_t col_offset[transpose_chunks];
  auto by_m = [&](unsigned k, unsigned& q, unsigned& r) {
    if constexpr (StaticM != 0) {
      static_divmod<StaticM>{}(k, q, r);
    } else {
      shape.by_m(k, q, r);
    }
  };
  // Span and packed row modes: where row chunk q's first word goes, row_first and row_wrap above
  // (shifted rows: the first chunk's v is "-1", wrapped around, its slots before the tile).
  auto row_place = [&](unsigned q, unsigned& first, unsigned& wrap) {
    unsigned v, i;
    if constexpr (Mode == row_mode::span) {
      shape.by_row(G * q + (Shifted ? shape.row_skew : 0), v, i);
      first = Shifted ? v - shape.row_back : v, wrap = i;
    } else {
      by_m(G * q + (Shifted ? shape.row_skew : 0), v, i);
      if constexpr (Shifted) v -= shape.row_back;
      first = Mode == row_mode::periodic ? v * stride : v * stride + i;
      wrap = Mode == row_mode::periodic ? i : m - i;
    }
  };
  if constexpr (Shifted && RowsFirst) {
    // The tile's chunk past the others (q = row_chunks: its first lead words are the tile's last), and
    // those that reach outside the side (the first tile's first, the last tile's last): the tile's
    // words of them one by one, by their owners, first (later, with the other chunks' registers live,
    // 1-byte words' registers spilled).
    const std::ptrdiff_t tile_at = std::ptrdiff_t(std::size_t(blockIdx.x - shape.tail) * shape.tile * shape.row_pitch);
    const std::ptrdiff_t end = std::ptrdiff_t(shape.row_words);
#pragma unroll 1
    for (unsigned c = 0; c < 3; ++c) {
      const unsigned q = c == 0 ? 0 : shape.row_chunks + c - 2;
      const std::ptrdiff_t from_tile = std::ptrdiff_t(G * q) - std::ptrdiff_t(shape.row_lead), at = tile_at + from_tile;
      if (q % transpose_threads != threadIdx.x || (c < 2 && at >= 0 && at + std::ptrdiff_t(G) <= end)) continue;
      unsigned slot, wrap;
      row_place(q, slot, wrap);
      if constexpr (Mode == row_mode::span) {  // the tile's rows' words, not their padding (all within the side)
        const unsigned pitch = unsigned(shape.row_pitch);
        for (unsigned e = 0, v = slot, i = wrap; e < G; ++e) {
          if (i < m && v < shape.tile) tile[v * stride + i] = src[at + std::ptrdiff_t(e)];
          if (++i == pitch) i = 0, ++v;
        }
      } else {
        const std::ptrdiff_t words = std::ptrdiff_t(shape.tile) * m;
        for (unsigned e = 0; e < G; ++e)
          if (from_tile + std::ptrdiff_t(e) >= 0 && from_tile + std::ptrdiff_t(e) < words)
            tile[row_slot<Mode, StaticM, Shifted>(slot, wrap, e)] = src[at + std::ptrdiff_t(e)];
      }
    }
  }
  // Shifted columns: col_first may be "negative" (mod 2^32) for a chunk that starts before the run;
  // only its words in [lo, hi) (col_range = lo | hi << 8) are the tile's (fewer than G: partial).
  unsigned col_range[transpose_chunks];
#pragma unroll
  for (int j = 0; j < transpose_chunks; ++j) {
    const unsigned q = threadIdx.x + unsigned(j * transpose_threads);
    const unsigned k = G * q;
    unsigned v, i;
    if constexpr (Mode == row_mode::pitched) {
      unsigned c;
      shape.by_row(q, v, c);
      row_first[j] = v * stride + c * G;
      row_wrap[j] = min(G, m - c * G);
      row_offset[j] = v * unsigned(shape.row_pitch) + c * G;
    } else {  // span: row v, word i of its pitch; packed modes: slot v * S + i, the words to the next vector
      row_place(q, row_first[j], row_wrap[j]);
    }
    if constexpr (Columns::shifted) {
      unsigned t;
      columns.by_per(q, i, t);
      const unsigned s = unsigned(columns.lead + std::size_t(i) * columns.pitch) & (G - 1);
      const int first_v = int(t * G) - int(s);  // the tile's vector held by the chunk's word 0
      col_offset[j] = std::size_t(i) * columns.pitch + t * G - s;
      col_first[j] = unsigned(first_v * int(stride) + int(i));
      const int lo = first_v < 0 ? -first_v : 0;
      const int hi = min(int(G), int(shape.tile) - first_v);
      col_range[j] = unsigned(lo) | unsigned(max(hi, lo)) << 8;
    } else {
      col_offset[j] = columns.at(k, shape.by_tile, by_m, v, i);
      col_first[j] = v * stride + i;
      col_range[j] = G << 8;
    }
  }
  // The columnar side's word order: this lane moves word (e + turn) mod G of a chunk at step e.
  const unsigned turn = Turn && shape.turn ? column_turn<G>() : 0;
  // Word (e + turn) mod G lies col_step(e) past the chunk's first in the tile; the turn being whole
  // quarter chunks, the wrap is worked out once per 32-bit register (an array of G steps spilled
  // 1-byte words' registers).
  constexpr unsigned per = G >= 4 ? G / 4 : 1;
  auto col_step = [&](unsigned e) {
    unsigned w = e / per * per + turn;
    if (w >= G) w -= G;
    return (w + e % per) * stride;
  };
  // Rows of pitch m have as many chunks as the columns: one predicate for both sides (a second one
  // pushed 1-byte words into spilling registers). Shifted rows have one more, moved apart.
  constexpr bool own_rows = Mode == row_mode::pitched || Mode == row_mode::span;
  auto owns = [&](int j) {
    return threadIdx.x + unsigned(j * transpose_threads) < (own_rows ? shape.row_chunks : shape.chunks);
  };
  // The columnar side's chunks: T * m / G, or m * per when shifted.
  const unsigned col_chunks = columns.chunks(shape.chunks, m);
  auto owns_col = [&](int j) { return threadIdx.x + unsigned(j * transpose_threads) < col_chunks; };
  auto partial = [&](int j) { return Columns::shifted && col_range[j] != (G << 8); };
  auto lo = [&](int j) { return col_range[j] & 0xffu; };
  auto hi = [&](int j) { return col_range[j] >> 8; };
  const std::size_t v0 = std::size_t(blockIdx.x - shape.tail) * shape.tile;
  const std::size_t rows_at = v0 * (own_rows ? shape.row_pitch : m);
  // Where row chunk j lies from the tile's first row (packed rows: G * 256 words apart). In 64 bits,
  // so that j's part folds into the access's offset: as 32-bit arithmetic, 1-byte words spill
  // registers and run much slower.
  auto row_at = [&](int j) -> std::size_t {
    if constexpr (Mode == row_mode::pitched) return row_offset[j];
    return std::size_t(G) * threadIdx.x + std::size_t(j) * (G * transpose_threads);
  };

  // Shifted rows: chunk j's first word from the rows pointer (from the boundary below the tile's first
  // word; named for the span it walks in every row mode), and whether the chunk lies wholly within
  // [first, end).
  auto span_at = [&](int j) -> std::ptrdiff_t { return std::ptrdiff_t(rows_at + row_at(j)) - shape.row_lead; };
  auto span_inside = [&](std::ptrdiff_t at, std::ptrdiff_t first, std::ptrdiff_t end) {
    return at >= first && at + std::ptrdiff_t(G) <= end;
  };
  // Loaded as one 16-byte chunk: every chunk but a shared one that would reach outside the side (the
  // first, of a pointer past a chunk boundary, starts "below 0": wrapped around, past the end too).
  auto whole_load = [&](int j) {
    if constexpr (Columns::shifted) {
      const std::size_t first = v0 + col_offset[j];
      return !partial(j) || (first < columns.words && first + G <= columns.words);
    }
    return true;
  };
  chunk_of<Word> held[transpose_chunks];
  // Shifted rows: a chunk that reaches outside the side (the first tile's first, the last tile's last)
  // is not loaded whole; its tile words were read one by one above.
  auto rows_inside = [&](int j) { return span_inside(span_at(j), 0, std::ptrdiff_t(shape.row_words)); };
  if constexpr (Shifted && RowsFirst) {
#pragma unroll
    for (int j = 0; j < transpose_chunks; ++j)
      if (owns(j) && rows_inside(j)) held[j] = load_chunk(src + span_at(j));
  } else if constexpr (RowsFirst) {
#pragma unroll
    for (int j = 0; j < transpose_chunks; ++j)
      if (owns(j)) held[j] = load_chunk(src + rows_at + row_at(j));
  } else {
    const Word* from = src + columns.start(v0, m);
#pragma unroll
    for (int j = 0; j < transpose_chunks; ++j)
      if (owns_col(j) && whole_load(j)) held[j] = load_chunk(from + col_offset[j]);
  }
#pragma unroll
  for (int j = 0; j < transpose_chunks; ++j) {
    if (RowsFirst ? !owns(j) : !owns_col(j)) continue;
    if constexpr (Shifted && RowsFirst) {
      if (!rows_inside(j)) continue;  // moved above, one word at a time
    }
    if constexpr (!RowsFirst && Columns::shifted) {
      if (partial(j)) {  // only the tile's words, from the chunk held or (at the side's end) one by one
        if (whole_load(j)) {
#pragma unroll
          for (unsigned e = 0; e < G; ++e)
            if (e >= lo(j) && e < hi(j)) tile[col_first[j] + e * stride] = held[j].w[e];
        } else {
          const Word* from = src + columns.start(v0, m) + col_offset[j];
          for (unsigned w = lo(j); w < hi(j); ++w) tile[col_first[j] + w * stride] = from[w];
        }
        continue;
      }
    }
    if constexpr (RowsFirst && Mode == row_mode::packed) {
      *reinterpret_cast<chunk_of<Word>*>(tile + int(row_first[j])) = held[j];
    } else if constexpr (RowsFirst && Mode == row_mode::pitched) {
#pragma unroll
      for (unsigned e = 0; e < G; ++e)
        if (e < row_wrap[j]) tile[row_first[j] + e] = held[j].w[e];
    } else if constexpr (RowsFirst && Mode == row_mode::span) {  // the tile's rows' words, not their padding
      const unsigned pitch = unsigned(shape.row_pitch);
      unsigned v = row_first[j], i = row_wrap[j];
#pragma unroll
      for (unsigned e = 0; e < G; ++e) {
        if (i < m && (!Shifted || v < shape.tile)) tile[v * stride + i] = held[j].w[e];
        if (++i == pitch) i = 0, ++v;
      }
    } else if constexpr (RowsFirst) {
#pragma unroll
      for (unsigned e = 0; e < G; ++e) tile[row_slot<Mode, StaticM, Shifted>(row_first[j], row_wrap[j], e)] = held[j].w[e];
    } else {
#pragma unroll
      for (unsigned e = 0; e < G; ++e)
        tile[col_first[j] + col_step(e)] = Turn ? turned_word(held[j], e, turn) : held[j].w[e];
    }
  }
  __syncthreads();
  if constexpr (!RowsFirst && Mode == row_mode::pitched) {
    // Rows that are not whole chunks go word by word in row order, consecutive lanes on consecutive
    // words: each warp store then writes a row's words in one request to its sector. (Chunk by chunk,
    // a partial chunk's words would take a request each, slower than the tiled kernel.)
    if (shape.rows_by_word) return transpose_rows_by_word(dst + rows_at, tile, shape, m, stride);
  }
#pragma unroll
  for (int j = 0; j < transpose_chunks; ++j) {
    if (RowsFirst ? !owns_col(j) : !owns(j)) continue;
    if constexpr (RowsFirst && Columns::shifted) {
      if (partial(j)) {
        Word* to = dst + columns.start(v0, m) + col_offset[j];
        for (unsigned w = lo(j); w < hi(j); ++w) to[w] = tile[col_first[j] + w * stride];
        continue;
      }
    }
    chunk_of<Word> out;
    if constexpr (!RowsFirst && Mode == row_mode::packed) {
      out = *reinterpret_cast<const chunk_of<Word>*>(tile + int(row_first[j]));
    } else if constexpr (!RowsFirst && Mode == row_mode::pitched) {  // whole chunks only (above)
#pragma unroll
      for (unsigned e = 0; e < G; ++e) out.w[e] = tile[row_first[j] + e];
    } else if constexpr (!RowsFirst) {
#pragma unroll
      for (unsigned e = 0; e < G; ++e) out.w[e] = tile[row_slot<Mode, StaticM, Shifted>(row_first[j], row_wrap[j], e)];
    } else {
#pragma unroll
      for (unsigned e = 0; e < G; ++e) out.w[e] = tile[col_first[j] + col_step(e)];
      if constexpr (Turn) rotate_words(out, (G - turn) % G);
    }
    if constexpr (RowsFirst) {
      store_chunk(dst + columns.start(v0, m) + col_offset[j], out);
    } else if constexpr (Shifted) {  // the chunk shared with the tile before word by word
      const std::ptrdiff_t at = span_at(j), first = std::ptrdiff_t(rows_at);
      const std::ptrdiff_t end = first + std::ptrdiff_t(shape.tile * m);
      if (span_inside(at, first, end)) {
        store_chunk(dst + at, out);
      } else {
        for (unsigned e = 0; e < G; ++e)
          if (at + std::ptrdiff_t(e) >= first && at + std::ptrdiff_t(e) < end) dst[at + std::ptrdiff_t(e)] = out.w[e];
      }
    } else {
      store_chunk(dst + rows_at + row_at(j), out);
    }
  }
  if constexpr (Shifted && !RowsFirst) {  // the chunk past the others: its first lead words are the tile's last
    const unsigned q = shape.row_chunks;
    if (q % transpose_threads == threadIdx.x) {
      unsigned slot, wrap;
      row_place(q, slot, wrap);
      const std::ptrdiff_t at = std::ptrdiff_t(rows_at + G * q) - std::ptrdiff_t(shape.row_lead);
      for (unsigned e = 0; e < shape.row_lead; ++e) dst[at + std::ptrdiff_t(e)] = tile[row_slot<Mode, StaticM, Shifted>(slot, wrap, e)];
    }
  }
}

// ---- Host side: what move_transpose (fast_relayout.cu) launches for a plan ------------------------

// The kernel's shape: plan's tiles, and the tail blocks for [split, n) and a blocked destination's
// padding (write_padding) after them.
// row_lead: the rows pointer in words past a 16-byte boundary (shifted rows; any row mode but pitched).
inline transpose_shape transpose_shape_for(const fast_plan& plan, const array_layout& sl, const array_layout& dl,
                                           bool write_padding, unsigned words, unsigned row_lead) {
  const unsigned m = unsigned(sl.m);
  transpose_shape shape{m, plan.tile, plan.tile * m / words, fast_divmod(m), fast_divmod(plan.tile)};
  const array_layout& rows = sl.kind == layout_kind::row_major ? sl : dl;
  shape.row_pitch = rows.pitch;
  shape.row_chunks = shape.chunks;
  if (plan.mode != row_mode::pitched) {
    shape.row_words = (rows.n - 1) * rows.pitch + rows.m;
    shape.row_lead = row_lead;
    shape.row_back = unsigned(ceil_div(row_lead, rows.pitch));
    shape.row_skew = unsigned(shape.row_back * rows.pitch - row_lead);
    shape.tile_offset = plan.mode != row_mode::span && row_lead != 0 ? words + row_lead : 0;
  }
  if (plan.mode == row_mode::pitched) {
    const unsigned per_row = unsigned(ceil_div(m, words));
    shape.row_chunks = plan.tile * per_row;
    shape.by_row = fast_divmod(per_row);
    shape.rows_by_word = plan.rows_by_word;
  } else if (plan.mode == row_mode::span) {
    shape.row_chunks = unsigned(plan.tile * rows.pitch / words);
    shape.by_row = fast_divmod(unsigned(rows.pitch));
  }
  shape.split = plan.split;
  shape.n = sl.n;
  // Blocks within the tile (block_columns) turn always: 4- and 8-byte words whatever the runs' length;
  // 1- and 2-byte words are never turned there (turns_columns). Runs turn from 16 chunks.
  const array_layout& other = rows.kind == sl.kind ? dl : sl;
  const bool blocks_in_tile = other.kind == layout_kind::blocked && other.block <= plan.tile;
  shape.turn = blocks_in_tile || plan.tile / words >= 16;
  shape.extent = dst_extent(dl, write_padding);
  const std::size_t per_block = std::size_t(transpose_threads) * tail_elements_per_thread;
  shape.tail = unsigned(((shape.extent - plan.split) * m + per_block - 1) / per_block);
  return shape;
}

// Calls f(shifted), the kernel's Shifted: whether the rows pointer lies off 16 bytes (only for the modes
// that take it: not pitched rows, nor 16-byte words; span rows of 2- and 4-byte words, relayout_plan.cpp).
template <unsigned G, row_mode Mode, class F>
void with_shifted_rows(const transpose_shape& shape, F&& f) {
  if constexpr (G > 1 && Mode != row_mode::pitched && (Mode != row_mode::span || G == 4 || G == 8)) {
    if (shape.row_lead != 0) return f(std::true_type{});
  } else if (shape.row_lead != 0) {
    fail(errc::invalid_argument, "coalesce::relayout", "no shifted-rows transpose for this row mode and word size");
  }
  f(std::false_type{});
}

// Calls f(mode, static m): m compiled in for the periodic mode (plan_fast_relayout picks it only for
// m in static_ms), else 0 and m passed as an argument.
template <unsigned G, class F>
void with_row_mode(const fast_plan& plan, std::size_t m, F&& f) {
  using std::integral_constant;
  const integral_constant<unsigned, 0> dynamic;
  switch (plan.mode) {
    case row_mode::packed: return f(integral_constant<row_mode, row_mode::packed>{}, dynamic);
    case row_mode::contiguous: return f(integral_constant<row_mode, row_mode::contiguous>{}, dynamic);
    case row_mode::pitched: return f(integral_constant<row_mode, row_mode::pitched>{}, dynamic);
    case row_mode::span: return f(integral_constant<row_mode, row_mode::span>{}, dynamic);
    case row_mode::wrap:  // even m above G, not a multiple of it (or, shifted, a multiple): where G > 1
      if constexpr (G > 1) return f(integral_constant<row_mode, row_mode::wrap>{}, dynamic);
      break;
    case row_mode::periodic: {
      static_assert(sizeof(static_ms) / sizeof(static_ms[0]) == 3, "the cases below list static_ms");
      constexpr integral_constant<row_mode, row_mode::periodic> periodic;
      if constexpr (G > 2) if (m == 2) return f(periodic, integral_constant<unsigned, 2>{});
      if constexpr (G > 4) if (m == 4) return f(periodic, integral_constant<unsigned, 4>{});
      if constexpr (G > 8) if (m == 8) return f(periodic, integral_constant<unsigned, 8>{});
      break;
    }
  }
  fail(errc::invalid_argument, "coalesce::relayout", "no transpose kernel for m = " + std::to_string(m));
}

// f(columns): the columnar side `other` as the kernel takes it.
// `lead`: the columnar side's pointer in words past a 16-byte boundary (shifted columns only).
template <unsigned G, class F>
void with_transpose_columns(const fast_plan& plan, const array_layout& other, unsigned lead, F&& f) {
  if constexpr (G > 1) {  // plan_transpose: 1-, 2-, 4- and 8-byte words
    if (other.kind == layout_kind::col_major && plan.shifted) {
      const unsigned per = plan.tile / G + 1;
      return f(shifted_columns{other.pitch, per, fast_divmod(per), (other.m - 1) * other.pitch + other.n, lead});
    }
  }
  if (other.kind == layout_kind::col_major) return f(strided_columns{other.pitch, false, fast_divmod()});
  const fast_divmod by_block(unsigned(other.block));
  if (other.block <= plan.tile) return f(block_columns{by_block});
  f(strided_columns{other.block, true, by_block});
}

}  // namespace coalesce::detail

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// A chunk of consecutive words moved by one global access: 16 bytes (G = 16 / sizeof(Word) words)
// where alignment allows, else one word.

#include <cstring>

namespace coalesce::detail {

template <class Word>
inline constexpr unsigned chunk_words = 16 / sizeof(Word);

template <class Word, unsigned Words = chunk_words<Word>>
struct alignas(Words * sizeof(Word)) chunk_of {
  Word w[Words];
};

template <class Word, unsigned Words = chunk_words<Word>>
__device__ __forceinline__ chunk_of<Word, Words> load_chunk(const Word* p) {
  chunk_of<Word, Words> c;
  if constexpr (Words * sizeof(Word) == 16) {
    const uint4 raw = __ldg(reinterpret_cast<const uint4*>(p));
    std::memcpy(&c, &raw, sizeof c);
  } else {
    static_assert(Words == 1, "a chunk is 16 bytes or one word");
    c.w[0] = *p;
  }
  return c;
}

template <class Word, unsigned Words>
__device__ __forceinline__ void store_chunk(Word* p, const chunk_of<Word, Words>& c) {
  if constexpr (Words * sizeof(Word) == 16) {
    uint4 raw;
    std::memcpy(&raw, &c, sizeof raw);
    *reinterpret_cast<uint4*>(p) = raw;
  } else {
    *p = c.w[0];
  }
}

}  // namespace coalesce::detail

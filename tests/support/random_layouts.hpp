// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Random layouts for the stress tests: record layouts (aos, packed, soa, blocked and split with bd from
// 1 to 1024, random hot subsets in columns or blocks) and vector-set layouts (rows of odd pitches,
// columns, blocks of any bd), block sizes weighted towards the small and the awkward (1, 2, 3, one
// below and above a warp), and record counts that fall on and beside the blocks.

#include <coalesce/layout/spec.hpp>
#include <coalesce/record/layout.hpp>

#include <algorithm>
#include <cstddef>
#include <random>
#include <string>
#include <vector>

namespace coalesce::test {

// bd in [1, 1024]: a third of the draws from the small and awkward ones, a third from 1..64, the
// rest from 1..1024.
inline std::size_t random_block(std::mt19937_64& gen) {
  static const std::size_t awkward[] = {1, 2, 3, 4, 5, 7, 8, 15, 16, 17, 31, 32, 33, 63, 64, 96, 100, 127, 128, 129, 255, 256, 1000, 1024};
  switch (gen() % 3) {
    case 0: return awkward[gen() % std::size(awkward)];
    case 1: return 1 + gen() % 64;
    default: return 1 + gen() % 1024;
  }
}

// A record count: small (1-40), one of a block's multiples or beside one, or up to `most`.
inline std::size_t random_count(std::mt19937_64& gen, std::size_t bd_hint, std::size_t most) {
  switch (gen() % 4) {
    case 0: return 1 + gen() % 40;
    case 1: {
      const std::size_t b = std::max<std::size_t>(bd_hint, 1), k = 1 + gen() % std::max<std::size_t>(1, most / b);
      const std::size_t n = k * b + (gen() % 3) - 1;  // k bd - 1, k bd, k bd + 1
      return std::clamp<std::size_t>(n, 1, most);
    }
    default: return 1 + gen() % most;
  }
}

// Any record layout of desc: every kind, split with a random non-empty hot subset (all fields at times)
// in columns or in blocks.
inline record_layout_spec random_record_layout(const record_desc& desc, std::mt19937_64& gen) {
  switch (gen() % 6) {
    case 0: return record_aos();
    case 1: return record_packed();
    case 2: return record_soa();
    case 3: return record_blocked(random_block(gen));
    default: break;
  }
  std::vector<std::string> hot;
  const bool all = gen() % 5 == 0;
  for (const field_desc& f : desc.fields())
    if (all || gen() % 2) hot.push_back(f.name);
  if (hot.empty()) hot.push_back(desc[gen() % desc.size()].name);
  std::shuffle(hot.begin(), hot.end(), gen);
  return record_split(std::move(hot), gen() % 2 ? random_block(gen) : 0);
}

// A vector set's layout for the runtime (aos, pitched rows, soa pitched or packed, blocked of any bd).
inline layout_spec random_layout_spec(std::mt19937_64& gen) {
  switch (gen() % 5) {
    case 0: return aos();
    case 1: return pitched_rows();
    case 2: return soa();
    case 3: return soa(false);
    default: return blocked(random_block(gen));
  }
}

// A vector set's resolved layout of n x m: rows of pitch m or a few more (odd ones too), columns of
// pitch n or a few more, blocks of any bd.
inline array_layout random_array_layout(std::mt19937_64& gen, std::size_t n, std::size_t m) {
  switch (gen() % 3) {
    case 0: return {layout_kind::row_major, n, m, m + (gen() % 2 ? gen() % 5 : 0), 0};
    case 1: return {layout_kind::col_major, n, m, n + (gen() % 2 ? gen() % 9 : 0), 0};
    default: return {layout_kind::blocked, n, m, 0, random_block(gen)};
  }
}

}  // namespace coalesce::test

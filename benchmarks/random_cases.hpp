// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// coalesce-bench --random K: moves drawn at random, so that no table can be tuned to the benchmark.
// Record cells: records of 1-16 fields (1-16 byte elements, 1-4 of them) with padding between and
// after fields, any record layout (blocked and split with bd 1-1024, weighted towards awkward ones,
// random hot subsets), and the user's structs in host or device memory at either end. Path cells: any
// pair of the path matrix's kinds of ends (blocked of any bd, the user's rows of any pitch class and
// alignment, the user's columns), m 1-100, elements of 1-16 bytes. A draw depends on the seed and the
// data size only (not on the backend or the standard library): the same seed gives the same cells
// everywhere, except that the host backend keeps the user's pinned and device structs in host memory.

#include "path_ends.hpp"

#include <coalesce/record/layout.hpp>
#include <coalesce/record/record.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <ctime>
#include <initializer_list>
#include <numeric>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace coalesce::bench {

// Today's date (UTC) as the number YYYYMMDD: the default seed, so a day's draws repeat.
inline std::uint64_t date_seed() {
  const std::time_t now = std::time(nullptr);
  const std::tm* t = std::gmtime(&now);
  return std::uint64_t(t->tm_year + 1900) * 10000 + std::uint64_t(t->tm_mon + 1) * 100 + std::uint64_t(t->tm_mday);
}

// A draw in [0, k): the generator's own output (std distributions differ between libraries).
inline std::size_t draw(std::mt19937_64& gen, std::size_t k) { return std::size_t(gen() % k); }

// bd in [1, 1024]: half the draws from the awkward ones (1, 2, 3, beside a warp, 96, 100, 1000), a
// quarter from 1..64, the rest from 1..1024.
inline std::size_t random_block(std::mt19937_64& gen) {
  static const std::size_t awkward[] = {1,  2,  3,   5,   7,   15,  17,   31,   33,  63,
                                        65, 96, 100, 127, 129, 255, 1000, 1023, 1024};
  switch (draw(gen, 4)) {
    case 0:
    case 1: return awkward[draw(gen, std::size(awkward))];
    case 2: return 1 + draw(gen, 64);
    default: return 1 + draw(gen, 1024);
  }
}

// n near `n`, not a multiple of any of the blocks (bd > 1), so the last block is part full.
inline std::size_t off_the_blocks(std::size_t n, std::initializer_list<std::size_t> blocks) {
  auto on_one = [&](std::size_t k) {
    return std::any_of(blocks.begin(), blocks.end(), [&](std::size_t bd) { return bd > 1 && k % bd == 0; });
  };
  while (n > 1 && on_one(n)) --n;
  return n;
}

// "#07": cell k of count, zero-padded so the cells sort in draw order.
inline std::string case_tag(std::size_t k, std::size_t count) {
  std::string digits = std::to_string(k);
  const std::size_t width = std::to_string(count > 0 ? count - 1 : 0).size();
  return "#" + std::string(width - std::min(width, digits.size()), '0') + digits;
}

// ---- Records ---------------------------------------------------------------------------------------

// 1-16 fields "f0".. of widths 1-16 and counts 1-4, in shuffled order with gaps before each field
// and after the last: a record built at run time, as from a schema file.
inline record_desc random_record(std::mt19937_64& gen) {
  static const std::size_t widths[] = {1, 2, 4, 8, 16};
  std::vector<field_desc> fields(1 + draw(gen, 16));
  for (std::size_t k = 0; k < fields.size(); ++k)
    fields[k] = {"f" + std::to_string(k), 0, widths[draw(gen, 5)], 1 + draw(gen, 4)};
  std::vector<std::size_t> order(fields.size());
  std::iota(order.begin(), order.end(), 0);
  for (std::size_t k = order.size(); k > 1; --k) std::swap(order[k - 1], order[draw(gen, k)]);
  std::size_t offset = 0, align = 1;
  const bool padded = draw(gen, 4) != 0;  // a quarter of the records have no gaps (padding only to align)
  for (std::size_t k : order) {
    field_desc& f = fields[k];
    if (padded) offset += draw(gen, 3) * f.width;
    offset = (offset + f.width - 1) / f.width * f.width;
    f.offset = offset;
    offset += f.bytes();
    align = std::max(align, f.width);
  }
  const std::size_t tail = padded ? draw(gen, 3) * align : 0;
  return record_desc(fields, (offset + tail + align - 1) / align * align);
}

// Any record layout of d: every kind; split with a random non-empty hot subset (at times every field)
// in columns or in blocks.
inline record_layout_spec random_record_layout(const record_desc& d, std::mt19937_64& gen) {
  switch (draw(gen, 6)) {
    case 0: return record_aos();
    case 1: return record_packed();
    case 2: return record_soa();
    case 3: return record_blocked(random_block(gen));
    default: break;
  }
  std::vector<std::string> hot;
  const bool all = draw(gen, 5) == 0;
  for (const field_desc& f : d.fields())
    if (all || draw(gen, 2)) hot.push_back(f.name);
  if (hot.empty()) hot.push_back(d[draw(gen, d.size())].name);
  for (std::size_t k = hot.size(); k > 1; --k) std::swap(hot[k - 1], hot[draw(gen, k)]);
  const bool blocks = draw(gen, 2) != 0;
  return record_split(std::move(hot), blocks ? random_block(gen) : 0);
}

// One end of a record move: a record array, or the user's structs (aos at the record's stride).
struct record_end {
  std::string name;  // the layout ("blocked:33"), or "user" (pageable host memory), "user:pinned", "user:device"
  bool user = false;
  bool device = false;  // user: device memory (device_records); on the host backend host memory
  bool pinned = false;  // user, host memory: cudaMallocHost (the device backend only)
  record_layout_spec spec{};
};

inline record_end random_record_end(const record_desc& d, std::mt19937_64& gen) {
  if (draw(gen, 3) != 0) {
    const record_layout_spec spec = random_record_layout(d, gen);
    return {to_string(spec), false, false, false, spec};
  }
  switch (draw(gen, 3)) {
    case 0: return {"user", true, false, false, {}};
    case 1: return {"user:pinned", true, false, true, {}};
    default: return {"user:device", true, true, false, {}};
  }
}

// A random record cell: n records of d moved from `from` to `to` (never user to user; array ends of
// different layouts). An array to the user's structs is a download, or download_async when `async`.
struct record_case {
  std::string tag;  // "#07"
  record_desc desc;
  record_end from, to;
  std::size_t n = 0;
  bool async = true;

  // "#3 7 fields 41/48 B: blocked:33 -> user, download"
  std::string name() const {
    std::string s = tag + " " + std::to_string(desc.size()) + (desc.size() == 1 ? " field " : " fields ") +
                    std::to_string(desc.data_bytes()) + "/" + std::to_string(desc.stride()) + " B: " + from.name +
                    " -> " + to.name;
    if (to.user) s += async ? ", download_async" : ", download";
    return s;
  }
};

// A cell of a draw: about `bytes` of field data, n off the layouts' blocks.
inline record_case random_record_case(std::mt19937_64& gen, std::string tag, std::size_t bytes) {
  record_case c;
  c.tag = std::move(tag);
  c.desc = random_record(gen);
  c.from = random_record_end(c.desc, gen);
  do c.to = random_record_end(c.desc, gen);
  while ((c.from.user && c.to.user) || c.to.name == c.from.name);
  c.async = draw(gen, 2) != 0;
  c.n = off_the_blocks(std::max<std::size_t>(1, bytes / c.desc.data_bytes()), {c.from.spec.block, c.to.spec.block});
  return c;
}

inline constexpr unsigned char struct_poison = 0xA5;

// n structs of d as the user has them: field bytes a hash of (record, byte), padding the poison.
inline std::vector<unsigned char> random_structs(const record_desc& d, std::size_t n) {
  std::vector<unsigned char> out(n * d.stride(), struct_poison);
  for (std::size_t v = 0; v < n; ++v)
    for (const field_desc& f : d.fields())
      for (std::size_t b = 0; b < f.bytes(); ++b) {
        const std::size_t at = v * d.stride() + f.offset + b;
        out[at] = static_cast<unsigned char>(pattern<std::uint64_t>(at, 7) >> 24);
      }
  return out;
}

// Records of `got` that differ from `want` in any byte (fields, or the padding the move must not write).
inline unsigned long long wrong_records(const unsigned char* got, const std::vector<unsigned char>& want,
                                        std::size_t stride) {
  unsigned long long wrong = 0;
  for (std::size_t at = 0; at < want.size(); at += stride)
    wrong += std::memcmp(got + at, want.data() + at, stride) != 0;
  return wrong;
}

// ---- Paths -----------------------------------------------------------------------------------------

// Any end of the path matrix's kinds: arrays (blocked of any bd), the user's rows (pitch m, m + 1, the
// pitched allocator's; aligned or one element past) or columns of odd pitch.
inline end_kind random_path_end(std::mt19937_64& gen) {
  switch (draw(gen, 9)) {
    case 0: return array_end(aos());
    case 1: return array_end(pitched_rows());
    case 2: return array_end(soa());
    case 3: return array_end(soa(false));
    case 4:
    case 5: return array_end(blocked(random_block(gen)));
    case 6:
    case 7: {
      const int pitch_class = int(draw(gen, 3));
      return user_end(pitch_class, draw(gen, 2) != 0, false);
    }
    default: return user_end(0, draw(gen, 2) != 0, true);
  }
}

// A random path cell: n vectors of m elements of elem bytes from `from` to `to` (at most one user end).
struct path_case {
  std::string tag;  // "#07"
  end_kind from, to;
  std::size_t m = 0, elem = 0, n = 0;

  std::string name() const { return tag + " " + from.name + " -> " + to.name; }
};

// A cell: about `bytes` of data as the matrix counts it (vectors_for), n off the blocks.
inline path_case random_path_case(std::mt19937_64& gen, std::string tag, std::size_t bytes) {
  static const std::size_t elems[] = {1, 2, 4, 8, 16};
  path_case c;
  c.tag = std::move(tag);
  c.from = random_path_end(gen);
  do c.to = random_path_end(gen);
  while ((c.from.user && c.to.user) || c.to.name == c.from.name);
  c.m = 1 + draw(gen, 100);
  c.elem = elems[draw(gen, 5)];
  const std::size_t n = vectors_for(bytes, c.m, c.elem, allocator_pitched(c.from) || allocator_pitched(c.to));
  c.n = off_the_blocks(n, {c.from.spec.block, c.to.spec.block});
  return c;
}

// The draw of a seed: `count` cases of `case_of(gen, tag, bytes)`, in order.
template <class Case>
std::vector<Case> random_cases(Case (*case_of)(std::mt19937_64&, std::string, std::size_t), std::uint64_t seed,
                               std::size_t count, std::size_t bytes) {
  std::mt19937_64 gen(seed);
  std::vector<Case> out;
  for (std::size_t k = 0; k < count; ++k) out.push_back(case_of(gen, case_tag(k, count), bytes));
  return out;
}

inline std::vector<record_case> random_record_cases(std::uint64_t seed, std::size_t count, std::size_t bytes) {
  return random_cases(random_record_case, seed, count, bytes);
}

inline std::vector<path_case> random_path_cases(std::uint64_t seed, std::size_t count, std::size_t bytes) {
  return random_cases(random_path_case, seed, count, bytes);
}

// The element types of the path cells: "u8", "u16", "u32", "u64", "b16".
inline const char* path_type(std::size_t elem) {
  switch (elem) {
    case 1: return "u8";
    case 2: return "u16";
    case 4: return "u32";
    case 8: return "u64";
    default: return "b16";
  }
}

}  // namespace coalesce::bench

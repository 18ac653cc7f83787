// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// What a move must touch, whatever kernel runs it: the bytes of each side that hold its data, as
// families of intervals, and the 32-byte sectors they lie in. The replay (benchmarks/replay.cu) reads
// every source sector and writes every destination byte of these families, in address order: a
// move's own ceiling, measured.

#include <coalesce/core/config.hpp>

#include "record/record_move.hpp"

#include <algorithm>
#include <utility>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace coalesce::detail {

// Bytes [start + k * period, start + k * period + length) for k < count, from a side's base.
struct interval_family {
  std::uint64_t start = 0, length = 0, period = 0, count = 1;
};

// The data bytes of one side of a record move (a vector set's too: vector_record_move), for records
// [0, records): each component's place, then families that abut with one period merged (an array of
// structs without gaps is one interval).
inline std::vector<interval_family> side_intervals(const std::vector<component_place>& places,
                                                   const std::vector<std::uint8_t>& width, std::size_t records) {
  std::vector<interval_family> out;
  if (records == 0) return out;
  for (std::size_t k = 0; k < places.size(); ++k) {
    const component_place& p = places[k];
    const std::uint64_t w = width[k];
    if (p.block == 1) {
      out.push_back({p.base, w, p.a, records});
    } else if (p.block == 0) {
      out.push_back({p.base, w * records, 0, 1});
    } else {
      const std::uint64_t whole = records / p.block, rest = records % p.block;
      if (whole) out.push_back({p.base, w * p.block, p.a, whole});
      if (rest) out.push_back({p.base + whole * p.a, w * rest, 0, 1});
    }
  }
  // A family of one interval, or whose intervals abut, is one interval.
  const auto flatten = [](interval_family& f) {
    if (f.count > 1 && f.length == f.period) f = {f.start, f.length * f.count, 0, 1};
    if (f.count == 1) f.period = 0;
  };
  for (interval_family& f : out) flatten(f);
  // Merging can flatten a family into one interval that abuts others: merge until nothing changes.
  for (std::size_t before = 0; before != out.size();) {
    before = out.size();
    std::sort(out.begin(), out.end(), [](const interval_family& a, const interval_family& b) {
      return a.period != b.period ? a.period < b.period : a.count != b.count ? a.count < b.count : a.start < b.start;
    });
    std::vector<interval_family> merged;
    for (const interval_family& f : out) {
      if (!merged.empty()) {
        interval_family& last = merged.back();
        if (last.period == f.period && last.count == f.count && last.start + last.length == f.start &&
            (f.count == 1 || last.length + f.length <= f.period)) {
          last.length += f.length;
          flatten(last);
          continue;
        }
      }
      merged.push_back(f);
    }
    out = std::move(merged);
  }
  std::sort(out.begin(), out.end(),
            [](const interval_family& a, const interval_family& b) { return a.start < b.start; });
  return out;
}

// The replay's unit: one 16-byte aligned window of memory (a half sector) that an interval touches,
// with the interval's bytes in it. A family's intervals take `windows` consecutive units each: enough
// for an interval at any phase (some stay empty where its start lies on the grid).
COALESCE_HD inline std::uint64_t windows_per_interval(const interval_family& f, std::uintptr_t base) {
  const bool phase_fixed = (base + f.start) % 16 == 0 && f.period % 16 == 0;
  return (f.length + 15) / 16 + (phase_fixed ? 0 : 1);
}

struct replay_window {
  std::uintptr_t at = 0;      // the window's first byte (16-byte aligned)
  unsigned first = 0, end = 0;  // the interval's bytes in it: [at + first, at + end); empty where first == end
};

// Unit j of interval k of family f at `base`.
COALESCE_HD inline replay_window window_of(const interval_family& f, std::uintptr_t base, std::uint64_t k,
                                           std::uint64_t j) {
  const std::uintptr_t s = base + f.start + k * f.period, e = s + f.length;
  replay_window w;
  w.at = (s & ~std::uintptr_t(15)) + 16 * j;
  if (w.at >= e) return w;  // past the interval: empty
  w.first = unsigned(s > w.at ? s - w.at : 0);
  w.end = unsigned(e - w.at < 16 ? e - w.at : 16);
  return w;
}

}  // namespace coalesce::detail

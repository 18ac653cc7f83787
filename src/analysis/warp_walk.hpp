// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// One warp at a time: the costs of its instructions (through the cached memory model) and the
// traffic counters of the time model (perf_model.hpp). Shared by the vector-set and record analyses.

#include "cached_model.hpp"

#include <coalesce/analysis/kernel_analysis.hpp>
#include <coalesce/analysis/perf_model.hpp>

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <unordered_map>
#include <vector>

namespace coalesce::analysis::detail {

// The bytes written of each sector, for the share of sectors that no thread writes whole. Bounded:
// sectors past the cap are not tracked (the share is then a sample).
class write_masks {
 public:
  void add(std::uint64_t sector, std::uint32_t mask) {
    auto it = masks_.find(sector);
    if (it != masks_.end()) {
      it->second |= mask;
    } else if (masks_.size() < cap) {
      masks_.emplace(sector, mask);
    }
  }
  // Of these sectors (the tracked ones), the share not written whole.
  template <class Sectors>
  double partial_share(const Sectors& sectors) const {
    std::uint64_t tracked = 0, partial = 0;
    for (std::uint64_t s : sectors) {
      const auto it = masks_.find(s);
      if (it == masks_.end()) continue;
      ++tracked;
      partial += it->second != 0xffffffffu;
    }
    return tracked ? static_cast<double>(partial) / static_cast<double>(tracked) : 0.0;
  }
  double partial_share() const {
    std::uint64_t partial = 0;
    for (const auto& [s, m] : masks_) partial += m != 0xffffffffu;
    return masks_.empty() ? 0.0 : static_cast<double>(partial) / static_cast<double>(masks_.size());
  }

 private:
  static constexpr std::size_t cap = std::size_t(1) << 21;
  std::unordered_map<std::uint64_t, std::uint32_t> masks_;
};

// The sectors a walk touches, as lists (a few periods of the pattern): sorted and deduplicated by
// finish().
struct sector_lists {
  std::vector<std::uint64_t> loads, stores;
  void operator()(std::uint64_t s, bool store) { (store ? stores : loads).push_back(s); }
  void finish() {
    for (auto* v : {&loads, &stores}) {
      std::sort(v->begin(), v->end());
      v->erase(std::unique(v->begin(), v->end()), v->end());
    }
  }
  // The sectors read or written (after finish()), sorted.
  std::vector<std::uint64_t> both() const {
    std::vector<std::uint64_t> out;
    std::set_union(loads.begin(), loads.end(), stores.begin(), stores.end(), std::back_inserter(out));
    return out;
  }
};

// Adds q times one stretch of warps' costs and counters (a repeat of the pattern) to the totals.
inline void add_scaled(std::vector<instruction_report>& to, const std::vector<instruction_report>& from,
                       std::uint64_t q) {
  for (std::size_t j = 0; j < to.size(); ++j) {
    to[j].requests += q * from[j].requests;
    to[j].transactions += q * from[j].transactions;
    to[j].bytes_used += q * from[j].bytes_used;
    to[j].bytes_moved += q * from[j].bytes_moved;
  }
}

inline void add_scaled(kernel_traffic& to, const kernel_traffic& from, std::uint64_t q) {
  to.warps += q * from.warps;
  to.load_requests += q * from.load_requests;
  to.store_requests += q * from.store_requests;
  to.load_sectors += q * from.load_sectors;
  to.store_sectors += q * from.store_sectors;
  to.store_bytes += q * from.store_bytes;
  to.wavefronts += q * from.wavefronts;
  to.warp_load_sectors += q * from.warp_load_sectors;
  to.warp_store_sectors += q * from.warp_store_sectors;
  to.warp_load_lines += q * from.warp_load_lines;
  to.warp_store_lines += q * from.warp_store_lines;
  to.warp_streams += q * from.warp_streams;
  to.warp_runs += q * from.warp_runs;
  to.stream_warps += q * from.stream_warps;
}

// The sectors of a whole walk, as bitmaps over the allocation.
struct sector_bitmaps {
  std::vector<bool> loads, stores;
  explicit sector_bitmaps(std::uint64_t span_bytes) : loads((span_bytes + 31) / 32), stores((span_bytes + 31) / 32) {}
  void operator()(std::uint64_t s, bool store) { (store ? stores : loads)[s] = true; }
  static std::uint64_t bytes(const std::vector<bool>& v) {
    return 32 * static_cast<std::uint64_t>(std::count(v.begin(), v.end(), true));
  }
};

class warp_walker {
 public:
  // `ins` holds one report per instruction, its component and kind set; costs are added to it.
  warp_walker(const gpu_arch& arch, const global_options& o, std::vector<instruction_report>& ins, kernel_traffic& t,
              const char*& unit, write_masks& masks)
      : models_(ins.size(), cached_model(arch, o)), ins_(ins), t_(t), unit_(unit), masks_(masks) {}

  // One warp: patterns[j] is instruction j's (no active lane: not issued).
  template <class Sink>
  void add(const std::vector<access_pattern>& patterns, Sink& sink) {
    loads_.clear();
    stores_.clear();
    bool any = false;
    for (std::size_t j = 0; j < patterns.size(); ++j) {
      const access_pattern& p = patterns[j];
      if (p.active == 0) continue;
      any = true;
      const warp_cost c = models_[j](p);
      instruction_report& r = ins_[j];
      r.requests += 1;
      r.transactions += c.transactions;
      r.bytes_used += c.bytes_used;
      r.bytes_moved += c.bytes_moved;
      unit_ = c.unit;
      const bool store = p.kind == access_kind::store;
      (store ? t_.store_sectors : t_.load_sectors) += c.transactions;
      (store ? t_.store_requests : t_.load_requests) += 1;
      if (store) t_.store_bytes += c.bytes_used;
      t_.wavefronts += std::max<std::uint64_t>(1, (c.transactions + 3) / 4);
      for (std::size_t l = 0; l < warp_size; ++l) {
        if (!p.is_active(l)) continue;
        const std::uint64_t s = p.address[l] / 32;
        (store ? stores_ : loads_).push_back(s);
        sink(s, store);
        if (store)
          masks_.add(s, static_cast<std::uint32_t>(((std::uint64_t(1) << p.width) - 1) << (p.address[l] % 32)));
      }
    }
    if (!any) return;
    t_.warps += 1;
    count(loads_, t_.warp_load_sectors, t_.warp_load_lines);
    count(stores_, t_.warp_store_sectors, t_.warp_store_lines);
    // Streams and runs of full warps only: a partial last warp (a padded block's tail) is not the pattern.
    if (std::any_of(patterns.begin(), patterns.end(), [](const access_pattern& p) { return p.active == ~0u; })) {
      t_.stream_warps += 1;
      t_.warp_streams += runs(loads_, stores_, 2048 / 32);  // sectors more than 2 KB apart
      t_.warp_runs += runs(loads_, stores_, 1);             // sectors not adjacent
    }
  }

 private:
  // Distinct sectors and 128-byte lines of one warp.
  static void count(std::vector<std::uint64_t>& s, std::uint64_t& sectors, std::uint64_t& lines) {
    std::sort(s.begin(), s.end());
    s.erase(std::unique(s.begin(), s.end()), s.end());
    sectors += s.size();
    for (std::size_t k = 0; k < s.size(); ++k) lines += k == 0 || s[k] / 4 != s[k - 1] / 4;
  }

  // Runs of one warp's (sorted, distinct) load and store sectors whose gaps are at most `gap`
  // sectors. Gaps, not aligned pages, so that a translate of the warp (the periodic analysis) counts
  // the same.
  std::uint64_t runs(const std::vector<std::uint64_t>& a, const std::vector<std::uint64_t>& b, std::uint64_t gap) {
    all_.clear();
    std::merge(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(all_));
    std::uint64_t r = all_.empty() ? 0 : 1;
    for (std::size_t k = 1; k < all_.size(); ++k) r += all_[k] - all_[k - 1] > gap;
    return r;
  }

  std::vector<cached_model> models_;
  std::vector<instruction_report>& ins_;
  kernel_traffic& t_;
  const char*& unit_;
  write_masks& masks_;
  std::vector<std::uint64_t> loads_, stores_, all_;
};

}  // namespace coalesce::analysis::detail

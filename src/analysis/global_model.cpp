// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The rules are quoted in global_model.hpp. An aligned access of 1..16 bytes never straddles a
// 32-byte boundary, so every lane falls into exactly one segment of any size the models use, and
// two lanes' bytes either coincide or are disjoint.
#include <coalesce/analysis/global_model.hpp>

#include <algorithm>
#include <set>

namespace coalesce::analysis {
namespace {

constexpr std::uint32_t lane_bit(std::size_t lane) { return 1u << lane; }

// Mask of the lanes first .. first+count-1.
constexpr std::uint32_t lane_range(std::size_t first, std::size_t count) {
  return count >= 32 ? 0xffffffffu : ((1u << count) - 1u) << first;
}

std::size_t distinct_bytes(const access_pattern& p, std::uint32_t lanes) {
  std::set<std::uint64_t> addresses;
  for (std::size_t l = 0; l < warp_size; ++l)
    if (lanes & lane_bit(l)) addresses.insert(p.address[l]);
  return addresses.size() * p.width;
}

// One transaction per aligned segment of `size` bytes that the lanes touch, by address.
std::vector<transaction> by_segment(const access_pattern& p, std::uint32_t lanes, std::uint64_t size) {
  std::vector<transaction> out;
  std::vector<std::set<std::uint64_t>> seen;
  for (std::size_t l = 0; l < warp_size; ++l) {
    if (!(lanes & lane_bit(l))) continue;
    const std::uint64_t base = p.address[l] / size * size;
    auto it = std::find_if(out.begin(), out.end(), [&](const transaction& t) { return t.address == base; });
    if (it == out.end()) {
      out.push_back({base, static_cast<std::uint32_t>(size), 0, 0});
      seen.emplace_back();
      it = out.end() - 1;
    }
    it->lanes |= lane_bit(l);
    seen[static_cast<std::size_t>(it - out.begin())].insert(p.address[l]);
  }
  for (std::size_t k = 0; k < out.size(); ++k) out[k].bytes_used = static_cast<std::uint32_t>(seen[k].size() * p.width);
  std::sort(out.begin(), out.end(), [](const transaction& a, const transaction& b) { return a.address < b.address; });
  return out;
}

std::size_t ceil_div(std::size_t a, std::size_t b) { return (a + b - 1) / b; }

// cc 1.0/1.1: the strict half-warp rule.
void model_cc1_0(const access_pattern& p, global_report& r) {
  const std::uint64_t w = p.width;
  for (std::size_t half = 0; half < 2; ++half) {
    const std::uint32_t lanes = p.active & lane_range(16 * half, 16);
    if (!lanes) continue;
    std::size_t first = 16 * half;
    while (!(lanes & lane_bit(first))) ++first;
    const std::uint64_t segment = 16 * w;
    const std::uint64_t k_first = first - 16 * half;
    bool sequential = (w == 4 || w == 8 || w == 16) && p.address[first] >= k_first * w;
    const std::uint64_t base = sequential ? p.address[first] - k_first * w : 0;
    sequential = sequential && base % segment == 0;
    for (std::size_t l = first; sequential && l < 16 * half + 16; ++l)
      if ((lanes & lane_bit(l)) && p.address[l] != base + (l - 16 * half) * w) sequential = false;
    // The coalesced form: 64 or 128 bytes, or two 128-byte halves for 16-byte words.
    const std::uint64_t size = std::clamp<std::uint64_t>(segment, 32, 128);
    std::vector<transaction> coalesced = by_segment(p, lanes, size);
    r.min_transactions += coalesced.size();
    if (sequential) {
      r.transactions.insert(r.transactions.end(), coalesced.begin(), coalesced.end());
      continue;
    }
    for (std::size_t l = 16 * half; l < 16 * half + 16; ++l)
      if (lanes & lane_bit(l))
        r.transactions.push_back({p.address[l] / 32 * 32, 32, lane_bit(l), static_cast<std::uint32_t>(w)});
  }
}

// cc 1.2/1.3: segments by word size, shrunk while only one half is used.
void model_cc1_2(const access_pattern& p, global_report& r) {
  const std::uint64_t segment = p.width == 1 ? 32 : p.width == 2 ? 64 : 128;
  for (std::size_t half = 0; half < 2; ++half) {
    std::uint32_t pending = p.active & lane_range(16 * half, 16);
    r.min_transactions += ceil_div(distinct_bytes(p, pending), segment);
    while (pending) {
      std::size_t first = 0;
      while (!(pending & lane_bit(first))) ++first;
      const std::uint64_t base = p.address[first] / segment * segment;
      std::uint32_t served = 0;
      std::uint64_t lo = UINT64_MAX, hi = 0;  // used bytes [lo, hi)
      for (std::size_t l = 0; l < warp_size; ++l) {
        if (!(pending & lane_bit(l)) || p.address[l] / segment * segment != base) continue;
        served |= lane_bit(l);
        lo = std::min(lo, p.address[l]);
        hi = std::max(hi, p.address[l] + p.width);
      }
      std::uint64_t start = base, size = segment;
      while (size > 32) {
        const std::uint64_t mid = start + size / 2;
        if (hi <= mid) {
          size /= 2;
        } else if (lo >= mid) {
          start = mid;
          size /= 2;
        } else {
          break;
        }
      }
      r.transactions.push_back({start, static_cast<std::uint32_t>(size), served,
                                static_cast<std::uint32_t>(distinct_bytes(p, served))});
      pending &= ~served;
    }
  }
}

// cc 2.x: 128-byte requests (half- or quarter-warps for wide words), each split into lines or segments.
void model_cc2_x(const access_pattern& p, const global_options& o, global_report& r) {
  const std::uint64_t size = o.l1_bypass ? 32 : 128;
  const std::size_t group = p.width <= 4 ? 32 : 32 * 4 / p.width;
  for (std::size_t first = 0; first < warp_size; first += group) {
    const std::uint32_t lanes = p.active & lane_range(first, group);
    const std::vector<transaction> t = by_segment(p, lanes, size);
    r.transactions.insert(r.transactions.end(), t.begin(), t.end());
    r.min_transactions += ceil_div(distinct_bytes(p, lanes), size);
  }
  r.unit = o.l1_bypass ? "segment" : "line";
}

}  // namespace

double global_report::efficiency() const noexcept {
  return bytes_moved == 0 ? 1.0 : static_cast<double>(bytes_used) / static_cast<double>(bytes_moved);
}

global_report analyze_global(const access_pattern& p, const gpu_arch& arch, const global_options& options) {
  global_report r;
  r.model = arch.model();
  r.bytes_requested = p.active_lanes() * p.width;
  r.bytes_used = distinct_bytes(p, p.active);
  switch (r.model) {
    case memory_model::cc1_0:
      r.unit = "transaction";
      model_cc1_0(p, r);
      break;
    case memory_model::cc1_2:
      r.unit = "transaction";
      model_cc1_2(p, r);
      break;
    case memory_model::cc2_x: model_cc2_x(p, options, r); break;
    case memory_model::sectored:
      r.unit = "sector";
      r.transactions = by_segment(p, p.active, 32);
      r.min_transactions = ceil_div(r.bytes_used, 32);
      break;
  }
  for (const transaction& t : r.transactions) r.bytes_moved += t.bytes;
  if (r.model == memory_model::cc2_x || r.model == memory_model::sectored)
    r.lines = by_segment(p, p.active, 128).size();
  return r;
}

}  // namespace coalesce::analysis

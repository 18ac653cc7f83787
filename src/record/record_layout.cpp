// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include <coalesce/core/math.hpp>
#include <coalesce/record/layout.hpp>

#include <algorithm>
#include <iomanip>
#include <limits>
#include <numeric>
#include <sstream>

namespace coalesce {
namespace {

constexpr std::size_t size_max = std::numeric_limits<std::size_t>::max();

// a + b and a * b, throwing size_overflow when the layout's bytes do not fit in size_t.
struct checked {
  const std::string& call;
  std::size_t add(std::size_t a, std::size_t b) const {
    if (a > size_max - b) fail(errc::size_overflow, call, "the record layout's size does not fit in size_t");
    return a + b;
  }
  std::size_t mul(std::size_t a, std::size_t b) const {
    if (a != 0 && b > size_max / a) fail(errc::size_overflow, call, "the record layout's size does not fit in size_t");
    return a * b;
  }
  std::size_t round(std::size_t a, std::size_t to) const { return mul(ceil_div(a, to), to); }
};

// Fields in decreasing width, ties in the user's order: each packed field stays aligned.
std::vector<std::size_t> by_width(const record_desc& desc, const std::vector<std::size_t>& which) {
  std::vector<std::size_t> order = which;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return desc[a].width > desc[b].width; });
  return order;
}

// Packs `which` as an array of structs at `base`; returns the region's bytes.
std::size_t place_packed(const record_desc& desc, const std::vector<std::size_t>& which, std::size_t n,
                         std::size_t base, std::vector<field_place>& places, const checked& c) {
  std::size_t offset = 0, align = 1;
  for (std::size_t f : by_width(desc, which)) {
    places[f].base = offset;  // rebased below once the stride is known
    offset += desc[f].bytes();
    align = std::max(align, desc[f].width);
  }
  const std::size_t stride = c.round(offset, align);
  for (std::size_t f : which) places[f] = {field_form::rows, base + places[f].base, stride / desc[f].width, 0};
  return c.mul(n, stride);
}

// Every component of `which` a row of n elements starting on a 256-byte boundary.
std::size_t place_columns(const record_desc& desc, const std::vector<std::size_t>& which, std::size_t n,
                          std::size_t base, std::vector<field_place>& places, const checked& c) {
  std::size_t offset = base;
  for (std::size_t f : which) {
    const std::size_t row = c.round(c.mul(n, desc[f].width), record_row_alignment);
    places[f] = {field_form::columns, offset, row / desc[f].width, 0};
    offset = c.add(offset, c.mul(row, desc[f].count));
  }
  return offset - base;
}

// Blocks of bd records: each field component's bd lanes one sector-aligned run, blocks whole lines.
std::size_t place_blocks(const record_desc& desc, const std::vector<std::size_t>& which, std::size_t n,
                         std::size_t bd, std::size_t base, std::vector<field_place>& places, const checked& c) {
  std::size_t offset = 0;
  for (std::size_t f : which) {
    const std::size_t run = c.round(c.mul(bd, desc[f].width), record_run_alignment);
    places[f] = {field_form::blocks, offset, 0, run / desc[f].width};
    offset = c.add(offset, c.mul(run, desc[f].count));
  }
  const std::size_t block_bytes = c.round(offset, record_block_alignment);
  for (std::size_t f : which) {
    places[f].a = block_bytes / desc[f].width;
    places[f].base += base;
  }
  return c.mul(ceil_div(n, bd), block_bytes);
}

}  // namespace

const char* to_string(record_kind kind) noexcept {
  switch (kind) {
    case record_kind::aos: return "aos";
    case record_kind::packed: return "packed";
    case record_kind::soa: return "soa";
    case record_kind::blocked: return "blocked";
    case record_kind::split: return "split";
  }
  return "unknown";
}

record_layout resolve_record_layout(const record_desc& desc, std::size_t n, const record_layout_spec& spec,
                                    const std::string& call) {
  const checked c{call};
  if (desc.size() == 0) fail(errc::invalid_argument, call, "the record has no fields");
  const bool blocks = spec.kind == record_kind::blocked || (spec.kind == record_kind::split && spec.hot_blocked);
  if (blocks && spec.block == 0) fail(errc::invalid_argument, call, "block size bd = 0 in " + to_string(spec));
  record_layout l;
  l.kind = spec.kind;
  l.n = n;
  l.block = blocks ? spec.block : 0;
  l.places.resize(desc.size());
  std::vector<std::size_t> all(desc.size());
  std::iota(all.begin(), all.end(), 0);
  switch (spec.kind) {
    case record_kind::aos:
      for (std::size_t f : all) l.places[f] = {field_form::rows, desc[f].offset, desc.stride() / desc[f].width, 0};
      l.span_bytes = c.mul(n, desc.stride());
      break;
    case record_kind::packed: l.span_bytes = place_packed(desc, all, n, 0, l.places, c); break;
    case record_kind::soa: l.span_bytes = place_columns(desc, all, n, 0, l.places, c); break;
    case record_kind::blocked: l.span_bytes = place_blocks(desc, all, n, spec.block, 0, l.places, c); break;
    case record_kind::split: {
      if (spec.hot.empty()) fail(errc::invalid_argument, call, "split: name at least one hot field");
      std::vector<bool> is_hot(desc.size(), false);
      for (const std::string& name : spec.hot) {
        const std::size_t f = desc.index_of(name, call);
        if (is_hot[f]) fail(errc::invalid_argument, call, "split: field '" + name + "' is named twice");
        is_hot[f] = true;
      }
      std::vector<std::size_t> hot, cold;
      for (std::size_t f : all) (is_hot[f] ? hot : cold).push_back(f);
      const std::size_t hot_bytes = spec.hot_blocked ? place_blocks(desc, hot, n, spec.block, 0, l.places, c)
                                                     : place_columns(desc, hot, n, 0, l.places, c);
      const std::size_t cold_base = c.round(hot_bytes, record_row_alignment);
      l.span_bytes = cold.empty() ? hot_bytes : c.add(cold_base, place_packed(desc, cold, n, cold_base, l.places, c));
      l.rows_base = cold_base;
      break;
    }
  }
  if (n == 0) l.span_bytes = 0;
  return l;
}

record_layout_spec parse_record_layout(const std::string& text) {
  auto bad = [&](const std::string& why) -> record_layout_spec {
    fail(errc::invalid_argument, "parse_record_layout", "'" + text + "': " + why);
  };
  auto block_size = [&](const std::string& digits) -> std::size_t {
    if (digits.empty() || digits.find_first_not_of("0123456789") != std::string::npos || digits.size() > 9)
      bad("the block size must be a positive integer");
    const std::size_t bd = std::stoul(digits);
    if (bd == 0) bad("the block size must be positive");
    return bd;
  };
  if (text == "aos") return record_aos();
  if (text == "packed") return record_packed();
  if (text == "soa") return record_soa();
  if (text.rfind("blocked:", 0) == 0) return record_blocked(block_size(text.substr(8)));
  if (text.rfind("split:", 0) == 0) {
    std::string names = text.substr(6);
    std::size_t bd = 0;
    const std::size_t tail = names.find(":blocked:");
    if (tail != std::string::npos) {
      bd = block_size(names.substr(tail + 9));
      names = names.substr(0, tail);
    }
    std::vector<std::string> hot;
    std::istringstream is(names);
    for (std::string name; std::getline(is, name, ',');) {
      if (name.empty()) bad("an empty field name in the hot list");
      hot.push_back(name);
    }
    if (hot.empty()) bad("split needs at least one hot field");
    return record_split(std::move(hot), bd);
  }
  return bad("expected aos, packed, soa, blocked:<bd> or split:<fields>[:blocked:<bd>]");
}

std::string to_string(const record_layout_spec& spec) {
  switch (spec.kind) {
    case record_kind::blocked: return "blocked:" + std::to_string(spec.block);
    case record_kind::split: {
      std::string s = "split:";
      for (std::size_t k = 0; k < spec.hot.size(); ++k) s += (k ? "," : "") + spec.hot[k];
      return spec.hot_blocked ? s + ":blocked:" + std::to_string(spec.block) : s;
    }
    default: return to_string(spec.kind);
  }
}

std::string print_record_layout(const record_desc& desc, const record_layout& l, std::size_t records) {
  std::ostringstream os;
  os << to_string(l.kind) << " layout of " << l.n << " records, " << l.span_bytes << " bytes";
  if (l.block) os << ", bd = " << l.block;
  os << "\n";
  for (std::size_t f = 0; f < desc.size(); ++f) {
    const field_place& p = l.places[f];
    const std::size_t w = desc[f].width;
    os << "  " << desc[f].name << ": ";
    switch (p.form) {
      case field_form::rows: os << "rows at byte " << p.base << ", record stride " << p.a * w << " bytes"; break;
      case field_form::columns: os << "columns from byte " << p.base << ", row pitch " << p.a * w << " bytes"; break;
      case field_form::blocks:
        os << "blocks from byte " << p.base << ", block stride " << p.a * w << ", run stride " << p.b * w << " bytes";
        break;
    }
    os << "\n";
  }
  os << "byte offset of (record, field[component]):\n      ";
  for (std::size_t f = 0; f < desc.size(); ++f)
    for (std::size_t c = 0; c < desc[f].count; ++c) {
      const std::string label = desc[f].count == 1 ? desc[f].name : desc[f].name + "[" + std::to_string(c) + "]";
      os << std::setw(9) << label.substr(0, 9);
    }
  os << "\n";
  for (std::size_t v = 0; v < std::min(records, l.n); ++v) {
    os << std::setw(5) << v << " ";
    for (std::size_t f = 0; f < desc.size(); ++f)
      for (std::size_t c = 0; c < desc[f].count; ++c) os << std::setw(9) << byte_offset(desc, l, v, f, c);
    os << "\n";
  }
  return os.str();
}

}  // namespace coalesce

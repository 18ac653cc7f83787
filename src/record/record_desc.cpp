// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include <coalesce/record/record.hpp>

#include <algorithm>
#include <numeric>
#include <sstream>

namespace coalesce {
namespace {

const char* const call = "record_desc";

std::string field_text(const field_desc& f) {
  return "field '" + f.name + "' (offset " + std::to_string(f.offset) + ", " + std::to_string(f.count) + " x " +
         std::to_string(f.width) + " bytes)";
}

}  // namespace

record_desc::record_desc(std::vector<field_desc> fields, std::size_t stride) : fields_(std::move(fields)), stride_(stride) {
  if (fields_.empty()) fail(errc::invalid_argument, call, "a record needs at least one field (zero given)");
  if (stride_ == 0) fail(errc::invalid_argument, call, "stride = 0");
  for (std::size_t k = 0; k < fields_.size(); ++k) {
    const field_desc& f = fields_[k];
    if (f.name.empty()) fail(errc::invalid_argument, call, "field " + std::to_string(k) + " has an empty name");
    for (std::size_t j = 0; j < k; ++j)
      if (fields_[j].name == f.name) fail(errc::invalid_argument, call, "two fields are called '" + f.name + "'");
    const std::size_t w = f.width;
    if (w != 1 && w != 2 && w != 4 && w != 8 && w != 16)
      fail(errc::invalid_argument, call, field_text(f) + ": width " + std::to_string(w) + " is not 1, 2, 4, 8 or 16");
    if (f.count == 0) fail(errc::invalid_argument, call, field_text(f) + ": count = 0");
    if (f.offset % w != 0)
      fail(errc::invalid_argument, call, field_text(f) + ": offset " + std::to_string(f.offset) +
                                             " is misaligned for " + std::to_string(w) + "-byte elements");
    if (stride_ % w != 0)
      fail(errc::invalid_argument, call, field_text(f) + ": the stride " + std::to_string(stride_) +
                                             " misaligns it in every other record (not a multiple of " +
                                             std::to_string(w) + ")");
    if (f.count > stride_ / w || f.offset > stride_ - f.bytes())
      fail(errc::invalid_argument, call, field_text(f) + " lies outside the struct (stride " +
                                             std::to_string(stride_) + " bytes)");
    components_ += f.count;
    data_bytes_ += f.bytes();
    alignment_ = std::max(alignment_, w);
  }
  if (components_ > max_record_components)
    fail(errc::invalid_argument, call, std::to_string(components_) + " field components; at most " +
                                           std::to_string(max_record_components) + " are supported");
  std::vector<std::size_t> order(fields_.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return fields_[a].offset < fields_[b].offset; });
  for (std::size_t k = 1; k < order.size(); ++k) {
    const field_desc& prev = fields_[order[k - 1]];
    const field_desc& next = fields_[order[k]];
    if (prev.offset + prev.bytes() > next.offset)
      fail(errc::invalid_argument, call, field_text(next) + " overlaps " + field_text(prev));
  }
}

std::size_t record_desc::index_of(const std::string& name, const std::string& what) const {
  for (std::size_t k = 0; k < fields_.size(); ++k)
    if (fields_[k].name == name) return k;
  std::string names;
  for (const field_desc& f : fields_) names += (names.empty() ? "" : ", ") + f.name;
  fail(errc::invalid_argument, what, "the record has no field '" + name + "' (its fields: " + names + ")");
}

std::string to_string(const record_desc& desc) {
  std::ostringstream os;
  for (const field_desc& f : desc.fields())
    os << f.name << ": offset " << f.offset << ", " << f.count << " x " << f.width << " bytes; ";
  os << "stride " << desc.stride() << " (" << desc.stride() - desc.data_bytes() << " bytes of padding)";
  return os.str();
}

}  // namespace coalesce

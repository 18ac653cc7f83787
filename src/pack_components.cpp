// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Pack and unpack as moves of components between their places and the wire: the form record arrays
// take (and vector arrays in the CUDA tile kernel). The host loops are here; cuda/pack.cu has the kernel.
#include "pack_api.hpp"

#include <coalesce/build_config.hpp>

#include <algorithm>
#include <cstring>

namespace coalesce::detail {

wire_components components_of(const pack_target& t) {
  wire_components wc;
  if (t.record) {
    const std::vector<component_place> places = component_places(*t.desc, *t.record);
    wc.block = t.record->block;
    std::vector<bool> sent(t.desc->size(), t.fields.empty());
    for (const std::size_t f : t.fields) sent[f] = true;
    std::size_t k = 0;  // the field's first component in `places`
    for (std::size_t f = 0; f < t.desc->size(); k += (*t.desc)[f].count, ++f)
      for (std::size_t c = 0; c < (*t.desc)[f].count && sent[f]; ++c) {
        wc.places.push_back(places[k + c]);
        wc.width.push_back(std::uint8_t((*t.desc)[f].width));
      }
  } else {
    const array_layout& l = t.layout;
    const std::size_t w = t.elem;
    wc.block = l.kind == layout_kind::blocked ? l.block : 0;
    for (std::size_t i = 0; i < l.m; ++i) {
      switch (l.kind) {
        case layout_kind::row_major: wc.places.push_back({i * w, l.pitch * w, 1}); break;
        case layout_kind::col_major: wc.places.push_back({i * l.pitch * w, 0, 0}); break;
        case layout_kind::blocked: wc.places.push_back({i * l.block * w, l.m * l.block * w, l.block}); break;
      }
      wc.width.push_back(std::uint8_t(w));
    }
  }
  for (const std::uint8_t w : wc.width) {
    wc.offset.push_back(std::uint32_t(wc.bytes));
    wc.bytes += w;
  }
  return wc;
}

pack_target target_of(const record_array& a, const std::vector<std::string>& fields, const std::string& call) {
  pack_target t = target_of(a);
  if (fields.empty()) fail(errc::invalid_argument, call, "an empty list of fields (pass none to send every field)");
  for (const std::string& name : fields) {
    const std::size_t f = a.desc().index_of(name, call);
    if (std::find(t.fields.begin(), t.fields.end(), f) != t.fields.end())
      fail(errc::invalid_argument, call, "field '" + name + "' is named twice");
    t.fields.push_back(f);
  }
  std::sort(t.fields.begin(), t.fields.end());  // declaration order on the wire
  return t;
}

namespace {

// f(k) for the wire vectors k, on several threads when there are enough bytes to move.
template <class F>
void for_each_wire_vector(std::size_t count, [[maybe_unused]] std::size_t bytes, F&& f) {
  const auto n = std::int64_t(count);
#if COALESCE_WITH_OPENMP
#pragma omp parallel for schedule(static) if (n * std::int64_t(bytes) >= (std::int64_t(1) << 18))
#endif
  for (std::int64_t k = 0; k < n; ++k) f(std::size_t(k));
}

}  // namespace

void pack_components_host(const void* src, const wire_components& wc, id_span ids, void* wire) {
  const auto* s = static_cast<const unsigned char*>(src);
  auto* w = static_cast<unsigned char*>(wire);
  for_each_wire_vector(ids.count, wc.bytes, [&](std::size_t k) {
    unsigned char* out = w + k * wc.bytes;
    for (std::size_t j = 0; j < wc.width.size(); ++j)
      std::memcpy(out + wc.offset[j], s + component_offset(wc.places[j], wc.width[j], ids.ids[k]), wc.width[j]);
  });
}

void unpack_components_host(const void* wire, id_span ids, void* dst, const wire_components& wc) {
  const auto* w = static_cast<const unsigned char*>(wire);
  auto* d = static_cast<unsigned char*>(dst);
  for_each_wire_vector(ids.count, wc.bytes, [&](std::size_t k) {
    const unsigned char* in = w + k * wc.bytes;
    for (std::size_t j = 0; j < wc.width.size(); ++j)
      std::memcpy(d + component_offset(wc.places[j], wc.width[j], ids.ids[k]), in + wc.offset[j], wc.width[j]);
  });
}

}  // namespace coalesce::detail

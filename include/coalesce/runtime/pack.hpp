// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Gather and scatter between a layout and the wire: pack the vectors ids[k] of an array (any layout)
// into one contiguous buffer, and unpack such a buffer into an array (any layout), overwriting or
// summing. One fused pass over the whole id list, whatever the number of messages it holds.
//
// The wire format does not depend on either side's layout: vector k of the list occupies bytes
// [k B, (k + 1) B), B = the bytes of one vector, and within them its components in index order, each
// sizeof(T) bytes in the machine's byte order, no padding. A record array follows the same rule with
// B = desc.data_bytes(): its fields in declaration order, each field's components in order, no struct
// padding, whatever the record layout (aos, packed, soa, blocked, split) of either side.
//
// Contracts: ids are checked once, when the index_list is built (each < n, duplicates noted); every
// call checks the array against the list (n), the wire's capacity and (vector arrays) the wire's
// alignment to the elements, then moves nothing on an error. A record wire may start at any byte.

#include <coalesce/core/error.hpp>
#include <coalesce/record/array.hpp>
#include <coalesce/runtime/array.hpp>
#include <coalesce/runtime/runtime.hpp>

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

namespace coalesce {

enum class unpack_mode {
  overwrite,  // dst(ids[k]) = wire vector k; ids must be unique
  sum,        // dst(ids[k]) += wire vector k; repeated ids add up in wire order (deterministic); integers wrap
};

// The element types a sum can add; `other` only moves bytes.
enum class scalar_kind { other, f32, f64, i32, i64, u32, u64 };

template <class T>
constexpr scalar_kind scalar_kind_of() noexcept {
  if constexpr (std::is_same_v<T, float>) return scalar_kind::f32;
  else if constexpr (std::is_same_v<T, double>) return scalar_kind::f64;
  else if constexpr (std::is_integral_v<T> && sizeof(T) == 4) return std::is_signed_v<T> ? scalar_kind::i32 : scalar_kind::u32;
  else if constexpr (std::is_integral_v<T> && sizeof(T) == 8) return std::is_signed_v<T> ? scalar_kind::i64 : scalar_kind::u64;
  else return scalar_kind::other;
}

class index_list;

namespace detail {
// One side of a pack or unpack: a vector array (layout, elem, kind), or a record array (desc and
// record set, layout unused).
struct pack_target {
  void* data = nullptr;
  array_layout layout;
  memory_space space = memory_space::host;
  std::size_t elem = 0;
  scalar_kind kind = scalar_kind::other;
  const record_desc* desc = nullptr;
  const record_layout* record = nullptr;
  std::vector<std::size_t> fields;  // a record's fields on the wire, in declaration order (empty: all)

  std::size_t count() const noexcept { return record ? record->n : layout.n; }
  std::size_t vector_bytes() const noexcept {
    if (!record) return layout.m * elem;
    if (fields.empty()) return desc->data_bytes();
    std::size_t bytes = 0;
    for (const std::size_t f : fields) bytes += (*desc)[f].bytes();
    return bytes;
  }
};
template <class T>
pack_target target_of(const array<T>& a) {
  return {const_cast<T*>(a.data()), a.layout(), a.space(), sizeof(T), scalar_kind_of<T>(), nullptr, nullptr, {}};
}
inline pack_target target_of(const record_array& a) {
  return {const_cast<unsigned char*>(a.data()), {}, a.space(), 0, scalar_kind::other, &a.desc(), &a.layout(), {}};
}
// The named fields of a record array (throws invalid_argument for an unknown or repeated name, or none).
pack_target target_of(const record_array& a, const std::vector<std::string>& fields, const std::string& call);
void pack_raw(const runtime& rt, const pack_target& src, const index_list& ids, void* wire, std::size_t capacity,
              stream_t stream, bool wait, const std::string& call);
void unpack_raw(const runtime& rt, const void* wire, std::size_t capacity, const index_list& ids,
                const pack_target& dst, unpack_mode mode, stream_t stream, bool wait, const std::string& call);
}  // namespace detail

// The vectors to pack or unpack, in wire order, for arrays of n vectors; copied into the runtime's
// memory once. offsets (optional) cut the list into messages: message g is [offsets[g], offsets[g+1]),
// offsets[0] = 0 and offsets.back() = ids.size(); without them the list is one message.
class index_list {
 public:
  // Lists address at most this many vectors (32-bit ids keep the index traffic at 4 bytes a vector).
  static constexpr std::size_t max_vectors = std::size_t(std::numeric_limits<std::int32_t>::max());

  index_list() = default;
  // Throws out_of_range naming the first id outside [0, n), invalid_argument for bad offsets, and
  // size_overflow for n > max_vectors.
  template <class I>
  index_list(const runtime& rt, std::size_t n, const std::vector<I>& ids, std::vector<std::size_t> offsets = {})
      : index_list(rt, n, convert(ids, n), std::move(offsets), 0) {
    static_assert(std::is_integral_v<I>, "coalesce::index_list: ids must be integers");
  }

  std::size_t n() const noexcept { return n_; }             // the arrays it applies to hold n vectors
  std::size_t size() const noexcept { return host_.size(); }  // ids (wire vectors)
  bool empty() const noexcept { return host_.empty(); }
  bool unique() const noexcept { return unique_; }            // no id repeats
  // The first id that repeats (meaningful when !unique()).
  std::uint32_t repeated() const noexcept { return repeated_; }
  std::size_t messages() const noexcept { return offsets_.size() - 1; }
  // The first wire vector of message g; offset(messages()) = size().
  std::size_t offset(std::size_t g) const noexcept { return offsets_[g]; }
  const std::vector<std::uint32_t>& ids() const noexcept { return host_; }
  memory_space space() const noexcept { return ids_.space(); }
  // Wire bytes of the whole list for vectors of `vector_bytes` bytes.
  std::size_t wire_bytes(std::size_t vector_bytes) const noexcept { return size() * vector_bytes; }

 private:
  friend void detail::pack_raw(const runtime&, const detail::pack_target&, const index_list&, void*, std::size_t,
                               stream_t, bool, const std::string&);
  friend void detail::unpack_raw(const runtime&, const void*, std::size_t, const index_list&,
                                 const detail::pack_target&, unpack_mode, stream_t, bool, const std::string&);

  index_list(const runtime& rt, std::size_t n, std::vector<std::uint32_t>&& ids, std::vector<std::size_t>&& offsets,
             int);
  template <class I>
  static std::vector<std::uint32_t> convert(const std::vector<I>& ids, std::size_t n) {
    std::vector<std::uint32_t> out(ids.size());
    for (std::size_t k = 0; k < ids.size(); ++k) {
      const I id = ids[k];
      if ((std::is_signed_v<I> && id < I(0)) || std::uint64_t(id) >= n)
        fail(errc::out_of_range, "index_list",
             "ids[" + std::to_string(k) + "] = " + std::to_string(id) + " is outside 0.." +
                 (n == 0 ? std::string("(no vectors)") : std::to_string(n - 1)));
      out[k] = std::uint32_t(id);
    }
    return out;
  }

  std::size_t n_ = 0;
  bool unique_ = true;
  std::uint32_t repeated_ = 0;
  std::vector<std::uint32_t> host_;
  std::vector<std::size_t> offsets_{0};
  array<std::uint32_t> ids_;
  // For sums with repeated ids: the distinct targets, and for target t its wire vectors
  // positions_[starts_[t] .. starts_[t+1]) in increasing order (one thread per target adds them in order).
  array<std::uint32_t> targets_, starts_, positions_;
};

// Packs src's vectors ids[k] into `wire` (capacity bytes, in the runtime's memory). Waits until done.
template <class T>
void pack(const runtime& rt, const array<T>& src, const index_list& ids, void* wire, std::size_t capacity) {
  detail::pack_raw(rt, detail::target_of(src), ids, wire, capacity, nullptr, true, "pack");
}
// The same, ordered on `stream` (the host backend completes before returning).
template <class T>
void pack_async(const runtime& rt, const array<T>& src, const index_list& ids, void* wire, std::size_t capacity,
                stream_t stream) {
  detail::pack_raw(rt, detail::target_of(src), ids, wire, capacity, stream, false, "pack_async");
}

// Unpacks `wire` (ids.size() vectors) into dst's vectors ids[k]. Sums need an arithmetic T (float,
// double, 32/64-bit integers); overwrite needs unique ids. Waits until done.
template <class T>
void unpack(const runtime& rt, const void* wire, std::size_t capacity, const index_list& ids, array<T>& dst,
            unpack_mode mode) {
  detail::unpack_raw(rt, wire, capacity, ids, detail::target_of(dst), mode, nullptr, true, "unpack");
}
template <class T>
void unpack_async(const runtime& rt, const void* wire, std::size_t capacity, const index_list& ids, array<T>& dst,
                  unpack_mode mode, stream_t stream) {
  detail::unpack_raw(rt, wire, capacity, ids, detail::target_of(dst), mode, stream, false, "unpack_async");
}

// Records: the vectors ids[k] of a record array (any record layout) as desc.data_bytes()-byte wire
// vectors. Unpacking records overwrites only (a record_desc knows widths, not element types, so it
// cannot add); ids must be unique.
inline void pack(const runtime& rt, const record_array& src, const index_list& ids, void* wire, std::size_t capacity) {
  detail::pack_raw(rt, detail::target_of(src), ids, wire, capacity, nullptr, true, "pack");
}
inline void pack_async(const runtime& rt, const record_array& src, const index_list& ids, void* wire,
                       std::size_t capacity, stream_t stream) {
  detail::pack_raw(rt, detail::target_of(src), ids, wire, capacity, stream, false, "pack_async");
}
inline void unpack(const runtime& rt, const void* wire, std::size_t capacity, const index_list& ids,
                   record_array& dst) {
  detail::unpack_raw(rt, wire, capacity, ids, detail::target_of(dst), unpack_mode::overwrite, nullptr, true, "unpack");
}
inline void unpack_async(const runtime& rt, const void* wire, std::size_t capacity, const index_list& ids,
                         record_array& dst, stream_t stream) {
  detail::unpack_raw(rt, wire, capacity, ids, detail::target_of(dst), unpack_mode::overwrite, stream, false,
                     "unpack_async");
}

// Some of a record's fields: the named ones only, in declaration order on the wire (whatever order the
// list gives), so that a step sends the fields it changed and a migration all of them. Unpacking
// leaves the other fields as they were. Both sides name the same fields.
inline std::size_t wire_vector_bytes(const record_desc& desc, const std::vector<std::string>& fields) {
  std::size_t bytes = 0;
  for (const std::string& name : fields) bytes += desc[desc.index_of(name, "wire_vector_bytes")].bytes();
  return bytes;
}
inline void pack(const runtime& rt, const record_array& src, const index_list& ids, void* wire, std::size_t capacity,
                 const std::vector<std::string>& fields) {
  detail::pack_raw(rt, detail::target_of(src, fields, "pack"), ids, wire, capacity, nullptr, true, "pack");
}
inline void pack_async(const runtime& rt, const record_array& src, const index_list& ids, void* wire,
                       std::size_t capacity, stream_t stream, const std::vector<std::string>& fields) {
  detail::pack_raw(rt, detail::target_of(src, fields, "pack_async"), ids, wire, capacity, stream, false, "pack_async");
}
inline void unpack(const runtime& rt, const void* wire, std::size_t capacity, const index_list& ids, record_array& dst,
                   const std::vector<std::string>& fields) {
  detail::unpack_raw(rt, wire, capacity, ids, detail::target_of(dst, fields, "unpack"), unpack_mode::overwrite,
                     nullptr, true, "unpack");
}
inline void unpack_async(const runtime& rt, const void* wire, std::size_t capacity, const index_list& ids,
                         record_array& dst, stream_t stream, const std::vector<std::string>& fields) {
  detail::unpack_raw(rt, wire, capacity, ids, detail::target_of(dst, fields, "unpack_async"), unpack_mode::overwrite,
                     stream, false, "unpack_async");
}

}  // namespace coalesce

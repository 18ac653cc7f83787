// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The passes behind pack/unpack (include/coalesce/runtime/pack.hpp), on raw pointers whose checks
// pack.cpp has done: host loops (pack_host.cpp) and CUDA kernels (cuda/pack.cu, or no_cuda_pack.cpp,
// which throws no_device). Every pass walks the whole id list at once (all messages fused).

#include <coalesce/core/config.hpp>
#include <coalesce/layout/spec.hpp>
#include <coalesce/runtime/pack.hpp>

#include "record/record_move.hpp"  // component_place

#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

namespace coalesce::detail {

// The id list of one call, in the memory of the pass that reads it.
struct id_span {
  const std::uint32_t* ids = nullptr;
  std::size_t count = 0;
};
// Repeated ids of a sum: distinct targets, and for each its wire positions in increasing order.
struct sum_groups {
  const std::uint32_t* targets = nullptr;
  const std::uint32_t* starts = nullptr;  // count + 1 entries
  const std::uint32_t* positions = nullptr;
  std::size_t count = 0;
};

// A pack's layout side as components, each at its own place (a record's field components, or a vector
// array's m components): what the record passes and the CUDA tile kernel walk.
struct wire_components {
  std::vector<component_place> places;  // absolute bytes from the array's start
  std::vector<std::uint8_t> width;
  std::vector<std::uint32_t> offset;    // the component's first byte in a wire vector
  std::size_t bytes = 0;                // bytes of one wire vector
  std::size_t block = 0;                // bd of the blocks-form components (0: none)
};
// For a record target: fields in declaration order, components in order, no padding (the wire format).
// For a vector target: its m components of elem bytes.
wire_components components_of(const pack_target& t);

// wire[k B + offset_j] = component j of src's vector ids[k]; and back (overwrite only).
void pack_components_host(const void* src, const wire_components& wc, id_span ids, void* wire);
void unpack_components_host(const void* wire, id_span ids, void* dst, const wire_components& wc);
void pack_components_device(const void* src, const wire_components& wc, id_span ids, void* wire, stream_t stream,
                            const std::string& call);
void unpack_components_device(const void* wire, id_span ids, void* dst, const wire_components& wc, stream_t stream,
                              const std::string& call);
// dst component += wire component, every component of type `sum` (vector arrays; CUDA builds only).
void unpack_components_sum_device(const void* wire, id_span ids, void* dst, const wire_components& wc,
                                  scalar_kind sum, stream_t stream, const std::string& call);

// Vector arrays in soa (col_major) or blocked layouts whose m x elem bytes fit a warp-wide tile: the
// CUDA tile kernels with the element and the layout compiled in (cuda/pack_vectors.cu).
bool vector_tiles_fit(const array_layout& l, std::size_t elem);
void pack_vectors_device(const void* src, const array_layout& l, std::size_t elem, id_span ids, void* wire,
                         stream_t stream, const std::string& call);
// Overwrites when sum is scalar_kind::other, else adds (elements of that type, ids unique).
void unpack_vectors_device(const void* wire, id_span ids, void* dst, const array_layout& l, std::size_t elem,
                           scalar_kind sum, stream_t stream, const std::string& call);

// wire[k m + i] = src(ids[k], i).
void pack_host(const void* src, const array_layout& layout, std::size_t elem, id_span ids, void* wire,
               const std::string& call);
// dst(ids[k], i) = wire[k m + i] (ids unique), or += when sum is not scalar_kind::other.
void unpack_host(const void* wire, id_span ids, void* dst, const array_layout& layout, std::size_t elem,
                 scalar_kind sum, const std::string& call);
// dst(targets[t], i) += wire[p m + i] for the positions p of target t, in order.
void unpack_sum_groups_host(const void* wire, sum_groups groups, void* dst, const array_layout& layout,
                            scalar_kind kind, const std::string& call);

void pack_device(const void* src, const array_layout& layout, std::size_t elem, id_span ids, void* wire,
                 stream_t stream, const std::string& call);
void unpack_device(const void* wire, id_span ids, void* dst, const array_layout& layout, std::size_t elem,
                   scalar_kind sum, stream_t stream, const std::string& call);
void unpack_sum_groups_device(const void* wire, sum_groups groups, void* dst, const array_layout& layout,
                              scalar_kind kind, stream_t stream, const std::string& call);

// a + b; integers wrap modulo 2^bits (added as unsigned: signed overflow would be undefined).
template <class S>
COALESCE_HD inline S sum_of(S a, S b) {
  if constexpr (std::is_integral_v<S>) {
    using U = std::make_unsigned_t<S>;
    return S(U(a) + U(b));
  } else {
    return a + b;
  }
}

// Calls f(S{}) with the arithmetic type of a scalar kind; throws invalid_argument for `other`.
template <class F>
void with_scalar(scalar_kind kind, const std::string& call, F&& f) {
  switch (kind) {
    case scalar_kind::f32: f(float{}); return;
    case scalar_kind::f64: f(double{}); return;
    case scalar_kind::i32: f(std::int32_t{}); return;
    case scalar_kind::i64: f(std::int64_t{}); return;
    case scalar_kind::u32: f(std::uint32_t{}); return;
    case scalar_kind::u64: f(std::uint64_t{}); return;
    case scalar_kind::other: break;
  }
  fail(errc::invalid_argument, call, "unpack_mode::sum needs float, double or a 32/64-bit integer element type");
}

}  // namespace coalesce::detail

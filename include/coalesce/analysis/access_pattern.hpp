// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// An access pattern: what one warp does in one memory instruction. Each active lane accesses
// `width` bytes at a byte address measured from the start of an allocation, and allocations are
// taken to be 256-byte aligned (as cudaMalloc guarantees), so an address's alignment is its own.

#include <coalesce/analysis/element_type.hpp>
#include <coalesce/analysis/expression.hpp>
#include <coalesce/layout/spec.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>

namespace coalesce::analysis {

inline constexpr std::size_t warp_size = 32;

enum class access_kind { load, store };
inline const char* to_string(access_kind k) noexcept { return k == access_kind::load ? "load" : "store"; }

struct access_pattern {
  std::size_t width = 4;                          // bytes per lane: 1, 2, 4, 8 or 16
  std::array<std::uint64_t, warp_size> address{};  // byte address of each lane (ignored when inactive)
  std::uint32_t active = 0;                       // bit l set: lane l accesses memory
  access_kind kind = access_kind::load;

  bool is_active(std::size_t lane) const noexcept { return (active >> lane) & 1u; }
  std::size_t active_lanes() const noexcept;
};

// Builds a pattern from per-lane addresses (nullopt = inactive lane). Throws invalid_argument for a
// width other than 1, 2, 4, 8, 16 or an address that is not a multiple of the width (the GPU faults),
// naming the lane and the address.
access_pattern make_pattern(const std::array<std::optional<std::uint64_t>, warp_size>& addresses, std::size_t width,
                            access_kind kind = access_kind::load);

struct index_options {
  std::size_t lanes = warp_size;      // lanes 0 .. lanes-1 are active (16 = one half-warp)
  std::int64_t first_thread = 0;      // idx of lane 0 (warp w of a grid: 32 * w)
  std::uint64_t base_offset = 0;      // bytes from the aligned allocation start to element 0
  access_kind kind = access_kind::load;
};

// Lane l accesses element e(first_thread + l) of an array of t: byte base_offset + e * sizeof(t).
// Throws expression_error from evaluation and invalid_argument for a negative index (naming lane,
// idx and value) or a misaligned base offset.
access_pattern pattern_from_index(const index_expression& e, element_type t, const index_options& options = {});

// Which element a lane touches in a vector set, or nullopt for an inactive lane.
struct element_ref {
  std::size_t v;
  std::size_t i;
};
using lane_to_element = std::function<std::optional<element_ref>(std::size_t lane)>;

// Lane l accesses element f(l) of a vector set of t laid out as `layout`. Throws invalid_argument
// when f returns an element outside the layout's n x m (naming the lane and the element).
access_pattern pattern_from_layout(const array_layout& layout, element_type t, const lane_to_element& f,
                                   access_kind kind = access_kind::load, std::uint64_t base_offset = 0);

// The FE paper's mapping: thread (32 * warp + l) reads or writes component i of its own vector.
access_pattern pattern_one_thread_per_vector(const array_layout& layout, element_type t, std::size_t warp,
                                             std::size_t i, access_kind kind = access_kind::load);

// Element offset (not bytes) of (v, i) in a resolved layout.
std::uint64_t element_offset(const array_layout& layout, std::size_t v, std::size_t i) noexcept;

// Throws invalid_argument naming the bad field: m = 0, bd = 0, or a pitch below m (row_major) or n
// (col_major).
void check_layout(const array_layout& layout, const char* call);

}  // namespace coalesce::analysis

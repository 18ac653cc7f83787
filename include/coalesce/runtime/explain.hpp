// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Which route of the device route table (docs/design.md, "The route table") a device-to-device move
// takes, why, and which other routes apply: planned as the move plans it, at these addresses. Needs
// no GPU (without one, the record routes are planned for Hopper's 227 KiB of shared memory a block);
// COALESCE_FORCE_ROUTE=<route> is honoured as a move honours it.

#include <coalesce/layout/spec.hpp>
#include <coalesce/record/array.hpp>
#include <coalesce/record/record_set.hpp>

#include <cstddef>
#include <string>
#include <vector>

namespace coalesce {

struct route_explanation {
  std::string route;    // "copy", "rows", "copy_2d", "flat", "runs", "transpose", "records_lanes",
                        // "records_staged", "tiled" or "elements"
  std::string variant;  // the route's form for this move ("16-byte, shifted", "tile 256, resident", ...), or ""
  std::string why;
  std::vector<std::string> also;  // the other routes that apply, with why a measured preference passed them over
  // "transpose (shifted rows)": the route and its variant.
  std::string name() const { return variant.empty() ? route : route + " (" + variant + ")"; }
};

// A vector set's move: n vectors of m elements of `elem` bytes (1, 2, 4, 8 or 16).
route_explanation explain(const array_layout& src, const void* src_data, const array_layout& dst,
                          const void* dst_data, std::size_t elem);
// Record moves: copy between two record arrays, upload from and download into the user's structs in
// device memory.
route_explanation explain(const record_array& src, const record_array& dst);
route_explanation explain(const record_set<const void>& src, const record_array& dst);
route_explanation explain(const record_array& src, const record_set<void>& dst);
// Planning without arrays: n records of `desc` from layout `src` to `dst` at 256-byte aligned addresses;
// src_is_user / dst_is_user: that side is the user's structs in device memory (its layout then unused).
route_explanation explain(const record_desc& desc, std::size_t n, const record_layout_spec& src,
                          const record_layout_spec& dst, bool src_is_user = false, bool dst_is_user = false);

}  // namespace coalesce

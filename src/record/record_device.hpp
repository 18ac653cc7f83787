// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The CUDA side of record moves (src/cuda/record_*.cu; src/no_cuda.cpp throws no_device without CUDA).

#include "../device_api.hpp"
#include "../move_routes.hpp"
#include "record_move.hpp"

#include <string>

namespace coalesce::detail {

// Device to device, asynchronous on `stream`: the route the table chooses (records_lanes,
// records_staged or elements; move_routes.hpp).
void move_records_device(const void* src, void* dst, const record_move& move, const record_range& range,
                         const std::string& call, stream_t stream);
// The same by a given record route (records_lanes, records_staged, elements); throws where it does not
// take the move. as_chosen: the route is the unforced choice's (its plan is the one the choice made).
void move_records_by_route(route_id route, const record_move& move, const record_range& range, const void* src,
                           void* dst, const std::string& call, stream_t stream, bool as_chosen = false);

struct element_params;
// The element kernel (record_element.cuh) on the move p describes, records or a vector set.
void move_elements_device(const element_params& p, const void* src, void* dst, const std::string& call,
                          stream_t stream);

// Zeroes `bytes` of device memory (a padded struct layout's gaps start defined).
void zero_device(void* data, std::size_t bytes, const std::string& call);

// Host structs (layout `user`, n records) into device layout dst, in chunks that overlap the bus with
// the rearranging; from pageable memory it returns once the source has been read.
void upload_records(const void* host, const record_desc& desc, const record_layout& user, void* dst,
                    const record_layout& dst_layout, const void* fill, pinned_ring* ring, stream_t stream,
                    const std::string& call);
// Device layout src into the user's host structs (their padding untouched); the same chunking in reverse.
void download_records(const void* src, const record_desc& desc, const record_layout& src_layout, void* host,
                      const record_layout& user, pinned_ring* ring, stream_t stream, const std::string& call);

}  // namespace coalesce::detail

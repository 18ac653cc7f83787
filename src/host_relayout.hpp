// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
#include "host_plan.hpp"

#include <coalesce/layout/spec.hpp>

#include <cstddef>
#include <string>

namespace coalesce::detail {

// Host to host (OpenMP when available): every element of src into dst's layout. Padding of dst gets
// *fill, or is left alone when fill is null.
void relayout_host(const void* src, const array_layout& src_layout, void* dst, const array_layout& dst_layout,
                   std::size_t elem, const void* fill, const std::string& call);

// relayout_host with a given plan (plan_host_relayout's, or one a test changed): src and dst are the
// data pointers of plan.src and plan.dst; dst_layout is dst's own layout, whose blocked padding gets
// *fill where fill is not null.
void run_host_plan(const host_plan& plan, const void* src, void* dst, const array_layout& dst_layout,
                   std::size_t elem, const void* fill, const std::string& call);

// Copies `height` rows of `width` bytes between host buffers with the given pitches, on several
// threads (OpenMP) when there is enough to copy: one core cannot keep up with a PCIe 5 link.
// stream: with non-temporal stores (host_stream.hpp).
void host_copy_rows(void* dst, std::size_t dst_pitch, const void* src, std::size_t src_pitch, std::size_t width,
                    std::size_t height, bool stream = false);

}  // namespace coalesce::detail

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// A move's own ceiling, measured: the replay reads every byte of the source's data and writes every
// byte of the destination's data (src/move_bounds.hpp), in address order, 16-byte accesses where a
// window is whole and byte by byte where an interval covers part of one, with no rearranging at all.
// It touches exactly the 32-byte sectors the move must touch; a move's ceiling is the slower of the
// replay and cudaMemcpy D2D of its data bytes.

#include "../src/move_bounds.hpp"
#include "common/timing.hpp"

#include <coalesce/record/array.hpp>

#include <cstdint>
#include <vector>

namespace coalesce::bench {

// The replay's work: each side's families at its address.
struct replay_sides {
  std::vector<detail::interval_family> src, dst;
  const void* src_data = nullptr;
  void* dst_data = nullptr;
};

// A vector set's move of n vectors (dst_records: n, or the blocked destination's whole blocks where the
// move fills its padding lanes), and a record move's.
replay_sides vector_replay(const array_layout& sl, const void* src, const array_layout& dl, void* dst,
                           std::size_t elem, std::size_t dst_records);
replay_sides record_replay(const detail::record_move& move, const void* src, std::size_t src_records, void* dst,
                           std::size_t dst_records);
// A copy between two record arrays (dst_is_user: dst wraps the user's structs, whose gaps stay theirs),
// its padding lanes filled.
replay_sides record_array_replay(const record_array& src, record_array& dst, bool dst_is_user);

// Times the replay (CUDA events, `warmup` runs first, the median of `reps`). The destination's data
// bytes are overwritten (with zeros); nothing else is written.
stats time_replay(const replay_sides& sides, int warmup, int reps);

}  // namespace coalesce::bench

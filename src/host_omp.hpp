// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// OpenMP pragmas of the host backend's loops, which compile to plain loops without OpenMP.

#include <coalesce/build_config.hpp>

#include <cstddef>

#if COALESCE_WITH_OPENMP
#define COALESCE_OMP(x) _Pragma(x)
#else
#define COALESCE_OMP(x)
#endif

namespace coalesce::detail {

// Below this many elements a parallel region costs more than it saves (and oversubscribed machines
// make a fork-join of idle spinning threads very slow).
inline constexpr std::size_t parallel_threshold = 1 << 16;

}  // namespace coalesce::detail

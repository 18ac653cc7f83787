// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The one place that looks at compiler macros.

#if defined(__CUDACC__)
#define COALESCE_HD __host__ __device__
#else
#define COALESCE_HD
#endif

// Unrolls the next loop (nvcc and GCC; other compilers ignore it).
#if defined(__CUDA_ARCH__)
#define COALESCE_UNROLL _Pragma("unroll")
#elif defined(__CUDACC__)
#define COALESCE_UNROLL  // nvcc's host pass: the host compiler does not need it
#elif defined(__GNUC__) && !defined(__clang__)
#define COALESCE_UNROLL _Pragma("GCC unroll 16")
#else
#define COALESCE_UNROLL
#endif

// Bounds checks in views: on in debug builds, off under NDEBUG; define to 0 or 1 to override.
#ifndef COALESCE_BOUNDS_CHECK
#ifdef NDEBUG
#define COALESCE_BOUNDS_CHECK 0
#else
#define COALESCE_BOUNDS_CHECK 1
#endif
#endif

#include <cstddef>

namespace coalesce {
// Marks an extent or block size known only at run time (the same value as std::dynamic_extent).
inline constexpr std::size_t dynamic = static_cast<std::size_t>(-1);
}  // namespace coalesce

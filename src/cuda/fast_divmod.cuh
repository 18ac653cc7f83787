// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Division by a run-time invariant divisor with a multiply-high and a shift (Granlund and Montgomery,
// as in CUTLASS's FastDivmod): an integer division costs about 20 instructions, too many for a
// kernel that moves an element every few. Valid for dividends below 2^31.

#include <cstdint>

namespace coalesce::detail {

struct fast_divmod {
  unsigned divisor = 1;
  unsigned multiplier = 0;
  unsigned shift = 0;

  fast_divmod() = default;
  // @pre 0 < d < 2^31
  explicit fast_divmod(unsigned d) : divisor(d) {
    if (d == 1) return;
    unsigned log2_ceil = 0;
    while ((1u << log2_ceil) < d) ++log2_ceil;
    const unsigned p = 31 + log2_ceil;
    multiplier = unsigned(((std::uint64_t(1) << p) + d - 1) / d);
    shift = p - 32;
  }

  // quotient = k / divisor, remainder = k % divisor. @pre k < 2^31
  __host__ __device__ __forceinline__ void operator()(unsigned k, unsigned& quotient, unsigned& remainder) const {
#if defined(__CUDA_ARCH__)
    quotient = divisor == 1 ? k : (__umulhi(k, multiplier) >> shift);
#else
    quotient = divisor == 1 ? k : unsigned((std::uint64_t(k) * multiplier) >> 32) >> shift;
#endif
    remainder = k - quotient * divisor;
  }
};

}  // namespace coalesce::detail

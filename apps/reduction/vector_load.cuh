// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// 16-byte loads: one instruction moves 4 floats or ints, or 2 doubles, so a warp's request covers
// 512 contiguous bytes (16 sectors) and the kernel issues a quarter of the load instructions.

#include <cuda_runtime.h>

namespace coalesce::apps::reduction {

template <class T>
struct vector16;

template <>
struct vector16<float> {
  using type = float4;
  static constexpr unsigned lanes = 4;
  template <class Op>
  __device__ static float fold(float acc, float4 x, Op op) { return op(op(op(op(acc, x.x), x.y), x.z), x.w); }
};

template <>
struct vector16<int> {
  using type = int4;
  static constexpr unsigned lanes = 4;
  template <class Op>
  __device__ static int fold(int acc, int4 x, Op op) { return op(op(op(op(acc, x.x), x.y), x.z), x.w); }
};

template <>
struct vector16<double> {
  using type = double2;
  static constexpr unsigned lanes = 2;
  template <class Op>
  __device__ static double fold(double acc, double2 x, Op op) { return op(op(acc, x.x), x.y); }
};

}  // namespace coalesce::apps::reduction

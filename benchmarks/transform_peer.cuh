// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The peer a user would pick for a relayout of vector sets instead of coalesce: cub::DeviceTransform
// (CCCL, with the CUDA toolkit) writing the destination's elements in its own address order, each
// read from the source through the layouts' index functions (a gather, the layouts being the
// library's mappings). A blocked destination's padding lanes get T{}, as coalesce's copies fill them;
// a row_major destination's row padding is never written.

#include <coalesce/layout/spec.hpp>

#include <cub/device/device_transform.cuh>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/permutation_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include <cuda_runtime.h>

#include <cstddef>
#include <stdexcept>
#include <string>

namespace coalesce::bench {

// Element k of the destination in its address order: vector v, component i (v >= n: a padding lane).
struct destination_order {
  layout_kind kind;
  std::size_t n, m, block;
  struct place {
    std::size_t v, i;
  };
  __host__ __device__ place operator()(std::size_t k) const {
    switch (kind) {
      case layout_kind::row_major: return {k / m, k % m};
      case layout_kind::col_major: return {k % n, k / n};
      case layout_kind::blocked: break;
    }
    const std::size_t r = k % (m * block);
    return {k / (m * block) * block + r % block, r / block};
  }
  // Elements written: the data, and a blocked side's padding lanes.
  std::size_t count() const { return kind == layout_kind::blocked ? (n + block - 1) / block * block * m : n * m; }
};

template <class DstMap>
struct destination_offset {
  destination_order order;
  DstMap map;
  __host__ __device__ std::size_t operator()(std::size_t k) const {
    const auto p = order(k);
    return order.kind == layout_kind::blocked ? k : std::size_t(map(p.v, p.i));
  }
};

template <class T, class SrcMap>
struct gather_source {
  const T* src;
  SrcMap map;
  destination_order order;
  __host__ __device__ T operator()(std::size_t k) const {
    const auto p = order(k);
    return p.v < order.n ? src[map(p.v, p.i)] : T{};
  }
};

// One launch of the peer: n vectors of src (layout sl) into dst (layout dl).
template <class T>
void transform_peer(const T* src, const array_layout& sl, T* dst, const array_layout& dl, cudaStream_t stream) {
  const destination_order order{dl.kind, dl.n, dl.m, dl.block};
  visit_mapping(sl, [&](auto src_map) {
    visit_mapping(dl, [&](auto dst_map) {
      const thrust::counting_iterator<std::size_t> k(0);
      auto out = thrust::make_permutation_iterator(
          dst, thrust::make_transform_iterator(k, destination_offset<decltype(dst_map)>{order, dst_map}));
      const gather_source<T, decltype(src_map)> gather{src, src_map, order};
      const cudaError_t e = cub::DeviceTransform::Transform(k, out, order.count(), gather, stream);
      if (e != cudaSuccess) throw std::runtime_error(std::string("cub::DeviceTransform: ") + cudaGetErrorString(e));
    });
  });
}

}  // namespace coalesce::bench

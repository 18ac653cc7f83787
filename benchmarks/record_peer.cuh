// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The peer a user would pick for a move of records between two record layouts instead of coalesce:
// cub::DeviceTransform (CCCL, with the CUDA toolkit), one launch per field, writing the field's
// elements in the destination's address order, each read from the source through the record layouts'
// address function (place_offset: a gather, the layouts being the library's). A blocks-form field's
// padding lanes (the last block's records past n) get zero bytes, as coalesce's copies fill them when
// no fill record is given; bytes no field covers (a struct's padding, the gaps between rows) are never
// written. The rows, columns and blocks of a field are ordered as a vector set's row_major, col_major
// and blocked (m = the field's count), so transform_peer.cuh's order and gather serve both peers.

#include "path_ends.hpp"
#include "transform_peer.cuh"

#include <coalesce/record/array.hpp>
#include <coalesce/record/layout.hpp>

#include <cub/device/device_transform.cuh>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/permutation_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include <cuda_runtime.h>

#include <cstddef>
#include <stdexcept>
#include <string>

namespace coalesce::bench {

// Element (v, c) of one field as an index of T (the field's word) from the array's start: the library's
// byte offset over the width, exact since every field's base and strides are multiples of its width.
template <class T>
struct field_elements {
  field_place place;
  std::size_t block;  // the layout's bd (only blocks-form fields read it)
  __host__ __device__ std::size_t operator()(std::size_t v, std::size_t c) const {
    return place_offset(place, sizeof(T), block, v, c) / sizeof(T);
  }
};

// Where element k of the field's destination order goes. Unlike a blocked vector set, a record's
// blocks interleave several fields' runs, so k is never the address itself.
template <class T>
struct field_destination {
  destination_order order;
  field_elements<T> to;
  __host__ __device__ std::size_t operator()(std::size_t k) const {
    const auto p = order(k);
    return to(p.v, p.i);
  }
};

// The field's elements in the destination's address order: records in rows, components in columns,
// lanes of each run in blocks (whole blocks: the last one's padding lanes too).
inline destination_order field_order(const field_place& to, std::size_t n, std::size_t count, std::size_t block) {
  switch (to.form) {
    case field_form::rows: return {layout_kind::row_major, n, count, 0};
    case field_form::columns: return {layout_kind::col_major, n, count, 0};
    case field_form::blocks: break;
  }
  return {layout_kind::blocked, n, count, block};
}

// The n records of `from` into `to` (same record, any two layouts, device memory). One Transform per
// field: a Transform has one input and one output type, and a record's fields have their own (words of 1
// to 16 bytes), so a user writes one per field, as for the member arrays of a hand-made SoA.
inline void record_peer(const record_array& from, record_array& to, cudaStream_t stream) {
  const record_desc& d = from.desc();
  const record_layout &sl = from.layout(), &dl = to.layout();
  for (std::size_t f = 0; f < d.size(); ++f) {
    with_word_type(d[f].width, [&](auto word) {
      using T = decltype(word);
      const destination_order order = field_order(dl.places[f], dl.n, d[f].count, dl.block);
      const field_elements<T> src_map{sl.places[f], sl.block}, dst_map{dl.places[f], dl.block};
      const thrust::counting_iterator<std::size_t> k(0);
      auto out = thrust::make_permutation_iterator(
          reinterpret_cast<T*>(to.data()), thrust::make_transform_iterator(k, field_destination<T>{order, dst_map}));
      const gather_source<T, field_elements<T>> gather{reinterpret_cast<const T*>(from.data()), src_map, order};
      const cudaError_t e = cub::DeviceTransform::Transform(k, out, order.count(), gather, stream);
      if (e != cudaSuccess)
        throw std::runtime_error("cub::DeviceTransform (field " + d[f].name + "): " + cudaGetErrorString(e));
    });
  }
}

}  // namespace coalesce::bench

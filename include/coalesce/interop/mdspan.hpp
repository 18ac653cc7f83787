// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Views as cuda::std::mdspan (libcu++, CCCL). The layout tags are mdspan LayoutPolicies, so
//   cuda::std::mdspan<T, cuda::std::extents<size_t, dynamic_extent, M>, coalesce::layout_blocked<>>
// indexes the same memory as the view: md(v, i) == view(v, i). Needs the CCCL include directory
// (<cuda>/include/cccl), which coalesce::coalesce carries in its interface when CUDA is found.

#include <coalesce/view/view.hpp>

#include <cuda/std/mdspan>

namespace coalesce {

// The cuda::std::extents of a view: n dynamic, m static when the view's m is.
template <class Extents>
using cuda_extents_t = cuda::std::extents<std::size_t, cuda::std::dynamic_extent, Extents::static_extent(1)>;

static_assert(coalesce::dynamic == cuda::std::dynamic_extent, "coalesce::dynamic must equal dynamic_extent");

template <class T, class Mapping>
COALESCE_HD auto to_mdspan(const basic_view<T, Mapping>& view) {
  using layout = typename Mapping::layout_type;
  using cuda_extents = cuda_extents_t<typename Mapping::extents_type>;
  using cuda_mapping = typename layout::template mapping<cuda_extents>;
  return cuda::std::mdspan<T, cuda_extents, layout>(view.data(), cuda_mapping(view.mapping()));
}

// Back from an mdspan of one of our layouts to a view.
template <class T, class Extents, class Layout, class Accessor>
COALESCE_HD auto to_view(const cuda::std::mdspan<T, Extents, Layout, Accessor>& md) {
  using mapping = typename Layout::template mapping<extents<Extents::static_extent(1)>>;
  return basic_view<T, mapping>(md.data_handle(), mapping(md.mapping()));
}

}  // namespace coalesce

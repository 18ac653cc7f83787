// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The host backend's pack and unpack: one loop over the whole id list (OpenMP above a threshold).
#include <coalesce/build_config.hpp>

#include "host_omp.hpp"  // parallel_threshold
#include "pack_api.hpp"
#include "relayout_one.hpp"  // with_word

#include <cstdint>

namespace coalesce::detail {
namespace {

// f(k) for k in [0, count), on several threads when count * m elements are worth it.
template <class F>
void for_each_vector(std::size_t count, [[maybe_unused]] std::size_t m, F&& f) {  // m: read by the OpenMP if()
  const auto n = std::int64_t(count);
#if COALESCE_WITH_OPENMP
#pragma omp parallel for schedule(static) if (n * std::int64_t(m) >= std::int64_t(parallel_threshold))
#endif
  for (std::int64_t k = 0; k < n; ++k) f(std::size_t(k));
}

}  // namespace

void pack_host(const void* src, const array_layout& layout, std::size_t elem, id_span ids, void* wire,
               const std::string& call) {
  with_word(elem, call, [&](auto word) {
    using W = decltype(word);
    const W* s = static_cast<const W*>(src);
    W* w = static_cast<W*>(wire);
    visit_mapping(layout, [&](auto map) {
      const std::size_t m = layout.m;
      for_each_vector(ids.count, m, [&](std::size_t k) {
        for (std::size_t i = 0; i < m; ++i) w[k * m + i] = s[map(ids.ids[k], i)];
      });
    });
  });
}

void unpack_host(const void* wire, id_span ids, void* dst, const array_layout& layout, std::size_t elem,
                 scalar_kind sum, const std::string& call) {
  auto loop = [&](auto value) {
    using W = decltype(value);
    const W* w = static_cast<const W*>(wire);
    W* d = static_cast<W*>(dst);
    visit_mapping(layout, [&](auto map) {
      const std::size_t m = layout.m;
      for_each_vector(ids.count, m, [&](std::size_t k) {
        for (std::size_t i = 0; i < m; ++i) {
          W& target = d[map(ids.ids[k], i)];
          if constexpr (std::is_arithmetic_v<W>) {
            target = sum != scalar_kind::other ? sum_of(target, w[k * m + i]) : w[k * m + i];
          } else {
            target = w[k * m + i];
          }
        }
      });
    });
  };
  if (sum == scalar_kind::other)
    with_word(elem, call, loop);
  else
    with_scalar(sum, call, loop);
}

void unpack_sum_groups_host(const void* wire, sum_groups groups, void* dst, const array_layout& layout,
                            scalar_kind kind, const std::string& call) {
  with_scalar(kind, call, [&](auto value) {
    using S = decltype(value);
    const S* w = static_cast<const S*>(wire);
    S* d = static_cast<S*>(dst);
    visit_mapping(layout, [&](auto map) {
      const std::size_t m = layout.m;
      for_each_vector(groups.count, m, [&](std::size_t t) {
        for (std::size_t i = 0; i < m; ++i) {
          S& target = d[map(groups.targets[t], i)];
          S acc = target;
          for (std::uint32_t p = groups.starts[t]; p < groups.starts[t + 1]; ++p)
            acc = sum_of(acc, w[std::size_t(groups.positions[p]) * m + i]);
          target = acc;
        }
      });
    });
  });
}

}  // namespace coalesce::detail

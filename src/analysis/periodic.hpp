// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// What makes the kernel analysis independent of n: thread maps whose pattern repeats, and the
// footprint of a set of sectors repeated at a fixed stride, counted without walking the repeats.

#include <coalesce/analysis/expression.hpp>

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace coalesce::analysis::detail {

// For an expression built from idx, literals, + - and * by a constant, and / % by a literal (a
// quasi-affine map), a period L with f(idx + L) - f(idx) the same for every idx where no intermediate
// value changes sign: the product of the divisors applied to idx-dependent values. nullopt for
// idx * idx, a divisor that depends on idx, or a period above 2^20.
std::optional<std::int64_t> quasi_affine_period(const index_expression& e);

// The union of S, S + d, ..., S + (q-1) d (sectors; S sorted and distinct, d >= 0, q >= 1).
class translates {
 public:
  translates(std::vector<std::uint64_t> s, std::uint64_t d, std::uint64_t q);
  // Distinct sectors in the union: each s of S adds min(q, (s - p) / d) where p is the nearest
  // element of S below s in s's class modulo d (q when there is none).
  std::uint64_t size() const;
  bool contains(std::uint64_t sector) const;

 private:
  std::vector<std::pair<std::uint64_t, std::uint64_t>> by_class_;  // (s mod d, s), sorted
  std::uint64_t d_, q_;
};

}  // namespace coalesce::analysis::detail

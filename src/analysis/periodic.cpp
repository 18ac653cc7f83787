// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include "periodic.hpp"

#include <algorithm>
#include <cstdint>

namespace coalesce::analysis::detail {

std::optional<std::int64_t> quasi_affine_period(const index_expression& e) {
  using op = index_expression::op;
  constexpr std::int64_t max_period = std::int64_t(1) << 20;
  struct value {
    bool depends;
    std::int64_t constant;  // when !depends (folded; an overflow gives up: the walk reports it)
  };
  std::vector<value> stack;
  std::int64_t period = 1;
  for (const index_expression::instruction& ins : e.program()) {
    if (ins.code == op::push) {
      stack.push_back({false, ins.value});
      continue;
    }
    if (ins.code == op::idx) {
      stack.push_back({true, 0});
      continue;
    }
    if (ins.code == op::neg) {
      if (stack.back().constant == INT64_MIN) return std::nullopt;
      stack.back().constant = -stack.back().constant;
      continue;
    }
    const value b = stack.back();
    stack.pop_back();
    value& a = stack.back();
    const bool depends = a.depends || b.depends;
    switch (ins.code) {
      case op::add:
        if (__builtin_add_overflow(a.constant, b.constant, &a.constant)) return std::nullopt;
        break;
      case op::sub:
        if (__builtin_sub_overflow(a.constant, b.constant, &a.constant)) return std::nullopt;
        break;
      case op::mul:
        if (a.depends && b.depends) return std::nullopt;
        if (__builtin_mul_overflow(a.constant, b.constant, &a.constant)) return std::nullopt;
        break;
      case op::div:
      case op::mod:
        if (b.depends || b.constant == 0) return std::nullopt;
        if (a.depends) {
          if (b.constant < -max_period || b.constant > max_period) return std::nullopt;
          period *= b.constant < 0 ? -b.constant : b.constant;
          if (period > max_period) return std::nullopt;
        } else {
          if (a.constant == INT64_MIN && b.constant == -1) return std::nullopt;
          a.constant = ins.code == op::div ? a.constant / b.constant : a.constant % b.constant;
        }
        break;
      default:
        return std::nullopt;
    }
    a.depends = depends;
  }
  return period;
}

translates::translates(std::vector<std::uint64_t> s, std::uint64_t d, std::uint64_t q) : d_(d), q_(q) {
  by_class_.reserve(s.size());
  for (std::uint64_t x : s) by_class_.emplace_back(d ? x % d : 0, x);
  std::sort(by_class_.begin(), by_class_.end());
}

std::uint64_t translates::size() const {
  if (d_ == 0) return by_class_.size();
  std::uint64_t total = 0;
  for (std::size_t k = 0; k < by_class_.size(); ++k) {
    const bool first = k == 0 || by_class_[k - 1].first != by_class_[k].first;
    total += first ? q_ : std::min(q_, (by_class_[k].second - by_class_[k - 1].second) / d_);
  }
  return total;
}

bool translates::contains(std::uint64_t sector) const {
  const std::uint64_t c = d_ ? sector % d_ : 0;
  // The largest element of S in the class that is <= sector.
  auto it = std::upper_bound(by_class_.begin(), by_class_.end(), std::make_pair(c, sector));
  if (it == by_class_.begin()) return false;
  --it;
  if (it->first != c) return false;
  if (d_ == 0) return it->second == sector;
  return (sector - it->second) / d_ < q_;
}

}  // namespace coalesce::analysis::detail

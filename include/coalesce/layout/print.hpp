// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Layouts describe themselves: padding statistics, the grid of offsets, and the memory order.

#include <coalesce/core/extents.hpp>

#include <algorithm>
#include <cstddef>
#include <iomanip>
#include <ostream>
#include <string>

namespace coalesce {

struct padding_stats {
  std::size_t elements;   // n * m: the user's data
  std::size_t span;       // required_span_size(): what the layout allocates
  std::size_t padding;    // span - elements
  double overhead;        // padding / elements (0 when there is no data)
};

template <class Mapping>
padding_stats padding_of(const Mapping& map) {
  const std::size_t elements = map.extents().extent(0) * map.extents().extent(1);
  const std::size_t span = map.required_span_size();
  return {elements, span, span - elements, elements == 0 ? 0.0 : double(span - elements) / double(elements)};
}

// The grid of offsets: one line per vector v, one column per component i.
//         i=0   i=1   i=2
//   v=0     0     4     8
template <class Mapping>
void print_layout(std::ostream& os, const Mapping& map) {
  const std::size_t n = map.extents().extent(0), m = map.extents().extent(1);
  const int w = int(std::max<std::size_t>(4, std::to_string(map.required_span_size()).size() + 1));
  os << std::setw(6) << "";
  for (std::size_t i = 0; i < m; ++i) os << std::setw(w) << ("i=" + std::to_string(i));
  os << '\n';
  for (std::size_t v = 0; v < n; ++v) {
    os << std::setw(6) << ("v=" + std::to_string(v));
    for (std::size_t i = 0; i < m; ++i) os << std::setw(w) << map(v, i);
    os << '\n';
  }
}

// Memory in address order, `per_line` offsets to a line: each cell names the (v.i) stored there,
// or "--" for padding.
template <class Mapping>
void print_memory(std::ostream& os, const Mapping& map, std::size_t per_line = 16) {
  const std::size_t span = map.required_span_size();
  for (std::size_t start = 0; start < span; start += per_line) {
    os << std::setw(6) << start << ':';
    for (std::size_t o = start; o < std::min(span, start + per_line); ++o) {
      const location loc = map.locate(o);
      os << std::setw(7) << (loc.is_data ? std::to_string(loc.v) + "." + std::to_string(loc.i) : std::string("--"));
    }
    os << '\n';
  }
}

}  // namespace coalesce

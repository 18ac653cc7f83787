// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include "bench_result.hpp"

#include <algorithm>

namespace coalesce::bench {

const std::vector<std::pair<std::string, layout_spec>>& bench_layouts() {
  static const std::vector<std::pair<std::string, layout_spec>> all{
      {"aos", aos()}, {"soa", soa()}, {"blocked:128", blocked(128)}};
  return all;
}

result record_result(const std::string& label, const std::string& from, const std::string& to, std::size_t n,
                     std::size_t data_bytes) {
  result r;
  r.group = "records";
  r.name = label + ": " + from + " -> " + to;
  r.type = label;
  r.n = n;
  r.bytes = 2.0 * double(n) * double(data_bytes);
  return r;
}

result relayout_result(const std::string& from, const std::string& to, const std::string& type, std::size_t m,
                       std::size_t n, std::size_t elem, const stats& time) {
  result r;
  r.group = "relayout";
  r.name = from + " -> " + to;
  r.type = type;
  r.m = m;
  r.n = n;
  r.bytes = 2.0 * double(n * m * elem);
  r.time = time;
  return r;
}

result ceiling_result(const std::string& name, double bytes, const stats& time) {
  result r;
  r.group = "ceiling";
  r.name = name;
  r.bytes = bytes;
  r.time = time;
  r.gbs = gbs(bytes, time.median_ms);
  return r;
}

bool selected(const std::string& only, const std::string& name) {
  if (only.empty()) return true;
  for (std::size_t from = 0;;) {
    const std::size_t bar = only.find('|', from);
    if (name.find(only.substr(from, bar == std::string::npos ? std::string::npos : bar - from)) != std::string::npos)
      return true;
    if (bar == std::string::npos) return false;
    from = bar + 1;
  }
}

result compared(result r, const result& c) {
  r.gbs = gbs(r.bytes, r.time.median_ms);
  r.ceiling = c.name;
  r.fraction = r.gbs / c.gbs;
  return r;
}

void with_move_ceiling(result& r, double replay_ms, const result& d2d) {
  const double copy_ms = d2d.gbs > 0 ? r.bytes / (d2d.gbs * 1e6) : 0;
  r.replay_ms = replay_ms;
  r.move_ceiling_fraction = r.time.median_ms > 0 ? std::max(replay_ms, copy_ms) / r.time.median_ms : 0;
}

}  // namespace coalesce::bench

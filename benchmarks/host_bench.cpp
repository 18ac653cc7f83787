// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Host backend: relayout between every pair of layouts (vector sets, or with --records every pair of
// record layouts for the four structs), against a parallel memcpy of the same bytes.
#include "bench_result.hpp"
#include "record_types.hpp"

#include <coalesce/coalesce.hpp>

#include <cstring>
#include <vector>

namespace coalesce::bench {
namespace {

template <class T>
void relayout_cases(const options& opt, const std::string& type, const result& ceiling, std::vector<result>& out) {
  const runtime rt{backend::host};
  for (std::size_t m : opt.ms) {
    const std::size_t n = opt.bytes / (m * sizeof(T));
    std::vector<T> user(n * m);
    for (std::size_t k = 0; k < user.size(); ++k) user[k] = T(k % 1000) + T(0.5);
    for (const auto& [from_name, from] : bench_layouts()) {
      const array<T> src = rt.upload(host_vectors(user.data(), n, m), from);
      for (const auto& [to_name, to] : bench_layouts()) {
        if (from_name == to_name) continue;
        array<T> dst = rt.allocate<T>(n, m, to);
        const stats time = time_host([&] { rt.copy(src, dst); }, 1, opt.reps);
        out.push_back(compared(relayout_result(from_name, to_name, type, m, n, sizeof(T), time), ceiling));
      }
    }
  }
}

// Every pair of record layouts.
template <class S>
void record_cases(const options& opt, const char* label, const result& ceiling, std::vector<result>& out) {
  const runtime rt{backend::host};
  const record_desc d = describe(static_cast<S*>(nullptr));
  for_each_record_pair(
      rt, d, opt.bytes / d.data_bytes(), label, opt.only,
      [](record_array& src) { std::memset(src.data(), 0x3f, src.span_bytes()); },
      [&](const record_array& src, record_array& dst, result& r) {
        r.time = time_host([&] { rt.copy(src, dst); }, 1, opt.reps);
        out.push_back(compared(r, ceiling));
      });
}

}  // namespace

std::vector<result> run_host(const options& opt) {
  std::vector<result> out;
  std::vector<unsigned char> a(opt.bytes, 1), b(opt.bytes, 2);
  const double bytes = 2.0 * double(opt.bytes);
  const result ceiling = ceiling_result("host memcpy (bytes read + written)", bytes,
                                        time_host([&] { std::memcpy(b.data(), a.data(), a.size()); }, 1, opt.reps));
  // A single-threaded memcpy can be beaten by the OpenMP host backend itself: its own aos -> aos copy
  // is the second candidate, and the faster of the two is the ceiling.
  const runtime rt{backend::host};
  const std::size_t n = opt.bytes / sizeof(float);
  std::vector<float> f(n, 1.5f);
  array<float> x = rt.upload(host_vectors(f.data(), n, 1), aos());
  array<float> y = rt.allocate<float>(n, 1, aos());
  const result parallel = ceiling_result("host parallel copy (relayout aos -> aos, bytes read + written)", bytes,
                                         time_host([&] { rt.copy(x, y); }, 1, opt.reps));
  const result& best = parallel.gbs > ceiling.gbs ? parallel : ceiling;
  out.push_back(ceiling);
  out.push_back(parallel);
  if (opt.records) {
    record_cases<body>(opt, "body", best, out);
    record_cases<particle>(opt, "particle", best, out);
    record_cases<element>(opt, "element", best, out);
    record_cases<mixed>(opt, "mixed16", best, out);
    return out;
  }
  for (const std::string& type : opt.types) {
    if (type == "float") relayout_cases<float>(opt, type, best, out);
    if (type == "double") relayout_cases<double>(opt, type, best, out);
  }
  return out;
}

}  // namespace coalesce::bench

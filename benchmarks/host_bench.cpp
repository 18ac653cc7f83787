// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Host backend: relayout between every pair of layouts, against a parallel memcpy of the same bytes.
#include "bench_result.hpp"

#include <coalesce/coalesce.hpp>

#include <cstring>
#include <vector>

namespace coalesce::bench {
namespace {

template <class T>
void relayout_cases(const options& opt, const std::string& type, const result& ceiling, std::vector<result>& out) {
  const runtime rt{backend::host};
  const std::vector<std::pair<std::string, layout_spec>> layouts{{"aos", aos()}, {"soa", soa()}, {"blocked:128", blocked(128)}};
  for (std::size_t m : opt.ms) {
    const std::size_t n = opt.bytes / (m * sizeof(T));
    std::vector<T> user(n * m);
    for (std::size_t k = 0; k < user.size(); ++k) user[k] = T(k % 1000) + T(0.5);
    for (const auto& [from_name, from] : layouts) {
      const array<T> src = rt.upload(host_vectors(user.data(), n, m), from);
      for (const auto& [to_name, to] : layouts) {
        if (from_name == to_name) continue;
        array<T> dst = rt.allocate<T>(n, m, to);
        result r;
        r.group = "relayout";
        r.name = from_name + " -> " + to_name;
        r.type = type;
        r.m = m;
        r.n = n;
        r.bytes = 2.0 * double(n * m * sizeof(T));
        r.time = time_host([&] { rt.copy(src, dst); }, 1, opt.reps);
        r.gbs = gbs(r.bytes, r.time.median_ms);
        r.ceiling = ceiling.name;
        r.fraction = r.gbs / ceiling.gbs;
        out.push_back(r);
      }
    }
  }
}

}  // namespace

std::vector<result> run_host(const options& opt) {
  std::vector<result> out;
  std::vector<unsigned char> a(opt.bytes, 1), b(opt.bytes, 2);
  result ceiling;
  ceiling.group = "ceiling";
  ceiling.name = "host memcpy (bytes read + written)";
  ceiling.bytes = 2.0 * double(opt.bytes);
  // The same OpenMP-parallel copy the runtime uses for whole blocks; the fairest ceiling for it.
  const runtime rt{backend::host};
  const std::size_t n = opt.bytes / sizeof(float);
  std::vector<float> f(n, 1.5f);
  array<float> x = rt.upload(host_vectors(f.data(), n, 1), aos());
  array<float> y = rt.allocate<float>(n, 1, aos());
  ceiling.time = time_host([&] { std::memcpy(b.data(), a.data(), a.size()); }, 1, opt.reps);
  ceiling.gbs = gbs(ceiling.bytes, ceiling.time.median_ms);
  result parallel = ceiling;
  parallel.name = "host parallel copy (relayout aos -> aos, bytes read + written)";
  parallel.time = time_host([&] { rt.copy(x, y); }, 1, opt.reps);
  parallel.gbs = gbs(parallel.bytes, parallel.time.median_ms);
  const result& best = parallel.gbs > ceiling.gbs ? parallel : ceiling;
  out.push_back(ceiling);
  out.push_back(parallel);
  for (const std::string& type : opt.types) {
    if (type == "float") relayout_cases<float>(opt, type, best, out);
    if (type == "double") relayout_cases<double>(opt, type, best, out);
  }
  return out;
}

}  // namespace coalesce::bench

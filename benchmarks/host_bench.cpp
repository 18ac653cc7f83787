// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Host backend: relayout between every pair of layouts (vector sets; with --paths every pair of the
// path matrix's array ends, each cell checked; with --records every pair of record layouts for the
// four structs), against a copy of the same bytes.
#include "bench_result.hpp"
#include "record_types.hpp"

#include <coalesce/coalesce.hpp>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace coalesce::bench {
namespace {

using named_layouts = std::vector<std::pair<std::string, layout_spec>>;

// The array ends of the path matrix (paths_bench.cu) the host backend moves between: the user's own
// rows of other pitches and alignments are not among them (the GPU matrix has them).
named_layouts host_path_layouts(bool quick) {
  named_layouts all{{"aos", aos()}, {"pitched", pitched_rows()}, {"soa", soa()}};
  if (!quick) all.push_back({"soa:packed", soa(false)});
  for (std::size_t bd : quick ? std::vector<std::size_t>{96, 128} : std::vector<std::size_t>{32, 96, 128, 256, 1000})
    all.push_back({"blocked:" + std::to_string(bd), blocked(bd)});
  return all;
}

template <class T>
void relayout_cases(const options& opt, const named_layouts& layouts, bool check, const std::string& type,
                    std::vector<result>& out) {
  const runtime rt{backend::host};
  for (std::size_t m : opt.ms) {
    const std::size_t n = opt.bytes / (m * sizeof(T));
    std::vector<T> user(n * m), back(check ? n * m : 0);
    for (std::size_t k = 0; k < user.size(); ++k) user[k] = T(k % 1000) + T(0.5);
    for (const auto& [from_name, from] : layouts) {
      const array<T> src = rt.upload(host_vectors(user.data(), n, m), from);
      for (const auto& [to_name, to] : layouts) {
        if (from_name == to_name) continue;
        if (!selected(opt.only, from_name + " -> " + to_name)) continue;
        array<T> dst = rt.allocate<T>(n, m, to);
        const stats time = time_host([&] { rt.copy(src, dst); }, 1, opt.reps);
        out.push_back(relayout_result(from_name, to_name, type, m, n, sizeof(T), time));
        if (check) {  // every element back in place (the GPU matrix also checks padding and gaps)
          std::fill(back.begin(), back.end(), T(-1));
          rt.download(dst, host_vectors(back.data(), n, m));
          for (std::size_t k = 0; k < back.size(); ++k) out.back().wrong += back[k] != user[k];
        }
      }
    }
  }
}

// Every pair of record layouts.
template <class S>
void record_cases(const options& opt, const char* label, std::vector<result>& out) {
  const runtime rt{backend::host};
  const record_desc d = describe(static_cast<S*>(nullptr));
  for_each_record_pair(
      rt, d, opt.bytes / d.data_bytes(), label, opt.only,
      [](record_array& src) { std::memset(src.data(), 0x3f, src.span_bytes()); },
      [&](const record_array& src, record_array& dst, result& r) {
        r.time = time_host([&] { rt.copy(src, dst); }, 1, opt.reps);
        out.push_back(r);
      });
}

// The copies every case is compared with: a single-threaded memcpy and the backend's own aos -> aos
// copy, each timed before the cases and again after them.
std::vector<result> copy_ceilings(const options& opt, const char* when) {
  std::vector<unsigned char> a(opt.bytes, 1), b(opt.bytes, 2);
  const double bytes = 2.0 * double(opt.bytes);
  const runtime rt{backend::host};
  const std::size_t n = opt.bytes / sizeof(float);
  std::vector<float> f(n, 1.5f);
  array<float> x = rt.upload(host_vectors(f.data(), n, 1), aos());
  array<float> y = rt.allocate<float>(n, 1, aos());
  return {ceiling_result(std::string("host memcpy (bytes read + written), ") + when, bytes,
                         time_host([&] { std::memcpy(b.data(), a.data(), a.size()); }, 1, opt.reps)),
          ceiling_result(std::string("host parallel copy (relayout aos -> aos, bytes read + written), ") + when,
                         bytes, time_host([&] { rt.copy(x, y); }, 1, opt.reps))};
}

}  // namespace

std::vector<result> run_host(const options& opt) {
  std::vector<result> out = copy_ceilings(opt, "before the cases");
  std::vector<result> cases;
  if (opt.records) {
    record_cases<body>(opt, "body", cases);
    record_cases<particle>(opt, "particle", cases);
    record_cases<element>(opt, "element", cases);
    record_cases<mixed>(opt, "mixed16", cases);
  } else {
    const bool paths = !opt.paths.empty();
    const named_layouts layouts = paths ? host_path_layouts(opt.paths == "quick") : bench_layouts();
    for (const std::string& type : opt.types) {
      if (type == "float") relayout_cases<float>(opt, layouts, paths, type, cases);
      if (type == "double") relayout_cases<double>(opt, layouts, paths, type, cases);
      if (type == "u8") relayout_cases<std::uint8_t>(opt, layouts, paths, type, cases);
      if (type == "u16") relayout_cases<std::uint16_t>(opt, layouts, paths, type, cases);
    }
  }
  // Timed first, the copies read up to 20% below the same copies later in the run (a 2-core VM), and
  // an m = 1 relayout, a copy of the same bytes, then read up to 1.2x "the ceiling". The ceiling is the
  // fastest of the copies before and after the cases and of the m = 1 relayouts.
  const std::vector<result> after = copy_ceilings(opt, "after the cases");
  out.insert(out.end(), after.begin(), after.end());
  result best = out[0];
  for (const result& c : out)
    if (c.gbs > best.gbs) best = c;
  for (const result& r : cases)
    if (!opt.records && r.m == 1 && gbs(r.bytes, r.time.median_ms) > best.gbs)
      best = ceiling_result("relayout " + r.name + " (" + r.type + ", m = 1: a copy)", r.bytes, r.time);
  for (const result& r : cases) out.push_back(compared(r, best));
  return out;
}

}  // namespace coalesce::bench

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Host backend: relayout between every pair of layouts (vector sets; with --paths every pair of the
// path matrix's array ends, each cell checked; with --records every pair of record layouts for the
// four structs; with --random K, random record or path cells, each checked), against a copy of the
// same bytes.
#include "bench_result.hpp"
#include "path_ends.hpp"
#include "random_cases.hpp"
#include "record_types.hpp"

#include <coalesce/coalesce.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace coalesce::bench {
namespace {

using named_layouts = std::vector<std::pair<std::string, layout_spec>>;

// The array ends of the path matrix (paths_bench.cu) the host backend moves between: the user's own
// rows of other pitches and alignments are not among them (the GPU matrix has them; random cells on
// the host have them too).
named_layouts host_path_layouts(bool quick) {
  named_layouts all;
  for (const end_kind& e : path_ends(quick))
    if (!e.user) all.push_back({e.name, e.spec});
  return all;
}

// Every pair of `layouts` for each m. check (the path matrix): n as the GPU matrix takes it (fewer
// vectors where an end has pitched rows), and every element checked after the runs.
template <class T>
void relayout_cases(const options& opt, const named_layouts& layouts, bool check, const std::string& type,
                    std::vector<result>& out) {
  const runtime rt{backend::host};
  for (std::size_t m : opt.ms) {
    const std::size_t most = opt.bytes / (m * sizeof(T));
    std::vector<T> user(most * m), back(check ? most * m : 0);
    for (std::size_t k = 0; k < user.size(); ++k) user[k] = T(k % 1000) + T(0.5);
    for (const auto& [from_name, from] : layouts) {
      array<T> src[2];  // the first `most` vectors of `user`, and the first n of a pitched-rows cell
      for (const auto& [to_name, to] : layouts) {
        if (from_name == to_name) continue;
        if (!selected(opt.only, from_name + " -> " + to_name)) continue;
        const bool pitched = check && (allocator_pitched(array_end(from)) || allocator_pitched(array_end(to)));
        const std::size_t n = pitched ? vectors_for(opt.bytes, m, sizeof(T), true) : most;
        array<T>& source = src[n == most ? 0 : 1];
        if (source.n() != n) source = rt.upload(host_vectors(user.data(), n, m), from);
        array<T> dst = rt.allocate<T>(n, m, to);
        const stats time = time_host([&] { rt.copy(source, dst); }, 1, opt.reps);
        out.push_back(relayout_result(from_name, to_name, type, m, n, sizeof(T), time));
        if (check) {  // every element back in place (the GPU matrix also checks padding and gaps)
          std::fill(back.begin(), back.end(), T(-1));
          rt.download(dst, host_vectors(back.data(), n, m));
          for (std::size_t k = 0; k < n * m; ++k) out.back().wrong += back[k] != user[k];
        }
      }
    }
  }
}

// ---- Random path cells (random_cases.hpp), measured and checked as the GPU matrix's cells are ----

// The user's vectors of a path cell in host memory: pitch m or m + 1, the host's pitched allocator
// (rows padded to buffer::host_alignment), or columns of odd pitch; data one element past the
// allocation's aligned start where the end says so.
template <class T>
struct host_user_vectors {
  buffer memory;
  T* data = nullptr;
  array_layout layout;

  host_user_vectors(const end_kind& e, std::size_t n, std::size_t m) {
    const std::size_t off = e.offset ? 1 : 0;
    std::size_t pitch = e.columns ? (n | 1) : e.pitch_class == 0 ? m : m + 1;
    if (e.columns) {
      memory = buffer::allocate(memory_space::host, ((m - 1) * pitch + n + 1) * sizeof(T), "host_user_vectors");
    } else if (e.pitch_class == 2) {
      memory = buffer::allocate_pitched(memory_space::host, (m + off) * sizeof(T), n, "host_user_vectors");
      pitch = memory.pitch_bytes() / sizeof(T);
    } else {
      memory = buffer::allocate(memory_space::host, ((n - 1) * pitch + m + 1) * sizeof(T), "host_user_vectors");
    }
    data = static_cast<T*>(memory.data()) + off;
    layout = {e.columns ? layout_kind::col_major : layout_kind::row_major, n, m, pitch, 0};
  }
};

// Data elements the pattern, every other element the poison.
template <class T>
void fill_pattern(T* p, const array_layout& l) {
  visit_mapping(l, [&](auto map) {
    for (std::size_t o = 0; o < l.span(); ++o) {
      const location at = map.locate(o);
      p[o] = at.is_data ? pattern<T>(at.v, at.i) : poison<T>();
    }
  });
}

// Destination elements found wrong: data not the pattern, a blocked layout's padding not the fill
// (zero), the user's gaps not the poison written before the move.
template <class T>
unsigned long long wrong_elements(const T* p, const array_layout& l, bool user) {
  unsigned long long bad = 0;
  visit_mapping(l, [&](auto map) {
    for (std::size_t o = 0; o < l.span(); ++o) {
      const location at = map.locate(o);
      if (at.is_data) {
        bad += !same(p[o], pattern<T>(at.v, at.i));
      } else if (l.kind == layout_kind::blocked) {
        bad += !same(p[o], T{});
      } else if (user) {
        bad += !same(p[o], poison<T>());
      }
    }
  });
  return bad;
}

template <class T>
result host_path_cell(const options& opt, const path_case& c) {
  const runtime rt{backend::host};
  const end_kind& from = c.from;
  const end_kind& to = c.to;
  std::unique_ptr<host_user_vectors<T>> user;
  array<T> src_array, dst_array;
  if (from.user || to.user) user = std::make_unique<host_user_vectors<T>>(from.user ? from : to, c.n, c.m);
  if (!from.user) src_array = rt.allocate<T>(c.n, c.m, from.spec);
  if (!to.user) dst_array = rt.allocate<T>(c.n, c.m, to.spec);
  const array_layout sl = from.user ? user->layout : src_array.layout();
  const array_layout dl = to.user ? user->layout : dst_array.layout();
  T* dst = to.user ? user->data : dst_array.data();
  fill_pattern(from.user ? user->data : src_array.data(), sl);
  std::fill(dst, dst + dl.span(), poison<T>());
  const bool columns = user && user->layout.kind == layout_kind::col_major;
  const vector_set<T> rows{user ? user->data : nullptr, c.n, c.m, user ? user->layout.pitch : 0, memory_space::host};
  const component_set<T> cols{rows.data, c.n, c.m, rows.pitch, memory_space::host};
  std::function<void()> move;
  if (from.user && columns) {
    move = [&] { rt.upload_async(component_set<const T>(cols), dst_array, nullptr); };
  } else if (from.user) {
    move = [&] { rt.upload_async(vector_set<const T>(rows), dst_array, nullptr); };
  } else if (to.user && columns) {
    move = [&] { rt.download_async(src_array, cols, nullptr); };
  } else if (to.user) {
    move = [&] { rt.download_async(src_array, rows, nullptr); };
  } else {
    move = [&] { rt.copy_async(src_array, dst_array, nullptr); };
  }
  const stats time = time_host(move, 1, opt.reps);
  result r = relayout_result(from.name, to.name, path_type(c.elem), c.m, c.n, sizeof(T), time);
  r.group = "path";
  r.name = c.name();
  r.wrong = wrong_elements(dst, dl, to.user);
  if (r.wrong)
    std::fprintf(stderr, "coalesce-bench: %s %s m=%zu n=%zu: %llu wrong elements\n", r.name.c_str(), r.type.c_str(),
                 c.m, c.n, r.wrong);
  return r;
}

void random_path_cells(const options& opt, std::vector<result>& out) {
  for (const path_case& c : random_path_cases(opt.seed, opt.random, opt.bytes)) {
    if (!selected(opt.only, c.name())) continue;
    std::fprintf(stderr, "paths: %s, m = %zu, %zu-byte elements, n = %zu\n", c.name().c_str(), c.m, c.elem, c.n);
    switch (c.elem) {
      case 1: out.push_back(host_path_cell<std::uint8_t>(opt, c)); break;
      case 2: out.push_back(host_path_cell<std::uint16_t>(opt, c)); break;
      case 4: out.push_back(host_path_cell<std::uint32_t>(opt, c)); break;
      case 8: out.push_back(host_path_cell<std::uint64_t>(opt, c)); break;
      default: out.push_back(host_path_cell<bytes16>(opt, c)); break;
    }
  }
}

// ---- Random record cells: the user's structs are host memory here (pinned and device ones too) ----

// The cell with its user's structs in host memory, named "user".
record_case on_host(record_case c) {
  for (record_end* e : {&c.from, &c.to})
    if (e->user) *e = {"user", true, false, false, {}};
  return c;
}

result host_record_cell(const options& opt, const record_case& c) {
  const runtime rt{backend::host};
  const record_desc& d = c.desc;
  const std::vector<unsigned char> want = random_structs(d, c.n);
  std::vector<unsigned char> mine(want.size(), struct_poison);  // the user's destination structs
  record_array src, dst;
  if (!c.from.user) {
    src = rt.allocate(d, c.n, c.from.spec);
    rt.upload_async(host_records(want.data(), c.n, d), src, nullptr);
  }
  if (!c.to.user) dst = rt.allocate(d, c.n, c.to.spec);
  std::function<void()> move;
  if (c.from.user) {
    move = [&] { rt.upload_async(host_records(want.data(), c.n, d), dst, nullptr); };
  } else if (c.to.user && c.async) {
    move = [&] { rt.download_async(src, host_records(mine.data(), c.n, d), nullptr); };
  } else if (c.to.user) {
    move = [&] { rt.download(src, host_records(mine.data(), c.n, d)); };
  } else {
    move = [&] { rt.copy_async(src, dst, nullptr); };
  }
  result r;
  r.group = "records";
  r.name = c.name();
  r.type = "random";
  r.n = c.n;
  r.bytes = 2.0 * double(c.n) * double(d.data_bytes());
  r.time = time_host(move, 1, opt.reps);
  if (!c.to.user) rt.download(dst, host_records(mine.data(), c.n, d));
  r.wrong = wrong_records(mine.data(), want, d.stride());
  if (r.wrong)
    std::fprintf(stderr, "coalesce-bench: %s (n = %zu; %s): %llu wrong records\n", r.name.c_str(), c.n,
                 to_string(d).c_str(), r.wrong);
  return r;
}

void random_record_cells(const options& opt, std::vector<result>& out) {
  for (const record_case& drawn : random_record_cases(opt.seed, opt.random, opt.bytes)) {
    const record_case c = on_host(drawn);
    if (!selected(opt.only, c.name())) continue;
    std::fprintf(stderr, "records: %s, n = %zu (%s)\n", c.name().c_str(), c.n, to_string(c.desc).c_str());
    out.push_back(host_record_cell(opt, c));
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

constexpr const char* copy_name = "host copy (relayout aos -> aos on the run's threads, bytes read + written)";

// The copies of opt.bytes every case is compared with, timed three times each: the backend's own
// aos -> aos copy (a copy on as many threads as the cases run on) and, for reference, a
// single-threaded std::memcpy.
std::vector<result> copy_ceilings(const options& opt, const char* when) {
  std::vector<unsigned char> a(opt.bytes, 1), b(opt.bytes, 2);
  const double bytes = 2.0 * double(opt.bytes);
  const runtime rt{backend::host};
  const std::size_t n = opt.bytes / sizeof(float);
  std::vector<float> f(n, 1.5f);
  array<float> x = rt.upload(host_vectors(f.data(), n, 1), aos());
  array<float> y = rt.allocate<float>(n, 1, aos());
  std::vector<result> out;
  for (int round = 0; round < 3; ++round) {
    out.push_back(
        ceiling_result(std::string(copy_name) + ", " + when, bytes, time_host([&] { rt.copy(x, y); }, 1, opt.reps)));
    out.push_back(ceiling_result(std::string("host memcpy, one thread (bytes read + written), ") + when, bytes,
                                 time_host([&] { std::memcpy(b.data(), a.data(), a.size()); }, 1, opt.reps)));
  }
  return out;
}

// The ceiling: the median of the backend copy's six timings (three before the cases, three after),
// so that neither a slow first copy nor one fast outlier sets the bar.
result median_copy(const std::vector<result>& ceilings) {
  std::vector<result> copies;
  for (const result& c : ceilings)
    if (c.name.rfind(copy_name, 0) == 0) copies.push_back(c);
  std::sort(copies.begin(), copies.end(), [](const result& p, const result& q) { return p.gbs < q.gbs; });
  result c = copies[(copies.size() - 1) / 2];
  c.name = std::string(copy_name) + ", the median of " + std::to_string(copies.size()) + " timings";
  return c;
}

}  // namespace

std::vector<result> run_host(const options& opt) {
  std::vector<result> out = copy_ceilings(opt, "before the cases");
  std::vector<result> cases;
  if (opt.random && opt.records) {
    random_record_cells(opt, cases);
  } else if (opt.random) {
    random_path_cells(opt, cases);
  } else if (opt.records) {
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
  const std::vector<result> after = copy_ceilings(opt, "after the cases");
  out.insert(out.end(), after.begin(), after.end());
  const result best = median_copy(out);
  for (const result& r : cases) out.push_back(compared(r, best));
  return out;
}

}  // namespace coalesce::bench

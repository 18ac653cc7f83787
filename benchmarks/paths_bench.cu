// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// coalesce-bench --paths all|quick: every path a user can take through the device transforms
// (--paths --random K: K cells of random_cases.hpp, measured and checked as the matrix's are).
// A path is (source, destination) where either end is a coalesce array (aos, pitched, soa,
// soa:packed, blocked:<bd>) or the user's row-major vectors in device memory (pitch m, an odd pitch
// m + 1, or cudaMallocPitch's), or the user's components (col_major of odd pitch, as a Kokkos
// LayoutLeft View of odd n), aligned or one element past an aligned address; every path at every
// m and element size. Each cell is timed (CUDA events, median), compared with cudaMemcpy D2D of the
// same data bytes in the same run, named by the kernel that ran it, and checked on the device: every
// element in place, blocked padding holding the fill, the user's row padding untouched. Beside it the
// peer a user would pick (--peers: cub::DeviceTransform gathering through the layouts,
// transform_peer.cuh), timed on the same ends and checked the same way.
#include "bench_result.hpp"
#include "path_ends.hpp"
#include "replay.hpp"
#include "random_cases.hpp"
#include "transform_peer.cuh"

#include <coalesce/coalesce.hpp>

#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <numeric>

namespace coalesce::bench {
namespace {

// Source: data elements hold the pattern, gaps and padding the poison.
template <class T, class Map>
__global__ void fill_pattern(T* p, Map map, std::size_t span) {
  for (std::size_t o = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; o < span;
       o += std::size_t(gridDim.x) * blockDim.x) {
    const location at = map.locate(o);
    p[o] = at.is_data ? pattern<T>(at.v, at.i) : poison<T>();
  }
}
template <class T>
__global__ void fill_poison(T* p, std::size_t span) {
  for (std::size_t o = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; o < span;
       o += std::size_t(gridDim.x) * blockDim.x)
    p[o] = poison<T>();
}
// Destination: data holds the pattern; a blocked layout's padding the fill (zero); any other gap is
// the poison written before the transform where `gaps_untouched` (the user's rows), else not checked.
template <class T, class Map>
__global__ void count_wrong(const T* p, Map map, std::size_t span, bool padding_filled, bool gaps_untouched,
                            unsigned long long* wrong) {
  unsigned long long bad = 0;
  for (std::size_t o = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; o < span;
       o += std::size_t(gridDim.x) * blockDim.x) {
    const location at = map.locate(o);
    if (at.is_data) {
      bad += !same(p[o], pattern<T>(at.v, at.i));
    } else if (padding_filled) {
      bad += !same(p[o], T{});
    } else if (gaps_untouched) {
      bad += !same(p[o], poison<T>());
    }
  }
  if (bad) atomicAdd(wrong, bad);
}

constexpr unsigned grid_blocks = 132 * 8, block_threads = 256;

void free_device(void* p) { cudaFree(p); }

// The user's vectors: device memory we own, described as a vector_set (or a component_set).
template <class T>
struct user_vectors {
  std::unique_ptr<void, void (*)(void*)> memory{nullptr, free_device};
  vector_set<T> set;
  component_set<T> cols;
  bool columns = false;
  array_layout layout() const {
    return columns ? array_layout{layout_kind::col_major, cols.n, cols.m, cols.pitch, 0}
                   : array_layout{layout_kind::row_major, set.n, set.m, set.pitch, 0};
  }
  T* data() const { return columns ? cols.data : set.data; }
};

template <class T>
user_vectors<T> make_user(const end_kind& e, std::size_t n, std::size_t m) {
  user_vectors<T> u;
  void* p = nullptr;
  if (e.columns) {  // an odd pitch, so component rows start off 16-byte alignment (LayoutLeft, odd n)
    const std::size_t pitch = n | 1;
    check(cudaMalloc(&p, ((m - 1) * pitch + n + 1) * sizeof(T)), "cudaMalloc");
    u.memory.reset(p);
    u.cols = {static_cast<T*>(p) + (e.offset ? 1 : 0), n, m, pitch, memory_space::device};
    u.columns = true;
    return u;
  }
  std::size_t pitch = e.pitch_class == 0 ? m : m + 1;
  if (e.pitch_class == 2) {
    std::size_t pitch_bytes = 0;
    check(cudaMallocPitch(&p, &pitch_bytes, (m + (e.offset ? 1 : 0)) * sizeof(T), n), "cudaMallocPitch");
    pitch = pitch_bytes / sizeof(T);
  } else {
    check(cudaMalloc(&p, ((n - 1) * pitch + m + 1) * sizeof(T)), "cudaMalloc");
  }
  u.memory.reset(p);
  u.set = {static_cast<T*>(p) + (e.offset ? 1 : 0), n, m, pitch, memory_space::device};
  return u;
}

// Bytes of the 32-byte sectors an end's data touches: what the memory system must move at least.
std::size_t sector_bytes(const array_layout& l, std::uintptr_t base, std::size_t elem) {
  auto run = [&](std::uintptr_t first, std::size_t bytes) { return ((first + bytes + 31) / 32 - first / 32) * 32; };
  switch (l.kind) {
    case layout_kind::row_major: {
      if (l.pitch == l.m) return run(base, l.n * l.m * elem);
      // Distinct sectors of rows [0, rows), rows in address order (a sector can be shared only with
      // the row before). The row starts' sector phase repeats every `period` rows, so whole periods
      // after the first each add the same count.
      auto distinct = [&](std::size_t rows) {
        std::size_t total = 0, last = ~std::size_t(0);
        for (std::size_t v = 0; v < rows; ++v) {
          const std::uintptr_t first = base + v * l.pitch * elem, end = first + l.m * elem;
          const std::size_t s0 = first / 32, s1 = (end + 31) / 32;
          total += s1 - (s0 == last ? s0 + 1 : s0);
          last = s1 - 1;
        }
        return total;
      };
      const std::size_t period = 32 / std::gcd<std::size_t>(l.pitch * elem, 32);
      if (l.n < 3 * period) return distinct(l.n) * 32;
      const std::size_t one = distinct(period), two = distinct(2 * period);
      const std::size_t whole = l.n / period, rest = l.n % period;
      return (one + (whole - 1) * (two - one) + (distinct(period + rest) - one)) * 32;
    }
    case layout_kind::col_major: {
      std::size_t total = 0;
      for (std::size_t i = 0; i < l.m; ++i) total += run(base + i * l.pitch * elem, l.n * elem);
      return total;
    }
    case layout_kind::blocked:
      return run(base, l.span() * elem);
  }
  return 0;
}

template <class T>
void fill_layout(T* p, const array_layout& l) {
  visit_mapping(l, [&](auto map) { fill_pattern<<<grid_blocks, block_threads>>>(p, map, l.span()); });
  check(cudaGetLastError(), "fill_pattern launch");
}

template <class T>
unsigned long long wrong_elements(const T* p, const array_layout& l, bool user, unsigned long long* counter) {
  check(cudaMemset(counter, 0, sizeof(*counter)), "cudaMemset");
  visit_mapping(l, [&](auto map) {
    count_wrong<<<grid_blocks, block_threads>>>(p, map, l.span(), l.kind == layout_kind::blocked, user, counter);
  });
  check(cudaGetLastError(), "count_wrong launch");
  unsigned long long wrong = 0;
  check(cudaMemcpy(&wrong, counter, sizeof(wrong), cudaMemcpyDeviceToHost), "cudaMemcpy");
  return wrong;
}

// A counter on the device for count_wrong.
struct wrong_counter {
  std::unique_ptr<void, void (*)(void*)> memory{nullptr, free_device};
  wrong_counter() {
    void* p = nullptr;
    check(cudaMalloc(&p, sizeof(unsigned long long)), "cudaMalloc");
    memory.reset(p);
  }
  unsigned long long* get() const { return static_cast<unsigned long long*>(memory.get()); }
};

// One cell: n vectors of m T from `from` to `to` (at most one of them the user's), built fresh so the
// destination starts poisoned; timed, compared with d2d, named by its kernel and checked. name is the
// cell's row ("aos -> soa").
template <class T>
result path_cell(const options& opt, const end_kind& from, const end_kind& to, const std::string& name,
                 const std::string& type, std::size_t m, std::size_t n, const result& d2d,
                 const wrong_counter& counter) {
  const runtime rt{backend::cuda};
  array<T> src_array, dst_array;
  user_vectors<T> user;
  if (from.user) user = make_user<T>(from, n, m);
  if (to.user) user = make_user<T>(to, n, m);
  if (!from.user) src_array = rt.allocate<T>(n, m, from.spec);
  if (!to.user) dst_array = rt.allocate<T>(n, m, to.spec);
  const array_layout sl = from.user ? user.layout() : src_array.layout();
  const array_layout dl = to.user ? user.layout() : dst_array.layout();
  T* src = from.user ? user.data() : src_array.data();
  T* dst = to.user ? user.data() : dst_array.data();
  fill_layout(src, sl);
  fill_poison<<<grid_blocks, block_threads>>>(dst, dl.span());
  check(cudaGetLastError(), "fill_poison launch");
  std::function<void()> move;
  if (from.user && user.columns) {
    move = [&] { rt.upload_async(component_set<const T>(user.cols), dst_array, nullptr); };
  } else if (from.user) {
    move = [&] { rt.upload_async(vector_set<const T>(user.set), dst_array, nullptr); };
  } else if (to.user && user.columns) {
    move = [&] { rt.download_async(src_array, user.cols, nullptr); };
  } else if (to.user) {
    move = [&] { rt.download_async(src_array, user.set, nullptr); };
  } else {
    move = [&] { rt.copy_async(src_array, dst_array, nullptr); };
  }
  // The move's own ceiling first (it zeroes the destination's data, which the move then writes). The
  // runtime's copies and uploads fill a blocked destination's padding lanes; downloads have none.
  const std::size_t dst_records =
      !to.user && dl.kind == layout_kind::blocked ? (n + dl.block - 1) / dl.block * dl.block : n;
  const double replay_ms = time_replay(vector_replay(sl, src, dl, dst, sizeof(T), dst_records), 2, opt.reps).median_ms;
  const stats time = time_gpu(move, 2, opt.reps);
  result r = compared(relayout_result(from.name, to.name, type, m, n, sizeof(T), time), d2d);
  with_move_ceiling(r, replay_ms, d2d);
  r.group = "path";
  r.name = name;
  r.kernel = explain(sl, src, dl, dst, sizeof(T)).name();
  const double touched = double(sector_bytes(sl, reinterpret_cast<std::uintptr_t>(src), sizeof(T)) +
                                sector_bytes(dl, reinterpret_cast<std::uintptr_t>(dst), sizeof(T)));
  r.sector_fraction = gbs(touched, time.median_ms) / d2d.gbs;
  r.wrong = wrong_elements(dst, dl, to.user, counter.get());
  if (r.wrong)
    std::fprintf(stderr, "coalesce-bench: %s %s m=%zu n=%zu: %llu wrong elements (kernel %s)\n", r.name.c_str(),
                 type.c_str(), m, n, r.wrong, r.kernel.c_str());
  if (!opt.peers) return r;
  // The peer on the same ends, into a poisoned destination again, checked the same way.
  fill_poison<<<grid_blocks, block_threads>>>(dst, dl.span());
  check(cudaGetLastError(), "fill_poison launch");
  const stats peer = time_gpu([&] { transform_peer(src, sl, dst, dl, nullptr); }, 2, opt.reps);
  if (const unsigned long long wrong = wrong_elements(dst, dl, to.user, counter.get())) {
    std::fprintf(stderr, "coalesce-bench: %s %s m=%zu n=%zu: the peer left %llu wrong elements\n", r.name.c_str(),
                 type.c_str(), m, n, wrong);
  } else {
    r.peer = "cub::DeviceTransform";
    r.peer_ms = peer.median_ms;
  }
  return r;
}

template <class T>
void path_cells(const options& opt, const std::string& type, std::size_t m, const result& d2d,
                std::vector<result>& out) {
  const std::vector<end_kind> kinds = path_ends(opt.paths == "quick");
  const wrong_counter counter;
  for (const end_kind& from : kinds) {
    for (const end_kind& to : kinds) {
      if (from.name == to.name || (from.user && to.user)) continue;
      const std::string name = from.name + " -> " + to.name;
      if (!selected(opt.only, name)) continue;
      const std::size_t n = vectors_for(opt.bytes, m, sizeof(T), allocator_pitched(from) || allocator_pitched(to));
      out.push_back(path_cell<T>(opt, from, to, name, type, m, n, d2d, counter));
    }
  }
}

}  // namespace

void path_device_cases(const options& opt, const result& d2d, std::vector<result>& out) {
  if (opt.random) {
    const wrong_counter counter;
    for (const path_case& c : random_path_cases(opt.seed, opt.random, opt.bytes)) {
      if (!selected(opt.only, c.name())) continue;
      std::fprintf(stderr, "paths: %s, m = %zu, %zu-byte elements, n = %zu\n", c.name().c_str(), c.m, c.elem, c.n);
      with_word_type(c.elem, [&](auto t) {
        using T = decltype(t);
        out.push_back(path_cell<T>(opt, c.from, c.to, c.name(), path_type(c.elem), c.m, c.n, d2d, counter));
      });
    }
    return;
  }
  const bool quick = opt.paths == "quick";
  const std::vector<std::size_t> ms = quick ? std::vector<std::size_t>{1, 3, 12, 32}
                                            : std::vector<std::size_t>{1, 2, 3, 4, 5, 7, 9, 12, 16, 32, 48, 64, 100};
  std::vector<std::size_t> elems = quick ? std::vector<std::size_t>{4, 8} : std::vector<std::size_t>{1, 2, 4, 8, 16};
  if (!opt.path_elems.empty()) elems = opt.path_elems;
  for (std::size_t elem : elems) {
    for (std::size_t m : ms) {
      std::fprintf(stderr, "paths: %zu-byte elements, m = %zu\n", elem, m);
      with_word_type(elem, [&](auto t) { path_cells<decltype(t)>(opt, path_type(elem), m, d2d, out); });
    }
  }
}

}  // namespace coalesce::bench

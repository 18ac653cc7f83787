// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Record cases: every pair of record layouts device to device for four structs, each beside the
// kernel a user writes by hand (one thread per record: load the struct from one layout, store its
// fields into the other), both against cudaMemcpy D2D of the same run. Bytes counted: the fields'
// bytes read + written (padding not counted). Also the pipelines from pageable and pinned memory.
// With --random K, K random record cells (random_cases.hpp) instead, each checked byte for byte.
// With --peers, beside each device-to-device move the peer a user would pick instead
// (cub::DeviceTransform per field, record_peer.cuh), timed on the same ends and checked against the source.
#include "bench_result.hpp"
#include "replay.hpp"
#include "random_cases.hpp"
#include "record_peer.cuh"
#include "record_types.hpp"

#include <coalesce/coalesce.hpp>

#include <cuda_runtime.h>

#include <cstdio>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace coalesce::bench {
namespace {

template <class From, class To>
__global__ void one_thread_per_record(From from, To to) {
  const std::size_t v = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (v < from.n()) to.store(v, from.load(v));
}

// The records of a device array as the user's structs, their padding the poison (what the checks
// compare), once the work queued so far is done (the runtime's copies run on a stream of their own).
std::vector<unsigned char> structs_of(const runtime& rt, const record_array& a) {
  check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
  std::vector<unsigned char> out(a.n() * a.desc().stride(), struct_poison);
  rt.download(a, host_records(out.data(), a.n(), a.desc()));
  return out;
}

// The peer on a move's ends: into `to` poisoned again, timed as the move was (`warmup` runs, then
// opt.reps), checked by `wrong` (the records that differ from the source's); r gets the peer's time
// when none does, as paths_bench.cu does.
void time_peer(const options& opt, int warmup, const record_array& from, record_array& to,
               const std::function<unsigned long long()>& wrong, result& r) {
  check(cudaMemset(to.data(), struct_poison, to.span_bytes()), "cudaMemset");
  const stats peer = time_gpu([&] { record_peer(from, to, nullptr); }, warmup, opt.reps);
  if (const unsigned long long bad = wrong()) {
    std::fprintf(stderr, "coalesce-bench: %s (n = %zu): the peer left %llu wrong records\n", r.name.c_str(), from.n(),
                 bad);
    return;
  }
  r.peer = "cub::DeviceTransform";
  r.peer_ms = peer.median_ms;
}

// The table's moves are timed, not checked. With --peers the peer is checked against the source: the
// destination's records, as the user's structs, equal the source's. Every source byte being 0x3f, that
// finds elements left unwritten and bytes written outside the fields, not misplaced elements (the random
// cells' hashed records find those).
template <class S, class Fields>
void record_cases(const options& opt, const char* label, const result& d2d, std::vector<result>& out) {
  const runtime rt{backend::cuda};
  const record_desc d = describe(static_cast<S*>(nullptr));
  const std::size_t n = opt.bytes / d.data_bytes();
  std::vector<unsigned char> want;  // --peers: the source's records as the user's structs
  for_each_record_pair(
      rt, d, n, label, opt.only,
      [&](record_array& src) {
        check(cudaMemset(src.data(), 0x3f, src.span_bytes()), "cudaMemset");
        if (opt.peers) want = structs_of(rt, src);
      },
      [&](const record_array& src, record_array& dst, result& r) {
        const double replay_ms = time_replay(record_array_replay(src, dst, false), 2, opt.reps).median_ms;
        r.time = time_gpu([&] { rt.copy_async(src, dst, nullptr); }, 3, opt.reps);
        r = compared(r, d2d);
        with_move_ceiling(r, replay_ms, d2d);
        r.kernel = explain(src, dst).name();
        r.sector_fraction = gbs(record_sector_bytes(src) + record_sector_bytes(dst), r.time.median_ms) / d2d.gbs;
        if (opt.peers) {
          auto wrong = [&] { return wrong_records(structs_of(rt, dst).data(), want, d.stride()); };
          time_peer(opt, 3, src, dst, wrong, r);
        }
        out.push_back(r);
        visit<Fields, block_sizes<128>>(src, [&](auto from_view) {
          visit<Fields, block_sizes<128>>(dst, [&](auto to_view) {
            result naive = r;
            naive.group = "records-naive";
            naive.kernel = "one thread per record";
            naive.sector_fraction = 0;
            naive.peer.clear();  // the peer is the move's, on its row
            naive.peer_ms = 0;
            naive.time = time_gpu([&] {
              one_thread_per_record<<<unsigned((n + 255) / 256), 256>>>(from_view, to_view);
              check(cudaGetLastError(), "one_thread_per_record");
            }, 3, opt.reps);
            out.push_back(compared(naive, d2d));
          });
        });
      });
}

// The user's structs from pageable and pinned memory into each layout and back, against cudaMemcpy
// of the same bytes from the same buffers (the structs' whole stride crosses the bus). No peer: these
// are pipelines across the bus, which a device-wide transform does not replace.
template <class S>
void record_transfer_cases(const options& opt, const char* label, const result ceilings[4], std::vector<result>& out) {
  const runtime rt{backend::cuda};
  const record_desc d = describe(static_cast<S*>(nullptr));
  const std::size_t n = opt.bytes / d.stride();
  std::vector<S> pageable(n);
  std::memset(pageable.data(), 0x3c, n * sizeof(S));
  S* pinned = nullptr;
  check(cudaMallocHost(&pinned, n * sizeof(S)), "cudaMallocHost");
  std::memcpy(pinned, pageable.data(), n * sizeof(S));
  for (const auto& [name, spec] : record_bench_layouts(d)) {
    if (name != "soa" && name != "blocked:128" && name != "split") continue;
    if (!selected(opt.only, "transfers")) continue;
    record_array dev = rt.allocate(d, n, spec);
    for (int memory = 0; memory < 2; ++memory) {
      S* host = memory ? pinned : pageable.data();
      const std::string where = memory ? "pinned" : "pageable";
      result up;
      up.group = "upload";
      up.name = std::string(label) + " records, " + where + " aos -> " + name;
      up.type = label;
      up.n = n;
      up.bytes = double(n * sizeof(S));
      up.time = time_gpu([&] { rt.upload_async(host_records(static_cast<const S*>(host), n, d), dev, nullptr); }, 2,
                         opt.reps);
      out.push_back(compared(up, ceilings[memory]));
      result down = up;
      down.group = "download";
      down.name = std::string(label) + " records, " + where + " " + name + " -> aos";
      down.time = time_gpu([&] { rt.download_async(dev, host_records(host, n, d), nullptr); }, 2, opt.reps);
      out.push_back(compared(down, ceilings[2 + memory]));
    }
  }
  cudaFreeHost(pinned);
}

void free_pinned(void* p) { cudaFreeHost(p); }

// The user's structs of a random cell, holding `init` (n structs as the user has them): pageable or
// pinned host memory, or device memory (an aos record array: the user's layout, at cudaMalloc's alignment).
struct user_structs {
  std::vector<unsigned char> pageable;
  std::unique_ptr<void, void (*)(void*)> pinned{nullptr, free_pinned};
  record_array device;
  unsigned char* data = nullptr;
  memory_space space = memory_space::host;

  user_structs(const runtime& rt, const record_end& e, const record_desc& d, const std::vector<unsigned char>& init) {
    const std::size_t n = init.size() / d.stride();
    if (e.device) {
      device = rt.allocate(d, n, record_aos());
      data = device.data();
      space = memory_space::device;
      check(cudaMemcpy(data, init.data(), init.size(), cudaMemcpyHostToDevice), "cudaMemcpy");
    } else if (e.pinned) {
      void* p = nullptr;
      check(cudaMallocHost(&p, init.size()), "cudaMallocHost");
      pinned.reset(p);
      data = static_cast<unsigned char*>(p);
      std::memcpy(data, init.data(), init.size());
    } else {
      pageable = init;
      data = pageable.data();
    }
  }
};

// One random record cell: timed, compared with d2d (device to device) or the transfer ceiling of its
// host memory, named by its kernel (device to device: the kernel of the same move between arrays) and
// checked: every field byte in place, the user's padding untouched.
result random_record_cell(const options& opt, const record_case& c, const result& d2d, const result transfers[4]) {
  const runtime rt{backend::cuda};
  const record_desc& d = c.desc;
  const std::size_t n = c.n;
  const std::vector<unsigned char> want = random_structs(d, n);
  const std::vector<unsigned char> poisoned(want.size(), struct_poison);
  std::unique_ptr<user_structs> user;
  record_array src, dst;
  if (c.from.user) {
    user = std::make_unique<user_structs>(rt, c.from, d, want);
  } else {
    src = rt.allocate(d, n, c.from.spec);
    rt.upload_async(host_records(want.data(), n, d), src, nullptr);
  }
  if (c.to.user) {
    user = std::make_unique<user_structs>(rt, c.to, d, poisoned);
  } else {
    dst = rt.allocate(d, n, c.to.spec);
  }
  check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
  const record_set<void> mine{user ? user->data : nullptr, n, d, user ? user->space : memory_space::host};
  std::function<void()> move;
  if (c.from.user) {
    move = [&] { rt.upload_async(mine, dst, nullptr); };
  } else if (c.to.user && c.async) {
    move = [&] { rt.download_async(src, mine, nullptr); };
  } else if (c.to.user) {
    move = [&] { rt.download(src, mine); };
  } else {
    move = [&] { rt.copy_async(src, dst, nullptr); };
  }
  const record_array& from = c.from.user ? user->device : src;  // user->device: the user's structs on the device
  record_array& to = c.to.user ? user->device : dst;
  result r;
  r.name = c.name();
  r.type = "random";
  r.n = n;
  const record_end& user_end = c.from.user ? c.from : c.to;
  double replay_ms = 0;  // device to device only: the move's own ceiling, before the move (it zeroes the data)
  if (!user || user_end.device)
    replay_ms = time_replay(record_array_replay(c.from.user ? user->device : src, c.to.user ? user->device : dst,
                                                c.to.user),
                            2, opt.reps)
                    .median_ms;
  r.time = time_gpu(move, 2, opt.reps);
  const record_end& host_end = c.from.user ? c.from : c.to;
  if (user && !host_end.device) {  // the user's structs cross the bus, stride and all
    r.group = c.from.user ? "upload" : "download";
    r.bytes = double(n * d.stride());
    r = compared(r, transfers[(c.from.user ? 0 : 2) + (host_end.pinned ? 1 : 0)]);
  } else {
    r.group = "records";
    r.bytes = 2.0 * double(n) * double(d.data_bytes());
    r = compared(r, d2d);
    r.kernel = c.from.user ? explain(record_set<const void>{mine.data, n, d, mine.space}, dst).name()
               : c.to.user ? explain(src, mine).name()
                           : explain(src, dst).name();
    r.sector_fraction = gbs(record_sector_bytes(from) + record_sector_bytes(to), r.time.median_ms) / d2d.gbs;
    with_move_ceiling(r, replay_ms, d2d);
  }
  // What the destination holds, as the user's structs (an array's padding lanes are not compared).
  auto wrong = [&] {
    std::vector<unsigned char> got = poisoned;
    if (!c.to.user) {
      rt.download(dst, host_records(got.data(), n, d));
    } else if (user->space == memory_space::device) {
      check(cudaMemcpy(got.data(), user->data, got.size(), cudaMemcpyDeviceToHost), "cudaMemcpy");
    } else {
      std::memcpy(got.data(), user->data, got.size());
    }
    return wrong_records(got.data(), want, d.stride());
  };
  r.wrong = wrong();
  if (r.wrong)
    std::fprintf(stderr, "coalesce-bench: %s (n = %zu; %s): %llu wrong records (kernel %s)\n", r.name.c_str(), n,
                 to_string(d).c_str(), r.wrong, r.kernel.c_str());
  // No peer where the user's structs are in host memory: the move is a pipeline across the bus, which a
  // device-wide transform does not replace.
  if (opt.peers && (!user || user_end.device)) time_peer(opt, 2, from, to, wrong, r);
  return r;
}

}  // namespace

void record_device_cases(const options& opt, const result& d2d, const result transfers[4], std::vector<result>& out) {
  if (opt.random) {
    for (const record_case& c : random_record_cases(opt.seed, opt.random, opt.bytes)) {
      if (!selected(opt.only, c.name())) continue;
      std::fprintf(stderr, "records: %s, n = %zu (%s)\n", c.name().c_str(), c.n, to_string(c.desc).c_str());
      out.push_back(random_record_cell(opt, c, d2d, transfers));
    }
    return;
  }
  record_cases<body, body_fields>(opt, "body", d2d, out);
  record_cases<particle, particle_fields>(opt, "particle", d2d, out);
  record_cases<element, element_fields>(opt, "element", d2d, out);
  record_cases<mixed, mixed_fields>(opt, "mixed16", d2d, out);
  record_transfer_cases<particle>(opt, "particle", transfers, out);
}

}  // namespace coalesce::bench

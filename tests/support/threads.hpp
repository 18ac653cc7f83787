// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Threads sharing one runtime: each runs round trips of its own arrays; the failures come back as
// text so that the test thread alone reports them (doctest's checks stay on one thread).

#include <coalesce/coalesce.hpp>

#include "random.hpp"
#include "round_trip.hpp"

#include <cstdint>
#include <cstring>
#include <exception>
#include <functional>
#include <string>
#include <thread>
#include <vector>

namespace coalesce::test {

// f(t) on threads t = 0 .. count - 1 at once; entry t is "" or what went wrong on thread t.
inline std::vector<std::string> run_in_threads(int count, const std::function<std::string(int)>& f) {
  std::vector<std::string> failures(static_cast<std::size_t>(count));
  std::vector<std::thread> threads;
  for (int t = 0; t < count; ++t)
    threads.emplace_back([&, t] {
      try {
        failures[std::size_t(t)] = f(t);
      } catch (const std::exception& e) {
        failures[std::size_t(t)] = e.what();
      }
    });
  for (std::thread& t : threads) t.join();
  return failures;
}

// What thread t does in round r: a seed (all drawn up front, on the test's thread: fresh_seed() is
// not for several threads) and a pair of layouts, different across threads and rounds.
struct thread_rounds {
  int threads, rounds;
  std::vector<std::uint64_t> seeds;
  std::vector<layout_spec> layouts = all_layouts();

  thread_rounds(int thread_count, int round_count) : threads(thread_count), rounds(round_count) {
    for (int k = 0; k < threads * rounds; ++k) seeds.push_back(fresh_seed());
  }
  std::uint64_t seed(int t, int r) const { return seeds[std::size_t(t * rounds + r)]; }
  const layout_spec& from(int t, int r) const { return layouts[std::size_t(t + r) % layouts.size()]; }
  const layout_spec& to(int t, int r) const { return layouts[std::size_t(3 * t + r + 1) % layouts.size()]; }
};

// in -> layout a (upload) -> layout b (copy) -> out (download), ordered on `stream` by the *_async
// calls, or synchronous ones when `sync`; wait() then waits for the stream. "" when out == in.
inline std::string shared_round_trip(const runtime& rt, const std::vector<float>& in_values, float* in, float* out,
                                     std::size_t n, std::size_t m, const layout_spec& a, const layout_spec& b,
                                     bool sync, stream_t stream, const std::function<void()>& wait) {
  std::memcpy(in, in_values.data(), n * m * sizeof(float));
  std::memset(out, 0, n * m * sizeof(float));
  if (sync) {
    const array<float> first = rt.upload(host_vectors(static_cast<const float*>(in), n, m), a);
    rt.download(rt.relayout(first, b), host_vectors(out, n, m));
  } else {
    array<float> first = rt.allocate<float>(n, m, a), second = rt.allocate<float>(n, m, b);
    rt.upload_async(host_vectors(static_cast<const float*>(in), n, m), first, stream);
    rt.copy_async(first, second, stream);
    rt.download_async(second, host_vectors(out, n, m), stream);
    wait();  // before the arrays go
  }
  if (std::memcmp(in_values.data(), out, n * m * sizeof(float)) == 0) return "";
  return "n = " + std::to_string(n) + ", m = " + std::to_string(m) + ", " + to_string(a) + " -> " + to_string(b) +
         (sync ? " (synchronous)" : " (async)") + ": the data came back changed";
}

}  // namespace coalesce::test

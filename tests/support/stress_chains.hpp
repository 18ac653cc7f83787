// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Random chains through the public API, for any backend: the user's structs (or vectors) in host or
// device memory, one alignment unit off at times, uploaded into a random layout, moved through 1-2
// more (relayout, copy, copy_async) and brought back (download or download_async) into poisoned user
// memory, which must hold every field bit for bit and its padding untouched. The user's memory is
// what `user_memory` gives: host memory, or the device's (record.gpu.stress.*).

#include <coalesce/coalesce.hpp>

#include <doctest/doctest.h>

#include "random.hpp"
#include "random_layouts.hpp"
#include "random_records.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace coalesce::test {

// Where the user's arrays live: bytes allocated (freed by the deleter), filled from and read back to
// the host.
struct user_memory {
  memory_space space = memory_space::host;
  std::function<std::shared_ptr<unsigned char>(std::size_t)> allocate = [](std::size_t bytes) {
    return std::shared_ptr<unsigned char>(new unsigned char[bytes + 16], std::default_delete<unsigned char[]>());
  };
  std::function<void(unsigned char*, const unsigned char*, std::size_t)> to = [](unsigned char* d, const unsigned char* s,
                                                                                 std::size_t bytes) { std::memcpy(d, s, bytes); };
  std::function<void(unsigned char*, const unsigned char*, std::size_t)> from = to;
};

inline std::size_t stress_cases(std::size_t fallback) {
  const char* v = std::getenv("COALESCE_STRESS_CASES");
  return v && std::atol(v) > 0 ? std::size_t(std::atol(v)) : fallback;
}

// How a chain moved: counts for the closing message.
struct stress_tally {
  std::size_t chains = 0, moves = 0, bytes = 0;
};

// One record chain on `rt`: random struct, random n (now and then past the pipelines' chunks).
inline void record_chain(const runtime& rt, const user_memory& mem, std::mt19937_64& gen, stress_tally& tally) {
  const record_desc desc = random_record(gen, 16);
  std::vector<record_layout_spec> chain(2 + gen() % 2);
  for (record_layout_spec& l : chain) l = random_record_layout(desc, gen);
  // At most 16 MiB of structs.
  const std::size_t n = std::min(gen() % 512 == 0 ? 20000 + gen() % 200000 : random_count(gen, chain[0].block, 3000),
                                 (std::size_t(16) << 20) / desc.stride());
  const std::size_t bytes = n * desc.stride(), offset = gen() % 2 ? desc.alignment() % 16 : 0;
  std::string text = "user";
  for (const record_layout_spec& l : chain) text += " -> " + to_string(l);
  INFO(to_string(desc) << ", n = " << n << ", " << (mem.space == memory_space::device ? "device" : "host")
                       << " structs " << offset << " bytes off: " << text << " -> user");
  const std::vector<unsigned char> in = random_structs(desc, n, gen);
  const std::shared_ptr<unsigned char> memory = mem.allocate(bytes);
  unsigned char* user = memory.get() + offset;
  mem.to(user, in.data(), bytes);
  const auto structs = [&](unsigned char* p) {
    return mem.space == memory_space::device ? device_records(p, n, desc) : host_records(p, n, desc);
  };
  std::vector<unsigned char> fill(desc.stride());
  for (unsigned char& b : fill) b = static_cast<unsigned char>(gen());
  record_array a = rt.upload(structs(user), chain[0], fill.data());
  for (std::size_t k = 1; k < chain.size(); ++k) {
    switch (gen() % 3) {
      case 0: a = rt.relayout(a, chain[k], fill.data()); break;
      case 1: {
        record_array b = rt.allocate(desc, n, chain[k]);
        rt.copy(a, b, fill.data());
        a = std::move(b);
        break;
      }
      default: {
        record_array b = rt.allocate(desc, n, chain[k]);
        rt.copy_async(a, b, nullptr, fill.data());
        rt.synchronize();
        a = std::move(b);
      }
    }
  }
  std::vector<unsigned char> poisoned(bytes, padding_poison);
  mem.to(user, poisoned.data(), bytes);
  if (gen() % 2) {
    rt.download(a, structs(user));
  } else {
    rt.download_async(a, structs(user), nullptr);
    rt.synchronize();
  }
  std::vector<unsigned char> out(bytes);
  mem.from(out.data(), user, bytes);
  require_same_structs(out, in, desc);
  ++tally.chains;
  tally.moves += chain.size() + 1;
  tally.bytes += 2 * bytes;
}

// One vector-set chain of T on `rt`: the user's rows of a random pitch (odd ones too), m from 1 to 40
// (now and then up to 300), padding poisoned and kept.
template <class T>
void vector_chain(const runtime& rt, const user_memory& mem, std::mt19937_64& gen, stress_tally& tally) {
  const std::size_t m = gen() % 16 == 0 ? 1 + gen() % 300 : 1 + gen() % 40;
  const std::size_t pitch = m + (gen() % 3 == 0 ? gen() % 5 : 0);
  std::vector<layout_spec> chain(2 + gen() % 2);
  for (layout_spec& l : chain) l = random_layout_spec(gen);
  const std::size_t n = random_count(gen, chain[0].block, 3000);
  const std::size_t offset = gen() % 2 ? sizeof(T) % 16 : 0, bytes = (n - 1) * pitch * sizeof(T) + m * sizeof(T);
  std::string text = "user";
  for (const layout_spec& l : chain) text += " -> " + to_string(l);
  INFO(sizeof(T) << "-byte words, n = " << n << ", m = " << m << ", pitch " << pitch << ", "
                 << (mem.space == memory_space::device ? "device" : "host") << " rows " << offset << " bytes off: " << text
                 << " -> user");
  std::vector<T> in((n - 1) * pitch + m, poison<T>());
  const std::vector<T> values = random_values<T>(n * m, gen());
  for (std::size_t v = 0; v < n; ++v) std::copy_n(values.begin() + v * m, m, in.begin() + v * pitch);
  const std::shared_ptr<unsigned char> memory = mem.allocate(bytes);
  T* user = reinterpret_cast<T*>(memory.get() + offset);
  mem.to(reinterpret_cast<unsigned char*>(user), reinterpret_cast<const unsigned char*>(in.data()), bytes);
  const auto rows = [&](T* p) {
    return mem.space == memory_space::device ? device_vectors(p, n, m, pitch) : host_vectors(p, n, m, pitch);
  };
  const T fill = random_values<T>(1, gen())[0];
  array<T> a = rt.upload(rows(user), chain[0], fill);
  for (std::size_t k = 1; k < chain.size(); ++k) {
    if (gen() % 2) {
      a = rt.relayout(a, chain[k], fill);
    } else {
      array<T> b = rt.allocate<T>(n, m, chain[k]);
      rt.copy(a, b, fill);
      a = std::move(b);
    }
  }
  std::vector<T> poisoned(in.size(), poison<T>());
  mem.to(reinterpret_cast<unsigned char*>(user), reinterpret_cast<const unsigned char*>(poisoned.data()), bytes);
  if (gen() % 2) {
    rt.download(a, rows(user));
  } else {
    rt.download_async(a, rows(user), nullptr);
    rt.synchronize();
  }
  std::vector<T> out(in.size());
  mem.from(reinterpret_cast<unsigned char*>(out.data()), reinterpret_cast<const unsigned char*>(user), bytes);
  const auto at = std::mismatch(out.begin(), out.end(), in.begin(), [](const T& x, const T& y) {
    return std::memcmp(&x, &y, sizeof(T)) == 0;
  });
  REQUIRE_MESSAGE(at.first == out.end(), "element " << (at.first - out.begin()) << " (vector "
                                                    << (at.first - out.begin()) / pitch << ", component "
                                                    << (at.first - out.begin()) % pitch << ") differs");
  ++tally.chains;
  tally.moves += chain.size() + 1;
  tally.bytes += 2 * n * m * sizeof(T);
}

// 16-byte words for the vector chains.
struct alignas(16) word16 {
  std::uint32_t w[4];
};

// A vector chain of a random word size (1, 2, 4, 8 or 16 bytes).
inline void any_vector_chain(const runtime& rt, const user_memory& mem, std::mt19937_64& gen, stress_tally& tally) {
  switch (gen() % 5) {
    case 0: return vector_chain<std::uint8_t>(rt, mem, gen, tally);
    case 1: return vector_chain<std::uint16_t>(rt, mem, gen, tally);
    case 2: return vector_chain<float>(rt, mem, gen, tally);
    case 3: return vector_chain<double>(rt, mem, gen, tally);
    default: return vector_chain<word16>(rt, mem, gen, tally);
  }
}

// `cases` chains of one kind on rt, taking the user memories in turn, and a line saying what ran.
template <class Chain>
void run_chains(const runtime& rt, std::size_t cases, const std::vector<user_memory>& memories, Chain&& chain,
                const char* what) {
  std::mt19937_64 gen(fresh_seed());
  stress_tally tally;
  for (std::size_t c = 0; c < cases; ++c) chain(rt, memories[c % memories.size()], gen, tally);
  MESSAGE(tally.chains << " " << std::string(what) << " chains, " << tally.moves << " moves, " << tally.bytes
                       << " bytes checked, 0 lost");
}

}  // namespace coalesce::test

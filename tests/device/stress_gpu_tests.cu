// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The random stress on the CUDA backend (stress_chains.hpp): random structs and vector sets through
// chains of random layouts (bd from 1 to 1024, split hot subsets in columns or blocks, odd pitches),
// the user's arrays in host and device memory, one alignment unit off at times. A fault would poison
// the context and fail every later chain. COALESCE_STRESS_CASES sets the chains of each kind (default
// 300; scripts/gpu.sh stress runs 10^5). And the report's case: a split layout whose
// hot field lies in blocks of one record.
#include <coalesce/coalesce.hpp>

#include <doctest/doctest.h>

#include "stress_chains.hpp"

#include <cuda_runtime.h>

#include <utility>

using namespace coalesce;
using namespace coalesce::test;

namespace {

user_memory device_memory() {
  user_memory m;
  m.space = memory_space::device;
  m.allocate = [](std::size_t bytes) {
    void* p = nullptr;
    REQUIRE(cudaMalloc(&p, bytes + 16) == cudaSuccess);
    return std::shared_ptr<unsigned char>(static_cast<unsigned char*>(p), [](unsigned char* q) { cudaFree(q); });
  };
  m.to = [](unsigned char* d, const unsigned char* s, std::size_t bytes) {
    REQUIRE(cudaMemcpy(d, s, bytes, cudaMemcpyHostToDevice) == cudaSuccess);
  };
  m.from = [](unsigned char* d, const unsigned char* s, std::size_t bytes) {
    REQUIRE(cudaMemcpy(d, s, bytes, cudaMemcpyDeviceToHost) == cudaSuccess);
  };
  return m;
}

struct report_rec {
  float a;
  float b[3];
  char c;
};

}  // namespace

TEST_SUITE("gpu") {
  TEST_CASE("record.gpu.split_blocks_of_one") {
    const runtime rt{backend::cuda};
    std::mt19937_64 gen(fresh_seed());
    const record_desc d = describe_record<report_rec>(field("a", &report_rec::a), field("b", &report_rec::b),
                                                      field("c", &report_rec::c));
    std::vector<report_rec> h(1156);
    std::memset(h.data(), padding_poison, h.size() * sizeof(report_rec));
    for (report_rec& r : h) {
      r.a = float(gen() % 1000), r.c = char(gen());
      for (float& b : r.b) b = float(gen() % 1000);
    }
    const std::vector<std::vector<std::string>> hot_sets = {{"a"}, {"b"}, {"c"}, {"a", "b"}, {"a", "c"}, {"a", "b", "c"}};
    for (const record_layout_spec& from : {record_aos(), record_soa(), record_blocked(1), record_split({"b"}, 1)})
      for (const auto& hot : hot_sets) {
        INFO(to_string(from) << " -> " << to_string(record_split(hot, 1)));
        const record_array x = rt.upload(host_records(std::as_const(h), d), from);
        const record_array y = rt.relayout(x, record_split(hot, 1));
        const record_array z = rt.relayout(y, from);
        std::vector<report_rec> back(h.size());
        std::memset(back.data(), padding_poison, back.size() * sizeof(report_rec));
        rt.download(z, host_records(back, d));
        REQUIRE(std::memcmp(back.data(), h.data(), h.size() * sizeof(report_rec)) == 0);
      }
  }

  TEST_CASE("record.gpu.stress.random_chains") {
    run_chains(runtime{backend::cuda}, stress_cases(300), {user_memory{}, device_memory()}, record_chain, "record");
  }

  TEST_CASE("vector.gpu.stress.random_chains") {
    run_chains(runtime{backend::cuda}, stress_cases(300), {user_memory{}, device_memory()}, any_vector_chain, "vector");
  }
}

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The random record stress, host twin of record.gpu.stress.*: random structs (1-16 fields of 1- to
// 16-byte elements, arrays, padding between and after fields) through chains of 2-3 random record
// layouts (aos, packed, soa, blocked and split with bd from 1 to 1024), each move made by the kernel
// the device chooses (choose_record_kernel) with its code run on the host (the kernels-on-host shim,
// shared memory sized as launched), against the host backend's move of the same bytes, the chain
// ending in the user's structs with their padding poisoned. Memory around each side is poisoned and
// must stay so. COALESCE_STRESS_CASES sets the number of chains (default 120); CI runs it under
// AddressSanitizer, where the kernels also assert their plans' indices.
#include "record_kernels_on_host.hpp"

#include <coalesce/core/error.hpp>
#include <coalesce/record/layout.hpp>

#include <doctest/doctest.h>

#include "random_layouts.hpp"
#include "random_records.hpp"

#include <cstdlib>
#include <map>
#include <random>
#include <string>
#include <vector>

using namespace coalesce;
using namespace coalesce::detail;

namespace {

constexpr std::size_t device_most = 227 * 1024;  // Hopper's shared bytes a block may opt into
constexpr std::size_t guard = 64;
constexpr unsigned char guard_poison = 0x5A;

std::size_t stress_cases(std::size_t fallback) {
  const char* v = std::getenv("COALESCE_STRESS_CASES");
  return v && std::atol(v) > 0 ? std::size_t(std::atol(v)) : fallback;
}

// `bytes` at `offset` bytes past a 16-byte boundary, with `guard` poisoned bytes on each side.
struct guarded {
  std::vector<uint4> words;
  unsigned char* data;
  std::size_t bytes;
  guarded(std::size_t size, std::size_t offset, unsigned char fill)
      : words((2 * guard + offset + size + 15) / 16), data(reinterpret_cast<unsigned char*>(words.data()) + guard + offset),
        bytes(size) {
    auto* all = reinterpret_cast<unsigned char*>(words.data());
    for (std::size_t b = 0; b < words.size() * 16; ++b) {
      const bool inside = all + b >= data && all + b < data + size;
      all[b] = inside ? fill : guard_poison;
    }
  }
  guarded(const guarded&) = delete;
  guarded& operator=(const guarded&) = delete;
  guarded(guarded&&) = default;
  guarded& operator=(guarded&&) = default;
  const unsigned char* begin() const { return reinterpret_cast<const unsigned char*>(words.data()); }
  const unsigned char* end() const { return begin() + words.size() * 16; }
  bool guards_intact() const {
    return std::all_of(begin(), const_cast<const unsigned char*>(data), [](unsigned char b) { return b == guard_poison; }) &&
           std::all_of(const_cast<const unsigned char*>(data) + bytes, end(), [](unsigned char b) { return b == guard_poison; });
  }
};

// The kernel's name as the route table names it.
std::string kernel_name(const record_kernel& k) { return route_of(record_kernel_route(k)).name; }

// The planners' plans for the move lie within their kernels' limits (the check before a launch is a
// safety net, not a route).
void require_plans_within_limits(const record_move& move, const record_range& range, const void* src, const void* dst) {
  if (const auto lanes = plan_record_lanes(move, range)) {
    const char* why = lanes_plan_violation(*lanes, move, range);
    REQUIRE_MESSAGE(why == nullptr, "lanes plan: " << (why ? why : ""));
  }
  if (const auto stage = record_stage_launch_plan(move, range, src, dst, device_most)) {
    const char* why = stage_plan_violation(*stage, device_most);
    REQUIRE_MESSAGE(why == nullptr, "staged plan: " << (why ? why : ""));
  }
}

// One move of the whole array into fresh memory (`dst_fill`, `dst_offset` bytes off 16), twice: the
// chosen kernel's code and the host move; every byte of both allocations must agree, guards intact.
// Returns the kernel's result and counts the kernel by name.
guarded move_twice(const record_move& move, const record_range& range, const guarded& src, std::size_t dst_bytes,
                   std::size_t dst_offset, unsigned char dst_fill, std::map<std::string, std::size_t>& kernels) {
  guarded by_kernel(dst_bytes, dst_offset, dst_fill), by_host(dst_bytes, dst_offset, dst_fill);
  require_plans_within_limits(move, range, src.data, by_kernel.data);
  const record_kernel kernel =
      choose_record_kernel(move, range, src.data, by_kernel.data, device_most, record_kernels::any);
  if (std::holds_alternative<std::monostate>(kernel)) require_record_elements(move, src.data, by_kernel.data, "stress");
  const std::string name = kernel_name(kernel);
  ++kernels[name];
  INFO("kernel: " << name << " " << record_kernel_variant(kernel));
  test::run_record_kernel(kernel, move, range, src.data, by_kernel.data);
  move_records_host(src.data, by_host.data, move, range);
  REQUIRE(by_kernel.guards_intact());
  REQUIRE(src.guards_intact());
  const auto at = std::mismatch(by_kernel.begin(), by_kernel.end(), by_host.begin());
  REQUIRE_MESSAGE(at.first == by_kernel.end(), "byte " << (at.first - by_kernel.data) << " of the destination: kernel "
                                                        << int(*at.first) << ", host " << int(*at.second));
  return by_kernel;
}

std::string chain_text(const std::vector<record_layout_spec>& chain) {
  std::string s = "user";
  for (const record_layout_spec& l : chain) s += " -> " + to_string(l);
  return s + " -> user";
}

// One random chain: user structs -> 2-3 random layouts -> the user's structs (poisoned padding kept).
void stress_chain(std::mt19937_64& gen, const record_desc& desc, std::vector<record_layout_spec> chain, std::size_t n,
                  std::map<std::string, std::size_t>& kernels) {
  INFO(to_string(desc) << ", n = " << n << ": " << chain_text(chain));
  const std::size_t align = desc.alignment(), user_offset = gen() % 2 ? align % 16 : 0;
  const std::vector<unsigned char> structs = test::random_structs(desc, n, gen);
  const record_layout user = resolve_record_layout(desc, n, record_aos(), "stress");
  guarded current(structs.size(), user_offset, 0);
  std::memcpy(current.data, structs.data(), structs.size());
  record_layout at = user;
  for (std::size_t k = 0; k <= chain.size(); ++k) {
    const bool to_user = k == chain.size();
    const record_layout next = to_user ? user : resolve_record_layout(desc, n, chain[k], "stress");
    std::vector<unsigned char> fill(desc.stride());
    for (unsigned char& b : fill) b = static_cast<unsigned char>(gen());
    const record_move move = plan_record_move(desc, at, next, fill.data(), to_user);
    INFO("move " << k);
    current = move_twice(move, whole(at, next), current, next.span_bytes, to_user ? user_offset : 0,
                         to_user ? test::padding_poison : 0, kernels);
    at = next;
  }
  const std::vector<unsigned char> back(current.data, current.data + current.bytes);
  test::require_same_structs(back, structs, desc);
}

// The struct of the report: float a; float b[3]; char c (20 bytes).
record_desc report_struct() { return record_desc({{"a", 0, 4, 1}, {"b", 4, 4, 3}, {"c", 16, 1, 1}}, 20); }

}  // namespace

TEST_CASE("record.stress.split_blocks_of_one") {
  // Hot fields in blocks of one record are rows of their own stride beside the cold rows: no staged or
  // lanes plan may take such a side as one array of structs. Every hot subset, both ways, every kind of
  // other side.
  std::mt19937_64 gen(std::random_device{}());
  const record_desc desc = report_struct();
  std::map<std::string, std::size_t> kernels;
  const std::vector<std::vector<std::string>> hot_sets = {{"a"}, {"b"}, {"c"}, {"a", "b"}, {"b", "c"}, {"a", "b", "c"}};
  const std::vector<record_layout_spec> others = {record_aos(), record_packed(), record_soa(), record_blocked(1),
                                                  record_blocked(32), record_split({"a"}, 1), record_split({"a", "c"})};
  std::size_t split_sides = 0;
  for (const auto& hot : hot_sets)
    for (const record_layout_spec& other : others)
      for (const std::size_t n : {std::size_t(1), std::size_t(37), std::size_t(1156)}) {
        const record_layout split = resolve_record_layout(desc, n, record_split(hot, 1), "test");
        const record_move move = plan_record_move(desc, resolve_record_layout(desc, n, other, "test"), split, nullptr, false);
        split_sides += !one_rows_region(move.dst, move.width, move.dst_rows_base);
        stress_chain(gen, desc, {other, record_split(hot, 1)}, n, kernels);
        stress_chain(gen, desc, {record_split(hot, 1), other}, n, kernels);
      }
  CHECK(split_sides == hot_sets.size() * others.size() * 3);  // none of them is one array of structs
  for (const auto& [name, count] : kernels) MESSAGE(name << ": " << count << " moves");
}

TEST_CASE("record.stress.random_chains") {
  std::mt19937_64 gen(std::random_device{}());
  const std::size_t cases = stress_cases(120);
  std::map<std::string, std::size_t> kernels;
  for (std::size_t c = 0; c < cases; ++c) {
    const record_desc desc = test::random_record(gen, 16);
    std::vector<record_layout_spec> chain(2 + gen() % 2);
    for (record_layout_spec& l : chain) l = test::random_record_layout(desc, gen);
    const std::size_t bd = chain[0].block ? chain[0].block : chain[1].block;
    stress_chain(gen, desc, chain, test::random_count(gen, bd, 2500), kernels);
  }
  std::size_t moves = 0;
  for (const auto& [name, count] : kernels) {
    MESSAGE(name << ": " << count << " moves");
    moves += count;
  }
  MESSAGE(cases << " chains, " << moves << " moves, 0 bytes lost");
}

TEST_CASE("record.stress.padded_structs_keep_their_gaps") {
  // Into the user's padded structs (a particle: 57 bytes of fields in 64, gaps inside and at the end;
  // and strides of 20, 24, 100 and 136 bytes), the staged kernel builds the rows image and stores it
  // chunk by chunk leaving the gaps out (stride up to 128), or each element straight (136): the gaps
  // keep their poison, whatever the source layout, n past whole tiles, the structs one alignment unit off.
  std::mt19937_64 gen(std::random_device{}());
  const std::vector<record_desc> descs = {
      record_desc({{"x", 0, 8, 3}, {"v", 24, 8, 3}, {"mass", 48, 4, 1}, {"id", 52, 4, 1}, {"species", 56, 1, 1}}, 64),
      report_struct(), record_desc({{"a", 2, 2, 3}, {"b", 12, 4, 2}}, 24),
      record_desc({{"p", 8, 8, 4}, {"q", 48, 4, 10}, {"r", 96, 1, 1}}, 104),
      record_desc({{"p", 0, 8, 8}, {"q", 64, 4, 16}, {"r", 130, 2, 1}}, 136)};
  std::map<std::string, std::size_t> kernels;
  std::size_t masked = 0;
  for (const record_desc& desc : descs)
    for (const record_layout_spec& from : {record_soa(), record_blocked(32), record_packed(), record_aos()})
      for (const std::size_t n : {std::size_t(1), std::size_t(300), std::size_t(2049)}) {
        const record_layout user = resolve_record_layout(desc, n, record_aos(), "test");
        const record_layout src = resolve_record_layout(desc, n, from, "test");
        const std::size_t offset = gen() % 2 ? desc.alignment() % 16 : 0;
        INFO(to_string(desc) << ": " << to_string(from) << " -> user +" << offset << ", n = " << n);
        guarded source(src.span_bytes, 0, 0);
        for (std::size_t b = 0; b < src.span_bytes; ++b) source.data[b] = static_cast<unsigned char>(gen());
        const record_move move = plan_record_move(desc, src, user, nullptr, true);
        if (const auto plan = record_stage_launch_plan(move, whole(src, user), source.data, source.data, device_most))
          masked += plan->dst_masked;
        (void)move_twice(move, whole(src, user), source, user.span_bytes, offset, test::padding_poison, kernels);
      }
  CHECK(masked > 0);
  for (const auto& [name, count] : kernels) MESSAGE(name << ": " << count << " moves");
}

TEST_CASE("record.limits.plans_outside_a_kernels_limits_are_refused") {
  const record_desc desc = report_struct();
  const std::size_t n = 1000;
  const record_layout aos = resolve_record_layout(desc, n, record_aos(), "test");
  const record_layout soa = resolve_record_layout(desc, n, record_soa(), "test");
  guarded src(aos.span_bytes, 0, 0), dst(soa.span_bytes, 0, 0);

  SUBCASE("staged plans") {
    const record_move move = plan_record_move(desc, aos, soa, nullptr, false);
    const auto plan = record_stage_launch_plan(move, whole(aos, soa), src.data, dst.data, device_most);
    REQUIRE(plan);
    REQUIRE(stage_plan_violation(*plan, device_most) == nullptr);
    const auto refused = [&](auto&& mutate) {
      record_stage_params p = *plan;
      mutate(p);
      return stage_plan_violation(p, device_most) != nullptr;
    };
    CHECK(refused([](record_stage_params& p) { p.element[0].src += stage_source_bytes(p); }));
    CHECK(refused([](record_stage_params& p) { p.element[p.elements - 1].dst = p.dst_bytes - 1; }));
    CHECK(refused([](record_stage_params& p) { p.element[1].src += 1; }));  // a 4-byte component off its width
    CHECK(refused([](record_stage_params& p) { p.fill[0].image = p.dst_bytes; }));
    CHECK(refused([](record_stage_params& p) { p.unit[p.src.units - 1].image = stage_source_bytes(p); }));
    CHECK(refused([](record_stage_params& p) { p.unit[0].chunks = 0; }));
    CHECK(refused([](record_stage_params& p) { p.threads = 64; }));
    CHECK(refused([](record_stage_params& p) { p.tile += 8; }));
    CHECK(refused([](record_stage_params& p) { p.tiles -= 1; }));
    CHECK(stage_plan_violation(*plan, stage_shared_bytes(*plan) - 16) != nullptr);  // more than the block may have
  }

  SUBCASE("lanes plans") {
    const record_layout split = resolve_record_layout(desc, n, record_split({"a", "c"}), "test");
    const record_move move = plan_record_move(desc, split, soa, nullptr, false);
    const auto plan = plan_record_lanes(move, whole(split, soa));
    REQUIRE(plan);
    REQUIRE(lanes_plan_violation(*plan, move, whole(split, soa)) == nullptr);
    record_lanes_params p = *plan;
    p.src.stride += 4;  // the cold rows read at another stride
    CHECK(lanes_plan_violation(p, move, whole(split, soa)) != nullptr);
    p = *plan;
    p.dst_base[0] += 4;
    CHECK(lanes_plan_violation(p, move, whole(split, soa)) != nullptr);
    p = *plan;
    p.group[1] += 1;  // a 4-byte component read as 16 bytes
    CHECK(lanes_plan_violation(p, move, whole(split, soa)) != nullptr);
  }

  SUBCASE("the report's split side goes to the element kernel") {
    const record_layout split = resolve_record_layout(desc, 1156, record_split({"a"}, 1), "test");
    const record_layout user = resolve_record_layout(desc, 1156, record_aos(), "test");
    guarded from(user.span_bytes, 0, 0), to(split.span_bytes, 0, 0);
    const record_move move = plan_record_move(desc, user, split, nullptr, false);
    CHECK_FALSE(plan_record_stage(move, whole(user, split), from.data, to.data));
    CHECK(kernel_name(choose_record_kernel(move, whole(user, split), from.data, to.data, device_most,
                                           record_kernels::any)) == "elements");
  }

  SUBCASE("a move no kernel takes throws before anything runs") {
    const record_move move = plan_record_move(desc, aos, soa, nullptr, false);
    // The structs one byte off their 4-byte alignment (the runtime refuses such pointers first).
    const auto choose = [&] {
      const record_kernel k = choose_record_kernel(move, whole(aos, soa), src.data + 1, dst.data, device_most,
                                                   record_kernels::any);
      if (std::holds_alternative<std::monostate>(k)) require_record_elements(move, src.data + 1, dst.data, "test");
      return k;
    };
    CHECK_THROWS_AS(choose(), coalesce::error);
    try {
      choose();
    } catch (const coalesce::error& e) {
      CHECK(std::string(e.what()).find("not aligned for its width") != std::string::npos);
    }
  }
}

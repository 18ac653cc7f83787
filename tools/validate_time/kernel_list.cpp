// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include "kernel_list.hpp"

#include "records.hpp"

#include <iterator>

namespace validate_time {

using coalesce::analysis::element_type;

namespace {

// The fields of d whose bit is set in mask, in the struct's order.
std::vector<std::string> fields_in(const coalesce::record_desc& d, unsigned mask) {
  std::vector<std::string> out;
  for (std::size_t f = 0; f < d.size(); ++f)
    if (mask >> f & 1u) out.push_back(d[f].name);
  return out;
}

// A RECORD entry; its masks are template arguments, so field_mask checks the entry while this compiles.
template <class S, unsigned Reads, unsigned Writes>
timed_record_kernel record_entry(const char* name, const char* record, const std::string& section) {
  const coalesce::record_desc d = describe_timed_record<S>();
  return {name, record, d, fields_in(d, Reads), fields_in(d, Writes), section};
}

// Both kinds of entries, read from kernels.def in one pass.
struct entries {
  std::vector<timed_kernel> vectors;
  std::vector<timed_record_kernel> records;
};
const entries& all_entries() {
  static const entries list = [] {
    constexpr amount ALL = amount::all, SOME = amount::some, ONE = amount::one, NONE = amount::none, TWO = amount::two,
                     EVERY_OTHER = amount::every_other, HIGH_HALF = amount::high_half, LAST = amount::last;
    constexpr thread_map THREAD = thread_map::thread, WARP = thread_map::warp, ELEMENT = thread_map::element;
    constexpr element_type float_ = element_type::float_, double_ = element_type::double_;
    entries out;
    std::string section = "base";
#define SECTION(name) section = #name;
#define TIMED(name, type, m, reads, writes, map) \
  out.vectors.push_back({#name, type##_, m, reads, writes, map, section});
#define RECORD(name, record, reads, writes) \
  out.records.push_back(                    \
      record_entry<record, field_mask<record>(#reads), field_mask<record>(#writes)>(#name, #record, section));
#include "kernels.def"
#undef RECORD
#undef TIMED
#undef SECTION
    return out;
  }();
  return list;
}

}  // namespace

const std::vector<timed_kernel>& all_kernels() { return all_entries().vectors; }
const std::vector<timed_record_kernel>& record_kernels() { return all_entries().records; }

const std::vector<std::string>& layout_names() {
  static const std::vector<std::string> names{"aos", "soa", "blocked:32", "blocked:128"};
  return names;
}

std::vector<std::size_t> components(amount a, std::size_t m) {
  const auto range = [](std::size_t from, std::size_t to, std::size_t step) {
    std::vector<std::size_t> c;
    for (std::size_t i = from; i < to; i += step) c.push_back(i);
    return c;
  };
  switch (a) {
    case amount::all:
      return range(0, m, 1);
    case amount::some:
      return range(0, (m + 1) / 2, 1);
    case amount::one:
      return {0};
    case amount::two:
      return m / 2 ? std::vector<std::size_t>{0, m / 2} : std::vector<std::size_t>{0};
    case amount::every_other:
      return range(0, m, 2);
    case amount::high_half:
      return range(m / 2, m, 1);
    case amount::last:
      return {m - 1};
    case amount::none:
      break;
  }
  return {};
}

std::size_t threads(const timed_kernel& k, std::size_t n) {
  switch (k.map) {
    case thread_map::thread:
      return n;
    case thread_map::warp:
      return 32 * n;
    case thread_map::element:
      break;
  }
  return n * k.m;
}

coalesce::analysis::kernel_description describe(const timed_kernel& k, std::size_t n) {
  coalesce::analysis::kernel_description d;
  d.n = n;
  d.m = k.m;
  d.type = k.type;
  d.threads = threads(k, n);
  if (k.map == thread_map::thread) {
    d.loads_in_flight = 4;  // validate_time.cu's `#pragma unroll 4` over the thread's loads
    d.reads = components(k.reads, k.m);
    d.writes = components(k.writes, k.m);
    return d;
  }
  // One element per thread: component 0 + the thread's component.
  const std::string m = std::to_string(k.m);
  d.thread_to_vector = k.map == thread_map::warp ? "idx/32" : "idx/" + m;
  d.thread_to_component = k.map == thread_map::warp ? "idx%32" : "idx%" + m;
  if (k.reads != amount::none) d.reads = {0};
  if (k.writes != amount::none) d.writes = {0};
  return d;
}

coalesce::analysis::record_kernel describe(const timed_record_kernel& k, std::size_t n) {
  coalesce::analysis::record_kernel d{k.desc, n, {}, {}};
  for (const std::string& f : k.reads) d.reads.push_back({f, {}});
  for (const std::string& f : k.writes) d.writes.push_back({f, {}});
  return d;
}

std::vector<coalesce::record_layout_spec> record_layouts(const timed_record_kernel& k) {
  // The advisor's candidates for the timed block sizes, less packed (aos itself for a struct without
  // padding, aos's fields reordered otherwise) and the split's blocked variants: the aos, soa,
  // blocked and split, named as the advisor names them (split's hot fields are its touched_fields).
  coalesce::analysis::record_advisor_options o;
  o.blocks.assign(std::begin(blocks), std::end(blocks));
  std::vector<coalesce::record_layout_spec> out;
  for (const coalesce::record_layout_spec& s : coalesce::analysis::record_candidates(describe(k, 1), o))
    if (s.kind != coalesce::record_kind::packed && !s.hot_blocked) out.push_back(s);
  return out;
}

}  // namespace validate_time

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The structs of kernels.def's records section, as simulation codes write them (compiler padding
// kept), with their fields' member pointers and names. Plain C++ that nvcc compiles too: the device
// program compiles one kernel per RECORD entry from these, kernel_list.cpp describes each entry to the
// record advisor, and both read an entry's field lists with field_mask.

#include <coalesce/record/record.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

namespace validate_time {

// The README's particle: mixed widths, 41 bytes of fields in 48 (7 of padding).
struct particle {
  double x[3];
  float v[3];
  std::int32_t id;
  std::uint8_t species;
};
// An SPH particle: 6 fields, 64 bytes, no padding.
struct sph {
  double x[3];
  double v[3];
  float rho;
  float p;
  float h;
  std::int32_t id;
};
// A molecular-dynamics atom in single precision: 33 bytes of fields in 36 (3 of padding).
struct atom {
  float x[3];
  float v[3];
  float q;
  std::int32_t id;
  std::uint8_t type;
};
// A small 3-field struct: 13 bytes of fields in 16 (3 of padding).
struct tracer {
  double x;
  float v;
  std::uint8_t species;
};

// Per struct: `fields`, every member in the struct's order, and `names`, theirs.
template <class S>
struct timed_record;
template <>
struct timed_record<particle> {
  using fields = coalesce::fields<&particle::x, &particle::v, &particle::id, &particle::species>;
  static constexpr std::string_view names[] = {"x", "v", "id", "species"};
};
template <>
struct timed_record<sph> {
  using fields = coalesce::fields<&sph::x, &sph::v, &sph::rho, &sph::p, &sph::h, &sph::id>;
  static constexpr std::string_view names[] = {"x", "v", "rho", "p", "h", "id"};
};
template <>
struct timed_record<atom> {
  using fields = coalesce::fields<&atom::x, &atom::v, &atom::q, &atom::id, &atom::type>;
  static constexpr std::string_view names[] = {"x", "v", "q", "id", "type"};
};
template <>
struct timed_record<tracer> {
  using fields = coalesce::fields<&tracer::x, &tracer::v, &tracer::species>;
  static constexpr std::string_view names[] = {"x", "v", "species"};
};

// Bit f set for field f of S named in `list`, a RECORD entry's READS or WRITES as the preprocessor
// writes it: "ALL", "NONE" or "(x, v)". Called in template arguments, so a name that is not a field
// of S fails the build of both readers of kernels.def, not a run.
template <class S>
constexpr unsigned field_mask(std::string_view list) {
  constexpr std::size_t count = std::size(timed_record<S>::names);
  static_assert(count == timed_record<S>::fields::size && count < 32, "validate_time: one name per field, < 32");
  if (list == "ALL") return (1u << count) - 1;
  if (list == "NONE") return 0;
  if (list.size() < 2 || list.front() != '(' || list.back() != ')')
    throw std::invalid_argument("a RECORD field list is ALL, NONE or (name, ...)");
  unsigned mask = 0;
  for (std::string_view rest = list.substr(1, list.size() - 2); !rest.empty();) {
    const std::size_t comma = rest.find(',');
    std::string_view name = rest.substr(0, comma);
    rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    name.remove_prefix(std::min(name.find_first_not_of(' '), name.size()));
    name = name.substr(0, name.find(' '));
    std::size_t f = 0;
    while (f < count && timed_record<S>::names[f] != name) ++f;
    if (f == count) throw std::invalid_argument("a RECORD field list names no field of its struct");
    mask |= 1u << f;
  }
  return mask;
}

// The record of S as the runtime and the advisor take it: every field, by its name.
template <class S, std::size_t... K>
coalesce::record_desc describe_timed_record(std::index_sequence<K...>) {
  using F = typename timed_record<S>::fields;
  return coalesce::describe_record<S>(
      coalesce::field(std::string(timed_record<S>::names[K]), F::template member<K>)...);
}
template <class S>
coalesce::record_desc describe_timed_record() {
  return describe_timed_record<S>(std::make_index_sequence<timed_record<S>::fields::size>{});
}

}  // namespace validate_time

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include <coalesce/analysis/access_counts.hpp>

#include <coalesce/core/error.hpp>

#include <cstdio>
#include <sstream>
#include <utility>

namespace coalesce::analysis {
namespace {

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (const char ch : s) {
    if (ch == '"' || ch == '\\') {
      out += '\\';
      out += ch;
    } else if (static_cast<unsigned char>(ch) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(static_cast<unsigned char>(ch)));
      out += buf;
    } else {
      out += ch;
    }
  }
  return out + "\"";
}

std::string numbers(const std::vector<std::uint64_t>& v) {
  std::string out = "[";
  for (std::size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + std::to_string(v[i]);
  return out + "]";
}

std::vector<std::uint64_t> slice(const unsigned long long* counters, std::size_t first, std::size_t count) {
  return std::vector<std::uint64_t>(counters + first, counters + first + count);
}

// The components with a non-zero count.
std::vector<std::size_t> touched(const std::vector<std::uint64_t>& counts) {
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < counts.size(); ++i)
    if (counts[i] != 0) out.push_back(i);
  return out;
}

[[noreturn]] void bad(const std::string& what, const std::string& why) {
  fail(errc::invalid_argument, "access counts", what + ": " + why);
}

template <class List>
const auto& find_named(const List& list, const std::string& name, const char* kind) {
  if (name.empty() && list.size() == 1) return list.front();
  std::string names;
  for (const auto& x : list) {
    if (x.name == name) return x;
    names += (names.empty() ? "'" : ", '") + x.name + "'";
  }
  if (names.empty()) names = "none";
  fail(errc::invalid_argument, "access counts",
       (name.empty() ? std::string("name the ") + kind : "no " + std::string(kind) + " '" + name + "'") +
           "; the counts have " + names);
}

}  // namespace

array_counts make_array_counts(std::string name, std::string layout, std::size_t n, element_type type, std::size_t m,
                               const unsigned long long* counters) {
  return {std::move(name), std::move(layout), n, to_string(type), size_of(type), slice(counters, 0, m),
          slice(counters, m, m)};
}

record_counts make_record_counts(std::string name, std::string layout, std::size_t n, const record_desc& desc,
                                 const unsigned long long* counters) {
  record_counts r{std::move(name), std::move(layout), n, desc.stride(), {}};
  const std::size_t total = desc.components();
  std::size_t slot = 0;
  for (const field_desc& f : desc.fields()) {
    r.fields.push_back({f.name, f.offset, f.width, slice(counters, slot, f.count), slice(counters, total + slot, f.count)});
    slot += f.count;
  }
  return r;
}

std::string to_json(const access_counts& counts) {
  std::ostringstream j;
  j << "{\n  \"format\": \"coalesce-access-counts\",\n  \"version\": 1,\n  \"source\": " << quoted(counts.source)
    << ",\n  \"arrays\": [";
  for (std::size_t a = 0; a < counts.arrays.size(); ++a) {
    const array_counts& c = counts.arrays[a];
    j << (a ? "," : "") << "\n    {\"name\": " << quoted(c.name) << ", \"layout\": " << quoted(c.layout)
      << ", \"n\": " << c.n << ", \"m\": " << c.m() << ", \"type\": " << quoted(c.type)
      << ", \"element_size\": " << c.element_size << ",\n     \"reads\": " << numbers(c.reads)
      << ",\n     \"writes\": " << numbers(c.writes) << "}";
  }
  j << (counts.arrays.empty() ? "" : "\n  ") << "],\n  \"records\": [";
  for (std::size_t r = 0; r < counts.records.size(); ++r) {
    const record_counts& c = counts.records[r];
    j << (r ? "," : "") << "\n    {\"name\": " << quoted(c.name) << ", \"layout\": " << quoted(c.layout)
      << ", \"n\": " << c.n << ", \"stride\": " << c.stride << ", \"fields\": [";
    for (std::size_t f = 0; f < c.fields.size(); ++f) {
      const field_counts& x = c.fields[f];
      j << (f ? "," : "") << "\n      {\"name\": " << quoted(x.name) << ", \"offset\": " << x.offset
        << ", \"width\": " << x.width << ", \"count\": " << x.reads.size() << ", \"reads\": " << numbers(x.reads)
        << ", \"writes\": " << numbers(x.writes) << "}";
    }
    j << "]}";
  }
  j << (counts.records.empty() ? "" : "\n  ") << "]\n}\n";
  return j.str();
}

const array_counts& find_array(const access_counts& counts, const std::string& name) {
  return find_named(counts.arrays, name, "array");
}
const record_counts& find_record(const access_counts& counts, const std::string& name) {
  return find_named(counts.records, name, "record");
}

kernel_description kernel_from_counts(const array_counts& counts) {
  const std::string what = "array '" + counts.name + "'";
  kernel_description k;
  try {
    k.type = parse_element_type(counts.type);
  } catch (const error&) {
    bad(what, "unknown type '" + counts.type + "'");
  }
  if (counts.element_size != size_of(k.type))
    bad(what, "element_size " + std::to_string(counts.element_size) + " is not sizeof(" + counts.type + ") = " +
                  std::to_string(size_of(k.type)));
  if (counts.reads.size() != counts.writes.size() || counts.reads.empty())
    bad(what, std::to_string(counts.reads.size()) + " read counts and " + std::to_string(counts.writes.size()) +
                  " write counts: both need m > 0 entries");
  k.n = counts.n;
  k.m = counts.m();
  k.reads = touched(counts.reads);
  k.writes = touched(counts.writes);
  if (k.reads.empty() && k.writes.empty()) bad(what, "no component was read or written");
  return k;
}

record_kernel record_kernel_from_counts(const record_counts& counts) {
  const std::string what = "record '" + counts.name + "'";
  std::vector<field_desc> fields;
  record_kernel k;
  for (const field_counts& f : counts.fields) {
    if (f.reads.size() != f.writes.size() || f.reads.empty())
      bad(what, "field '" + f.name + "' has " + std::to_string(f.reads.size()) + " read counts and " +
                    std::to_string(f.writes.size()) + " write counts: both need its count > 0 entries");
    fields.push_back({f.name, f.offset, f.width, f.reads.size()});
    // All components as {} (the advisor's "the whole field"), else the ones touched.
    const auto access = [&](const std::vector<std::uint64_t>& c, std::vector<record_access>& out) {
      std::vector<std::size_t> t = touched(c);
      if (t.empty()) return;
      if (t.size() == c.size()) t.clear();
      out.push_back({f.name, t});
    };
    access(f.reads, k.reads);
    access(f.writes, k.writes);
  }
  k.desc = record_desc(std::move(fields), counts.stride);
  k.n = counts.n;
  if (k.reads.empty() && k.writes.empty()) bad(what, "no field was read or written");
  return k;
}

}  // namespace coalesce::analysis

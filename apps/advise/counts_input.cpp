// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include "counts_input.hpp"
#include "json_file.hpp"

#include <coalesce/core/error.hpp>

#include <nlohmann/json.hpp>


namespace advise {
namespace {

using coalesce::errc;
using coalesce::fail;
using nlohmann::json;
namespace ca = coalesce::analysis;

// Reads keys of one JSON object; every failure names the file, the object and the key.
class reader {
 public:
  reader(const json& j, std::string where) : j_(j), where_(std::move(where)) {
    if (!j_.is_object()) bad("", "is not an object");
  }
  const json& at(const char* key) const {
    if (!j_.contains(key)) bad(key, "is missing");
    return j_[key];
  }
  std::string text(const char* key) const {
    if (!at(key).is_string()) bad(key, "is not a string");
    return j_[key].get<std::string>();
  }
  std::size_t number(const char* key) const {
    if (!at(key).is_number_unsigned()) bad(key, "is not a non-negative integer");
    return j_[key].get<std::size_t>();
  }
  std::vector<std::uint64_t> counts(const char* key) const {
    const json& list = at(key);
    if (!list.is_array()) bad(key, "is not a list of counts");
    std::vector<std::uint64_t> out;
    for (const json& x : list) {
      if (!x.is_number_unsigned()) bad(key, "holds " + x.dump() + ", not a non-negative integer");
      out.push_back(x.get<std::uint64_t>());
    }
    return out;
  }
  const json& list(const char* key) const {
    if (!at(key).is_array()) bad(key, "is not a list");
    return j_[key];
  }
  [[noreturn]] void bad(const std::string& key, const std::string& why) const {
    fail(errc::invalid_argument, "--counts", where_ + (key.empty() ? "" : " key \"" + key + "\"") + " " + why);
  }

 private:
  const json& j_;
  std::string where_;
};

std::string ranges(const std::vector<std::size_t>& c) {
  if (c.empty()) return "none";
  std::string out;
  for (std::size_t a = 0; a < c.size();) {
    std::size_t b = a;
    while (b + 1 < c.size() && c[b + 1] == c[b] + 1) ++b;
    out += (out.empty() ? "" : ",") + std::to_string(c[a]) + (b > a ? "-" + std::to_string(c[b]) : "");
    a = b + 1;
  }
  return out;
}

// "x,v[1],v[2]" / "none", as --read and --write take them.
std::string fields_text(const std::vector<ca::record_access>& accesses) {
  std::string out;
  for (const ca::record_access& a : accesses) {
    if (a.components.empty()) out += (out.empty() ? "" : ",") + a.field;
    for (const std::size_t c : a.components) out += (out.empty() ? "" : ",") + a.field + "[" + std::to_string(c) + "]";
  }
  return out.empty() ? "none" : out;
}

}  // namespace

ca::access_counts read_counts(const std::string& path) {
  const nlohmann::json j = read_json_file(path, "--counts");
  const reader top(j, "'" + path + "'");
  if (top.text("format") != "coalesce-access-counts") top.bad("format", "is not \"coalesce-access-counts\"");
  if (top.number("version") != 1) top.bad("version", "is " + j["version"].dump() + "; this program reads version 1");
  ca::access_counts c;
  c.source = j.contains("source") ? top.text("source") : std::string();
  const json& arrays = top.list("arrays");
  for (std::size_t a = 0; a < arrays.size(); ++a) {
    const reader r(arrays[a], "'" + path + "' arrays[" + std::to_string(a) + "]");
    ca::array_counts x{r.text("name"),        r.text("layout"),   r.number("n"), r.text("type"),
                       r.number("element_size"), r.counts("reads"), r.counts("writes")};
    if (r.number("m") != x.reads.size() || x.writes.size() != x.reads.size())
      r.bad("m", "is " + std::to_string(r.number("m")) + " but \"reads\" has " + std::to_string(x.reads.size()) +
                     " entries and \"writes\" " + std::to_string(x.writes.size()));
    c.arrays.push_back(std::move(x));
  }
  const json& records = j.contains("records") ? top.list("records") : json::array();
  for (std::size_t k = 0; k < records.size(); ++k) {
    const std::string where = "'" + path + "' records[" + std::to_string(k) + "]";
    const reader r(records[k], where);
    ca::record_counts x{r.text("name"), r.text("layout"), r.number("n"), r.number("stride"), {}};
    const json& fields = r.list("fields");
    for (std::size_t f = 0; f < fields.size(); ++f) {
      const reader fr(fields[f], where + " fields[" + std::to_string(f) + "]");
      ca::field_counts y{fr.text("name"), fr.number("offset"), fr.number("width"), fr.counts("reads"),
                         fr.counts("writes")};
      if (fr.number("count") != y.reads.size() || y.writes.size() != y.reads.size())
        fr.bad("count", "is " + std::to_string(fr.number("count")) + " but \"reads\" has " +
                            std::to_string(y.reads.size()) + " entries and \"writes\" " + std::to_string(y.writes.size()));
      x.fields.push_back(std::move(y));
    }
    c.records.push_back(std::move(x));
  }
  return c;
}

counted_kernel kernel_from_counts_file(const std::string& path, const std::string& array, std::size_t n) {
  const ca::access_counts all = read_counts(path);
  const ca::array_counts& c = ca::find_array(all, array);
  counted_kernel out;
  out.kernel = ca::kernel_from_counts(c);
  out.type = c.type;
  out.reads = ranges(out.kernel.reads);
  out.writes = ranges(out.kernel.writes);
  if (n != 0) out.kernel.n = n;
  out.line = "array '" + c.name + "' (n = " + std::to_string(c.n) + ", counted in " + c.layout + "; " + all.source +
             "): reads " + out.reads + ", writes " + out.writes;
  return out;
}

counted_record record_from_counts_file(const std::string& path, const std::string& array, std::size_t n) {
  const ca::access_counts all = read_counts(path);
  const ca::record_counts& c = ca::find_record(all, array);
  counted_record out;
  out.kernel = ca::record_kernel_from_counts(c);
  if (n != 0) out.kernel.n = n;
  out.name = c.name + " (counted in " + c.layout + ", n = " + std::to_string(c.n) + ")";
  out.reads = fields_text(out.kernel.reads);
  out.writes = fields_text(out.kernel.writes);
  return out;
}

}  // namespace advise

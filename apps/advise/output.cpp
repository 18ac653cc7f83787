// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include "output.hpp"

#include <coalesce/core/error.hpp>

#include <cctype>
#include <cstdio>
#include <fstream>

namespace advise {

std::string fixed(double x, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, x);
  return buf;
}

std::vector<std::size_t> parse_components(const std::string& text, std::size_t m, const char* option) {
  using coalesce::errc;
  std::vector<std::size_t> out;
  if (text == "none") return out;
  if (text == "all") {
    for (std::size_t i = 0; i < m; ++i) out.push_back(i);
    return out;
  }
  std::size_t pos = 0;
  while (pos <= text.size()) {
    const std::size_t comma = std::min(text.find(',', pos), text.size());
    const std::string item = text.substr(pos, comma - pos);
    bool digits = !item.empty() && item.size() < 10;
    for (char c : item) digits = digits && std::isdigit(static_cast<unsigned char>(c));
    if (!digits)
      coalesce::fail(errc::invalid_argument, option,
                     "'" + text + "' is not a list of component numbers like 0,2 (nor 'all' or 'none')");
    const std::size_t i = std::stoul(item);
    if (i >= m)
      coalesce::fail(errc::invalid_argument, option,
                     "component " + item + " is out of range for m = " + std::to_string(m));
    out.push_back(i);
    pos = comma + 1;
  }
  return out;
}

std::string ranking_header(const char* unit, int width) {
  char line[320];
  std::snprintf(line, sizeof line, "%-4s %-*s %10s %-6s %12s %8s %14s %14s %6s %14s %14s\n", "rank", width, "layout",
                "pred ms", "limit",
                (std::string(unit) + "s").c_str(), "per req", "bytes used", "bytes moved", "eff", "DRAM footprint",
                "allocated");
  return line;
}

void add_time_json(nlohmann::json& j, const std::optional<coalesce::analysis::time_prediction>& t) {
  if (!t) return;
  j["predicted_ms"] = t->milliseconds();
  j["binding_limit"] = to_string(t->binding);
  j["limits_ms"] = {{"dram", t->dram_s * 1e3}, {"l2", t->l2_s * 1e3}, {"l1", t->l1_s * 1e3}, {"launch", t->launch_s * 1e3}, {"latency", t->latency_s * 1e3}};
  j["dram_bytes"] = t->dram_bytes;
  j["l1_hit"] = t->l1_hit;
  j["l2_hit"] = t->l2_hit;
  j["write_merge"] = t->write_merge;
}

void write_file(const std::string& path, const std::string& text) {
  std::ofstream f(path, std::ios::binary);
  f << text;
  f.close();
  if (!f) coalesce::fail(coalesce::errc::invalid_argument, "--svg", "cannot write '" + path + "'");
}

}  // namespace advise

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include "ncu_csv.hpp"

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <sstream>
#include <stdexcept>

namespace validate {
namespace {

std::optional<double> number(std::string s) {
  s.erase(std::remove(s.begin(), s.end(), ','), s.end());
  if (s.empty()) return std::nullopt;
  char* end = nullptr;
  const double v = std::strtod(s.c_str(), &end);
  if (end != s.c_str() + s.size()) return std::nullopt;
  return v;
}

int column(const std::vector<std::string>& header, const std::string& name) {
  const auto it = std::find(header.begin(), header.end(), name);
  return it == header.end() ? -1 : static_cast<int>(it - header.begin());
}

}  // namespace

std::vector<std::string> split_csv_line(const std::string& line) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (std::size_t k = 0; k < line.size(); ++k) {
    const char c = line[k];
    if (quoted) {
      if (c == '"' && k + 1 < line.size() && line[k + 1] == '"') {
        fields.back() += '"';
        ++k;
      } else if (c == '"') {
        quoted = false;
      } else {
        fields.back() += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      fields.emplace_back();
    } else if (c != '\r') {
      fields.back() += c;
    }
  }
  return fields;
}

std::vector<ncu_launch> parse_ncu_csv(const std::string& text) {
  std::istringstream in(text);
  std::string line;
  std::vector<std::string> header;
  while (std::getline(in, line)) {
    const std::vector<std::string> f = split_csv_line(line);
    if (column(f, "ID") == 0 && column(f, "Kernel Name") > 0) {
      header = f;
      break;
    }
  }
  if (header.empty()) throw std::runtime_error("no Nsight Compute CSV header (\"ID\",...,\"Kernel Name\") found");
  const int id_col = 0;
  const int name_col = column(header, "Kernel Name");
  const int metric_name_col = column(header, "Metric Name");
  const int metric_value_col = column(header, "Metric Value");
  const bool long_form = metric_name_col >= 0 && metric_value_col >= 0;

  std::map<long, ncu_launch> launches;
  while (std::getline(in, line)) {
    const std::vector<std::string> f = split_csv_line(line);
    if (f.size() != header.size()) continue;  // ==PROF== lines, program output
    const std::optional<double> id = number(f[id_col]);
    if (!id) continue;  // the units row of --page raw
    ncu_launch& l = launches[static_cast<long>(*id)];
    l.id = static_cast<long>(*id);
    l.kernel_name = f[static_cast<std::size_t>(name_col)];
    if (long_form) {
      if (const std::optional<double> v = number(f[static_cast<std::size_t>(metric_value_col)]))
        l.metrics[f[static_cast<std::size_t>(metric_name_col)]] = *v;
      continue;
    }
    for (std::size_t c = static_cast<std::size_t>(name_col) + 1; c < f.size(); ++c)
      if (header[c].find("__") != std::string::npos)  // metric names look like unit__counter.rollup
        if (const std::optional<double> v = number(f[c])) l.metrics[header[c]] = *v;
  }
  std::vector<ncu_launch> out;
  for (auto& [id, l] : launches) out.push_back(std::move(l));
  return out;
}

}  // namespace validate

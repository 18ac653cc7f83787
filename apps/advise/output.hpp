// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Helpers shared by the subcommands: number formatting, component lists, files, and the ranking
// table and JSON of the advisors (layout, record).

#include <coalesce/analysis/perf_model.hpp>

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

namespace advise {

// "%.2f"
std::string fixed(double x, int digits = 2);
// "0,1,2" / "all" / "none" into component indices below m; throws coalesce::error naming the bad text.
std::vector<std::size_t> parse_components(const std::string& text, std::size_t m, const char* option);
// Writes text to path; throws coalesce::error naming the path when it cannot.
void write_file(const std::string& path, const std::string& text);

// The ranking table: a header, then one row per candidate (a report with transactions, requests,
// bytes_used, bytes_moved, efficiency(), dram_footprint, span_bytes, and the predicted time when there
// is a time model); `width` is the layout column's.
std::string ranking_header(const char* unit, int width);
template <class Report>
std::string ranking_row(std::size_t rank, const std::string& name, const Report& r, int width,
                        const std::optional<coalesce::analysis::time_prediction>& t) {
  char line[320];
  std::snprintf(line, sizeof line, "%-4zu %-*s %10s %-6s %12llu %8s %14llu %14llu %6s %14llu %14llu\n", rank, width,
                name.c_str(), t ? fixed(t->milliseconds(), 3).c_str() : "-", t ? to_string(t->binding) : "-",
                static_cast<unsigned long long>(r.transactions),
                fixed(r.requests ? static_cast<double>(r.transactions) / static_cast<double>(r.requests) : 0.0).c_str(),
                static_cast<unsigned long long>(r.bytes_used), static_cast<unsigned long long>(r.bytes_moved),
                fixed(r.efficiency()).c_str(), static_cast<unsigned long long>(r.dram_footprint),
                static_cast<unsigned long long>(r.span_bytes));
  return line;
}

// A candidate's totals as JSON (the caller adds its layout's own keys and instructions).
template <class Report>
nlohmann::json totals_json(std::size_t rank, const std::string& name, const Report& r) {
  return {{"rank", rank},
          {"layout", name},
          {"requests", r.requests},
          {"transactions", r.transactions},
          {"transactions_per_request",
           r.requests ? static_cast<double>(r.transactions) / static_cast<double>(r.requests) : 0.0},
          {"bytes_used", r.bytes_used},
          {"bytes_moved", r.bytes_moved},
          {"efficiency", r.efficiency()},
          {"dram_footprint", r.dram_footprint},
          {"span_bytes", r.span_bytes}};
}
// The tie: the model's error (time_tie) and the candidates predicted within it of the fastest, best
// first; no layouts when fewer than two are (or without a time model).
template <class Candidate>
nlohmann::json tie_json(const std::vector<Candidate>& ranked, std::size_t tied) {
  nlohmann::json layouts = nlohmann::json::array();
  for (std::size_t c = 0; tied > 1 && c < tied; ++c) layouts.push_back(ranked[c].name);
  return {{"margin", coalesce::analysis::time_tie}, {"layouts", layouts}};
}
// predicted_ms, binding_limit and each limit's time, added to a candidate's JSON when there is a time model.
void add_time_json(nlohmann::json& j, const std::optional<coalesce::analysis::time_prediction>& t);
// One instruction's cost (an instruction_report) as JSON.
template <class Cost>
nlohmann::json cost_json(const Cost& i) {
  return {{"component", i.component},
          {"kind", to_string(i.kind)},
          {"requests", i.requests},
          {"transactions", i.transactions},
          {"transactions_per_request", i.transactions_per_request()},
          {"bytes_used", i.bytes_used},
          {"bytes_moved", i.bytes_moved},
          {"efficiency", i.efficiency()}};
}

}  // namespace advise

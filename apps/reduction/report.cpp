// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include "report.hpp"

#include "common/scripts.hpp"

#include <coalesce/core/error.hpp>
#include <coalesce/runtime/runtime.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace coalesce::apps::reduction {

std::string fixed(double value, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, value);
  return buf;
}

std::string size_text(std::size_t n) {
  if (n != 0 && (n & (n - 1)) == 0) {
    int log2 = 0;
    while ((std::size_t(1) << log2) < n) ++log2;
    return "2^" + std::to_string(log2) + " (" + std::to_string(n) + ")";
  }
  return std::to_string(n);
}

table progression_table(const std::string& title, const std::vector<measurement>& rows, std::size_t steps,
                        const std::string& reference) {
  table t;
  t.title = title;
  t.header = {"kernel", "time (ms)", "GB/s", "step speedup", "cumulative", "% of " + reference, "check"};
  double ref_gbs = 0;
  for (const auto& r : rows)
    if (r.name == reference && r.median_ms > 0) ref_gbs = r.bytes / (r.median_ms * 1e6);
  for (std::size_t k = 0; k < rows.size(); ++k) {
    const auto& r = rows[k];
    const double gbs = r.median_ms > 0 ? r.bytes / (r.median_ms * 1e6) : 0;
    std::string step = "", cumulative = "";
    if (k < steps && r.median_ms > 0) {
      step = k == 0 ? "1.00x" : fixed(rows[k - 1].median_ms / r.median_ms, 2) + "x";
      cumulative = fixed(rows[0].median_ms / r.median_ms, 2) + "x";
    }
    const std::string percent = ref_gbs > 0 ? fixed(100 * gbs / ref_gbs, 1) + "%" : "";
    t.rows.push_back({r.name, fixed(r.median_ms, 4) + " [" + fixed(r.min_ms, 4) + ", " + fixed(r.max_ms, 4) + "]",
                      fixed(gbs, 1), step, cumulative, percent, r.check});
  }
  return t;
}

std::string to_markdown(const table& t) {
  // A '|' inside a cell would end it.
  const auto escape = [](const std::string& cell) {
    std::string e;
    for (char ch : cell) e += ch == '|' ? std::string("\\|") : std::string(1, ch);
    return e;
  };
  std::vector<std::size_t> width(t.header.size(), 3);
  for (std::size_t c = 0; c < t.header.size(); ++c) width[c] = std::max(width[c], escape(t.header[c]).size());
  for (const auto& row : t.rows)
    for (std::size_t c = 0; c < row.size() && c < width.size(); ++c) width[c] = std::max(width[c], escape(row[c]).size());
  std::ostringstream out;
  const auto line = [&](const std::vector<std::string>& cells) {
    out << '|';
    for (std::size_t c = 0; c < width.size(); ++c) {
      const std::string cell = c < cells.size() ? escape(cells[c]) : "";
      out << ' ' << cell << std::string(width[c] - cell.size(), ' ') << " |";
    }
    out << '\n';
  };
  out << "### " << t.title << "\n\n";
  line(t.header);
  out << '|';
  for (std::size_t c = 0; c < width.size(); ++c) out << std::string(width[c] + 2, '-') << '|';
  out << '\n';
  for (const auto& row : t.rows) line(row);
  if (!t.notes.empty()) out << '\n';
  for (const auto& note : t.notes) out << note << '\n';
  out << '\n';
  return out.str();
}

std::string to_csv(const std::vector<table>& tables) {
  std::ostringstream out;
  const auto quoted = [](const std::string& s) {
    if (s.find_first_of(",\"") == std::string::npos) return s;
    std::string q = "\"";
    for (char ch : s) q += ch == '"' ? std::string("\"\"") : std::string(1, ch);
    return q + "\"";
  };
  for (const auto& t : tables) {
    out << "# " << t.title << '\n';
    for (const auto* row : {&t.header}) {
      for (std::size_t c = 0; c < row->size(); ++c) out << (c ? "," : "") << quoted((*row)[c]);
      out << '\n';
    }
    for (const auto& row : t.rows) {
      for (std::size_t c = 0; c < row.size(); ++c) out << (c ? "," : "") << quoted(row[c]);
      out << '\n';
    }
  }
  return out.str();
}

void write_file(const std::string& path, const std::string& text) {
  std::ofstream file(path, std::ios::binary);
  file << text;
  file.close();
  if (!file) fail(errc::invalid_argument, "write_file", "cannot write '" + path + "'");
}

std::string write_chart(const std::string& png, const std::string& title, const std::vector<bar>& bars,
                        const std::string& script) {
  const std::string data = png + ".csv";
  std::ostringstream csv;
  csv << "label,gbs,group\n";
  for (const auto& b : bars) csv << b.label << ',' << fixed(b.gbs, 3) << ',' << b.group << '\n';
  write_file(data, csv.str());
  const std::string message = run_script(script, {data, png, title});
  std::remove(data.c_str());
  return message;
}

backends pick_backends(const std::string& choice, const std::string& app) {
  const bool have_cuda = runtime::cuda_available();
  backends b;
  b.cuda = choice == "cuda" || choice == "both" || (choice == "auto" && have_cuda);
  b.host = choice == "host" || choice == "both" || (choice == "auto" && !have_cuda);
  if (b.cuda && !have_cuda)
    fail(errc::no_device, app, "--backend " + choice + ": this build or machine has no CUDA device");
  return b;
}

}  // namespace coalesce::apps::reduction

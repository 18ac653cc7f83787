// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include "report.hpp"

#include <nlohmann/json.hpp>

#include <fstream>
#include <iomanip>
#include <map>
#include <set>
#include <sstream>

namespace coalesce::bench {

void write_json(const std::string& path, const run_info& info, const std::vector<result>& results) {
  nlohmann::json j;
  j["machine"] = info.machine;
  j["date"] = info.date;
  j["command"] = info.command;
  if (info.random) {
    j["random"] = info.random;
    j["seed"] = info.seed;
  }
  for (const result& r : results)
    j["results"].push_back({{"group", r.group},
                            {"name", r.name},
                            {"type", r.type},
                            {"m", r.m},
                            {"n", r.n},
                            {"bytes", r.bytes},
                            {"median_ms", r.time.median_ms},
                            {"min_ms", r.time.min_ms},
                            {"max_ms", r.time.max_ms},
                            {"reps", r.time.reps},
                            {"gbs", r.gbs},
                            {"ceiling", r.ceiling},
                            {"fraction_of_ceiling", r.fraction},
                            {"kernel", r.kernel},
                            {"sector_fraction", r.sector_fraction},
                            {"wrong", r.wrong},
                            {"replay_ms", r.replay_ms},
                            {"fraction_of_move_ceiling", r.move_ceiling_fraction},
                            {"peer", r.peer},
                            {"peer_ms", r.peer_ms}});
  std::ofstream(path) << j.dump(2) << '\n';
}

void write_csv(const std::string& path, const std::vector<result>& results) {
  std::ofstream os(path);
  os << "group,name,type,m,n,bytes,median_ms,min_ms,max_ms,reps,gbs,ceiling,fraction_of_ceiling,kernel,sector_fraction,"
        "wrong,replay_ms,fraction_of_move_ceiling,peer,peer_ms\n";
  for (const result& r : results)
    os << r.group << ",\"" << r.name << "\"," << r.type << ',' << r.m << ',' << r.n << ',' << r.bytes << ','
       << r.time.median_ms << ',' << r.time.min_ms << ',' << r.time.max_ms << ',' << r.time.reps << ',' << r.gbs
       << ",\"" << r.ceiling << "\"," << r.fraction << ",\"" << r.kernel << "\"," << r.sector_fraction << ',' << r.wrong
       << ',' << r.replay_ms << ',' << r.move_ceiling_fraction << ",\"" << r.peer << "\"," << r.peer_ms << '\n';
}

namespace {

// Paths: one row per (source -> destination), one column per element type; each cell the lowest %
// of the copy ceiling over m, with that cell's m and kernel; then the count of cells at >= 90%.
void paths_markdown(std::ostringstream& os, const std::vector<result>& results) {
  std::set<std::string> types;
  std::map<std::string, std::map<std::string, const result*>> worst;
  std::size_t cells = 0, at_90 = 0, sector_90 = 0, own_90 = 0;
  bool sectors = false, own = false;
  for (const result& r : results) {
    if (r.group != "path") continue;
    sectors = sectors || r.sector_fraction > 0;
    own = own || r.move_ceiling_fraction > 0;
    own_90 += r.move_ceiling_fraction >= 0.9;
    types.insert(r.type);
    const result*& w = worst[r.name][r.type];
    if (w == nullptr || r.fraction < w->fraction) w = &r;
    ++cells;
    at_90 += r.fraction >= 0.9;
    sector_90 += r.sector_fraction >= 0.9;
  }
  if (cells == 0) return;
  os << "\nPaths: " << cells << " cells; " << at_90 << " at >= 90% of the copy ceiling (data bytes)";
  if (sectors)  // the device's cells
    os << ", " << sector_90 << " at >= 90% counting the 32-byte sectors the ends touch";
  if (own) os << ", " << own_90 << " at >= 90% of their own ceiling (the replay of their bytes, or D2D)";
  os << ". Each cell below is the lowest over m: % of the ceiling" << (sectors ? " (% by sectors)" : "")
     << (own ? " [% of its own ceiling]" : "") << ", m, kernel.\n\n| path |";
  for (const std::string& t : types) os << ' ' << t << " |";
  os << "\n|---|";
  for (std::size_t k = 0; k < types.size(); ++k) os << "---|";
  os << '\n';
  for (const auto& [name, by_type] : worst) {
    os << "| " << name << " |";
    for (const std::string& t : types) {
      const auto it = by_type.find(t);
      if (it == by_type.end()) {
        os << " |";
        continue;
      }
      const result& r = *it->second;
      os << ' ' << std::setprecision(1) << 100.0 * r.fraction << '%';
      if (sectors) os << " (" << 100.0 * r.sector_fraction << "%)";
      if (own) os << " [" << 100.0 * r.move_ceiling_fraction << "%]";
      os << " m=" << r.m << ' ' << r.kernel << " |";
    }
    os << '\n';
  }
}

}  // namespace

std::string markdown(const run_info& info, const std::vector<result>& results) {
  std::ostringstream os;
  os << std::fixed;
  os << "Machine: " << info.machine << "  \nDate: " << info.date << "  \nCommand: `" << info.command << '`';
  if (info.random)
    os << "  \nRandom cells: " << info.random << " of seed " << info.seed << " (`--random " << info.random << " --seed "
       << info.seed << "` repeats the draw)";
  os << "\n\n";
  os << "| ceiling | GB/s | median ms | min-max ms |\n|---|---:|---:|---:|\n";
  for (const result& r : results)
    if (r.group == "ceiling")
      os << "| " << r.name << " | " << std::setprecision(0) << r.gbs << " | " << std::setprecision(3)
         << r.time.median_ms << " | " << r.time.min_ms << "-" << r.time.max_ms << " |\n";

  // Relayout: one row per (pair, type), one column per m; each cell % of the copy ceiling.
  std::set<std::size_t> ms;
  std::map<std::string, std::map<std::size_t, const result*>> rows;
  std::string ceiling_name;
  for (const result& r : results)
    if (r.group == "relayout") {
      ms.insert(r.m);
      rows[r.name + " (" + r.type + ")"][r.m] = &r;
      ceiling_name = r.ceiling;
    }
  if (!rows.empty()) {
    os << "\nRelayout, % of " << ceiling_name << " (bytes read + written; median of the repetitions):\n\n| pair |";
    for (std::size_t m : ms) os << " m=" << m << " |";
    os << "\n|---|";
    for (std::size_t k = 0; k < ms.size(); ++k) os << "---:|";
    os << '\n';
    for (const auto& [name, by_m] : rows) {
      os << "| " << name << " |";
      for (std::size_t m : ms) {
        const auto it = by_m.find(m);
        if (it == by_m.end()) {
          os << " |";
        } else {
          os << ' ' << std::setprecision(1) << 100.0 * it->second->fraction << "% |";
        }
      }
      os << '\n';
    }
  }
  // Records: coalesce beside the one-thread-per-record kernel, both as % of the copy ceiling.
  std::map<std::string, const result*> naive;
  for (const result& r : results)
    if (r.group == "records-naive") naive[r.name] = &r;
  bool records_header = false;
  for (const result& r : results) {
    if (r.group != "records") continue;
    if (!records_header) {
      os << "\nRecords, % of " << r.ceiling << " (fields' bytes read + written; by sectors: the 32-byte sectors "
         << "the fields touch, padding that shares them included):\n\n"
         << "| record: pair | coalesce | by sectors | kernel | one thread per record | speedup |\n"
         << "|---|---:|---:|---|---:|---:|\n";
      records_header = true;
    }
    const auto it = naive.find(r.name);
    os << "| " << r.name << " | " << std::setprecision(1) << 100.0 * r.fraction << "% | ";
    if (r.sector_fraction > 0) os << 100.0 * r.sector_fraction << '%';  // the device's cells (sectors, a kernel)
    os << " | " << r.kernel << " | ";
    if (it != naive.end()) {
      os << 100.0 * it->second->fraction << "% | " << std::setprecision(2)
         << it->second->time.median_ms / r.time.median_ms << "x |\n";
    } else {
      os << " | |\n";
    }
  }
  paths_markdown(os, results);
  bool header = false;
  for (const result& r : results) {
    if (r.group != "upload" && r.group != "download") continue;
    if (!header) {
      os << "\n| transfer | m | GB/s | % of ceiling | ceiling | min-max ms |\n|---|---:|---:|---:|---|---:|\n";
      header = true;
    }
    os << "| " << r.group << ' ' << r.name << " | " << r.m << " | " << std::setprecision(1) << r.gbs << " | "
       << 100.0 * r.fraction << "% | " << r.ceiling << " | " << std::setprecision(3) << r.time.min_ms << "-"
       << r.time.max_ms << " |\n";
  }
  return os.str();
}

}  // namespace coalesce::bench

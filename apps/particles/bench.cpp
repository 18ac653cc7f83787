// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include "bench.hpp"

#include "system.hpp"

#include "../common/bench_support.hpp"

#include <algorithm>
#include <cstdio>
#include <fstream>

namespace coalesce::particles {

using apps::time_on;

std::vector<bench_row> run_benchmark(const runtime& rt, const std::vector<particle>& initial, const md_box& box,
                                     double dt, const bench_settings& s) {
  if (s.reps < 20) fail(errc::invalid_argument, "--reps", std::to_string(s.reps) + " is below 20 (the median needs them)");
  std::vector<bench_row> rows;
  for (const std::string& text : s.layouts) {
    particle_system system(rt, initial, box, dt, parse_record_layout(text), s.block);
    system.run(s.settle);
    const bench::stats step = time_on(rt, [&] { system.step(); }, s.warmup, s.reps);
    const bench::stats force = time_on(rt, [&] { system.pair_forces(); }, s.warmup, s.reps);
    const bench::stats cells = time_on(rt, [&] { system.build_cells(); }, s.warmup, s.reps);
    // The update passes together; they move the particles, which the timing does not mind.
    const bench::stats update = time_on(rt, [&] {
      system.update_positions();
      system.update_velocities();
    }, s.warmup, s.reps);
    bench_row r;
    r.layout = to_string(system.layout());
    r.n = initial.size();
    r.step_ms = step.median_ms;
    r.step_min_ms = step.min_ms;
    r.step_max_ms = step.max_ms;
    r.force_ms = force.median_ms;
    r.cells_ms = cells.median_ms;
    r.update_ms = update.median_ms;
    r.update_gbs = bench::gbs(update_floor_bytes(r.n), update.median_ms);
    r.reps = s.reps;
    rows.push_back(r);
  }
  return rows;
}

void print_bench(const std::vector<bench_row>& rows, const std::string& backend) {
  if (rows.empty()) return;
  const auto aos = std::find_if(rows.begin(), rows.end(), [](const bench_row& r) { return r.layout == "aos"; });
  std::printf("\n%s, %zu particles; median of %d reps per row\n\n", backend.c_str(), rows[0].n, rows[0].reps);
  std::printf("| layout | step ms (min-max) | step vs AoS | forces ms | cell list ms | updates ms | updates GB/s |\n");
  std::printf("|---|---|---|---|---|---|---|\n");
  for (const bench_row& r : rows) {
    const double speedup = aos != rows.end() && r.step_ms > 0 ? aos->step_ms / r.step_ms : 0.0;
    std::printf("| %s | %.3f (%.3f-%.3f) | %.2fx | %.3f | %.3f | %.3f | %.0f |\n", r.layout.c_str(), r.step_ms,
                r.step_min_ms, r.step_max_ms, speedup, r.force_ms, r.cells_ms, r.update_ms, r.update_gbs);
  }
  if (aos == rows.end()) std::printf("\n(no aos row: speedups are not computed)\n");
}

void append_bench_csv(const std::string& path, const std::vector<bench_row>& rows, const std::string& backend) {
  std::ofstream out = apps::append_csv(
      path, "backend,n,layout,step_ms,step_min_ms,step_max_ms,force_ms,cells_ms,update_ms,update_gbs,reps");
  for (const bench_row& r : rows)
    out << backend << ',' << r.n << ",\"" << r.layout << "\"," << r.step_ms << ',' << r.step_min_ms << ',' << r.step_max_ms
        << ',' << r.force_ms << ',' << r.cells_ms << ',' << r.update_ms << ',' << r.update_gbs << ',' << r.reps << '\n';
}

}  // namespace coalesce::particles

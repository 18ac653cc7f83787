// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include "bench.hpp"

#include "solver.hpp"

#include "../common/bench_support.hpp"

#include <algorithm>
#include <cstdio>
#include <fstream>

namespace coalesce::fe {

using apps::time_on;

std::vector<bench_row> run_benchmark(const runtime& rt, const tled_model& model, const bench_settings& s) {
  if (s.reps < 20) fail(errc::invalid_argument, "--reps", std::to_string(s.reps) + " is below 20 (the median needs them)");
  const double floor = element_floor_bytes(model.elements, model.nodes);
  double copy_gbs = 0;
#if defined(COALESCE_BENCH_WITH_CUDA)
  if (rt.kind() == backend::cuda) {
    // The copy reads and writes floor / 2 bytes each: the same traffic as the element pass's floor.
    const bench::stats copy = bench::d2d_copy_ceiling(std::size_t(floor / 2), s.reps);
    copy_gbs = bench::gbs(floor, copy.median_ms);
  }
#endif
  std::vector<bench_row> rows;
  const auto measure = [&](tled_solver&& solver) {
    for (std::size_t k = 0; k < s.ramp; ++k) solver.advance(s.ramp);  // non-trivial displacements first
    solver.synchronize();
    const bench::stats element = time_on(rt, [&] { solver.element_pass(); }, s.warmup, s.reps);
    const bench::stats node = time_on(rt, [&] { solver.node_pass(1.0f); }, s.warmup, s.reps);
    const bench::stats step = time_on(rt, [&] { solver.advance(s.ramp); }, s.warmup, s.reps);
    bench_row r;
    r.layout = solver.layout_name();
    r.elements = model.elements;
    r.nodes = model.nodes;
    r.element_ms = element.median_ms;
    r.element_min_ms = element.min_ms;
    r.element_max_ms = element.max_ms;
    r.node_ms = node.median_ms;
    r.step_ms = step.median_ms;
    r.element_gbs = bench::gbs(floor, element.median_ms);
    r.node_gbs = bench::gbs(node_floor_bytes(model.elements, model.nodes), node.median_ms);
    r.copy_gbs = copy_gbs;
    r.reps = s.reps;
    rows.push_back(r);
  };
  for (const std::string& text : s.layouts) measure(tled_solver(rt, model, choose_layout(text, model.elements), s.block));
  for (const std::string& text : s.record_layouts)
    measure(tled_solver(rt, model, choose_record_layout(text, model.elements), s.block));
  return rows;
}

void print_bench(const std::vector<bench_row>& rows, const std::string& backend) {
  if (rows.empty()) return;
  // Speedups against the AoS the user started from: the vector sets' aos, else the records' aos.
  auto aos = std::find_if(rows.begin(), rows.end(), [](const bench_row& r) { return r.layout == "aos"; });
  if (aos == rows.end())
    aos = std::find_if(rows.begin(), rows.end(), [](const bench_row& r) { return r.layout == "records:aos"; });
  std::printf("\n%s, %zu elements, %zu nodes; element floor %.1f MB; median of %d reps\n\n", backend.c_str(),
              rows[0].elements, rows[0].nodes, element_floor_bytes(rows[0].elements, rows[0].nodes) / 1e6, rows[0].reps);
  std::printf("| layout | element ms (min-max) | element GB/s | of D2D copy | node ms | node GB/s | step ms | step vs AoS |\n");
  std::printf("|---|---|---|---|---|---|---|---|\n");
  for (const bench_row& r : rows) {
    const double of_copy = r.copy_gbs > 0 ? 100.0 * r.element_gbs / r.copy_gbs : 0.0;
    const double speedup = aos != rows.end() ? aos->step_ms / r.step_ms : 0.0;
    std::printf("| %s | %.3f (%.3f-%.3f) | %.0f | %s | %.3f | %.0f | %.3f | %.2fx |\n", r.layout.c_str(), r.element_ms,
                r.element_min_ms, r.element_max_ms, r.element_gbs,
                r.copy_gbs > 0 ? (std::to_string(int(of_copy + 0.5)) + "%").c_str() : "-", r.node_ms, r.node_gbs,
                r.step_ms, speedup);
  }
  if (rows[0].copy_gbs > 0) std::printf("\ncudaMemcpy D2D of the same bytes: %.0f GB/s\n", rows[0].copy_gbs);
}

void append_bench_csv(const std::string& path, const std::vector<bench_row>& rows, const std::string& backend) {
  std::ofstream out = apps::append_csv(
      path, "backend,elements,nodes,layout,element_ms,element_min_ms,element_max_ms,node_ms,step_ms,element_floor_bytes,"
           "element_gbs,node_gbs,copy_gbs,reps");
  for (const bench_row& r : rows)
    // Quoted: record layout names have commas (records:split:dN,nodes).
    out << backend << ',' << r.elements << ',' << r.nodes << ",\"" << r.layout << "\"," << r.element_ms << ','
        << r.element_min_ms << ',' << r.element_max_ms << ',' << r.node_ms << ',' << r.step_ms << ','
        << element_floor_bytes(r.elements, r.nodes) << ',' << r.element_gbs << ',' << r.node_gbs << ',' << r.copy_gbs
        << ',' << r.reps << '\n';
}

void run_profile(const runtime& rt, const tled_model& model, const bench_settings& s, std::size_t warm) {
  const auto profile = [&](tled_solver&& solver) {
    for (std::size_t k = 0; k < warm; ++k) solver.advance(s.ramp);
    solver.element_pass();
    solver.synchronize();
    std::printf("profiled the element pass in %s\n", solver.layout_name().c_str());
  };
  for (const std::string& text : s.layouts) profile(tled_solver(rt, model, choose_layout(text, model.elements), s.block));
  for (const std::string& text : s.record_layouts)
    profile(tled_solver(rt, model, choose_record_layout(text, model.elements), s.block));
}

}  // namespace coalesce::fe

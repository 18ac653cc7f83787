// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// coalesce-fe: nonlinear FE deformation (TLED: linear tetrahedra, compressible neo-Hookean, explicit
// central differences with mass-proportional damping) with every vector set in the layout asked for,
// on the CUDA or the host backend. Runs a problem and prints a summary (and writes .vtu / .png), or
// benchmarks the layouts (--bench), or runs one element pass per layout for Nsight Compute (--profile).

#include "bench.hpp"
#include "count_accesses.hpp"
#include "gmsh_reader.hpp"
#include "mesh.hpp"
#include "model.hpp"
#include "output.hpp"
#include "reference.hpp"
#include "solver.hpp"

#include "common/scripts.hpp"

#include <coalesce/coalesce.hpp>

#include <CLI/CLI.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

namespace {

using namespace coalesce;
using namespace coalesce::fe;

struct settings {
  std::string box = "20x20x20", mesh_file, size = "1,1,1";
  std::string layout = "blocked:128", backend = "auto", records;
  std::size_t steps = 2000, ramp = 0;
  material mat;
  std::string fixed_face = "x-", supports = "clamped", gravity = "0,0,0";
  double stretch = -0.1;
  time_settings time;
  unsigned block = 256;
  std::string vtu, png, plot_script = apps::script_path("plot_deformed.py", apps::this_program());
  std::string count_accesses, heatmap, counts_script = apps::script_path("plot_counts.py", apps::this_program());
  bool quiet = false, bench = false, profile = false;
  std::vector<std::string> layouts{"aos", "soa", "blocked:32", "blocked:64", "blocked:128", "blocked:256"};
  std::vector<std::string> record_layouts;
  int reps = 20, warmup = 3;
  std::string csv;
};

std::array<double, 3> parse_triple(const std::string& text, const char* option) {
  std::array<double, 3> v{};
  char tail = 0;
  if (std::sscanf(text.c_str(), "%lf,%lf,%lf%c", &v[0], &v[1], &v[2], &tail) != 3)
    fail(errc::invalid_argument, option, "'" + text + "' is not three comma-separated numbers");
  return v;
}

runtime make_runtime(const std::string& which) {
  if (which == "cuda") return runtime{backend::cuda};
  if (which == "host") return runtime{backend::host};
  return runtime{};
}

tet_mesh load_mesh(const settings& s) {
  if (!s.mesh_file.empty()) {
    std::vector<std::string> warnings;
    tet_mesh mesh = read_gmsh(s.mesh_file, &warnings);
    for (const auto& w : warnings) std::fprintf(stderr, "warning: %s\n", w.c_str());
    return mesh;
  }
  const auto n = parse_box(s.box);
  const auto size = parse_triple(s.size, "--size");
  return generate_box(n[0], n[1], n[2], size);
}

double largest_displacement(const std::vector<float>& u) {
  double m = 0;
  for (std::size_t i = 0; i + 2 < u.size(); i += 3)
    m = std::max(m, std::sqrt(double(u[i]) * u[i] + double(u[i + 1]) * u[i + 1] + double(u[i + 2]) * u[i + 2]));
  return m;
}

// --count-accesses: one element pass with counted views, its counts as JSON (and a heatmap).
int run_count(const settings& s, const runtime& rt, const tled_model& model) {
  std::string why;
  tled_solver solver = s.records.empty()
                           ? tled_solver(rt, model, choose_layout(s.layout, model.elements, &why), s.block)
                           : tled_solver(rt, model, choose_record_layout(s.records, model.elements, &why), s.block);
  // The plain pass once to warm up, once timed; then the counted one (its counters' allocation and
  // download included), so the cost of counting shows.
  const auto seconds_of = [](auto&& f) {
    const auto start = std::chrono::steady_clock::now();
    f();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  solver.element_pass();
  solver.synchronize();
  const double plain = seconds_of([&] {
    solver.element_pass();
    solver.synchronize();
  });
  analysis::access_counts counts;
  const double counted = seconds_of([&] { counts = count_element_pass(solver, s.block); });
  std::ofstream f(s.count_accesses, std::ios::binary);
  f << analysis::to_json(counts);
  f.close();
  if (!f) fail(errc::invalid_argument, "--count-accesses", "cannot write '" + s.count_accesses + "'");
  if (!s.quiet)
    std::printf("wrote %s: the element pass's accesses (%s, %s); rank layouts with\n  coalesce-advise %s --counts %s\n",
                s.count_accesses.c_str(), solver.layout_name().c_str(), rt.description().c_str(),
                s.records.empty() ? "layout --array element" : "record", s.count_accesses.c_str());
  if (!s.quiet) std::printf("element pass: plain %.3f ms, counted %.3f ms\n", 1e3 * plain, 1e3 * counted);
  if (!s.heatmap.empty()) {
    const std::string message = apps::run_script(s.counts_script, {s.count_accesses, s.heatmap});
    if (!message.empty()) std::printf("%s\n", message.c_str());
    if (message.empty() && !s.quiet) std::printf("wrote %s\n", s.heatmap.c_str());
  }
  return 0;
}

int run_problem(const settings& s, const runtime& rt, const tet_mesh& mesh, const tled_model& model,
                const boundary_conditions& bc) {
  std::string why;
  const bool records = !s.records.empty();
  const bool automatic = (records ? s.records : s.layout) == "auto";
  tled_solver solver = records ? tled_solver(rt, model, choose_record_layout(s.records, model.elements, &why), s.block)
                               : tled_solver(rt, model, choose_layout(s.layout, model.elements, &why), s.block);
  if (automatic && !s.quiet) std::printf("%s auto: %s\n\n", records ? "records" : "layout", why.c_str());
  const std::size_t ramp = s.ramp > 0 ? s.ramp : std::max<std::size_t>(1, s.steps / 2);
  progress_bar bar(s.steps, !s.quiet && stderr_is_terminal() && s.steps >= 200);
  const auto start = std::chrono::steady_clock::now();
  solver.run(s.steps, ramp, [&](std::size_t done) { bar.update(done); });
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  bar.finish();
  const std::vector<float> u = solver.displacements();
  if (!std::all_of(u.begin(), u.end(), [](float x) { return std::isfinite(x); }))
    fail(errc::invalid_argument, "coalesce-fe",
         "the solution diverged (non-finite displacements): elements inverted under the load; use a smaller "
         "--stretch or --gravity, a stiffer material (--young), or a smaller --safety");
  const auto reaction = loaded_face_reaction(model, solver.element_forces(), bc.axis);
  if (!s.quiet) {
    std::printf("| quantity | value |\n|---|---|\n");
    std::printf("| mesh | %s |\n| nodes / elements | %zu / %zu |\n", mesh.source.c_str(), model.nodes, model.elements);
    std::printf("| backend | %s |\n| layout | %s |\n", rt.description().c_str(), solver.layout_name().c_str());
    std::printf("| material | E = %g Pa, nu = %g, rho = %g kg/m^3 |\n", s.mat.young, s.mat.poisson, s.mat.density);
    std::printf("| time step | %.4g s (%.2f of critical %.4g s) |\n", model.dt, s.time.safety, model.critical_dt);
    std::printf("| damping | %.4g 1/s |\n| steps (ramp) | %zu (%zu), %.4g s simulated |\n", model.damping, s.steps,
                ramp, double(s.steps) * model.dt);
    std::printf("| wall time | %.3f s (%.0f steps/s) |\n", seconds, seconds > 0 ? double(s.steps) / seconds : 0.0);
    std::printf("| largest displacement | %.6g m |\n", largest_displacement(u));
    std::printf("| loaded-face reaction | (%.6g, %.6g, %.6g) N |\n", reaction[0], reaction[1], reaction[2]);
  }
  if (!s.vtu.empty()) {
    write_vtu(s.vtu, mesh, u);
    if (!s.quiet) std::printf("\nwrote %s (open in ParaView)\n", s.vtu.c_str());
  }
  if (!s.png.empty()) {
    const std::string csv = s.png + ".surface.csv";
    write_surface_csv(csv, mesh, u);
    const std::string message = apps::run_script(s.plot_script, {csv, s.png});
    std::remove(csv.c_str());
    // The run itself succeeded: a missing matplotlib costs the picture only.
    if (!message.empty()) std::printf("%s\n", message.c_str());
    if (message.empty() && !s.quiet) std::printf("wrote %s\n", s.png.c_str());
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  settings s;
  CLI::App app{"coalesce-fe: nonlinear FE deformation (TLED) with coalesced element and node layouts"};
  auto* box = app.add_option("--box", s.box, "generated box of NxNxN hexahedra, 6 tetrahedra each")->capture_default_str();
  app.add_option("--mesh", s.mesh_file, "Gmsh .msh file (2.2 or 4.1 ASCII, 4-node tetrahedra)")->excludes(box);
  app.add_option("--size", s.size, "box size Lx,Ly,Lz in metres")->capture_default_str();
  app.add_option("--layout", s.layout, "aos, soa, blocked:<bd>, or auto (the advisor's choice)")->capture_default_str();
  app.add_option("--records", s.records,
                 "element data and connectivity as one record in this layout (aos, packed, soa, blocked:<bd>, "
                 "split:<fields>[:blocked:<bd>], auto); the node arrays in the matching vector layout")
      ->excludes("--layout");
  app.add_option("--backend", s.backend, "cuda, host, or auto")->check(CLI::IsMember({"auto", "cuda", "host"}))->capture_default_str();
  app.add_option("--steps", s.steps, "time steps")->capture_default_str();
  app.add_option("--ramp", s.ramp, "steps of the smooth load ramp (0: half the steps)")->capture_default_str();
  app.add_option("--young", s.mat.young, "Young's modulus E (Pa)")->capture_default_str();
  app.add_option("--poisson", s.mat.poisson, "Poisson's ratio")->capture_default_str();
  app.add_option("--density", s.mat.density, "density (kg/m^3)")->capture_default_str();
  app.add_option("--fixed-face", s.fixed_face, "held face: x-, x+, y-, y+, z-, z+")->capture_default_str();
  app.add_option("--supports", s.supports, "clamped (all components) or roller (normal only, symmetry planes)")
      ->check(CLI::IsMember({"clamped", "roller"}))->capture_default_str();
  app.add_option("--stretch", s.stretch, "displacement of the opposite face / length (< 0: compression)")->capture_default_str();
  app.add_option("--gravity", s.gravity, "gravity gx,gy,gz (m/s^2)")->capture_default_str();
  app.add_option("--safety", s.time.safety, "fraction of the critical time step")->capture_default_str();
  app.add_option("--damping", s.time.damping, "mass-proportional damping (1/s); < 0: critical for the lowest mode")->capture_default_str();
  app.add_option("--block", s.block, "CUDA threads per block")->capture_default_str();
  app.add_option("--vtu", s.vtu, "write the deformed mesh and displacements (VTK .vtu)");
  app.add_option("--png", s.png, "write a picture of the deformed surface (needs python3 + matplotlib)");
  app.add_option("--plot-script", s.plot_script, "the picture script")->capture_default_str();
  app.add_flag("--quiet", s.quiet, "no summary, no progress bar");
  app.add_flag("--bench", s.bench, "benchmark the layouts of --layouts instead of running the problem");
  app.add_flag("--profile", s.profile, "one element pass per layout of --layouts (for Nsight Compute)");
  app.add_option("--layouts", s.layouts, "layouts of --bench / --profile")->delimiter(',')->capture_default_str();
  app.add_option("--record-layouts", s.record_layouts,
                 "record layouts of --bench / --profile, space-separated (e.g. aos soa blocked:128 split:dN,nodes)");
  app.add_option("--reps", s.reps, "timed repetitions (median; at least 20)")->capture_default_str();
  app.add_option("--warmup", s.warmup, "untimed repetitions first")->capture_default_str();
  app.add_option("--csv", s.csv, "append the benchmark rows to this CSV file");
  auto* count = app.add_option("--count-accesses", s.count_accesses,
                               "run the element pass once with counted views and write the access counts (JSON)");
  app.add_option("--heatmap", s.heatmap, "with --count-accesses: draw the counts (PNG; needs python3 + matplotlib)")
      ->needs(count);
  app.add_option("--counts-script", s.counts_script, "the heatmap script")->capture_default_str();
  CLI11_PARSE(app, argc, argv);

  try {
    const runtime rt = make_runtime(s.backend);
    const tet_mesh mesh = load_mesh(s);
    boundary_conditions bc;
    parse_face(s.fixed_face, bc);
    bc.roller = s.supports == "roller";
    bc.stretch = s.stretch;
    bc.gravity = parse_triple(s.gravity, "--gravity");
    const tled_model model = build_model<float>(mesh, s.mat, bc, s.time);
    if (!s.count_accesses.empty()) return run_count(s, rt, model);
    if (s.bench || s.profile) {
      bench_settings b;
      b.layouts = s.layouts;
      b.record_layouts = s.record_layouts;
      b.reps = s.reps;
      b.warmup = s.warmup;
      b.block = s.block;
      if (s.profile) {
        run_profile(rt, model, b, 0);
        return 0;
      }
      const auto rows = run_benchmark(rt, model, b);
      print_bench(rows, rt.description());
      if (!s.csv.empty()) append_bench_csv(s.csv, rows, to_string(rt.kind()));
      return 0;
    }
    return run_problem(s, rt, mesh, model, bc);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "coalesce-fe: %s\n", e.what());
    return 1;
  }
}

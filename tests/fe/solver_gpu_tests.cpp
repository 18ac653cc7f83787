// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The time loop on the CUDA backend (fe.gpu.*): every layout (vector sets and element records) against
// AoS bit for bit, against the double-precision host reference after K steps, against the host
// backend, and the patch test.

#include "count_checks.hpp"
#include "fe_test_support.hpp"
#include "reference.hpp"
#include "solver.hpp"

#include <coalesce/coalesce.hpp>

#include <doctest/doctest.h>

using namespace coalesce;
using namespace coalesce::fe;
using namespace coalesce::fe::test;

namespace {

const runtime& gpu() {
  static const runtime rt{backend::cuda};
  return rt;
}

}  // namespace

TEST_SUITE("gpu") {
  TEST_CASE("fe.gpu.layouts_agree_with_aos") {
    // Each layout's kernel does the same float operations in the same order; only addresses differ.
    const stretch_problem p;
    const tled_model model = build_model<float>(p.mesh, p.mat, p.bc, p.time);
    const short_run reference = run_short(gpu(), model, aos());
    for (const char* text : {"soa", "soa:packed", "blocked:32", "blocked:48", "blocked:64", "blocked:128", "blocked:256"}) {
      INFO("layout " << text);
      CHECK(run_short(gpu(), model, parse_layout(text)) == reference);
    }
  }

  TEST_CASE("fe.gpu.count_accesses_exact") {
    // The counted element kernel on the device: exact counts (warp-aggregated atomics lose none).
    const stretch_problem p;
    const tled_model model = build_model<float>(p.mesh, p.mat, p.bc, p.time);
    for (const char* text : {"aos", "soa", "blocked:128"}) {
      INFO("layout " << text);
      check_element_pass_counts(model, [&] { return tled_solver(gpu(), model, parse_layout(text)); });
    }
    for (const char* text : {"aos", "split:dN,nodes:blocked:64"}) {
      INFO("records " << text);
      check_element_pass_counts(model, [&] { return tled_solver(gpu(), model, parse_record_layout(text)); });
    }
  }

  TEST_CASE("fe.gpu.records_agree_with_vectors") {
    const stretch_problem p;
    const tled_model model = build_model<float>(p.mesh, p.mat, p.bc, p.time);
    const short_run reference = run_short(gpu(), model, aos());
    for (const char* text : record_layout_texts) {
      INFO("records " << text);
      CHECK(run_short(gpu(), model, parse_record_layout(text)) == reference);
    }
  }

  TEST_CASE("fe.gpu.records_patch_and_reference") {
    const patch_problem patch;
    tled_solver solver(gpu(), patch.model(), record_split({"dN", "nodes"}, 128));
    solver.run(patch.steps, patch.ramp);
    CHECK(patch.interior_error(solver.displacements()) < 1e-5);

    const stretch_problem p;
    const reference_state ref = reference_run(build_model<double>(p.mesh, p.mat, p.bc, p.time), 300, 150);
    for (const char* text : {"aos", "soa", "blocked:128", "split:dN,nodes"}) {
      tled_solver records(gpu(), build_model<float>(p.mesh, p.mat, p.bc, p.time), parse_record_layout(text));
      records.run(300, 150);
      const double rel = relative_difference(records.displacements(), ref.u);
      INFO(text << ": GPU float records vs host double after 300 steps: " << rel);
      CHECK(rel < 1e-4);
    }
  }

  TEST_CASE("fe.gpu.matches_double_reference") {
    const stretch_problem p;
    const std::size_t steps = 300, ramp = 150;
    const reference_state ref = reference_run(build_model<double>(p.mesh, p.mat, p.bc, p.time), steps, ramp);
    const tled_model model = build_model<float>(p.mesh, p.mat, p.bc, p.time);
    for (const char* text : {"aos", "soa", "blocked:128"}) {
      tled_solver solver(gpu(), model, parse_layout(text));
      solver.run(steps, ramp);
      const double rel = relative_difference(solver.displacements(), ref.u);
      INFO(text << ": GPU float vs host double after " << steps << " steps: " << rel);
      CHECK(rel < 1e-4);
    }
  }

  TEST_CASE("fe.gpu.matches_host_backend") {
    // Not bit for bit: nvcc contracts a * b + c into FMAs, the host compiler (without -mfma) does not.
    const stretch_problem p;
    const tled_model model = build_model<float>(p.mesh, p.mat, p.bc, p.time);
    tled_solver device(gpu(), model, blocked(64));
    tled_solver host(runtime{backend::host}, model, blocked(64));
    device.run(100, 50);
    host.run(100, 50);
    CHECK(relative_difference(device.displacements(), host.displacements()) < 1e-5);
  }

  TEST_CASE("fe.gpu.patch_unstructured") {
    const patch_problem p;
    tled_solver solver(gpu(), p.model(), blocked(128));
    solver.run(p.steps, p.ramp);
    const double error = p.interior_error(solver.displacements());
    INFO("largest interior error relative to the largest displacement: " << error);
    CHECK(error < 1e-5);
  }
}

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The time loop on the host backend (fe.patch.*, fe.layouts.*, fe.reference.*, fe.uniaxial.*,
// fe.solver.*, fe.records.*): the patch test on an unstructured mesh, every layout (vector sets and
// element records) against AoS bit for bit, float against the double reference, and the small-strain
// reaction force against E A eps.

#include "count_checks.hpp"
#include "fe_test_support.hpp"
#include "reference.hpp"
#include "solver.hpp"

#include <coalesce/coalesce.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <string>

using namespace coalesce;
using namespace coalesce::fe;
using namespace coalesce::fe::test;

namespace {

const runtime& host() {
  static const runtime rt{backend::host};
  return rt;
}

}  // namespace

TEST_SUITE("unit") {
  TEST_CASE("fe.patch.unstructured_host") {
    const patch_problem p;
    tled_solver solver(host(), p.model(), aos());
    solver.run(p.steps, p.ramp);
    CHECK(p.interior_nodes() == 27);
    const double error = p.interior_error(solver.displacements());
    MESSAGE("patch test: largest interior error relative to the largest displacement " << error);
    CHECK(error < 1e-5);
  }

  TEST_CASE("fe.layouts.agree_with_aos_host") {
    // The same arithmetic in the same order in every layout: equal bit for bit.
    const stretch_problem p;
    const tled_model model = build_model<float>(p.mesh, p.mat, p.bc, p.time);
    const short_run reference = run_short(host(), model, aos());
    for (const char* text : {"soa", "soa:packed", "blocked:32", "blocked:48", "blocked:128", "blocked:256"}) {
      INFO("layout " << text);
      CHECK(run_short(host(), model, parse_layout(text)) == reference);
    }
  }

  TEST_CASE("fe.records.agree_with_vectors_host") {
    // The element record in every record layout: the same arithmetic as the vector sets, so the same bits.
    const stretch_problem p;
    const tled_model model = build_model<float>(p.mesh, p.mat, p.bc, p.time);
    const short_run reference = run_short(host(), model, aos());
    for (const char* text : record_layout_texts) {
      INFO("records " << text);
      CHECK(run_short(host(), model, parse_record_layout(text)) == reference);
    }
    CHECK(tled_solver(host(), model, record_soa()).records().has_value());
  }

  TEST_CASE("fe.count_accesses.exact_host") {
    const stretch_problem p;
    const tled_model model = build_model<float>(p.mesh, p.mat, p.bc, p.time);
    for (const char* text : {"aos", "soa", "blocked:48"}) {
      INFO("layout " << text);
      check_element_pass_counts(model, [&] { return tled_solver(host(), model, parse_layout(text)); });
    }
    for (const char* text : {"aos", "blocked:32", "split:dN,nodes"}) {
      INFO("records " << text);
      check_element_pass_counts(model, [&] { return tled_solver(host(), model, parse_record_layout(text)); });
    }
  }

  TEST_CASE("fe.records.patch_and_reference_host") {
    const patch_problem patch;
    tled_solver solver(host(), patch.model(), record_split({"dN", "nodes"}, 32));
    solver.run(patch.steps, patch.ramp);
    CHECK(patch.interior_error(solver.displacements()) < 1e-5);

    const stretch_problem p;
    tled_solver records(host(), build_model<float>(p.mesh, p.mat, p.bc, p.time), record_soa());
    records.run(300, 150);
    const reference_state ref = reference_run(build_model<double>(p.mesh, p.mat, p.bc, p.time), 300, 150);
    CHECK(relative_difference(records.displacements(), ref.u) < 1e-4);
  }

  TEST_CASE("fe.records.choose") {
    std::string why;
    const record_layout_spec chosen = choose_record_layout("auto", 10000, &why);
    CHECK(chosen.kind != record_kind::aos);  // a 76-byte stride is never the advisor's pick
    CHECK(why.find("predicted fastest") != std::string::npos);
    CHECK(choose_record_layout("split:dN,nodes:blocked:64", 10).hot.size() == 2);
    CHECK_THROWS_AS(choose_record_layout("rows", 10), coalesce::error);
    const stretch_problem p;
    CHECK_THROWS_AS(tled_solver(host(), build_model<float>(p.mesh, p.mat, p.bc, p.time), record_split({"dn"})),
                    coalesce::error);  // no field dn (names are case-sensitive)
  }

  TEST_CASE("fe.reference.host_float_matches_double") {
    const stretch_problem p;
    const std::size_t steps = 300, ramp = 150;
    const tled_model model = build_model<float>(p.mesh, p.mat, p.bc, p.time);
    tled_solver solver(host(), model, blocked(32));
    solver.run(steps, ramp);
    const reference_state ref = reference_run(build_model<double>(p.mesh, p.mat, p.bc, p.time), steps, ramp);
    const double rel = relative_difference(solver.displacements(), ref.u);
    MESSAGE("host float vs double after " << steps << " steps: " << rel);
    CHECK(rel < 1e-4);
  }

  TEST_CASE("fe.uniaxial.reaction_force") {
    // A bar L = 2 with cross-section 0.5 x 0.5, stretched by eps = 1e-3 on roller supports (uniaxial
    // stress): the reaction on the loaded face is E A eps at steady state.
    const tet_mesh mesh = generate_box(8, 2, 2, {2.0, 0.5, 0.5});
    material mat;
    mat.poisson = 0.3;
    boundary_conditions bc;
    bc.roller = true;
    bc.stretch = 1e-3;
    const tled_model model = build_model<float>(mesh, mat, bc, time_settings{});
    tled_solver solver(host(), model, blocked(64));
    solver.run(1500, 300);
    const auto reaction = loaded_face_reaction(model, solver.element_forces(), 0);
    const double expected = mat.young * 0.25 * 1e-3;
    MESSAGE("reaction " << reaction[0] << " N, E A eps = " << expected << " N");
    CHECK(std::abs(reaction[0] - expected) < 0.02 * expected);
    CHECK(std::abs(reaction[1]) < 0.02 * expected);
    CHECK(std::abs(reaction[2]) < 0.02 * expected);
  }

  TEST_CASE("fe.solver.options") {
    const stretch_problem p;
    const tled_model model = build_model<float>(p.mesh, p.mat, p.bc, p.time);
    CHECK_THROWS_AS(tled_solver(host(), model, aos(), 100), coalesce::error);
    CHECK_THROWS_AS(choose_layout("pitched", 10), coalesce::error);
    CHECK_THROWS_AS(choose_layout("blocked:0", 10), coalesce::error);
    CHECK_THROWS_AS(choose_layout("diagonal", 10), coalesce::error);
    std::string why;
    const layout_spec chosen = choose_layout("auto", model.elements, &why);
    CHECK(chosen.kind != layout_kind::row_major);  // AoS with m = 15 is never the advisor's pick
    CHECK(why.find("predicted fastest") != std::string::npos);  // ranked by the time model
    // A mesh of 2^24 elements: the analysis does not grow with n, and AoS loses L1's re-reads.
    CHECK(choose_layout("auto", std::size_t(1) << 24, &why).kind != layout_kind::row_major);
    CHECK(why.find("the slowest is aos") != std::string::npos);
    material bad;
    bad.poisson = 0.5;
    CHECK_THROWS_AS(build_model<float>(p.mesh, bad, p.bc, p.time), coalesce::error);
  }
}

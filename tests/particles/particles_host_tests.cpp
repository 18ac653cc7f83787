// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The particle app on the host backend (particles.reference.*, particles.host.*, particles.settings.*):
// the reference's cell list against all pairs, every record layout against the double reference and
// against AoS bit for bit, the energy drift, and bad settings.

#include "particles_test_support.hpp"

#include <coalesce/coalesce.hpp>

#include <doctest/doctest.h>

#include <cmath>

using namespace coalesce;
using namespace coalesce::particles;
using namespace coalesce::particles::test;

namespace {

const runtime& host() {
  static const runtime rt{backend::host};
  return rt;
}

}  // namespace

TEST_SUITE("unit") {
  TEST_CASE("particles.reference.cell_list_matches_all_pairs") {
    const small_system sys(500);
    REQUIRE(sys.box.cells == 3);
    reference_state cells = reference_start(sys.initial, sys.box), pairs = cells;
    const double e_cells = reference_forces(cells, sys.box), e_pairs = reference_forces_all_pairs(pairs, sys.box);
    CHECK(std::abs(e_cells - e_pairs) <= 1e-10 * std::abs(e_pairs));
    double worst = 0, scale = 0;
    for (std::size_t i = 0; i < cells.f.size(); ++i)
      for (std::size_t c = 0; c < 3; ++c) {
        worst = std::max(worst, std::abs(cells.f[i][c] - pairs.f[i][c]));
        scale = std::max(scale, std::abs(pairs.f[i][c]));
      }
    CHECK(worst <= 1e-12 * scale);
  }

  TEST_CASE("particles.host.layouts_match_reference") {
    const small_system sys(500);
    const std::size_t steps = 20;
    const reference_state ref = sys.reference(steps);
    particle_system first(host(), sys.initial, sys.box, sys.settings.dt, record_aos());
    first.run(steps);
    const std::vector<particle> aos = first.particles();
    for (const char* text : layout_texts) {
      INFO("layout " << text);
      particle_system system(host(), sys.initial, sys.box, sys.settings.dt, parse_record_layout(text));
      system.run(steps);
      const std::vector<particle> got = system.particles();
      CHECK(largest_position_error(got, ref, sys.box) <= 1e-10);
      CHECK(same_positions(got, aos));  // the same pairs in the same order: the same bits
      CHECK(carried_intact(got, sys.initial));
    }
  }

  TEST_CASE("particles.host.energy_drift") {
    const small_system sys(500);
    particle_system system(host(), sys.initial, sys.box, sys.settings.dt, record_split({"x", "v"}));
    const double e0 = total_energy(sys.initial, sys.box);
    system.run(200);
    const double drift = (total_energy(system.particles(), sys.box) - e0) / std::abs(e0);
    MESSAGE("energy drift over 200 steps: " << drift);
    CHECK(std::abs(drift) < 1e-3);
  }

  TEST_CASE("particles.settings.errors") {
    const md_settings s;
    CHECK_THROWS_AS(make_box(100, s), coalesce::error);  // under three cutoffs wide
    md_settings bad;
    bad.dt = 0;
    CHECK_THROWS_AS(make_box(1000, bad), coalesce::error);
    const small_system sys(400);
    CHECK_THROWS_AS(particle_system(host(), sys.initial, sys.box, s.dt, record_aos(), 100), coalesce::error);
    CHECK_THROWS_AS(particle_system(host(), sys.initial, sys.box, s.dt, record_split({"position"})), coalesce::error);
    CHECK_THROWS_AS(particle_system(host(), {}, sys.box, s.dt, record_aos()), coalesce::error);
    CHECK_THROWS_AS(parse_record_layout("blocked:0"), coalesce::error);
  }
}

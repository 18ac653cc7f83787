// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The particle app on the CUDA backend (particles.gpu.*): every record layout against the double host
// reference and against AoS bit for bit, against the host backend, and the energy drift.

#include "particles_test_support.hpp"

#include <coalesce/coalesce.hpp>

#include <doctest/doctest.h>

#include <cmath>

using namespace coalesce;
using namespace coalesce::particles;
using namespace coalesce::particles::test;

namespace {

const runtime& gpu() {
  static const runtime rt{backend::cuda};
  return rt;
}

}  // namespace

TEST_SUITE("gpu") {
  TEST_CASE("particles.gpu.layouts_match_reference") {
    // FMA contraction makes the GPU differ from the host in the last bits; 30 steps keep that far below 1e-9.
    const small_system sys(4000);
    const std::size_t steps = 30;
    const reference_state ref = sys.reference(steps);
    particle_system first(gpu(), sys.initial, sys.box, sys.settings.dt, record_aos());
    first.run(steps);
    const std::vector<particle> aos = first.particles();
    for (const char* text : layout_texts) {
      INFO("layout " << text);
      particle_system system(gpu(), sys.initial, sys.box, sys.settings.dt, parse_record_layout(text));
      system.run(steps);
      const std::vector<particle> got = system.particles();
      const double error = largest_position_error(got, ref, sys.box);
      INFO("largest position error " << error);
      CHECK(error <= 1e-9);
      CHECK(same_positions(got, aos));
      CHECK(carried_intact(got, sys.initial));
    }
  }

  TEST_CASE("particles.gpu.matches_host_backend") {
    const small_system sys(2000);
    particle_system device(gpu(), sys.initial, sys.box, sys.settings.dt, record_blocked(128));
    particle_system host(runtime{backend::host}, sys.initial, sys.box, sys.settings.dt, record_blocked(128));
    device.run(30);
    host.run(30);
    const reference_state h = reference_start(host.particles(), sys.box);
    CHECK(largest_position_error(device.particles(), h, sys.box) <= 1e-9);
  }

  TEST_CASE("particles.gpu.energy_drift") {
    const small_system sys(4000);
    particle_system system(gpu(), sys.initial, sys.box, sys.settings.dt, record_split({"x", "v"}, 128));
    const double e0 = total_energy(sys.initial, sys.box);
    system.run(200);
    const double drift = (total_energy(system.particles(), sys.box) - e0) / std::abs(e0);
    MESSAGE("energy drift over 200 steps: " << drift);
    CHECK(std::abs(drift) < 1e-3);
  }
}

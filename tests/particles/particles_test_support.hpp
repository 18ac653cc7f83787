// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Small systems shared by the host and GPU tests of the particle app.

#include "particle.hpp"
#include "reference.hpp"
#include "system.hpp"

#include <cstddef>
#include <vector>

namespace coalesce::particles::test {

// Every record layout kind, a static and a dynamic bd, split with soa and with blocked hot fields.
inline constexpr const char* layout_texts[] = {"aos",        "packed",    "soa",        "blocked:32",
                                               "blocked:48", "blocked:256", "split:x,v", "split:x,v:blocked:64"};

struct small_system {
  md_settings settings;
  md_box box;
  std::vector<particle> initial;
  explicit small_system(std::size_t n) : box(make_box(n, settings)), initial(initial_particles(n, box, settings)) {}
  reference_state reference(std::size_t steps) const {
    reference_state s = reference_start(initial, box);
    reference_run(s, box, settings.dt, steps);
    return s;
  }
};

inline bool same_positions(const std::vector<particle>& a, const std::vector<particle>& b) {
  for (std::size_t i = 0; i < a.size(); ++i)
    for (int c = 0; c < 3; ++c)
      if (a[i].x[c] != b[i].x[c] || a[i].v[c] != b[i].v[c]) return false;
  return true;
}

inline bool carried_intact(const std::vector<particle>& got, const std::vector<particle>& initial) {
  for (std::size_t i = 0; i < got.size(); ++i)
    if (got[i].id != initial[i].id || got[i].species != initial[i].species || got[i].mass != initial[i].mass)
      return false;
  return true;
}

}  // namespace coalesce::particles::test

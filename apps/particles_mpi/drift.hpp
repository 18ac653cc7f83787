// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The motion of coalesce-particles-mpi: each particle alone in a periodic box under a standing-wave
// force (no pairs, so every partition gives the same trajectories and a one-rank run is the
// reference), strong enough that particles cross the slabs back and forth. One formula for the host
// loop and the CUDA kernel.

#include <coalesce/core/config.hpp>
#include <coalesce/record/array.hpp>
#include <coalesce/runtime/runtime.hpp>

#include <cmath>

namespace coalesce::particles_mpi {

// Kick and drift one particle: v += dt a(x), x += dt v, wrapped into [0, L).
COALESCE_HD inline void drift_one(double* x, double* v, double dt, double length) {
  for (int c = 0; c < 3; ++c) {
    const double a = -2.0 * sin(6.283185307179586 * x[c] / length);
    v[c] += dt * a;
    x[c] += dt * v[c];
    if (x[c] < 0) x[c] += length;
    if (x[c] >= length) x[c] -= length;
  }
}

// One step for every particle of a record array of particle_record() (any record layout).
template <class View>
COALESCE_HD inline void drift_at(const View& x, const View& v, std::size_t p, double dt, double length) {
  double px[3], pv[3];
  for (int c = 0; c < 3; ++c) {
    px[c] = x(p, c);
    pv[c] = v(p, c);
  }
  drift_one(px, pv, dt, length);
  for (int c = 0; c < 3; ++c) {
    x(p, c) = px[c];
    v(p, c) = pv[c];
  }
}

// On the array's backend (the CUDA kernel waits before returning).
void drift(const runtime& rt, record_array& particles, double dt, double length);
void drift_device(record_array& particles, double dt, double length);

}  // namespace coalesce::particles_mpi

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// coalesce-kokkos-fe [elements]: the TLED element loop and the per-component force sums as Kokkos
// loops on the default execution space, for each layout, checked against the plain host loop: bit for
// bit on a host execution space, within tolerances on a GPU. Exit 1 when a check fails.
#include "fe_problem.hpp"

#include <Kokkos_Core.hpp>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

using namespace coalesce;

int main(int argc, char** argv) {
  Kokkos::ScopeGuard kokkos(argc, argv);
  const std::size_t elements = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 200000;
  if (elements == 0) {
    std::fprintf(stderr, "usage: coalesce-kokkos-fe [elements > 0]\n");
    return 2;
  }
  using exec = Kokkos::DefaultExecutionSpace;
  const runtime rt = kokkos::can_access<exec>(memory_space::device) ? runtime{} : runtime{backend::host};
  std::printf("Kokkos %s, coalesce %s, %zu elements\n", exec::name(), rt.description().c_str(), elements);

  const kokkos_fe::fe_problem p = kokkos_fe::random_problem(elements, elements / 5 + 4, 2026);
  const std::vector<float> reference = kokkos_fe::host_element_loop(p);
  std::vector<double> reference_sums(kokkos_fe::force_m, 0.0), magnitudes(kokkos_fe::force_m, 0.0);
  for (std::size_t e = 0; e < elements; ++e)
    for (std::size_t k = 0; k < kokkos_fe::force_m; ++k) {
      reference_sums[k] += reference[e * kokkos_fe::force_m + k];
      magnitudes[k] += std::fabs(reference[e * kokkos_fe::force_m + k]);
    }

  // Off the host, FMA contraction moves an element's forces by ~1e-5 of the largest (float, strains
  // ~1e-2). The float sums differ from the double reference on every backend, by ~sqrt(n) roundings
  // (~1e-5 of sum |f| for a sequential sum of 2e5). A wrong index or a lost element moves either by ~1.
  constexpr double element_tolerance = 1e-3, sum_tolerance = 1e-3;
  constexpr bool host_space = Kokkos::SpaceAccessibility<exec, Kokkos::HostSpace>::accessible;
  int status = 0;
  for (const layout_spec spec : {aos(), soa(), blocked(128)}) {
    const array<float> element = rt.upload(host_vectors(p.element.data(), p.elements, kokkos_fe::element_m), spec);
    const array<int> connectivity =
        rt.upload(host_vectors(p.connectivity.data(), p.elements, kokkos_fe::connectivity_m), spec);
    const array<float> u = rt.upload(host_vectors(p.u.data(), p.nodes, kokkos_fe::node_m), spec);
    array<float> force = rt.allocate<float>(p.elements, kokkos_fe::force_m, spec);

    kokkos_fe::element_loop<exec>(element, connectivity, u, force);  // warm-up
    const auto start = std::chrono::steady_clock::now();
    kokkos_fe::element_loop<exec>(element, connectivity, u, force);
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();

    std::vector<float> out(reference.size());
    rt.download(force, host_vectors(out.data(), p.elements, kokkos_fe::force_m));
    std::size_t equal = 0;
    for (std::size_t k = 0; k < out.size(); ++k) equal += out[k] == reference[k];
    const double worst = kokkos_fe::worst_element_difference(out, reference);
    const std::vector<float> sums = kokkos_fe::component_sum<exec>(force);
    double worst_sum = 0;
    for (std::size_t k = 0; k < sums.size(); ++k)
      worst_sum = std::fmax(worst_sum, std::fabs(sums[k] - reference_sums[k]) / magnitudes[k]);
    std::printf("%-12s element loop %8.3f ms  equal to host loop %zu / %zu (worst element %.2e)  "
                "force sums |err| / sum |f| <= %.2e\n",
                to_string(spec).c_str(), ms, equal, out.size(), worst, worst_sum);
    // A host execution space runs the host loop's code with the host compiler: bit for bit. A GPU
    // contracts into FMAs, so there the elements' forces agree within a tolerance.
    const bool forces_ok = host_space ? equal == out.size() : worst <= element_tolerance;
    if (!forces_ok || worst_sum > sum_tolerance) {
      std::printf("%-12s FAILED: %s\n", to_string(spec).c_str(),
                  !forces_ok ? (host_space ? "forces not bit for bit equal on a host execution space"
                                           : "forces outside the tolerance")
                             : "sums outside the tolerance");
      status = 1;
    }
  }
  return status;
}

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// A downstream MPI program: one rank's halo with no exports.
#include <coalesce/mpi/mpi.hpp>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  {
    const coalesce::runtime rt{coalesce::backend::host};
    const coalesce::mpi::halo h(rt, MPI_COMM_SELF, 4, {}, {});
    coalesce::array<float> a = rt.allocate<float>(h.size(), 3, coalesce::soa());
    h.gather(a);
  }
  MPI_Finalize();
  return 0;
}

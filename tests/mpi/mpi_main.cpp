// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The main of MPI test executables: every rank runs every test case (they are collective), rank 0
// reports, the others print only failures, and every rank exits with the worst result.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <mpi.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, result = 0, worst = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  {
    doctest::Context context(argc, argv);
    if (rank > 0) context.setOption("minimal", true);
    result = context.run();
  }
  MPI_Allreduce(&result, &worst, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  MPI_Finalize();
  return worst;
}

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include "agree.hpp"

#include <vector>

namespace coalesce::mpi::detail {

void check_mpi(int rc, const std::string& call, const char* what) {
  if (rc == MPI_SUCCESS) return;
  char text[MPI_MAX_ERROR_STRING];
  int length = 0;
  if (MPI_Error_string(rc, text, &length) != MPI_SUCCESS) length = 0;
  fail(errc::mpi, call, std::string(what) + " failed: " + std::string(text, std::size_t(length)));
}

void agree(MPI_Comm comm, const local_outcome& outcome, const std::string& call) {
  int rank = 0, size = 0;
  check_mpi(MPI_Comm_rank(comm, &rank), call, "MPI_Comm_rank");
  check_mpi(MPI_Comm_size(comm, &size), call, "MPI_Comm_size");
  int first = outcome.failure ? rank : size;
  check_mpi(MPI_Allreduce(MPI_IN_PLACE, &first, 1, MPI_INT, MPI_MIN, comm), call, "MPI_Allreduce (error agreement)");
  if (first == size) return;
  // The lowest failing rank tells the others what went wrong (only on this path: no cost otherwise).
  int head[2] = {int(outcome.code), int(outcome.what.size())};
  check_mpi(MPI_Bcast(head, 2, MPI_INT, first, comm), call, "MPI_Bcast (error code)");
  std::vector<char> text(outcome.what.begin(), outcome.what.end());
  text.resize(std::size_t(head[1]));
  check_mpi(MPI_Bcast(text.data(), head[1], MPI_CHAR, first, comm), call, "MPI_Bcast (error message)");
  if (outcome.failure) std::rethrow_exception(outcome.failure);
  throw error(errc(head[0]), call, "rank " + std::to_string(first) + " failed: " + std::string(text.begin(), text.end()));
}

}  // namespace coalesce::mpi::detail

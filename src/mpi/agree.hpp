// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Errors every rank agrees on: a bad input on one rank must not leave its peers waiting in a
// receive, so the checks of a collective call run first and their outcome is shared.

#include <coalesce/core/error.hpp>

#include <mpi.h>

#include <exception>
#include <string>

namespace coalesce::mpi::detail {

// Throws an errc::mpi error naming the MPI call and MPI's error string when rc is not MPI_SUCCESS.
void check_mpi(int rc, const std::string& call, const char* what);

// The outcome of a rank's local checks: empty, or the error they threw.
struct local_outcome {
  std::exception_ptr failure;
  errc code = errc::invalid_argument;
  std::string what;
};

template <class F>
local_outcome run_locally(F&& checks) {
  local_outcome out;
  try {
    checks();
  } catch (const error& e) {
    out = {std::current_exception(), e.code(), e.what()};
  } catch (const std::bad_alloc&) {
    out = {std::current_exception(), errc::out_of_memory, "out of host memory"};
  }
  return out;
}

// Collective over comm: if any rank's outcome failed, every rank throws. The failing rank rethrows its
// own error; the others throw the lowest failing rank's code, with its message.
void agree(MPI_Comm comm, const local_outcome& outcome, const std::string& call);

// run_locally + agree, or just the checks when agreement is off.
template <class F>
void checked(MPI_Comm comm, bool collectively, const std::string& call, F&& checks) {
  if (!collectively) return checks();
  agree(comm, run_locally(checks), call);
}

}  // namespace coalesce::mpi::detail

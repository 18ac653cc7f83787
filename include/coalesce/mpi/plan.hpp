// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// What every exchange plan shares: the transport between the layouts and MPI, the options, and the
// runtime of one rank (device = local rank modulo the device count, the rule for one GPU per rank
// and for several ranks sharing one GPU).

#include <coalesce/runtime/runtime.hpp>

#include <mpi.h>

#include <memory>
#include <string>

namespace coalesce::mpi {

enum class transport {
  automatic,   // cuda_aware when the runtime is CUDA and every rank's MPI reports CUDA support, else staged
  staged,      // through pinned host buffers: works with any MPI (the default outcome on Debian's Open MPI)
  cuda_aware,  // device buffers straight to MPI; an error if the MPI reports that it is not CUDA-aware
  host,        // the host backend: wire buffers in host memory (what automatic picks there)
};

const char* to_string(transport t) noexcept;

struct plan_options {
  transport via = transport::automatic;
  // Agree on errors before communicating (one MPI_Allreduce per call): a bad input on one rank then
  // throws on every rank instead of leaving the others waiting. Off saves that latency, and a
  // rank's bad input may then leave its peers blocked.
  bool agree_on_errors = true;
};

// MPIX_Query_cuda_support() where the MPI has it (Open MPI), else -1 (unknown).
int cuda_support_reported() noexcept;

// A runtime for this rank: CUDA device (local rank mod device count) if there is one, else the host backend.
runtime local_runtime(MPI_Comm comm);
runtime local_runtime(MPI_Comm comm, backend which);

namespace detail {
class engine;
}

}  // namespace coalesce::mpi

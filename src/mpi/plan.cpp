// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include <coalesce/mpi/plan.hpp>

#include "../device_api.hpp"  // device_count
#include "agree.hpp"

#if defined(OPEN_MPI) && OPEN_MPI
#include <mpi-ext.h>
#endif

namespace coalesce::mpi {

const char* to_string(transport t) noexcept {
  switch (t) {
    case transport::automatic: return "automatic";
    case transport::staged: return "staged";
    case transport::cuda_aware: return "cuda_aware";
    case transport::host: return "host";
  }
  return "unknown";
}

int cuda_support_reported() noexcept {
#if defined(OMPI_HAVE_MPI_EXT_CUDA) && OMPI_HAVE_MPI_EXT_CUDA
  return MPIX_Query_cuda_support();
#else
  return -1;
#endif
}

runtime local_runtime(MPI_Comm comm) {
  return local_runtime(comm, coalesce::detail::device_count() > 0 ? backend::cuda : backend::host);
}

runtime local_runtime(MPI_Comm comm, backend which) {
  if (which == backend::host) return runtime(backend::host);
  MPI_Comm node = MPI_COMM_NULL;
  detail::check_mpi(MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node), "local_runtime",
                    "MPI_Comm_split_type");
  int local = 0;
  MPI_Comm_rank(node, &local);
  MPI_Comm_free(&node);
  const int count = coalesce::detail::device_count();
  return runtime(backend::cuda, count > 0 ? local % count : 0);  // count 0: runtime throws no_device
}

}  // namespace coalesce::mpi

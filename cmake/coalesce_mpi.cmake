# SPDX-FileCopyrightText: 2026 coalesce authors
# SPDX-License-Identifier: Apache-2.0
# MPI, optional: found quietly, recorded in COALESCE_WITH_MPI (the configure summary and the package
# config say whether coalesce::mpi was built). The single-GPU library never depends on it.
option(COALESCE_ENABLE_MPI "Distributed vector sets over MPI (coalesce::mpi), when MPI is found" ON)
set(COALESCE_WITH_MPI OFF)
if(COALESCE_ENABLE_MPI)
  find_package(MPI QUIET COMPONENTS CXX)
  if(MPI_CXX_FOUND)
    set(COALESCE_WITH_MPI ON)
  endif()
endif()

# coalesce_add_mpi_test(<name> <np> <command...>): mpirun -np <np> <command>, labelled mpi, with a
# timeout so a deadlock fails instead of hanging. Runs as root (CI containers) and oversubscribed
# (more ranks than cores, one OpenMP thread each), over shared memory only.
function(coalesce_add_mpi_test name np)
  add_test(NAME ${name} COMMAND ${MPIEXEC_EXECUTABLE} ${MPIEXEC_NUMPROC_FLAG} ${np} --oversubscribe --bind-to none
                                ${MPIEXEC_PREFLAGS} ${ARGN} ${MPIEXEC_POSTFLAGS})
  set_tests_properties(${name} PROPERTIES LABELS mpi TIMEOUT 120 PROCESSORS ${np}
    ENVIRONMENT "OMP_NUM_THREADS=1;OMPI_ALLOW_RUN_AS_ROOT=1;OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1;OMPI_MCA_btl=self,vader;OMPI_MCA_btl_vader_single_copy_mechanism=none;OMPI_MCA_rmaps_base_oversubscribe=1")
endfunction()

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Distributed vector sets over MPI (target coalesce::mpi): halo exchange and migration straight from
// coalesced layouts, through pack/unpack (<coalesce/runtime/pack.hpp>).

#include <coalesce/mpi/distributor.hpp>
#include <coalesce/mpi/halo.hpp>
#include <coalesce/mpi/plan.hpp>

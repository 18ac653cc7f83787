// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Kokkos interop (link coalesce::kokkos): coalesce arrays as unmanaged Kokkos Views of the standard
// layouts (export.hpp), users' Views as coalesce sources and destinations (user_views.hpp), and coalesce
// views inside Kokkos loops (policy.hpp), KOKKOS_LAMBDA loops over arrays of any layout (lambda.hpp).
// Written against what Kokkos 3.4 and 4.x share.

#include <coalesce/interop/kokkos/export.hpp>
#include <coalesce/interop/kokkos/lambda.hpp>
#include <coalesce/interop/kokkos/policy.hpp>
#include <coalesce/interop/kokkos/spaces.hpp>
#include <coalesce/interop/kokkos/user_views.hpp>

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// coalesce-fe --count-accesses: the element pass once with counted views, on the solver's backend
// (CUDA or host), and what it counted per array and component (element data or element records,
// connectivity, u, force), ready for JSON and coalesce-advise --counts.

#include "solver.hpp"

#include <coalesce/analysis/access_counts.hpp>

namespace coalesce::fe {

// `block`: CUDA threads per block (as the solver's). The pass writes the forces the plain pass writes.
analysis::access_counts count_element_pass(tled_solver& solver, unsigned block);

}  // namespace coalesce::fe

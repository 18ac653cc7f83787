// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// run_device of a build without CUDA: no device cases.
#include "bench_result.hpp"

namespace coalesce::bench {
std::vector<result> run_device(const options&) { return {}; }
}  // namespace coalesce::bench

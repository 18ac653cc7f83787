// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// gpu_available() of a build without CUDA.
#include "common/timing.hpp"

namespace coalesce::bench {
bool gpu_available() { return false; }
}  // namespace coalesce::bench

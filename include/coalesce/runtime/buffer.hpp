// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// coalesce::buffer lives in <coalesce/core/buffer.hpp> (below both the runtime and the record arrays);
// this header keeps the include path users already have.
#include <coalesce/core/buffer.hpp>

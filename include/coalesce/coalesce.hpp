// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Everything of the host API: descriptors, layouts, views, arrays and the runtime.

#include <coalesce/build_config.hpp>
#include <coalesce/core/descriptor.hpp>
#include <coalesce/core/error.hpp>
#include <coalesce/layout.hpp>
#include <coalesce/layout/spec.hpp>
#include <coalesce/runtime/array.hpp>
#include <coalesce/runtime/runtime.hpp>
#include <coalesce/view/view.hpp>

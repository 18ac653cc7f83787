// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Every layout mapping, and how they print themselves.

#include <coalesce/layout/blocked.hpp>
#include <coalesce/layout/col_major.hpp>
#include <coalesce/layout/print.hpp>
#include <coalesce/layout/row_major.hpp>

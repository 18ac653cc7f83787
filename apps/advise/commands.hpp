// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The subcommands of coalesce-advise: each registers its options and runs when chosen.

#include <CLI/CLI.hpp>

#include <functional>
#include <iosfwd>

namespace advise {

// Adds the subcommand to app; the returned function runs it (after parsing) and writes to out.
using runner = std::function<void(std::ostream& out)>;
runner add_pattern_command(CLI::App& app);
runner add_banks_command(CLI::App& app);
runner add_layout_command(CLI::App& app);
runner add_record_command(CLI::App& app);
runner add_validate_command(CLI::App& app);
runner add_route_command(CLI::App& app);

}  // namespace advise

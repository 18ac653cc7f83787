// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Helpers shared by the subcommands: number formatting, component lists, files.

#include <cstddef>
#include <string>
#include <vector>

namespace advise {

// "%.2f"
std::string fixed(double x, int digits = 2);
// "0,1,2" / "all" / "none" into component indices below m; throws coalesce::error naming the bad text.
std::vector<std::size_t> parse_components(const std::string& text, std::size_t m, const char* option);
// Writes text to path; throws coalesce::error naming the path when it cannot.
void write_file(const std::string& path, const std::string& text);

}  // namespace advise

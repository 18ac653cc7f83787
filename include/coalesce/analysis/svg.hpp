// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Pictures of an analysed pattern as standalone SVG documents.

#include <coalesce/analysis/access_pattern.hpp>
#include <coalesce/analysis/global_model.hpp>

#include <string>

namespace coalesce::analysis {

// Lanes as rows, one coloured column per transaction (sector, line or segment) in issue order, each
// lane's bytes filled in the column that carries them, bytes moved but not used hatched; the title
// and a summary line with the counts above and below.
std::string pattern_svg(const access_pattern& p, const global_report& r, const std::string& title);

}  // namespace coalesce::analysis

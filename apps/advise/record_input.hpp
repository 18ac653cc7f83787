// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// A record described in JSON, as coalesce-advise record and route take it:
//   {"name": "particle", "stride": 64,
//    "fields": [{"name": "x", "offset": 0, "width": 8, "count": 3}, ...]}
// (count defaults to 1).

#include <coalesce/record/record.hpp>

#include <string>

namespace advise {

// The record of a JSON file, and its name in `name`; throws coalesce::error naming the file and the bad key.
coalesce::record_desc read_record(const std::string& path, std::string& name);

}  // namespace advise

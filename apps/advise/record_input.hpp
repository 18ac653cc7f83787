// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// A record described in JSON, as coalesce-advise record and route take it:
//   {"name": "particle", "stride": 64,
//    "fields": [{"name": "x", "offset": 0, "width": 8, "count": 3}, ...]}
// (count defaults to 1).

#include <coalesce/record/record.hpp>

#include <nlohmann/json_fwd.hpp>

#include <string>

namespace advise {

// The record of a JSON file, and its name in `name`; throws coalesce::error naming the file and the bad key.
coalesce::record_desc read_record(const std::string& path, std::string& name);
// The same from a JSON object (a file's, or one inside another file), `where` naming it in errors
// ("'measured.json' kernel 3 record") and `option` the option that gave it; `name` is set where the
// object has one.
coalesce::record_desc record_from_json(const nlohmann::json& j, const char* option, const std::string& where,
                                       std::string& name);

}  // namespace advise

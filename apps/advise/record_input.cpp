// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include "record_input.hpp"
#include "json_file.hpp"

#include <coalesce/core/error.hpp>

#include <nlohmann/json.hpp>

#include <utility>
#include <vector>

namespace advise {
namespace {

using coalesce::errc;
using coalesce::fail;

std::size_t number(const nlohmann::json& j, const char* key, const char* option, const std::string& where,
                   std::size_t fallback, bool needed) {
  if (!j.contains(key)) {
    if (needed) fail(errc::invalid_argument, option, where + " has no \"" + std::string(key) + "\"");
    return fallback;
  }
  if (!j[key].is_number_unsigned())
    fail(errc::invalid_argument, option, where + ": \"" + key + "\" is not a non-negative integer");
  return j[key].get<std::size_t>();
}

}  // namespace

coalesce::record_desc record_from_json(const nlohmann::json& j, const char* option, const std::string& where,
                                       std::string& name) {
  if (!j.is_object() || !j.contains("fields") || !j["fields"].is_array())
    fail(errc::invalid_argument, option, where + " has no \"fields\" list");
  if (j.contains("name") && j["name"].is_string()) name = j["name"].get<std::string>();
  std::vector<coalesce::field_desc> fields;
  for (std::size_t k = 0; k < j["fields"].size(); ++k) {
    const nlohmann::json& f = j["fields"][k];
    const std::string field = where + " field " + std::to_string(k);
    if (!f.is_object() || !f.contains("name") || !f["name"].is_string())
      fail(errc::invalid_argument, option, field + " has no \"name\"");
    fields.push_back({f["name"].get<std::string>(), number(f, "offset", option, field, 0, true),
                      number(f, "width", option, field, 0, true), number(f, "count", option, field, 1, false)});
  }
  return coalesce::record_desc(std::move(fields), number(j, "stride", option, where, 0, true));
}

coalesce::record_desc read_record(const std::string& path, std::string& name) {
  name = path;  // unless the file names the record
  return record_from_json(read_json_file(path, "--record"), "--record", "'" + path + "'", name);
}

}  // namespace advise

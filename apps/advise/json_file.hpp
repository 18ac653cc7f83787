// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// A JSON input file of coalesce-advise: read whole, or coalesce::error naming the option and the file.

#include <coalesce/core/error.hpp>

#include <nlohmann/json.hpp>

#include <fstream>
#include <string>

namespace advise {

inline nlohmann::json read_json_file(const std::string& path, const char* option) {
  std::ifstream in(path);
  if (!in) coalesce::fail(coalesce::errc::invalid_argument, option, "cannot read '" + path + "'");
  try {
    nlohmann::json j;
    in >> j;
    return j;
  } catch (const nlohmann::json::exception& e) {
    coalesce::fail(coalesce::errc::invalid_argument, option, "'" + path + "' is not JSON: " + e.what());
  }
}

}  // namespace advise

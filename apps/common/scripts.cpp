// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include "common/scripts.hpp"

#include <cstdlib>
#include <filesystem>
#include <system_error>

namespace coalesce::apps {

namespace fs = std::filesystem;

std::string script_path(const std::string& name, const program_dirs& dirs) {
  std::error_code ec;
  const fs::path exe_dir = fs::read_symlink("/proc/self/exe", ec).parent_path();
  const fs::path installed = (exe_dir / dirs.scripts_from_bin / name).lexically_normal();
  if (!ec && fs::exists(installed, ec)) return installed.string();
  // The build tree has no share/: there the sources are the scripts (and stay editable).
  if (!ec && fs::equivalent(exe_dir, dirs.build_tree, ec)) return (fs::path(dirs.source_tree) / name).string();
  return installed.string();
}

std::string run_script(const std::string& script, const std::vector<std::string>& args) {
  std::error_code ec;
  if (!fs::exists(script, ec)) return "no plot: the script " + script + " is not there";
  // The paths are ours or the user's own command-line values; quote them for the shell.
  const auto quote = [](const std::string& s) {
    std::string q = "'";
    for (char ch : s) q += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
    return q + "'";
  };
  // COALESCE_PLOT_QUIET: the script leaves the "no matplotlib" line to us.
  std::string command = "COALESCE_PLOT_QUIET=1 python3 " + quote(script);
  for (const std::string& a : args) command += " " + quote(a);
  const int status = std::system(command.c_str());
  if (status == 0) return "";
  const int code = status > 255 ? status >> 8 : status;
  if (code == 3) return "no plot: matplotlib is not installed (Debian: python3-matplotlib)";
  if (code == 127) return "no plot: python3 is not installed";
  return "no plot: '" + command + "' exited with " + std::to_string(code);
}

}  // namespace coalesce::apps

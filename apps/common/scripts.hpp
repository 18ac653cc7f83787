// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The Python scripts that programs run (plots): where they are, and running one so that a missing
// python3 or matplotlib is a line of output, not a failed run.

#include <string>
#include <vector>

namespace coalesce::apps {

// A program's directories, from the definitions coalesce_install_program gives its target.
struct program_dirs {
  std::string build_tree;        // where the program is built
  std::string source_tree;       // where its scripts are in the sources
  std::string scripts_from_bin;  // the installed scripts, relative to bin/ ("../share/coalesce")
};

#ifdef COALESCE_BUILD_TREE_DIR
inline program_dirs this_program() {
  return {COALESCE_BUILD_TREE_DIR, COALESCE_SOURCE_TREE_DIR, COALESCE_SCRIPTS_FROM_BIN};
}
#endif

// The script installed beside the running executable (/proc/self/exe/../<scripts_from_bin>/<name>),
// else the source tree's copy when the executable runs where it was built; else the installed path,
// which does not exist (run_script then says so).
std::string script_path(const std::string& name, const program_dirs& dirs);

// python3 <script> <args...>: "" on success, else one line saying why not. Scripts exit with 3 when
// matplotlib is missing (quietly: COALESCE_PLOT_QUIET is set); the shell gives 127 when python3 is.
std::string run_script(const std::string& script, const std::vector<std::string>& args);

}  // namespace coalesce::apps

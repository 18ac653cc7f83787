// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// coalesce-advise: predicts what a warp's memory access costs on any GPU generation, counts shared
// memory bank conflicts, ranks data layouts (vector sets and records) for a kernel by predicted time,
// and checks the time model against measured times. Exit codes:
// 0 success, 2 bad input to the analyzer (a coalesce::error), CLI11's codes for bad command lines.
#include "commands.hpp"

#include <coalesce/analysis/expression.hpp>
#include <coalesce/core/error.hpp>

#include <iostream>

namespace {

// Points at the column of a bad expression under the text.
void show_column(const coalesce::analysis::expression_error& e, const std::string& text) {
  if (text.empty() || e.column() == 0 || e.column() > text.size() + 1) return;
  std::cerr << "  " << text << "\n  " << std::string(e.column() - 1, ' ') << "^\n";
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"coalesce-advise: coalescing, bank-conflict and layout analysis for CUDA memory accesses"};
  app.require_subcommand(1);
  const advise::runner pattern = advise::add_pattern_command(app);
  const advise::runner banks = advise::add_banks_command(app);
  const advise::runner layout = advise::add_layout_command(app);
  const advise::runner record = advise::add_record_command(app);
  const advise::runner validate = advise::add_validate_command(app);
  const advise::runner route = advise::add_route_command(app);
  CLI11_PARSE(app, argc, argv);
  const std::string chosen = app.get_subcommands().front()->get_name();
  std::string index;
  // The expression a column in an error refers to.
  const char* expression_option = chosen == "layout"                          ? "--thread-map"
                                  : chosen == "record" || chosen == "validate" || chosen == "route" ? nullptr
                                                                               : "--index";
  if (expression_option) index = app.get_subcommand(chosen)->get_option(expression_option)->as<std::string>();
  try {
    if (chosen == "pattern") pattern(std::cout);
    if (chosen == "banks") banks(std::cout);
    if (chosen == "layout") layout(std::cout);
    if (chosen == "record") record(std::cout);
    if (chosen == "validate") validate(std::cout);
    if (chosen == "route") route(std::cout);
  } catch (const coalesce::analysis::expression_error& e) {
    std::cerr << "coalesce-advise: " << e.what() << "\n";
    show_column(e, index);
    return 2;
  } catch (const coalesce::error& e) {
    std::cerr << "coalesce-advise: " << e.what() << "\n";
    return 2;
  }
  return 0;
}

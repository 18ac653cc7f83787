// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// libFuzzer target for the index-expression parser and what consumes its results. Any input must
// either parse or throw expression_error with a column inside the text (+1 for "at the end"); a parsed
// expression must evaluate or throw expression_error; patterns built from it must analyse or throw
// coalesce::error. Anything else (a crash, a sanitizer report, another exception) is a bug.
#include <coalesce/analysis/bank_model.hpp>
#include <coalesce/analysis/expression.hpp>
#include <coalesce/analysis/global_model.hpp>

#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>

using namespace coalesce::analysis;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::optional<index_expression> e;
  try {
    e = index_expression::parse(text);
  } catch (const expression_error& err) {
    if (err.column() == 0 || err.column() > text.size() + 1) std::abort();
    return 0;
  }
  for (std::int64_t idx : {std::int64_t{0}, std::int64_t{1}, std::int64_t{31}, std::int64_t{-7}, INT64_MAX}) {
    try {
      (void)e->evaluate(idx);
    } catch (const expression_error& err) {
      if (err.column() == 0 || err.column() > text.size()) std::abort();
    }
  }
  const gpu_arch archs[] = {parse_arch("cc1.0"), parse_arch("cc1.2"), parse_arch("cc2.0"), parse_arch("sm_90")};
  for (element_type t : {element_type::char_, element_type::float_, element_type::float4_}) {
    try {
      const access_pattern p = pattern_from_index(*e, t);
      for (const gpu_arch& a : archs) {
        const global_report r = analyze_global(p, a);
        if (r.bytes_moved < r.bytes_used || r.transactions.empty() || r.efficiency() > 1.0) std::abort();
      }
      const bank_report b = analyze_banks(p);
      if (b.wavefronts < b.ideal_wavefronts || b.ways > 32) std::abort();
    } catch (const coalesce::error&) {
      // A negative index or an overflowing address: reported, not a bug.
    }
  }
  return 0;
}

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// An index expression in the thread index `idx`: integer literals, + - * / %, unary minus and
// parentheses, with C precedence and C semantics (64-bit, division truncates toward zero), e.g.
// `idx*2`, `idx + (idx/16)*16`, `(idx%32)*33`, `31-idx`. It is compiled to a small stack program.

#include <coalesce/core/error.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace coalesce::analysis {

// A parse or evaluation error; column() is 1-based in the expression text (0 when not known).
class expression_error : public coalesce::error {
 public:
  expression_error(const std::string& call, std::size_t column, const std::string& message)
      : error(errc::invalid_argument, call, "column " + std::to_string(column) + ": " + message), column_(column) {}
  std::size_t column() const noexcept { return column_; }

 private:
  std::size_t column_;
};

class index_expression {
 public:
  // Nesting deeper than this is rejected (keeps the recursive parser's stack bounded).
  static constexpr std::size_t max_depth = 200;
  // Expressions longer than this are rejected.
  static constexpr std::size_t max_length = 4096;

  // Throws expression_error with the column of the first bad character.
  static index_expression parse(const std::string& text);

  // Throws expression_error on division by zero or 64-bit overflow, naming idx and the operator's column.
  std::int64_t evaluate(std::int64_t idx) const;
  const std::string& text() const noexcept { return text_; }

  enum class op : std::uint8_t { push, idx, add, sub, mul, div, mod, neg };
  struct instruction {
    op code;
    std::int64_t value;   // the literal, for push
    std::size_t column;   // 1-based, for error messages
  };
  const std::vector<instruction>& program() const noexcept { return program_; }

 private:
  std::string text_;
  std::vector<instruction> program_;
};

}  // namespace coalesce::analysis

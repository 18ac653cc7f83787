// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Recursive descent over the grammar
//   expr    := term (('+' | '-') term)*
//   term    := unary (('*' | '/' | '%') unary)*
//   unary   := ('-' | '+') unary | primary
//   primary := integer | 'idx' | '(' expr ')'
// emitting a postfix program that evaluate() runs on a small stack.
#include <coalesce/analysis/expression.hpp>

#include <cctype>
#include <limits>

namespace coalesce::analysis {
namespace {

constexpr const char* parse_call = "index_expression::parse";
constexpr const char* eval_call = "index_expression::evaluate";

// Shows the character found at a column, or "the end".
std::string describe(const std::string& text, std::size_t pos) {
  if (pos >= text.size()) return "the end of the expression";
  const unsigned char c = static_cast<unsigned char>(text[pos]);
  if (std::isprint(c)) return std::string("'") + text[pos] + "'";
  return "byte 0x" + std::string(1, "0123456789abcdef"[c >> 4]) + "0123456789abcdef"[c & 15];
}

class parser {
 public:
  explicit parser(const std::string& text) : text_(text) {}

  std::vector<index_expression::instruction> run() {
    skip_space();
    if (pos_ >= text_.size()) error(pos_, "the expression is empty");
    expr(0);
    if (pos_ < text_.size()) error(pos_, "unexpected " + describe(text_, pos_) + " after a complete expression");
    return std::move(program_);
  }

 private:
  using op = index_expression::op;

  [[noreturn]] void error(std::size_t pos, const std::string& message) const {
    throw expression_error(parse_call, pos + 1, message + " in '" + text_ + "'");
  }
  void skip_space() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  void emit(op code, std::size_t pos, std::int64_t value = 0) { program_.push_back({code, value, pos + 1}); }

  void expr(std::size_t depth) {
    term(depth);
    while (pos_ < text_.size() && (text_[pos_] == '+' || text_[pos_] == '-')) {
      const std::size_t at = pos_;
      const char c = text_[pos_++];
      skip_space();
      term(depth);
      emit(c == '+' ? op::add : op::sub, at);
    }
  }

  void term(std::size_t depth) {
    unary(depth);
    while (pos_ < text_.size() && (text_[pos_] == '*' || text_[pos_] == '/' || text_[pos_] == '%')) {
      const std::size_t at = pos_;
      const char c = text_[pos_++];
      skip_space();
      unary(depth);
      emit(c == '*' ? op::mul : c == '/' ? op::div : op::mod, at);
    }
  }

  void unary(std::size_t depth) {
    if (depth > index_expression::max_depth)
      error(pos_, "nesting deeper than " + std::to_string(index_expression::max_depth) + " levels");
    if (pos_ < text_.size() && (text_[pos_] == '-' || text_[pos_] == '+')) {
      const std::size_t at = pos_;
      const bool minus = text_[pos_++] == '-';
      skip_space();
      unary(depth + 1);
      if (minus) emit(op::neg, at);
      return;
    }
    primary(depth);
  }

  void primary(std::size_t depth) {
    if (pos_ >= text_.size()) error(pos_, "expected a number, 'idx' or '(' but found the end of the expression");
    const char c = text_[pos_];
    const std::size_t at = pos_;
    if (std::isdigit(static_cast<unsigned char>(c))) {
      std::int64_t value = 0;
      while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
        const int digit = text_[pos_] - '0';
        if (value > (std::numeric_limits<std::int64_t>::max() - digit) / 10)
          error(at, "the integer literal does not fit in 64 bits");
        value = value * 10 + digit;
        ++pos_;
      }
      if (pos_ < text_.size() && (std::isalpha(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_'))
        error(pos_, "unexpected " + describe(text_, pos_) + " in an integer literal (only decimal integers are allowed)");
      emit(op::push, at, value);
    } else if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      while (pos_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_'))
        ++pos_;
      const std::string name = text_.substr(at, pos_ - at);
      if (name != "idx") error(at, "unknown name '" + name + "' (the only variable is 'idx')");
      emit(op::idx, at);
    } else if (c == '(') {
      ++pos_;
      skip_space();
      expr(depth + 1);
      if (pos_ >= text_.size() || text_[pos_] != ')')
        error(pos_, "expected ')' to close the '(' at column " + std::to_string(at + 1) + " but found " +
                        describe(text_, pos_));
      ++pos_;
    } else {
      error(at, "expected a number, 'idx' or '(' but found " + describe(text_, at));
    }
    skip_space();
  }

  const std::string& text_;
  std::size_t pos_ = 0;
  std::vector<index_expression::instruction> program_;
};

[[noreturn]] void overflow(const index_expression::instruction& in, std::int64_t idx, const std::string& text) {
  throw expression_error(eval_call, in.column,
                         "64-bit overflow at idx = " + std::to_string(idx) + " in '" + text + "'");
}

}  // namespace

index_expression index_expression::parse(const std::string& text) {
  if (text.size() > max_length)
    throw expression_error(parse_call, max_length + 1,
                           "the expression is longer than " + std::to_string(max_length) + " characters");
  index_expression e;
  e.text_ = text;
  e.program_ = parser(e.text_).run();
  return e;
}

std::int64_t index_expression::evaluate(std::int64_t idx) const {
  constexpr std::int64_t lo = std::numeric_limits<std::int64_t>::min();
  std::vector<std::int64_t> stack;
  stack.reserve(program_.size());
  for (const instruction& in : program_) {
    if (in.code == op::push || in.code == op::idx) {
      stack.push_back(in.code == op::push ? in.value : idx);
      continue;
    }
    if (in.code == op::neg) {
      if (stack.back() == lo) overflow(in, idx, text_);
      stack.back() = -stack.back();
      continue;
    }
    const std::int64_t b = stack.back();
    stack.pop_back();
    std::int64_t& a = stack.back();
    std::int64_t r = 0;
    switch (in.code) {
      case op::add:
        if (__builtin_add_overflow(a, b, &r)) overflow(in, idx, text_);
        break;
      case op::sub:
        if (__builtin_sub_overflow(a, b, &r)) overflow(in, idx, text_);
        break;
      case op::mul:
        if (__builtin_mul_overflow(a, b, &r)) overflow(in, idx, text_);
        break;
      case op::div:
      case op::mod:
        if (b == 0)
          throw expression_error(eval_call, in.column,
                                 std::string(in.code == op::div ? "division" : "remainder") + " by zero at idx = " +
                                     std::to_string(idx) + " in '" + text_ + "'");
        if (a == lo && b == -1) overflow(in, idx, text_);
        r = in.code == op::div ? a / b : a % b;
        break;
      default: break;
    }
    a = r;
  }
  return stack.back();
}

}  // namespace coalesce::analysis

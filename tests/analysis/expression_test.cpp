// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include <coalesce/analysis/expression.hpp>

#include <doctest/doctest.h>

#include <string>

using coalesce::analysis::expression_error;
using coalesce::analysis::index_expression;

namespace {

std::int64_t eval(const std::string& text, std::int64_t idx) { return index_expression::parse(text).evaluate(idx); }

// The column a parse error reports.
std::size_t error_column(const std::string& text) {
  try {
    index_expression::parse(text);
  } catch (const expression_error& e) {
    return e.column();
  }
  return 0;
}

}  // namespace

TEST_SUITE("unit") {
  TEST_CASE("analysis.expression.evaluates_like_c") {
    for (std::int64_t idx = 0; idx < 64; ++idx) {
      CAPTURE(idx);
      CHECK(eval("idx*2", idx) == idx * 2);
      CHECK(eval("idx + (idx/16)*16", idx) == idx + (idx / 16) * 16);
      CHECK(eval("(idx%32)*33", idx) == (idx % 32) * 33);
      CHECK(eval("31-idx", idx) == 31 - idx);
      CHECK(eval("-idx + 3 * -(2 - idx) % 7", idx) == -idx + 3 * -(2 - idx) % 7);
      CHECK(eval("  idx/ 3*3 +idx%3  ", idx) == idx);
      CHECK(eval("1 - 2 - 3", idx) == -4);      // left associative
      CHECK(eval("2 * 3 + 4 * 5", idx) == 26);  // precedence
      CHECK(eval("+idx", idx) == idx);
    }
    CHECK(eval("-7 / 2", 0) == -3);  // truncates toward zero, as in C and CUDA
    CHECK(eval("-7 % 2", 0) == -1);
    CHECK(eval("9223372036854775807", 0) == INT64_MAX);
  }

  TEST_CASE("analysis.expression.parse_errors_name_the_column") {
    CHECK(error_column("") == 1);
    CHECK(error_column("idx*") == 5);
    CHECK(error_column("idx ** 2") == 6);
    CHECK(error_column("(idx + 1") == 9);
    CHECK(error_column("idx + 1)") == 8);
    CHECK(error_column("tid * 2") == 1);
    CHECK(error_column("idx * 2x") == 8);
    CHECK(error_column("idx $ 2") == 5);
    CHECK(error_column("99999999999999999999") == 1);
    CHECK(error_column("idx 2") == 5);
    CHECK_THROWS_WITH_AS(index_expression::parse("idx * tid"),
                         "coalesce: index_expression::parse: column 7: unknown name 'tid' (the only variable is "
                         "'idx') in 'idx * tid'",
                         expression_error);
    CHECK_THROWS_WITH_AS(index_expression::parse("(idx"), doctest::Contains("to close the '(' at column 1"),
                         expression_error);
  }

  TEST_CASE("analysis.expression.limits") {
    const std::string deep = std::string(500, '(') + "idx" + std::string(500, ')');
    CHECK_THROWS_WITH_AS(index_expression::parse(deep), doctest::Contains("nesting deeper"), expression_error);
    const std::string minus(500, '-');
    CHECK_THROWS_AS(index_expression::parse(minus + "idx"), expression_error);
    CHECK_THROWS_AS(index_expression::parse(std::string(5000, '1')), expression_error);
    CHECK(eval(std::string(100, '-') + "idx", 5) == 5);
  }

  TEST_CASE("analysis.expression.evaluation_errors") {
    const index_expression e = index_expression::parse("100 / (idx - 3)");
    CHECK(e.evaluate(4) == 100);
    try {
      e.evaluate(3);
      FAIL("no error");
    } catch (const expression_error& err) {
      CHECK(err.column() == 5);
      CHECK(std::string(err.what()).find("division by zero at idx = 3") != std::string::npos);
    }
    CHECK_THROWS_WITH_AS(index_expression::parse("idx % 0").evaluate(1), doctest::Contains("remainder by zero"),
                         expression_error);
    CHECK_THROWS_WITH_AS(index_expression::parse("idx * 9223372036854775807").evaluate(2),
                         doctest::Contains("64-bit overflow at idx = 2"), expression_error);
    CHECK_THROWS_AS(index_expression::parse("-9223372036854775807 - 1 - idx").evaluate(1), expression_error);
  }
}

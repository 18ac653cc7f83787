// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The host transposes (transpose.<method>.*) and row/column sums: exact on fresh random data of odd
// shapes, with padded (pitched) rows whose padding must stay untouched, and the shape checks.

#include "random.hpp"
#include "transpose.hpp"

#include <coalesce/core/error.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

using namespace coalesce;
using namespace coalesce::apps::transpose;

namespace {

struct odd_shape {
  std::size_t rows, cols;
};
const odd_shape shapes[] = {{1, 1}, {1, 1000}, {1000, 1}, {31, 33}, {33, 65}, {100, 1000}, {257, 1023}, {64, 4097}, {4097, 3}};

// A row-major matrix with `extra` padding elements per row, filled with fresh values; the padding
// holds the poison value.
template <class T>
struct padded {
  std::size_t rows, cols, pitch;
  std::vector<T> data;
  padded(std::size_t r, std::size_t c, std::size_t extra, std::uint64_t seed)
      : rows(r), cols(c), pitch(c + extra), data(r * (c + extra), test::poison<T>()) {
    const std::vector<T> values = test::random_values<T>(r * c, seed);
    for (std::size_t i = 0; i < r; ++i)
      for (std::size_t j = 0; j < c; ++j) data[i * pitch + j] = values[i * c + j];
  }
  T at(std::size_t i, std::size_t j) const { return data[i * pitch + j]; }
  matrix<T> view() { return host_matrix(data.data(), rows, cols, pitch); }
};

template <class T>
void check_transpose(host_method method) {
  for (const odd_shape s : shapes) {
    for (std::size_t extra : {std::size_t(0), std::size_t(7)}) {
      const std::uint64_t seed = test::fresh_seed();
      INFO("seed " << seed << " shape " << s.rows << " x " << s.cols << " extra " << extra);
      padded<T> in(s.rows, s.cols, extra, seed);
      padded<T> out(s.cols, s.rows, extra, seed + 1);
      for (auto& x : out.data) x = test::poison<T>();
      host_transpose(method, as_const(in.view()), out.view());
      std::size_t wrong = 0, padding_touched = 0;
      for (std::size_t i = 0; i < s.cols; ++i) {
        for (std::size_t j = 0; j < s.rows; ++j) wrong += !(out.at(i, j) == in.at(j, i));
        for (std::size_t j = s.rows; j < out.pitch; ++j) padding_touched += !(out.at(i, j) == test::poison<T>());
      }
      CHECK(wrong == 0);
      CHECK(padding_touched == 0);
    }
  }
}

template <class T>
void check_sums() {
  for (const odd_shape s : shapes) {
    const std::uint64_t seed = test::fresh_seed();
    INFO("seed " << seed << " shape " << s.rows << " x " << s.cols);
    padded<T> in(s.rows, s.cols, 5, seed);
    // Small integers: every partial sum is exact in all three types, so the sums must match exactly.
    for (std::size_t i = 0; i < s.rows; ++i)
      for (std::size_t j = 0; j < s.cols; ++j) in.data[i * in.pitch + j] = static_cast<T>(static_cast<int>((i * 7 + j * 13 + seed) % 9) - 4);
    std::vector<T> rows(s.rows, test::poison<T>()), cols(s.cols, test::poison<T>());
    host_row_sums(as_const(in.view()), rows.data());
    host_column_sums(as_const(in.view()), cols.data());
    for (std::size_t i = 0; i < s.rows; ++i) {
      T want = 0;
      for (std::size_t j = 0; j < s.cols; ++j) want += in.at(i, j);
      CHECK(rows[i] == want);
    }
    for (std::size_t j = 0; j < s.cols; ++j) {
      T want = 0;
      for (std::size_t i = 0; i < s.rows; ++i) want += in.at(i, j);
      CHECK(cols[j] == want);
    }
  }
}

}  // namespace

TEST_SUITE("unit") {
  TEST_CASE("transpose.host_naive.odd_shapes_exact") {
    check_transpose<float>(host_method::naive);
    check_transpose<double>(host_method::naive);
    check_transpose<int>(host_method::naive);
  }
  TEST_CASE("transpose.host_blocked.odd_shapes_exact") {
    check_transpose<float>(host_method::blocked);
    check_transpose<double>(host_method::blocked);
    check_transpose<int>(host_method::blocked);
  }
  TEST_CASE("transpose.host_sums.rows_and_columns_exact") {
    check_sums<float>();
    check_sums<double>();
    check_sums<int>();
  }
  TEST_CASE("transpose.host.rejects_bad_shapes") {
    std::vector<float> a(12), b(12);
    CHECK_THROWS_AS(host_transpose(host_method::naive, as_const(host_matrix(a.data(), 3, 4, 4)), host_matrix(b.data(), 3, 4, 4)),
                    coalesce::error);
    CHECK_THROWS_AS(host_transpose(host_method::naive, as_const(host_matrix(a.data(), 3, 4, 3)), host_matrix(b.data(), 4, 3, 3)),
                    coalesce::error);
    CHECK_THROWS_AS(host_row_sums(as_const(device_matrix(a.data(), 3, 4, 4)), b.data()), coalesce::error);
  }
  TEST_CASE("transpose.host.empty_matrix_is_a_no_op") {
    CHECK_NOTHROW(host_transpose(host_method::blocked, as_const(host_matrix<float>(nullptr, 0, 5, 5)),
                                 host_matrix<float>(nullptr, 5, 0, 0)));
  }
}

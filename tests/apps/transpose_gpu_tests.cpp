// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// The GPU transposes (transpose.<method>.*) on pitched and unpitched device matrices of odd shapes, and
// the row/column sums: exact on fresh random data, with poisoned outputs (padding included).

#include "random.hpp"
#include "transpose_device.hpp"

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
const odd_shape shapes[] = {{1, 1},    {1, 1000},  {1000, 1},  {31, 33},  {33, 65},   {100, 1000},
                            {257, 1023}, {64, 4097}, {4097, 3}, {1000, 1000}, {1023, 1025}, {129, 70}, {200, 4099}};

template <class T>
void check_transpose(method m) {
  for (const odd_shape s : shapes) {
    for (bool pitched : {false, true}) {
      const std::uint64_t seed = test::fresh_seed();
      INFO("seed " << seed << " " << to_string(m) << " shape " << s.rows << " x " << s.cols << (pitched ? " pitched" : ""));
      const std::vector<T> data = test::random_values<T>(s.rows * s.cols, seed);
      gpu_matrix<T> in(s.rows, s.cols, pitched), out(s.cols, s.rows, pitched);
      if (pitched) CHECK(in.pitch() >= s.cols);
      in.upload(data.data(), s.cols);
      out.fill_bytes(0x5A);
      device_transpose(m, as_const(in.view()), out.view());
      std::vector<T> got(s.rows * s.cols);
      out.download(got.data(), s.rows);
      std::size_t wrong = 0;
      for (std::size_t i = 0; i < s.cols; ++i)
        for (std::size_t j = 0; j < s.rows; ++j) wrong += !(got[i * s.rows + j] == data[j * s.cols + i]);
      CHECK(wrong == 0);
    }
  }
}

template <class T>
void check_sums(bool pitched) {
  for (const odd_shape s : shapes) {
    const std::uint64_t seed = test::fresh_seed();
    INFO("seed " << seed << " shape " << s.rows << " x " << s.cols << (pitched ? " pitched" : ""));
    // Small integers: every partial sum is exact in all three types, whatever the order.
    std::vector<T> data(s.rows * s.cols);
    for (std::size_t k = 0; k < data.size(); ++k) data[k] = static_cast<T>(static_cast<int>((k * 2654435761u + seed) % 9) - 4);
    gpu_matrix<T> in(s.rows, s.cols, pitched), rows(1, s.rows, false), cols(1, s.cols, false);
    in.upload(data.data(), s.cols);
    rows.fill_bytes(0x5A);
    cols.fill_bytes(0x5A);
    device_row_sums(as_const(in.view()), rows.view().data);
    device_column_sums(as_const(in.view()), cols.view().data);
    std::vector<T> got_rows(s.rows), got_cols(s.cols);
    rows.download(got_rows.data(), s.rows);
    cols.download(got_cols.data(), s.cols);
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < s.rows; ++i) {
      T want = 0;
      for (std::size_t j = 0; j < s.cols; ++j) want += data[i * s.cols + j];
      wrong += !(got_rows[i] == want);
    }
    for (std::size_t j = 0; j < s.cols; ++j) {
      T want = 0;
      for (std::size_t i = 0; i < s.rows; ++i) want += data[i * s.cols + j];
      wrong += !(got_cols[j] == want);
    }
    CHECK(wrong == 0);
  }
}

}  // namespace

TEST_SUITE("gpu") {
  TEST_CASE("transpose.naive.odd_shapes_pitched_and_unpitched") {
    check_transpose<float>(method::naive);
    check_transpose<double>(method::naive);
    check_transpose<int>(method::naive);
  }
  TEST_CASE("transpose.tiled.odd_shapes_pitched_and_unpitched") {
    check_transpose<float>(method::tiled);
    check_transpose<double>(method::tiled);
    check_transpose<int>(method::tiled);
  }
  TEST_CASE("transpose.tiled_padded.odd_shapes_pitched_and_unpitched") {
    check_transpose<float>(method::tiled_padded);
    check_transpose<double>(method::tiled_padded);
    check_transpose<int>(method::tiled_padded);
  }
  TEST_CASE("transpose.tiled_aligned.odd_shapes_pitched_and_unpitched") {
    check_transpose<float>(method::tiled_aligned);
    check_transpose<double>(method::tiled_aligned);
    check_transpose<int>(method::tiled_aligned);
  }
  TEST_CASE("transpose.sums.rows_and_columns_exact") {
    for (bool pitched : {false, true}) {
      check_sums<float>(pitched);
      check_sums<double>(pitched);
      check_sums<int>(pitched);
    }
  }
  TEST_CASE("transpose.device.pitched_rows_are_aligned") {
    const gpu_matrix<float> m(3, 1000, true);
    CHECK(m.pitched());
    CHECK(m.pitch() >= 1000);
    CHECK(reinterpret_cast<std::uintptr_t>(m.view().data) % 256 == 0);
    CHECK((m.pitch() * sizeof(float)) % 256 == 0);
  }
  TEST_CASE("transpose.device.rejects_host_matrices_and_bad_shapes") {
    std::vector<float> a(12), b(12);
    CHECK_THROWS_AS(device_transpose(method::naive, as_const(host_matrix(a.data(), 3, 4, 4)), host_matrix(b.data(), 4, 3, 3)),
                    coalesce::error);
    gpu_matrix<float> in(3, 4, false), out(3, 4, false);
    CHECK_THROWS_AS(device_transpose(method::tiled, as_const(in.view()), out.view()), coalesce::error);
  }
}

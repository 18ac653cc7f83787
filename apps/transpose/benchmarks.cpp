// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Both halves of coalesce-transpose. GB/s of a transpose counts the bytes read plus the bytes written
// (2 x rows x cols x 4), like the cudaMemcpy D2D ceiling it is compared with; padding of pitched rows is
// not counted. GB/s of a row or column sum counts the bytes read.

#include "benchmarks.hpp"
#include "common/timing.hpp"
#include "random_data.hpp"
#include "reference.hpp"
#include "transpose.hpp"
#if defined(COALESCE_TRANSPOSE_WITH_CUDA)
#include "transpose_device.hpp"
#endif

#include <coalesce/coalesce.hpp>

#include <cmath>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

namespace coalesce::apps::transpose {
namespace {

using reduction::fixed;
using reduction::reference_reduce;
using reduction::within_bound;

std::string shape_text(const shape& s) { return std::to_string(s.rows) + " x " + std::to_string(s.cols); }

std::vector<float> random_matrix(const shape& s, std::uint64_t seed) {
  std::vector<float> m(s.rows * s.cols);
  reduction::fill_random(m.data(), m.size(), seed);
  return m;
}

// "exact" or "FAIL: k of n differ".
std::string compare_exact(const std::vector<float>& got, const std::vector<float>& want, bool& ok) {
  std::size_t wrong = 0;
  for (std::size_t i = 0; i < want.size(); ++i) wrong += got[i] != want[i];
  ok = wrong == 0;
  return ok ? "exact" : "FAIL: " + std::to_string(wrong) + " of " + std::to_string(want.size()) + " differ";
}

// Sums of float rows or columns against long double references, with the bound of a serial chain.
std::string check_sums(const std::vector<float>& got, const std::vector<float>& data, const shape& s, bool rows,
                       bool& ok) {
  ok = true;
  const std::size_t count = rows ? s.rows : s.cols, length = rows ? s.cols : s.rows;
  std::vector<float> line(length);
  for (std::size_t k = 0; k < count && ok; ++k) {
    for (std::size_t j = 0; j < length; ++j) line[j] = rows ? data[k * s.cols + j] : data[j * s.cols + k];
    const auto ref = reference_reduce(reduction::op::sum, line.data(), length);
    ok = within_bound(reduction::op::sum, got[k], ref, length, length);
    if (!ok) return "FAIL at " + std::string(rows ? "row " : "column ") + std::to_string(k);
  }
  return "within the bound";
}

double gbs(double bytes, double ms) { return ms > 0 ? bytes / (ms * 1e6) : 0; }

std::string time_text(const bench::stats& s) {
  return fixed(s.median_ms, 4) + " [" + fixed(s.min_ms, 4) + ", " + fixed(s.max_ms, 4) + "]";
}

}  // namespace

#if defined(COALESCE_TRANSPOSE_WITH_CUDA)
report run_device_profile(const bench_options& opt) {
  report out;
  table t;
  t.title = "Profiled launches (each kernel once per shape)";
  t.header = {"rows x cols", "pitch", "kernel", "check"};
  for (const shape& s : opt.shapes) {
    const std::vector<float> data = random_matrix(s, opt.seed ^ (s.rows * 131 + s.cols));
    std::vector<float> want(data.size()), got(data.size());
    host_transpose(host_method::blocked, host_matrix(data.data(), s.rows, s.cols, s.cols),
                   host_matrix(want.data(), s.cols, s.rows, s.rows));
    for (bool pitched : {false, true}) {
      gpu_matrix<float> in(s.rows, s.cols, pitched), result(s.cols, s.rows, pitched);
      in.upload(data.data(), s.cols);
      for (method m : all_methods) {
        result.fill_bytes(0xFF);
        device_transpose(m, as_const(in.view()), result.view());
        result.download(got.data(), s.rows);
        bool ok = true;
        t.rows.push_back({shape_text(s), pitched ? std::to_string(in.pitch()) : "unpitched", to_string(m),
                          compare_exact(got, want, ok)});
        out.all_verified = out.all_verified && ok;
      }
    }
    gpu_matrix<float> in(s.rows, s.cols, false), row_out(1, s.rows, false), col_out(1, s.cols, false);
    in.upload(data.data(), s.cols);
    device_row_sums(as_const(in.view()), row_out.view().data);
    device_column_sums(as_const(in.view()), col_out.view().data);
    std::vector<float> rows(s.rows), cols(s.cols);
    row_out.download(rows.data(), s.rows);
    col_out.download(cols.data(), s.cols);
    bool ok_rows = true, ok_cols = true;
    t.rows.push_back({shape_text(s), "unpitched", "row sums, thread per row", check_sums(rows, data, s, true, ok_rows)});
    t.rows.push_back({shape_text(s), "unpitched", "column sums, thread per column", check_sums(cols, data, s, false, ok_cols)});
    out.all_verified = out.all_verified && ok_rows && ok_cols;
  }
  out.tables.push_back(t);
  return out;
}

report run_device_benchmarks(const bench_options& opt) {
  report out;
  const auto time = [&](const std::function<void()>& f) { return bench::time_gpu(f, opt.warmup, opt.reps); };
  table transposes;
  transposes.title = "Transpose of float matrices (GB/s = read + written bytes / median time)";
  transposes.header = {"rows x cols", "pitch", "kernel", "time (ms)", "GB/s", "% of cudaMemcpy", "check"};
  table sums;
  sums.title = "Row sums vs column sums of a row-major float matrix (GB/s = bytes read / median time)";
  sums.header = {"rows x cols", "kernel", "time (ms)", "GB/s", "speedup", "check"};

  for (const shape& s : opt.shapes) {
    const std::vector<float> data = random_matrix(s, opt.seed ^ (s.rows * 131 + s.cols));
    std::vector<float> want(data.size());
    host_transpose(host_method::blocked, host_matrix(data.data(), s.rows, s.cols, s.cols),
                   host_matrix(want.data(), s.cols, s.rows, s.rows));
    const double bytes = 2.0 * double(data.size()) * sizeof(float);
    const bench::stats copy = bench::d2d_copy_ceiling(data.size() * sizeof(float), opt.reps);
    const double ceiling = gbs(bytes, copy.median_ms);
    transposes.rows.push_back({shape_text(s), "-", "cudaMemcpy D2D (ceiling)", time_text(copy), fixed(ceiling, 1), "100.0%",
                               "copies rows x cols floats"});
    for (bool pitched : {false, true}) {
      gpu_matrix<float> in(s.rows, s.cols, pitched), result(s.cols, s.rows, pitched);
      in.upload(data.data(), s.cols);
      const matrix<const float> src = as_const(in.view());
      const matrix<float> dst = result.view();
      for (method m : all_methods) {
        result.fill_bytes(0xFF);  // NaN poison: an element the kernel skips cannot pass
        device_transpose(m, src, dst);
        std::vector<float> got(want.size());
        result.download(got.data(), s.rows);
        bool ok = true;
        const std::string check_text = compare_exact(got, want, ok);
        out.all_verified = out.all_verified && ok;
        const bench::stats t = time([&] { device_transpose(m, src, dst); });
        const double rate = gbs(bytes, t.median_ms);
        transposes.rows.push_back({shape_text(s),
                                   pitched ? std::to_string(in.pitch()) + " / " + std::to_string(result.pitch()) : "unpitched",
                                   to_string(m), time_text(t), fixed(rate, 1), fixed(100 * rate / ceiling, 1) + "%",
                                   check_text});
      }
    }
    // Row sums and column sums read the same bytes; only the mapping of threads to addresses differs.
    gpu_matrix<float> in(s.rows, s.cols, false), row_out(1, s.rows, false), col_out(1, s.cols, false);
    in.upload(data.data(), s.cols);
    const matrix<const float> src = as_const(in.view());
    double row_ms = 0;
    for (bool rows : {true, false}) {
      gpu_matrix<float>& target = rows ? row_out : col_out;
      target.fill_bytes(0xFF);
      const auto run = [&] {
        if (rows) device_row_sums(src, target.view().data);
        else device_column_sums(src, target.view().data);
      };
      run();
      std::vector<float> got(rows ? s.rows : s.cols);
      target.download(got.data(), got.size());
      bool ok = true;
      const std::string check_text = check_sums(got, data, s, rows, ok);
      out.all_verified = out.all_verified && ok;
      const bench::stats t = time(run);
      if (rows) row_ms = t.median_ms;
      sums.rows.push_back({shape_text(s), rows ? "row sums, thread per row" : "column sums, thread per column",
                           time_text(t), fixed(gbs(bytes / 2, t.median_ms), 1),
                           rows ? "1.00x" : fixed(row_ms / t.median_ms, 2) + "x", check_text});
    }
  }
  transposes.notes.push_back("pitch: elements per row of the pitched input / output (cudaMallocPitch); naive blocks cover "
                             "32 x 32, tiled ones 64 rows x 32 columns (32 x 8 threads, 8 elements each). Median of " + std::to_string(opt.reps) +
                             " runs [min, max], CUDA events.");
  sums.notes.push_back("Both kernels launch one thread per output (rows or cols threads), so at small counts they "
                       "are also latency-bound; the difference between them is coalescing.");
  out.tables.push_back(transposes);
  out.tables.push_back(sums);
  return out;
}
#endif

report run_host_benchmarks(const bench_options& opt) {
  report out;
  const auto time = [&](const std::function<void()>& f) { return bench::time_host(f, opt.warmup, opt.reps); };
  table transposes;
  transposes.title = "Host transpose of float matrices (GB/s = read + written bytes / median time)";
  transposes.header = {"rows x cols", "method", "time (ms)", "GB/s", "speedup", "check"};
  table sums;
  sums.title = "Host row sums vs column sums (GB/s = bytes read / median time)";
  sums.header = {"rows x cols", "method", "time (ms)", "GB/s", "check"};
  for (const shape& s : opt.shapes) {
    const std::vector<float> data = random_matrix(s, opt.seed ^ (s.rows * 131 + s.cols));
    const matrix<const float> src = host_matrix(data.data(), s.rows, s.cols, s.cols);
    std::vector<float> want(data.size()), got(data.size());
    host_transpose(host_method::naive, src, host_matrix(want.data(), s.cols, s.rows, s.rows));
    const double bytes = 2.0 * double(data.size()) * sizeof(float);
    double naive_ms = 0;
    for (host_method m : {host_method::naive, host_method::blocked}) {
      const matrix<float> dst = host_matrix(got.data(), s.cols, s.rows, s.rows);
      std::fill(got.begin(), got.end(), std::nanf(""));
      host_transpose(m, src, dst);
      bool ok = true;
      const std::string check_text = compare_exact(got, want, ok);
      out.all_verified = out.all_verified && ok;
      const bench::stats t = time([&] { host_transpose(m, src, dst); });
      if (m == host_method::naive) naive_ms = t.median_ms;
      transposes.rows.push_back({shape_text(s), to_string(m), time_text(t), fixed(gbs(bytes, t.median_ms), 1),
                                 fixed(naive_ms / t.median_ms, 2) + "x", check_text});
    }
    for (bool rows : {true, false}) {
      std::vector<float> result(rows ? s.rows : s.cols, std::nanf(""));
      const auto run = [&] { rows ? host_row_sums(src, result.data()) : host_column_sums(src, result.data()); };
      run();
      bool ok = true;
      const std::string check_text = check_sums(result, data, s, rows, ok);
      out.all_verified = out.all_verified && ok;
      const bench::stats t = time(run);
      sums.rows.push_back({shape_text(s), rows ? "row sums" : "column sums (256-column strips)", time_text(t),
                           fixed(gbs(bytes / 2, t.median_ms), 1), check_text});
    }
  }
  out.tables.push_back(transposes);
  out.tables.push_back(sums);
  return out;
}

}  // namespace coalesce::apps::transpose

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// coalesce-bench's outputs: JSON and CSV of every case, and a Markdown report (ceilings, a table of
// relayout rates as a fraction of the copy ceiling per m, and the transfers).

#include "bench_result.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace coalesce::bench {

struct run_info {
  std::string machine;  // the runtime's description
  std::string date;
  std::string command;
  std::size_t random = 0;  // --random K: K random cells of this seed's draw (random_cases.hpp)
  std::uint64_t seed = 0;
};

void write_json(const std::string& path, const run_info& info, const std::vector<result>& results);
void write_csv(const std::string& path, const std::vector<result>& results);
std::string markdown(const run_info& info, const std::vector<result>& results);

}  // namespace coalesce::bench

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include <coalesce/analysis/arch.hpp>

#include <coalesce/core/error.hpp>

#include <array>
#include <cctype>

namespace coalesce::analysis {
namespace {

// Every compute capability NVIDIA shipped from Tesla through Hopper.
constexpr std::array<int, 24> shipped{10, 11, 12, 13, 20, 21, 30, 32, 35, 37, 50, 52,
                                      53, 60, 61, 62, 70, 72, 75, 80, 86, 87, 89, 90};

bool all_digits(const std::string& s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  return true;
}

}  // namespace

memory_model gpu_arch::model() const noexcept {
  if (major == 1) return minor <= 1 ? memory_model::cc1_0 : memory_model::cc1_2;
  if (major == 2) return memory_model::cc2_x;
  return memory_model::sectored;
}

std::string gpu_arch::name() const {
  if (major <= 2) return "cc" + std::to_string(major) + "." + std::to_string(minor);
  return "sm_" + std::to_string(major) + std::to_string(minor);
}

gpu_arch parse_arch(const std::string& text) {
  std::string digits;
  if (text.rfind("cc", 0) == 0 && text.size() == 5 && text[3] == '.') {
    digits = text.substr(2, 1) + text.substr(4, 1);
  } else if (text.rfind("sm_", 0) == 0) {
    digits = text.substr(3);
    if (digits == "90a") digits = "90";
  }
  if (all_digits(digits) && digits.size() == 2) {
    const int cc = std::stoi(digits);
    for (int s : shipped)
      if (s == cc) return gpu_arch{cc / 10, cc % 10};
  }
  fail(errc::invalid_argument, "parse_arch",
       "unknown architecture '" + text +
           "' (expected cc1.0 .. cc9.0 or sm_10 .. sm_90, a compute capability NVIDIA shipped up to Hopper)");
}

}  // namespace coalesce::analysis

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Runs a call that must fail: requires a coalesce::error with the given code and a message naming `text`.

#include <coalesce/core/error.hpp>

#include <doctest/doctest.h>

#include <string>

namespace coalesce::test {

template <class F>
void require_error(F&& call, errc code, const std::string& text) {
  try {
    call();
    FAIL("no error thrown; expected " << to_string(code));
  } catch (const error& e) {
    INFO(e.what());
    CHECK(e.code() == code);
    CHECK(std::string(e.what()).find(text) != std::string::npos);
  }
}

}  // namespace coalesce::test

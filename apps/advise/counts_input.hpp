// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// --counts FILE: the access counts JSON that instrumented views wrote (docs/analyzer.md), read back.

#include <coalesce/analysis/access_counts.hpp>

#include <string>

namespace advise {

// The counts in the file at path. Throws coalesce::error (invalid_argument, call "--counts") naming the
// file and the bad key: a file that is not there or not JSON, another format or version, a missing key,
// a value of the wrong kind.
coalesce::analysis::access_counts read_counts(const std::string& path);

// The layout command's kernel from --counts FILE [--array NAME] (and --n, when not 0, instead of the
// counted n), with the type's name, the components read and written as text ("0-14", "none"), and a
// line saying where they come from.
struct counted_kernel {
  coalesce::analysis::kernel_description kernel;
  std::string type, reads, writes, line;
};
counted_kernel kernel_from_counts_file(const std::string& path, const std::string& array, std::size_t n);

// The record command's kernel from --counts FILE [--array NAME] (and --n as above), with the record's
// name and the fields read and written as text ("dN,V0,nodes[0]", "none").
struct counted_record {
  coalesce::analysis::record_kernel kernel;
  std::string name, reads, writes;
};
counted_record record_from_counts_file(const std::string& path, const std::string& array, std::size_t n);

}  // namespace advise

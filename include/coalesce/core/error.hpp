// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The typed exceptions of the host API. Device code never throws.

#include <stdexcept>
#include <string>

namespace coalesce {

enum class errc {
  invalid_argument,    // a value out of its domain (m = 0, bd = 0, pitch < m, null pointer)
  size_overflow,       // a byte count does not fit in size_t
  size_mismatch,       // source and destination shapes differ
  wrong_memory_space,  // a host pointer where device memory is required, or the reverse
  out_of_memory,       // an allocation failed
  out_of_range,        // a view index outside its extents (bounds-checked builds)
  no_device,           // the CUDA backend was asked for but is not available
  cuda,                // any other CUDA runtime error
  mpi,                 // an MPI call failed (coalesce::mpi)
};

const char* to_string(errc code) noexcept;

// Every failure of the host API throws this (or cuda_error). what() reads
// "coalesce: <call>: <message>", and the message names the bad value.
class error : public std::runtime_error {
 public:
  error(errc code, const std::string& call, const std::string& message)
      : std::runtime_error("coalesce: " + call + ": " + message), code_(code) {}
  errc code() const noexcept { return code_; }

 private:
  errc code_;
};

// A CUDA runtime call failed; carries the cudaError_t value and its name.
class cuda_error : public error {
 public:
  cuda_error(errc code, const std::string& call, int cuda_code, const std::string& cuda_name, const std::string& message)
      : error(code, call, message + " (" + cuda_name + ")"), cuda_code_(cuda_code), cuda_name_(cuda_name) {}
  int cuda_code() const noexcept { return cuda_code_; }
  const std::string& cuda_name() const noexcept { return cuda_name_; }

 private:
  int cuda_code_;
  std::string cuda_name_;
};

[[noreturn]] inline void fail(errc code, const std::string& call, const std::string& message) {
  throw error(code, call, message);
}

inline const char* to_string(errc code) noexcept {
  switch (code) {
    case errc::invalid_argument: return "invalid_argument";
    case errc::size_overflow: return "size_overflow";
    case errc::size_mismatch: return "size_mismatch";
    case errc::wrong_memory_space: return "wrong_memory_space";
    case errc::out_of_memory: return "out_of_memory";
    case errc::out_of_range: return "out_of_range";
    case errc::no_device: return "no_device";
    case errc::cuda: return "cuda";
    case errc::mpi: return "mpi";
  }
  return "unknown";
}

}  // namespace coalesce

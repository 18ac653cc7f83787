// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// A downstream program: AoS -> blocked -> AoS on the host backend, checked element by element.
#include <coalesce/coalesce.hpp>

#include <cstdio>
#include <vector>

int main() {
  const std::size_t n = 37, m = 3;
  std::vector<float> in(n * m), out(n * m, -1.0f);
  for (std::size_t k = 0; k < in.size(); ++k) in[k] = float(k) * 0.5f;
  coalesce::runtime rt{coalesce::backend::host};
  auto blocked = rt.upload(coalesce::host_vectors(in.data(), n, m), coalesce::blocked(8));
  rt.download(blocked, coalesce::host_vectors(out.data(), n, m));
  for (std::size_t k = 0; k < in.size(); ++k)
    if (in[k] != out[k]) {
      std::printf("mismatch at %zu\n", k);
      return 1;
    }
  std::printf("consumer: coalesce %s round trip ok (%s)\n", COALESCE_VERSION, rt.description().c_str());
  return 0;
}

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include "element_record.hpp"

namespace coalesce::fe {

record_desc element_record_desc() {
  return describe_record<element_record>(field("dN", &element_record::dN), field("V0", &element_record::V0),
                                         field("mu", &element_record::mu), field("kappa", &element_record::kappa),
                                         field("nodes", &element_record::nodes));
}

std::vector<element_record> element_records(const tled_model& model) {
  std::vector<element_record> out(model.elements);
  for (std::size_t e = 0; e < model.elements; ++e) {
    const float* d = &model.element_data[e * element_m];
    element_record& r = out[e];
    for (std::size_t k = 0; k < 12; ++k) r.dN[k] = d[k];
    r.V0 = d[12];
    r.mu = d[13];
    r.kappa = d[14];
    for (std::size_t a = 0; a < connectivity_m; ++a) r.nodes[a] = model.connectivity[e * connectivity_m + a];
  }
  return out;
}

}  // namespace coalesce::fe

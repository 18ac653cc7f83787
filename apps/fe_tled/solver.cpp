// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include "solver.hpp"

#include "../common/record_match.hpp"
#include "element_record.hpp"

#include <coalesce/analysis/advisor.hpp>
#include <coalesce/analysis/record_advisor.hpp>

#include <algorithm>
#include <utility>

namespace coalesce::fe {

namespace {

template <class T>
array<T> upload(const runtime& rt, const std::vector<T>& data, std::size_t n, std::size_t m, layout_spec spec) {
  return rt.upload(host_vectors(data.data(), n, m), spec);
}

}  // namespace

tled_solver::tled_solver(const runtime& rt, const tled_model& model, layout_spec layout, unsigned block)
    : tled_solver(rt, model, layout, std::nullopt, block) {}

tled_solver::tled_solver(const runtime& rt, const tled_model& model, const record_layout_spec& records, unsigned block)
    : tled_solver(rt, model, apps::matching_vector_layout(records), records, block) {}

tled_solver::tled_solver(const runtime& rt, const tled_model& model, layout_spec layout,
                         std::optional<record_layout_spec> records, unsigned block)
    : rt_(rt), layout_(layout), records_(std::move(records)), block_(block), nodes_(model.nodes),
      elements_(model.elements) {
  if (block == 0 || block > 1024 || block % 32 != 0)
    fail(errc::invalid_argument, "tled_solver", "CUDA block size " + std::to_string(block) + " is not a multiple of 32 in 32..1024");
  solver_arrays& a = arrays_;
  if (records_) {
    a.elements = rt.upload(host_records(element_records(model), element_record_desc()), *records_);
  } else {
    a.element = upload(rt, model.element_data, elements_, element_m, layout);
    a.connectivity = upload(rt, model.connectivity, elements_, connectivity_m, layout);
  }
  a.force = rt.allocate<float>(elements_, force_m, layout);
  const std::vector<float> zeros(nodes_ * node_m, 0.0f);
  a.u = upload(rt, zeros, nodes_, node_m, layout);
  a.u_prev = upload(rt, zeros, nodes_, node_m, layout);
  a.coefficients = upload(rt, model.coefficients, nodes_, node_m, layout);
  a.external = upload(rt, model.external, nodes_, node_m, layout);
  a.constraint_value = upload(rt, model.constraint_value, nodes_, node_m, layout);
  a.constraint_mask = upload(rt, model.constraint_mask, nodes_, 1, layout);
  a.offsets = upload(rt, model.node_elements.offsets, nodes_ + 1, 1, aos());
  a.entries = upload(rt, model.node_elements.entries, model.node_elements.entries.size(), 1, aos());
}

void tled_solver::element_pass() {
  const bool cuda = rt_.kind() == backend::cuda;
  if (records_ && cuda)
    device_record_element_pass(arrays_, block_);
  else if (records_)
    host_record_element_pass(arrays_);
  else if (cuda)
    device_element_pass(arrays_, block_);
  else
    host_element_pass(arrays_);
}

std::string tled_solver::layout_name() const {
  return records_ ? "records:" + to_string(*records_) : to_string(layout_);
}

void tled_solver::node_pass(float load_factor_value) {
  if (rt_.kind() == backend::cuda)
    device_node_pass(arrays_, load_factor_value, block_);
  else
    host_node_pass(arrays_, load_factor_value);
}

void tled_solver::advance(std::size_t ramp) {
  element_pass();
  node_pass(float(load_factor(step_, ramp)));
  std::swap(arrays_.u, arrays_.u_prev);
  ++step_;
}

void tled_solver::run(std::size_t steps, std::size_t ramp, const std::function<void(std::size_t)>& progress) {
  // Report about every 1/200 of the run, and wait for the device there, so the rate is honest.
  const std::size_t every = std::max<std::size_t>(1, steps / 200);
  for (std::size_t s = 0; s < steps; ++s) {
    advance(ramp);
    if (progress && ((s + 1) % every == 0 || s + 1 == steps)) {
      synchronize();
      progress(s + 1);
    }
  }
  synchronize();
}

void tled_solver::synchronize() const {
  if (rt_.kind() == backend::cuda) device_synchronize();
}

std::vector<float> tled_solver::displacements() const {
  synchronize();
  std::vector<float> out(nodes_ * node_m);
  rt_.download(arrays_.u, host_vectors(out.data(), nodes_, node_m));
  return out;
}

std::vector<float> tled_solver::element_forces() const {
  synchronize();
  std::vector<float> out(elements_ * force_m);
  rt_.download(arrays_.force, host_vectors(out.data(), elements_, force_m));
  return out;
}

layout_spec choose_layout(const std::string& text, std::size_t elements, std::string* why) {
  if (text != "auto") {
    const layout_spec spec = parse_layout(text);
    if (spec.kind == layout_kind::row_major && spec.pitched)
      fail(errc::invalid_argument, "--layout", "'" + text + "': pitched rows are not offered for vector sets (use aos, soa, blocked:<bd>)");
    return spec;
  }
  // The time model ranks (launch floor, resident warps, caches): analyse the real grid; the analysis
  // walks a few periods of the pattern, whatever n is.
  analysis::kernel_description k;
  k.n = std::max<std::size_t>(elements, 1);
  k.m = element_m;
  for (std::size_t i = 0; i < element_m; ++i) k.reads.push_back(i);
  const analysis::advice advice = analysis::advise(k, analysis::gpu_arch{9, 0});
  if (why) *why = advice.explanation;
  return parse_layout(advice.ranked.front().name);
}

record_layout_spec choose_record_layout(const std::string& text, std::size_t elements, std::string* why) {
  if (text != "auto") return parse_record_layout(text);
  analysis::record_kernel k;
  k.desc = element_record_desc();
  k.n = std::max<std::size_t>(elements, 1);  // past 2^17 records the analysis samples 2^16 of them
  for (const field_desc& f : k.desc.fields()) k.reads.push_back({f.name, {}});
  const analysis::record_advice advice = analysis::advise_record(k, analysis::gpu_arch{9, 0});
  if (why) *why = advice.explanation;
  return advice.ranked.front().spec;
}

}  // namespace coalesce::fe

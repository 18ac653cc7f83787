// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The TLED time loop on a coalesce runtime (CUDA or host/OpenMP), with every vector set in the layout
// asked for, or (records) the element data and connectivity as one record in a record layout and the
// other vector sets in the matching vector layout. The model's AoS structs are uploaded by the
// runtime; the element and node passes are compiled per layout (coalesce::visit_layout, or
// coalesce::visit for the records) and chosen at run time.

#include "model.hpp"

#include <coalesce/coalesce.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace coalesce::fe {

// The device (or host-backend) arrays of one run.
struct solver_arrays {
  array<float> element, force, u, u_prev, coefficients, external, constraint_value;
  array<std::int32_t> connectivity, constraint_mask;
  array<std::int32_t> offsets, entries;  // node-to-element list, plain (AoS, m = 1)
  record_array elements;  // records: element data and connectivity together (element, connectivity empty)
};

// The passes per backend (solver_host.cpp, solver_device.cu). The device ones enqueue on the legacy
// default stream and return without waiting.
void host_element_pass(solver_arrays& a);
void host_record_element_pass(solver_arrays& a);
void host_node_pass(solver_arrays& a, float load_factor);
void device_element_pass(solver_arrays& a, unsigned block);
void device_record_element_pass(solver_arrays& a, unsigned block);
void device_node_pass(solver_arrays& a, float load_factor, unsigned block);
void device_synchronize();
// The element pass once more with counted views (counted_views.hpp), counting into `counters`
// (pass_counters of them, in the runtime's memory); the forces it writes are the plain pass's.
void host_counted_element_pass(solver_arrays& a, unsigned long long* counters);
void host_counted_record_element_pass(solver_arrays& a, unsigned long long* counters);
void device_counted_element_pass(solver_arrays& a, unsigned long long* counters, unsigned block);
void device_counted_record_element_pass(solver_arrays& a, unsigned long long* counters, unsigned block);

class tled_solver {
 public:
  // Uploads the model in `layout`; `block` is the CUDA block size (threads), independent of bd.
  tled_solver(const runtime& rt, const tled_model& model, layout_spec layout, unsigned block = 256);
  // Uploads the elements as records (element_record.hpp) in `records`, the rest in the matching
  // vector layout (aos and packed: aos; split: its hot fields' soa or blocked).
  tled_solver(const runtime& rt, const tled_model& model, const record_layout_spec& records, unsigned block = 256);

  // One step: element pass, node pass with the load factor of step `step()` of a ramp of `ramp` steps,
  // then u and u_prev swap roles.
  void advance(std::size_t ramp);
  // `steps` steps; progress(done) is called every so often (may be empty).
  void run(std::size_t steps, std::size_t ramp, const std::function<void(std::size_t)>& progress = {});
  // The passes alone (benchmarks); they neither advance the step count nor swap.
  void element_pass();
  void node_pass(float load_factor);
  void synchronize() const;

  std::size_t step() const noexcept { return step_; }
  const runtime& rt() const noexcept { return rt_; }
  const layout_spec& layout() const noexcept { return layout_; }
  // The elements' record layout, when the solver runs on records.
  const std::optional<record_layout_spec>& records() const noexcept { return records_; }
  // "blocked:128", or "records:split:dN,nodes" on records.
  std::string layout_name() const;
  const solver_arrays& arrays() const noexcept { return arrays_; }
  // Writable arrays: a distributed run (apps/fe_tled_mpi) refreshes the ghost nodes of u between steps.
  solver_arrays& arrays() noexcept { return arrays_; }
  // Displacements (nodes x 3, AoS) and element forces (elements x 12, AoS) in host memory.
  std::vector<float> displacements() const;
  std::vector<float> element_forces() const;

 private:
  tled_solver(const runtime& rt, const tled_model& model, layout_spec layout, std::optional<record_layout_spec> records,
              unsigned block);

  runtime rt_;  // a copy (it shares its staging buffers), so a temporary runtime is fine
  layout_spec layout_;
  std::optional<record_layout_spec> records_;
  unsigned block_;
  std::size_t nodes_, elements_, step_ = 0;
  solver_arrays arrays_;
};

// Parses --layout text (aos, soa, blocked:<bd>); "auto" asks the advisor for the element data
// (elements x 15 floats, one thread per element) and returns its first choice.
layout_spec choose_layout(const std::string& text, std::size_t elements, std::string* why = nullptr);
// Parses --records text (aos, packed, soa, blocked:<bd>, split:<fields>[:blocked:<bd>]); "auto" asks the
// record advisor for the element record (every field read, one thread per element).
record_layout_spec choose_record_layout(const std::string& text, std::size_t elements, std::string* why = nullptr);

}  // namespace coalesce::fe

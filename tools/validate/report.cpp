// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include "report.hpp"

#include <cmath>
#include <cstdio>
#include <sstream>
#include <stdexcept>

namespace validate {
namespace {

const std::string ld_sectors = "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum";
const std::string ld_requests = "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum";
const std::string st_sectors = "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum";
const std::string st_requests = "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum";
const std::string ld_conflicts = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum";
const std::string st_conflicts = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum";
const std::string ld_wavefronts = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum";
const std::string st_wavefronts = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum";
const std::string ld_shared_inst = "smsp__inst_executed_op_shared_ld.sum";
const std::string st_shared_inst = "smsp__inst_executed_op_shared_st.sum";

std::string fixed(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", x);
  return buf;
}

double metric(const ncu_launch& l, const std::string& name) {
  const auto it = l.metrics.find(name);
  if (it == l.metrics.end()) throw std::runtime_error("launch " + std::to_string(l.id) + " lacks metric " + name);
  return it->second;
}

bool same(double a, double b) { return std::fabs(a - b) <= 0.005; }

const char* where(const pattern_spec& p) {
  return p.where == space::shared ? "shared" : p.where == space::global ? "global" : "layout";
}

std::string access(const pattern_spec& p) {
  if (p.where != space::layout)
    return "`" + p.expression + "`" + (p.base_offset ? " at +" + std::to_string(p.base_offset) + " B" : "");
  return std::string("`") + coalesce::to_string(p.layout.kind) + "` n=" + std::to_string(p.layout.n) +
         " m=" + std::to_string(p.layout.m) +
         (p.layout.kind == coalesce::layout_kind::blocked ? " bd=" + std::to_string(p.layout.block) : "") +
         (p.layout.kind == coalesce::layout_kind::col_major ? " pitch=" + std::to_string(p.layout.pitch) : "") +
         ", component " + std::to_string(p.component);
}

}  // namespace

const char* metric_list() {
  return "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,"
         "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,"
         "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,"
         "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,"
         "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,"
         "smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_shared_st.sum";
}

report_summary make_report(const std::vector<pattern_spec>& patterns, const std::vector<ncu_launch>& launches,
                           const std::string& machine) {
  if (launches.size() != patterns.size())
    throw std::runtime_error("ncu profiled " + std::to_string(launches.size()) + " kernels, expected " +
                             std::to_string(patterns.size()) + " (one per pattern)");
  report_summary s;
  std::ostringstream md;
  md << "Machine: " << machine << ". Global rows compare sectors per request "
     << "(`l1tex__t_sectors_pipe_lsu_mem_global_op_{ld,st}.sum` / `l1tex__t_requests_..._{ld,st}.sum`); shared rows "
     << "compare bank conflicts per request (`l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_{ld,st}.sum` / "
     << "`smsp__inst_executed_op_shared_{ld,st}.sum`) and wavefronts per request.\n\n"
     << "| # | pattern | where | op | type | access | requests (pred / meas) | predicted | measured | match |\n"
     << "|---|---|---|---|---|---|---|---|---|---|\n";
  for (std::size_t k = 0; k < patterns.size(); ++k) {
    const pattern_spec& p = patterns[k];
    const ncu_launch& l = launches[k];
    if (l.kernel_name.find(p.name) == std::string::npos)
      throw std::runtime_error("launch " + std::to_string(l.id) + " is '" + l.kernel_name + "', expected pattern " +
                               p.name);
    const prediction pred = predict(p);
    std::string predicted, measured;
    double requests = 0;
    bool match = false;
    if (p.where == space::shared) {
      requests = metric(l, p.store ? st_shared_inst : ld_shared_inst);
      const double conflicts = metric(l, p.store ? st_conflicts : ld_conflicts) / requests;
      const double wavefronts = metric(l, p.store ? st_wavefronts : ld_wavefronts) / requests;
      predicted = fixed(pred.conflicts_per_request) + " conflicts, " + fixed(pred.per_request) + " wavefronts";
      measured = fixed(conflicts) + " conflicts, " + fixed(wavefronts) + " wavefronts";
      match = same(conflicts, pred.conflicts_per_request) && same(wavefronts, pred.per_request);
    } else {
      requests = metric(l, p.store ? st_requests : ld_requests);
      const double sectors = metric(l, p.store ? st_sectors : ld_sectors) / requests;
      predicted = fixed(pred.per_request) + " sectors";
      measured = fixed(sectors) + " sectors";
      match = same(sectors, pred.per_request);
    }
    match = match && same(requests, pred.requests);
    ++s.compared;
    s.matched += match ? 1 : 0;
    md << "| " << k + 1 << " | " << p.name << " | " << where(p) << " | " << (p.store ? "st" : "ld") << " | " << p.type
       << " | " << access(p) << " | " << static_cast<long long>(pred.requests) << " / "
       << static_cast<long long>(requests) << " | " << predicted << " | " << measured << " | "
       << (match ? "yes" : "**no**") << " |\n";
  }
  md << "\n" << s.matched << " of " << s.compared << " patterns match the prediction exactly (to 0.005 per request).\n";
  s.markdown = md.str();
  return s;
}

}  // namespace validate

// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// coalesce-advise validate: the time model against the times coalesce-validate-time measured on a GPU
// (its JSON). Runs on the host, so the model's parameters can be tuned (--perf) without the GPU.
#include "commands.hpp"
#include "json_file.hpp"
#include "output.hpp"
#include "record_input.hpp"

#include "time_report.hpp"

#include <coalesce/core/error.hpp>

#include <nlohmann/json.hpp>

#include <memory>
#include <ostream>

namespace advise {
namespace {

using namespace coalesce::analysis;
using coalesce::errc;
using coalesce::fail;

struct validate_options {
  std::string measured;
  std::string arch = "sm_90";
  std::string perf;
  std::string report;
  bool json = false;
};

// A record kernel's entry: its record (as --record takes it), n, and the fields read and written, whole.
record_kernel read_record_kernel(const nlohmann::json& k, const std::string& where) {
  record_kernel r;
  std::string name;
  r.desc = advise::record_from_json(k.at("record"), "--measured", where + " record", name);
  r.n = k.at("n").get<std::size_t>();
  for (const std::string& f : k.at("reads").get<std::vector<std::string>>()) r.reads.push_back({f, {}});
  for (const std::string& f : k.at("writes").get<std::vector<std::string>>()) r.writes.push_back({f, {}});
  return r;
}

// The kernels of the file (vector sets, and records where an entry has a "record"); names the file and
// the entry that is malformed.
std::vector<validate_time::measured_kernel> read_measured(const std::string& path, std::string& machine) {
  const nlohmann::json j = read_json_file(path, "--measured");
  if (!j.is_object() || !j.contains("kernels") || !j["kernels"].is_array())
    fail(errc::invalid_argument, "--measured", "'" + path + "' has no \"kernels\" array");
  machine = j.value("device", std::string("an unnamed GPU"));
  std::vector<validate_time::measured_kernel> out;
  for (std::size_t e = 0; e < j["kernels"].size(); ++e) {
    const nlohmann::json& k = j["kernels"][e];
    validate_time::measured_kernel mk;
    try {
      mk.name = k.at("name").get<std::string>();
      mk.ms = k.at("measured_ms").get<std::map<std::string, double>>();
      mk.array_mib = k.value("array_mib", std::size_t(0));
      if (k.contains("record")) {
        mk.record = read_record_kernel(k, "'" + path + "' kernel " + std::to_string(e));
      } else {
        mk.kernel.n = k.at("n").get<std::size_t>();
        mk.kernel.m = k.at("m").get<std::size_t>();
        mk.kernel.type = parse_element_type(k.at("type").get<std::string>());
        mk.kernel.reads = k.at("reads").get<std::vector<std::size_t>>();
        mk.kernel.writes = k.at("writes").get<std::vector<std::size_t>>();
        mk.kernel.thread_to_vector = k.value("thread_to_vector", std::string("idx"));
        mk.kernel.thread_to_component = k.value("thread_to_component", std::string("0"));
        mk.kernel.threads = k.value("threads", std::size_t(0));
        mk.kernel.loads_in_flight = k.value("loads_in_flight", std::size_t(0));
      }
    } catch (const nlohmann::json::exception& x) {
      fail(errc::invalid_argument, "--measured", "'" + path + "' kernel " + std::to_string(e) + ": " + x.what());
    }
    out.push_back(std::move(mk));
  }
  return out;
}

nlohmann::json tally_json(const validate_time::tally& t) {
  return {{"kernels", t.kernels}, {"first_ok", t.first_ok}, {"aos_kernels", t.aos_kernels}, {"aos_ok", t.aos_ok}};
}

}  // namespace

runner add_validate_command(CLI::App& app) {
  auto o = std::make_shared<validate_options>();
  CLI::App* cmd =
      app.add_subcommand("validate", "compare the time model with times measured by coalesce-validate-time");
  cmd->add_option("--measured", o->measured, "the JSON coalesce-validate-time wrote")->required();
  cmd->add_option("--arch", o->arch, "sm_90, sm_80 or sm_70 (an architecture with a time model)")
      ->capture_default_str();
  cmd->add_option("--perf", o->perf, "time-model overrides, key=value,... (e.g. l1_reuse_bytes=96000)");
  cmd->add_option("--report", o->report, "also write the Markdown report to this file");
  cmd->add_flag("--json", o->json, "the statistics and every kernel as JSON instead of Markdown");
  return [o](std::ostream& out) {
    const gpu_arch arch = parse_arch(o->arch);
    std::optional<perf_params> perf = perf_params_for(arch);
    if (!perf) fail(errc::invalid_argument, "--arch", "there is no time model for " + arch.name());
    if (!o->perf.empty()) *perf = with_overrides(*perf, o->perf);
    std::string machine;
    const auto measured = read_measured(o->measured, machine);
    const validate_time::time_report r = validate_time::compare(measured, arch, *perf);
    const std::string md = validate_time::markdown(r, machine, *perf);
    if (!o->report.empty()) write_file(o->report, md);
    if (!o->json) {
      out << md;
      return;
    }
    nlohmann::json kernels = nlohmann::json::array();
    for (const validate_time::kernel_result& k : r.kernels) {
      nlohmann::json layouts = nlohmann::json::array();
      for (const validate_time::layout_result& l : k.layouts) {
        const kernel_traffic& t = l.traffic;
        layouts.push_back({{"layout", l.layout},
                           {"measured_ms", l.measured_ms},
                           {"predicted_ms", l.predicted_ms},
                           {"binding_limit", l.limit},
                           {"traffic",
                            {{"threads", t.threads},
                             {"warps", t.warps},
                             {"load_requests", t.load_requests},
                             {"store_requests", t.store_requests},
                             {"load_sectors", t.load_sectors},
                             {"store_sectors", t.store_sectors},
                             {"store_bytes", t.store_bytes},
                             {"wavefronts", t.wavefronts},
                             {"warp_load_sectors", t.warp_load_sectors},
                             {"warp_store_sectors", t.warp_store_sectors},
                             {"warp_load_lines", t.warp_load_lines},
                             {"warp_store_lines", t.warp_store_lines},
                             {"warp_streams", t.warp_streams},
                             {"warp_runs", t.warp_runs},
                             {"stream_warps", t.stream_warps},
                             {"load_footprint", t.load_footprint},
                             {"store_footprint", t.store_footprint},
                             {"partial_store_fraction", t.partial_store_fraction},
                             {"stores_were_read", t.stores_were_read}}}});
      }
      kernels.push_back({{"name", k.name},
                         {"n", k.n},
                         {"size", validate_time::size_label(k.n, k.array_mib)},
                         {"half", k.fit ? "fit" : "held back"},
                         {"classes", k.classes},
                         {"first", k.first},
                         {"fastest", k.fastest},
                         {"first_over_fastest", k.first_over_fastest},
                         {"aos_over_best_measured", k.aos_over_best_measured},
                         {"aos_over_best_predicted", k.aos_over_best_predicted},
                         {"layouts", layouts}});
    }
    nlohmann::json groups = nlohmann::json::array();
    for (const validate_time::group_result& g : r.groups)
      groups.push_back({{"size", g.size},
                        {"class", g.access_class},
                        {"fit", tally_json(g.fit)},
                        {"held_back", tally_json(g.held_back)}});
    out << nlohmann::json{{"device", machine},
                          {"first_within_5", r.first_within_5},
                          {"predicted_within_20", r.predicted_within_20},
                          {"pairs", r.pairs},
                          {"groups", groups},
                          {"kernels", kernels}}
               .dump(2)
        << "\n";
  };
}

}  // namespace advise

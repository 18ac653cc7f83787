// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// coalesce-mpi-bench: pack/unpack GB/s against a copy of the packed bytes, and halo exchange time per
// step against message size (run it with 1, 2, 4 ranks), beside MPI_Type_indexed on the same ids.
// Rank 0 prints a table and writes --csv.
#include "pack_cases.hpp"

#include <coalesce/mpi/plan.hpp>

#include <CLI/CLI.hpp>

#include <cstdio>
#include <fstream>

using namespace coalesce;
using namespace coalesce::bench;

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  CLI::App app{"coalesce-mpi-bench: pack/unpack and halo exchange"};
  mpi_bench_options opt;
  std::string backend_name = "auto", csv, only = "all";
  app.add_option("--backend", backend_name, "cuda, host or auto")->check(CLI::IsMember({"auto", "cuda", "host"}));
  app.add_option("--pack-mib", opt.pack_mib, "largest packed MiB of a pack case (larger ones are skipped)")
      ->capture_default_str();
  app.add_option("--pack-ids", opt.pack_ids, "ids per pack case")->delimiter(',');
  app.add_option("--ms", opt.ms, "components per vector of the pack cases")->delimiter(',');
  app.add_option("--vectors", opt.message_vectors, "vectors per message of the exchange cases")->delimiter(',');
  app.add_option("--reps", opt.reps, "timed repetitions (median)")->capture_default_str();
  app.add_option("--only", only, "pack, exchange or all")->check(CLI::IsMember({"pack", "exchange", "all"}));
  app.add_option("--csv", csv, "write the rows here (rank 0)");
  int code = 0;
  try {
    app.parse(argc, argv);
    const runtime rt = backend_name == "host" ? runtime(backend::host)
                       : backend_name == "cuda" ? mpi::local_runtime(MPI_COMM_WORLD, backend::cuda)
                                                : mpi::local_runtime(MPI_COMM_WORLD);
    std::vector<mpi_row> rows;
    if (only != "exchange" && rank == 0) pack_cases(rt, opt, rows);
    if (only != "pack") exchange_cases(rt, MPI_COMM_WORLD, opt, rows);
    if (rank == 0) {
      std::printf("# %s, %d ranks\n"
                  "# GB/s: 2 x wire bytes / time; copy: the same bytes copied (D2D); sectors: the copy's "
                  "bandwidth over the 32-byte sectors the ids touch\n"
                  "| group | case | layout | type | ids | m | vectors | wire bytes | median ms | GB/s | copy GB/s "
                  "| %% of copy | sector GB/s | %% of sectors |\n"
                  "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n",
                  rt.description().c_str(), ranks);
      auto percent = [](double a, double b) { return b > 0 ? 100.0 * a / b : 0.0; };
      for (const auto& r : rows)
        std::printf("| %s | %s | %s | %s | %s | %zu | %zu | %zu | %.4f | %.1f | %.1f | %.0f | %.1f | %.0f |\n",
                    r.group.c_str(), r.name.c_str(), r.layout.c_str(), r.type.c_str(), r.ids.c_str(), r.m, r.vectors,
                    r.bytes, r.median_ms, r.gbs, r.ceiling_gbs, percent(r.gbs, r.ceiling_gbs), r.sector_gbs,
                    percent(r.gbs, r.sector_gbs));
      if (!csv.empty()) {
        std::ofstream f(csv);
        f << "group,case,layout,type,ids,m,vectors,bytes,ranks,median_ms,min_ms,max_ms,gbs,copy_gbs,sector_gbs,"
             "backend\n";
        for (const auto& r : rows)
          f << r.group << ',' << r.name << ',' << r.layout << ',' << r.type << ',' << r.ids << ',' << r.m << ','
            << r.vectors << ',' << r.bytes << ',' << r.ranks << ',' << r.median_ms << ',' << r.min_ms << ','
            << r.max_ms << ',' << r.gbs << ',' << r.ceiling_gbs << ',' << r.sector_gbs << ',' << to_string(rt.kind())
            << '\n';
      }
    }
  } catch (const CLI::ParseError& e) {
    code = rank == 0 ? app.exit(e) : 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "coalesce-mpi-bench (rank %d): %s\n", rank, e.what());
    code = 1;
  }
  MPI_Allreduce(MPI_IN_PLACE, &code, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  MPI_Finalize();
  return code;
}

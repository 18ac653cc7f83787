// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include "output.hpp"

#include <coalesce/core/error.hpp>

#include <unistd.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>

namespace coalesce::fe {

namespace {

std::ofstream open_for_writing(const std::string& path) {
  std::ofstream out(path);
  if (!out) fail(errc::invalid_argument, "output", "cannot write '" + path + "'");
  return out;
}

double magnitude(const std::vector<float>& u, std::size_t i) {
  return std::sqrt(double(u[3 * i]) * u[3 * i] + double(u[3 * i + 1]) * u[3 * i + 1] + double(u[3 * i + 2]) * u[3 * i + 2]);
}

}  // namespace

void write_vtu(const std::string& path, const tet_mesh& mesh, const std::vector<float>& u) {
  std::ofstream out = open_for_writing(path);
  const std::size_t n = mesh.node_count(), e = mesh.element_count();
  out << "<?xml version=\"1.0\"?>\n<VTKFile type=\"UnstructuredGrid\" version=\"0.1\" byte_order=\"LittleEndian\">\n"
      << "<UnstructuredGrid>\n<Piece NumberOfPoints=\"" << n << "\" NumberOfCells=\"" << e << "\">\n";
  out << "<PointData Vectors=\"displacement\" Scalars=\"magnitude\">\n"
      << "<DataArray type=\"Float32\" Name=\"displacement\" NumberOfComponents=\"3\" format=\"ascii\">\n";
  for (std::size_t i = 0; i < n; ++i) out << u[3 * i] << ' ' << u[3 * i + 1] << ' ' << u[3 * i + 2] << '\n';
  out << "</DataArray>\n<DataArray type=\"Float32\" Name=\"magnitude\" format=\"ascii\">\n";
  for (std::size_t i = 0; i < n; ++i) out << magnitude(u, i) << '\n';
  out << "</DataArray>\n</PointData>\n<Points>\n<DataArray type=\"Float64\" NumberOfComponents=\"3\" format=\"ascii\">\n";
  for (std::size_t i = 0; i < n; ++i)
    out << mesh.nodes[i][0] + u[3 * i] << ' ' << mesh.nodes[i][1] + u[3 * i + 1] << ' ' << mesh.nodes[i][2] + u[3 * i + 2]
        << '\n';
  out << "</DataArray>\n</Points>\n<Cells>\n<DataArray type=\"Int32\" Name=\"connectivity\" format=\"ascii\">\n";
  for (const auto& t : mesh.tets) out << t[0] << ' ' << t[1] << ' ' << t[2] << ' ' << t[3] << '\n';
  out << "</DataArray>\n<DataArray type=\"Int64\" Name=\"offsets\" format=\"ascii\">\n";
  for (std::size_t k = 1; k <= e; ++k) out << 4 * k << '\n';
  out << "</DataArray>\n<DataArray type=\"UInt8\" Name=\"types\" format=\"ascii\">\n";
  for (std::size_t k = 0; k < e; ++k) out << "10\n";  // VTK_TETRA
  out << "</DataArray>\n</Cells>\n</Piece>\n</UnstructuredGrid>\n</VTKFile>\n";
  if (!out) fail(errc::invalid_argument, "write_vtu", "writing '" + path + "' failed");
}

void write_surface_csv(const std::string& path, const tet_mesh& mesh, const std::vector<float>& u, std::size_t limit) {
  // A face used by exactly one tetrahedron is on the boundary: sort all faces, keep the unpaired ones.
  std::vector<std::array<std::int32_t, 3>> faces;
  faces.reserve(4 * mesh.element_count());
  for (const auto& t : mesh.tets)
    for (int skip = 0; skip < 4; ++skip) {
      std::array<std::int32_t, 3> f{};
      int k = 0;
      for (int a = 0; a < 4; ++a)
        if (a != skip) f[std::size_t(k++)] = t[std::size_t(a)];
      std::sort(f.begin(), f.end());
      faces.push_back(f);
    }
  std::sort(faces.begin(), faces.end());
  std::vector<char> boundary(mesh.node_count(), 0);
  for (std::size_t k = 0; k < faces.size();) {
    std::size_t same = k + 1;
    while (same < faces.size() && faces[same] == faces[k]) ++same;
    if (same - k == 1)
      for (std::int32_t v : faces[k]) boundary[std::size_t(v)] = 1;
    k = same;
  }
  std::vector<std::size_t> picked;
  for (std::size_t i = 0; i < boundary.size(); ++i)
    if (boundary[i]) picked.push_back(i);
  const std::size_t stride = std::max<std::size_t>(1, (picked.size() + limit - 1) / std::max<std::size_t>(limit, 1));
  std::ofstream out = open_for_writing(path);
  out << "x,y,z,magnitude\n";
  for (std::size_t k = 0; k < picked.size(); k += stride) {
    const std::size_t i = picked[k];
    out << mesh.nodes[i][0] + u[3 * i] << ',' << mesh.nodes[i][1] + u[3 * i + 1] << ',' << mesh.nodes[i][2] + u[3 * i + 2]
        << ',' << magnitude(u, i) << '\n';
  }
}

bool stderr_is_terminal() { return isatty(STDERR_FILENO) == 1; }

progress_bar::progress_bar(std::size_t total, bool enabled)
    : total_(total), enabled_(enabled), start_(std::chrono::steady_clock::now()) {}

void progress_bar::update(std::size_t done) {
  if (!enabled_ || total_ == 0) return;
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  const int width = 30, filled = int(double(width) * double(done) / double(total_));
  std::string bar(std::size_t(filled), '#');
  bar.resize(std::size_t(width), ' ');
  std::fprintf(stderr, "\r[%s] %3d%%  %zu/%zu steps  %.0f steps/s ", bar.c_str(), int(100.0 * double(done) / double(total_)),
               done, total_, seconds > 0 ? double(done) / seconds : 0.0);
  std::fflush(stderr);
}

void progress_bar::finish() {
  if (enabled_) std::fprintf(stderr, "\n");
}

}  // namespace coalesce::fe

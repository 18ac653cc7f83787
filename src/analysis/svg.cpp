// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include <coalesce/analysis/svg.hpp>

#include <algorithm>
#include <cstdio>
#include <sstream>
#include <vector>

namespace coalesce::analysis {
namespace {

constexpr double left = 70, top = 92, row = 14, gap = 6, bottom = 56;
constexpr const char* palette[] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728",
                                   "#9467bd", "#8c564b", "#e377c2", "#17becf"};

std::string num(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", x);
  return buf;
}

std::string escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '&': out += "&amp;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

void rect(std::ostringstream& s, double x, double y, double w, double h, const std::string& fill,
          const std::string& extra = "") {
  s << "<rect x=\"" << num(x) << "\" y=\"" << num(y) << "\" width=\"" << num(w) << "\" height=\"" << num(h)
    << "\" fill=\"" << fill << "\" " << extra << "/>\n";
}

}  // namespace

std::string pattern_svg(const access_pattern& p, const global_report& r, const std::string& title) {
  std::size_t total = 0;
  for (const transaction& t : r.transactions) total += t.bytes;
  const std::size_t n = r.transactions.size();
  // About 1000 px of columns, but no sector narrower than 8 px.
  const double scale = total == 0 ? 1.0 : std::clamp(1000.0 / static_cast<double>(total), 0.25, 8.0);
  double width = left + 20;
  for (const transaction& t : r.transactions) width += t.bytes * scale + gap;
  width = std::max(width, 640.0);
  const double height = top + warp_size * row + bottom;

  std::ostringstream s;
  s << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << num(width) << "\" height=\"" << num(height)
    << "\" font-family=\"monospace\" font-size=\"11\">\n"
    << "<defs><pattern id=\"waste\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" "
       "patternTransform=\"rotate(45)\"><rect width=\"6\" height=\"6\" fill=\"#ffffff\"/>"
       "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#888888\" stroke-width=\"2\"/></pattern></defs>\n";
  rect(s, 0, 0, width, height, "#ffffff");
  s << "<text x=\"8\" y=\"18\" font-size=\"13\" font-weight=\"bold\">" << escape(title) << "</text>\n";

  for (std::size_t l = 0; l < warp_size; ++l) {
    const double y = top + l * row;
    s << "<text x=\"8\" y=\"" << num(y + row - 3) << "\" fill=\"" << (p.is_active(l) ? "#000000" : "#aaaaaa")
      << "\">lane " << l << "</text>\n";
    if (l % 2 == 0) rect(s, left, y, width - left - 10, row, "#f4f4f4");
  }

  double x = left;
  for (std::size_t k = 0; k < n; ++k) {
    const transaction& t = r.transactions[k];
    const std::string colour = palette[k % 8];
    const double w = t.bytes * scale;
    // Which bytes of the transaction its lanes use; the rest is hatched.
    std::vector<bool> used(t.bytes, false);
    for (std::size_t l = 0; l < warp_size; ++l) {
      if (!((t.lanes >> l) & 1u)) continue;
      for (std::uint64_t b = p.address[l]; b < p.address[l] + p.width; ++b)
        if (b >= t.address && b < t.address + t.bytes) used[b - t.address] = true;
    }
    rect(s, x, top, w, warp_size * row, colour, "fill-opacity=\"0.12\"");
    for (std::size_t b = 0; b < t.bytes;) {
      if (used[b]) {
        ++b;
        continue;
      }
      std::size_t e = b;
      while (e < t.bytes && !used[e]) ++e;
      rect(s, x + b * scale, top, (e - b) * scale, warp_size * row, "url(#waste)", "fill-opacity=\"0.8\"");
      b = e;
    }
    for (std::size_t l = 0; l < warp_size; ++l) {
      if (!((t.lanes >> l) & 1u)) continue;
      const std::uint64_t lo = std::max(p.address[l], t.address);
      const std::uint64_t hi = std::min(p.address[l] + p.width, t.address + t.bytes);
      rect(s, x + (lo - t.address) * scale, top + l * row + 1, std::max(1.0, (hi - lo) * scale), row - 2, colour);
    }
    rect(s, x, top, w, warp_size * row, "none", "stroke=\"" + colour + "\" stroke-width=\"1\"");
    s << "<text transform=\"translate(" << num(x + w / 2 + 4) << "," << num(top - 4)
      << ") rotate(-60)\" font-size=\"10\">" << t.address << "</text>\n";
    x += w + gap;
  }

  const double y = top + warp_size * row;
  s << "<text x=\"8\" y=\"" << num(y + 20) << "\">" << r.transactions_per_request() << " " << r.unit
    << "s per request, " << r.bytes_used << " bytes used of " << r.bytes_moved << " moved, efficiency "
    << num(r.efficiency()) << "; columns: " << r.unit << "s by byte address</text>\n";
  rect(s, 8, y + 30, 18, 12, "url(#waste)", "stroke=\"#888888\"");
  s << "<text x=\"32\" y=\"" << num(y + 40) << "\">moved but not used</text>\n";
  rect(s, 180, y + 30, 18, 12, palette[0]);
  s << "<text x=\"204\" y=\"" << num(y + 40) << "\">bytes a lane accesses</text>\n";
  s << "</svg>\n";
  return s.str();
}

}  // namespace coalesce::analysis

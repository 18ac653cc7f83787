// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
// Records on the host: descriptors from member pointers and from lists, bad records, the layouts'
// offsets, round trips of random records through every layout pair, fill values, and views.
#include <coalesce/build_config.hpp>
#include <coalesce/coalesce.hpp>

#include <doctest/doctest.h>

#include "random.hpp"
#include "random_records.hpp"
#include "require_error.hpp"
#include "routes.hpp"

#include <cstddef>
#include <cstdint>
#include <set>
#include <utility>
#include <vector>

using namespace coalesce;
using namespace coalesce::test;

namespace {

struct particle {
  double x[3];
  float v[3];
  std::int32_t id;
  std::uint8_t species;
};

record_desc particle_record() {
  return describe_record<particle>(field("x", &particle::x), field("v", &particle::v), field("id", &particle::id),
                                   field("species", &particle::species));
}

using particle_fields = fields<&particle::x, &particle::v, &particle::id, &particle::species>;

// Every component of every record lies in the span, aligned for its width, and no two share a byte.
void check_layout_is_sound(const record_desc& desc, const record_layout& l) {
  std::vector<unsigned char> owner(l.span_bytes, 0);
  for (std::size_t v = 0; v < l.n; ++v)
    for (std::size_t f = 0; f < desc.size(); ++f)
      for (std::size_t c = 0; c < desc[f].count; ++c) {
        const std::size_t at = byte_offset(desc, l, v, f, c), w = desc[f].width;
        REQUIRE(at % w == 0);
        REQUIRE(at + w <= l.span_bytes);
        for (std::size_t b = 0; b < w; ++b) REQUIRE(owner[at + b]++ == 0);
      }
}

}  // namespace

TEST_SUITE("unit") {
  TEST_CASE("record.desc.from_member_pointers") {
    const record_desc d = particle_record();
    REQUIRE(d.size() == 4);
    CHECK(d.stride() == sizeof(particle));
    CHECK(d[0] == field_desc{"x", offsetof(particle, x), 8, 3});
    CHECK(d[1] == field_desc{"v", offsetof(particle, v), 4, 3});
    CHECK(d[2] == field_desc{"id", offsetof(particle, id), 4, 1});
    CHECK(d[3] == field_desc{"species", offsetof(particle, species), 1, 1});
    CHECK(d.data_bytes() == 24 + 12 + 4 + 1);
    CHECK(d.has_padding());
    CHECK(d.components() == 8);
    CHECK(d.index_of("id") == 2);
    CHECK(particle_fields::index_of<&particle::id>() == 2);
    CHECK(particle_fields::count<0> == 3);
    // The same record from a run-time list.
    CHECK(record_desc({{"x", 0, 8, 3}, {"v", 24, 4, 3}, {"id", 36, 4, 1}, {"species", 40, 1, 1}}, 48) == d);
  }

  TEST_CASE("record.desc.bad_records_name_the_field") {
    using L = std::vector<field_desc>;
    require_error([] { record_desc(L{}, 8); }, errc::invalid_argument, "at least one field");
    require_error([] { record_desc(L{{"a", 0, 4, 1}, {"b", 2, 4, 1}}, 8); }, errc::invalid_argument, "'b'");
    require_error([] { record_desc(L{{"a", 0, 4, 2}, {"b", 4, 4, 1}}, 12); }, errc::invalid_argument, "overlaps");
    require_error([] { record_desc(L{{"a", 8, 8, 1}}, 8); }, errc::invalid_argument, "outside the struct");
    require_error([] { record_desc(L{{"a", 0, 4, 3}}, 8); }, errc::invalid_argument, "field 'a'");
    require_error([] { record_desc(L{{"a", 2, 4, 1}}, 8); }, errc::invalid_argument, "misaligned");
    require_error([] { record_desc(L{{"a", 0, 3, 1}}, 8); }, errc::invalid_argument, "width 3");
    require_error([] { record_desc(L{{"a", 0, 32, 1}}, 32); }, errc::invalid_argument, "width 32");
    require_error([] { record_desc(L{{"a", 0, 4, 0}}, 8); }, errc::invalid_argument, "count = 0");
    require_error([] { record_desc(L{{"a", 0, 8, 1}}, 12); }, errc::invalid_argument, "stride 12");
    require_error([] { record_desc(L{{"a", 0, 4, 1}, {"a", 4, 4, 1}}, 8); }, errc::invalid_argument, "'a'");
    require_error([] { record_desc(L{{"", 0, 4, 1}}, 8); }, errc::invalid_argument, "empty name");
    require_error([] { record_desc(L{{"a", 0, 1, 300}}, 300); }, errc::invalid_argument, "300 field components");
    const record_desc d = particle_record();
    require_error([&] { (void)d.index_of("mass"); }, errc::invalid_argument, "no field 'mass'");
    require_error([&] { (void)resolve_record_layout(d, 10, record_split({"mass"})); }, errc::invalid_argument, "'mass'");
    require_error([&] { (void)resolve_record_layout(d, 10, record_split({})); }, errc::invalid_argument, "hot field");
    require_error([&] { (void)resolve_record_layout(d, 10, record_blocked(0)); }, errc::invalid_argument, "bd = 0");
    require_error([&] { (void)resolve_record_layout(d, std::size_t(1) << 62, record_aos()); }, errc::size_overflow,
                  "size_t");
    require_error([] { (void)host_records(static_cast<particle*>(nullptr), 0, record_desc({{"a", 0, 8, 1}}, 8)); },
                  errc::invalid_argument, "stride is 8");
  }

  TEST_CASE("record.layout.parse") {
    for (const char* text : {"aos", "packed", "soa", "blocked:128", "split:x,v", "split:x:blocked:64"})
      CHECK(to_string(parse_record_layout(text)) == text);
    for (const char* text : {"", "blocked", "blocked:0", "blocked:x", "split:", "split:x,,v", "aos2"})
      require_error([&] { (void)parse_record_layout(text); }, errc::invalid_argument, std::string("'") + text + "'");
  }

  TEST_CASE("record.layout.offsets") {
    const record_desc d = particle_record();
    const std::size_t n = 77;
    const record_layout aos = resolve_record_layout(d, n, record_aos());
    CHECK(byte_offset(d, aos, 5, 2, 0) == 5 * sizeof(particle) + offsetof(particle, id));
    const record_layout packed = resolve_record_layout(d, n, record_packed());
    CHECK(packed.span_bytes == n * 48);  // 41 bytes of fields, stride rounded to the doubles
    const record_layout soa = resolve_record_layout(d, n, record_soa());
    for (std::size_t f = 0; f < d.size(); ++f) CHECK(soa.places[f].base % record_row_alignment == 0);
    CHECK(byte_offset(d, soa, 3, 1, 2) - byte_offset(d, soa, 0, 1, 2) == 3 * 4);
    const record_layout blocked = resolve_record_layout(d, n, record_blocked(32));
    CHECK(blocked.extent() == 96);
    // Lanes of one component are consecutive within a block, runs start on sectors.
    CHECK(byte_offset(d, blocked, 33, 0, 1) - byte_offset(d, blocked, 32, 0, 1) == 8);
    for (std::size_t f = 0; f < d.size(); ++f)
      for (std::size_t c = 0; c < d[f].count; ++c) CHECK(byte_offset(d, blocked, 64, f, c) % record_run_alignment == 0);
    const record_layout split = resolve_record_layout(d, n, record_split({"x"}));
    CHECK(split.places[0].form == field_form::columns);
    CHECK(split.places[1].form == field_form::rows);
    CHECK(split.rows_base % record_row_alignment == 0);
    CHECK(byte_offset(d, split, 1, 1, 0) - byte_offset(d, split, 0, 1, 0) == 12 + 4 + 4);  // v, id, species + pad
    const std::string text = print_record_layout(d, blocked, 4);
    CHECK(text.find("species") != std::string::npos);
    CHECK(text.find("blocks") != std::string::npos);
  }

  TEST_CASE("record.layout.sound_for_random_records") {
    std::mt19937_64 gen(fresh_seed());
    for (int trial = 0; trial < 40; ++trial) {
      const record_desc d = random_record(gen);
      INFO(to_string(d));
      for (const std::size_t n : {1, 31, 200})
        for (const record_layout_spec& spec : record_layouts(d)) {
          INFO(to_string(spec) << ", n = " << n);
          check_layout_is_sound(d, resolve_record_layout(d, n, spec));
        }
    }
  }

  TEST_CASE("record.runtime.host.round_trip_every_pair") {
    round_trip_every_pair(runtime{backend::host}, 12, {1, 95, 1000});
  }

  TEST_CASE("record.runtime.host.padding_lanes_hold_fill") {
    const runtime rt{backend::host};
    const record_desc d = particle_record();
    const std::size_t n = 45;
    std::vector<particle> in(n);
    for (std::size_t v = 0; v < n; ++v) in[v] = {{1.0 * v, 2.0, 3.0}, {4.f, 5.f, 6.f}, std::int32_t(v), 7};
    const particle fill{{-1, -2, -3}, {-4, -5, -6}, -7, 99};
    for (const record_layout_spec& spec : {record_blocked(32), record_split({"x", "id"}, 16)}) {
      const record_array a = rt.upload(host_records(in, d), spec, &fill);
      for (std::size_t v = n; v < a.layout().extent(); ++v)
        for (std::size_t f = 0; f < d.size(); ++f) {
          if (a.layout().places[f].form != field_form::blocks) continue;
          for (std::size_t c = 0; c < d[f].count; ++c)
            REQUIRE(std::memcmp(a.data() + byte_offset(d, a.layout(), v, f, c),
                                reinterpret_cast<const unsigned char*>(&fill) + d[f].offset + c * d[f].width,
                                d[f].width) == 0);
        }
    }
  }

  TEST_CASE("record.view.typed_access_on_every_layout") {
    const runtime rt{backend::host};
    const record_desc d = particle_record();
    const std::size_t n = 131;
    std::vector<particle> in(n);
    for (std::size_t v = 0; v < n; ++v)
      in[v] = {{0.5 * v, 1.5 * v, 2.5 * v}, {float(v), float(2 * v), float(3 * v)}, std::int32_t(v * 7), std::uint8_t(v)};
    for (const record_layout_spec& spec : record_layouts(d)) {
      INFO(to_string(spec));
      record_array a = rt.upload(host_records(in, d), spec);
      visit<particle_fields>(a, [&](auto view) {
        for (std::size_t v = 0; v < n; ++v) {
          REQUIRE(view.template get<&particle::x>(v, 2) == in[v].x[2]);
          REQUIRE(view.template get<&particle::species>(v) == in[v].species);
          particle p = view.load(v);
          REQUIRE(p.id == in[v].id);
          p.v[1] = -p.v[1];
          p.id += 1;
          view.store(v, p);
        }
        const auto vel = view.template field<&particle::v>();
        for (std::size_t v = 0; v < n; ++v) REQUIRE(vel(v, 1) == -in[v].v[1]);
      });
      // A kernel that selects a subset of the fields sees the same record.
      visit<fields<&particle::id>>(a, [&](auto view) {
        for (std::size_t v = 0; v < n; ++v) REQUIRE(view.template at<0>(v) == in[v].id + 1);
      });
      const auto ids = a.field<std::int32_t>("id");
      CHECK(ids(n - 1, 0) == in[n - 1].id + 1);
      require_error([&] { (void)a.field<float>("x"); }, errc::invalid_argument, "8-byte elements");
      require_error([&] { (void)a.field<float>("mass"); }, errc::invalid_argument, "'mass'");
      std::vector<particle> out(n);
      std::memset(out.data(), 0x5A, n * sizeof(particle));
      rt.download(a, host_records(out, d));
      for (std::size_t v = 0; v < n; ++v) {
        REQUIRE(out[v].v[1] == -in[v].v[1]);
        REQUIRE(out[v].id == in[v].id + 1);
        REQUIRE(out[v].x[0] == in[v].x[0]);
      }
    }
  }

  TEST_CASE("record.view.wrong_form_or_field") {
    const runtime rt{backend::host};
    const record_desc d = particle_record();
    std::vector<particle> in(10);
    record_array a = rt.upload(host_records(in, d), record_blocked(64));
    require_error([&] { (void)a.view<particle_fields, form::rows>(); }, errc::invalid_argument, "blocked");
    require_error([&] { (void)a.view<particle_fields, form::blocks<32>>(); }, errc::invalid_argument, "bd = 64");
    CHECK(a.view<particle_fields, form::blocks<64>>().block() == 64);
    const record_desc partial = describe_record<particle>(field("x", &particle::x), field("id", &particle::id));
    record_array b = rt.upload(host_records(in, partial), record_soa());
    require_error([&] { (void)b.view<particle_fields, form::columns>(); }, errc::invalid_argument, "member 1");
  }

  TEST_CASE("record.routes.each_pair_has_one_route") {
    // Every pair of layouts, and the user's structs in device memory on either side: explain names one
    // route that applies, with its reason, and `also` the others; the lanes route applies exactly where
    // the destination is runs only (soa, blocked). Which applying route runs is the measured
    // preference's; route.table and route.gpu.* check each one's result. (Without CUDA no record route
    // applies: explain says so.)
    const record_desc d = particle_record();
    const std::vector<record_layout_spec> specs{record_aos(),         record_soa(),        record_blocked(128),
                                                record_blocked(1000), record_split({"x"}), record_packed()};
    for (std::size_t s = 0; s <= specs.size(); ++s)  // s, t = specs.size(): the user's structs
      for (std::size_t t = 0; t <= specs.size(); ++t) {
        const bool user_src = s == specs.size(), user_dst = t == specs.size();
        if (user_src && user_dst) continue;
        const record_layout_spec& from = specs[user_src ? 0 : s];
        const record_layout_spec& to = specs[user_dst ? 0 : t];
        INFO((user_src ? "user" : to_string(from)) << " -> " << (user_dst ? "user" : to_string(to)));
        if (!COALESCE_WITH_CUDA) {
          require_error([&] { (void)explain(d, 5000, from, to, user_src, user_dst); }, errc::no_device,
                        "built without CUDA");
          continue;
        }
        const route_explanation e = explain(d, 5000, from, to, user_src, user_dst);
        CHECK_FALSE(e.route.empty());
        CHECK_FALSE(e.why.empty());
        for (const std::string& other : e.also) CHECK((other != e.route && other.rfind(e.route + " (", 0) != 0));
        const bool runs_only = !user_dst && (to.kind == record_kind::soa || to.kind == record_kind::blocked);
        CHECK(route_applies(e, "records_lanes") == runs_only);
      }
  }

  TEST_CASE("record.runtime.host.bad_input_leaves_destination") {
    const runtime rt{backend::host};
    const record_desc d = particle_record();
    std::vector<particle> in(20), small(10);
    const record_array a = rt.upload(host_records(in, d), record_soa());
    require_error([&] { rt.download(a, host_records(small, d)); }, errc::size_mismatch, "n = 20");
    const record_desc other = describe_record<particle>(field("x", &particle::x));
    require_error([&] { rt.download(a, host_records(in, other)); }, errc::invalid_argument, "different records");
    require_error([&] { (void)rt.upload(host_records(static_cast<particle*>(nullptr), 5, d), record_aos()); },
                  errc::invalid_argument, "nullptr");
    require_error([&] { (void)rt.upload(device_records(in.data(), in.size(), d), record_aos()); },
                  errc::wrong_memory_space, "host backend");
    const auto* shifted = reinterpret_cast<const unsigned char*>(in.data()) + 4;
    require_error([&] { (void)rt.upload(host_records(shifted, 10, d), record_aos()); }, errc::invalid_argument,
                  "aligned to 8 bytes");
  }
}

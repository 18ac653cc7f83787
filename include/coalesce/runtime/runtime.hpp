// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The runtime builds layouts from the user's arrays (upload), moves between layouts (relayout, copy)
// and writes results back into the user's arrays (download). It runs on a CUDA device when the library
// was built with CUDA and a device is present, else on the host backend (OpenMP), and says which.
//
// Every call checks its inputs before it touches memory: on an error (a typed coalesce::error naming
// the bad value) nothing is leaked and the destination is untouched. Calls are synchronous, except
// the *_async forms, which are ordered on a stream the caller passes (on the host backend they
// complete before returning). From pageable host memory, upload_async returns once the source has
// been read and download_async once the destination is written, as cudaMemcpyAsync does.
//
// Threads: one runtime (or copies of it, which share its staging) may be used by any number of
// threads at once. Every member function is const and keeps no per-call state in the runtime, so
// concurrent calls are safe as long as no two of them write the same array or user memory, and none
// writes what another reads (arrays themselves are not synchronized). What they share:
//   - host <-> device transfers go through the runtime's staging ring (a copy stream, two pinned
//     buffers, events) under a mutex, held while a transfer queues its chunks, and for pageable host
//     memory until the CPU has staged them: such transfers from several threads take turns, their
//     bus copies queue on the one copy stream (in order, as the single bus would anyway), and a
//     transfer may wait on another thread's stream where the two reused a slot of the ring;
//   - device-to-device calls (relayout, copy) share nothing and run concurrently on their streams;
//   - each call makes the runtime's device current for its duration and gives the thread's own
//     device back, so a runtime of device 1 works from threads that never chose a device;
//   - synchronous calls use the default stream and wait for it (with the legacy default stream they
//     serialize with other threads' blocking streams); use the *_async forms with a stream per thread
//     for overlap, and synchronize() waits for the whole device, every thread's work included.
// On the host backend calls share no state at all (each runs its own OpenMP parallel regions).
// Constructing, assigning or destroying a runtime while another thread uses it is not allowed.

#include <coalesce/core/descriptor.hpp>
#include <coalesce/core/error.hpp>
#include <coalesce/layout/spec.hpp>
#include <coalesce/record/array.hpp>
#include <coalesce/record/layout.hpp>
#include <coalesce/record/record_set.hpp>
#include <coalesce/runtime/array.hpp>
#include <coalesce/runtime/explain.hpp>

#include <cstddef>
#include <memory>
#include <string>
#include <type_traits>

struct CUstream_st;

namespace coalesce {

// A CUDA stream (the same type as cudaStream_t); nullptr is the default stream.
using stream_t = CUstream_st*;

namespace detail {
class pinned_ring;
}

enum class backend { cuda, host };

inline const char* to_string(backend b) noexcept { return b == backend::cuda ? "cuda" : "host"; }

// The user's vectors with their element type erased: what the byte-level implementation works on.
// kind is row_major for a vector_set, col_major for a component_set (pitch between components).
struct raw_vectors {
  const void* data = nullptr;
  std::size_t n = 0, m = 0, pitch = 0;
  memory_space space = memory_space::host;
  std::size_t elem = 0;  // sizeof(T)
  layout_kind kind = layout_kind::row_major;
};

class runtime {
 public:
  // CUDA device 0 if the library has CUDA and a device is present, else the host backend.
  runtime();
  // Forces a backend; backend::cuda throws no_device when there is none (or the library lacks CUDA).
  explicit runtime(backend which, int device = 0);

  backend kind() const noexcept { return backend_; }
  // Where this runtime's arrays live.
  memory_space space() const noexcept { return backend_ == backend::cuda ? memory_space::device : memory_space::host; }
  // "cuda: NVIDIA H200 (sm_90, 132 SMs, 139.8 GiB), device 0" or "host: OpenMP, 16 threads".
  const std::string& description() const noexcept { return description_; }
  // True when the library was built with CUDA and at least one device is present.
  static bool cuda_available() noexcept;

  // n vectors of m components in `spec`; the contents are unspecified.
  template <class T>
  array<T> allocate(std::size_t n, std::size_t m, layout_spec spec) const {
    static_assert(is_movable_element_v<T>, "coalesce: T must be trivially copyable and 1, 2, 4, 8 or 16 bytes");
    array_layout layout;
    buffer memory = allocate_raw(n, m, spec, sizeof(T), "allocate", layout);
    return array<T>(std::move(memory), layout);
  }

  // The user's vectors (host or device memory, any row pitch) in `spec`; padding holds `fill`.
  template <class T>
  array<std::remove_const_t<T>> upload(const vector_set<T>& src, layout_spec spec,
                                       const std::remove_const_t<T>& fill = {}) const {
    return upload_erased(erase(src), spec, fill);
  }
  // The same from vectors stored component by component (any pitch between components).
  template <class T>
  array<std::remove_const_t<T>> upload(const component_set<T>& src, layout_spec spec,
                                       const std::remove_const_t<T>& fill = {}) const {
    return upload_erased(erase(src), spec, fill);
  }

  // A matrix: each row is a vector.
  template <class T>
  array<std::remove_const_t<T>> upload(const matrix<T>& src, layout_spec spec,
                                       const std::remove_const_t<T>& fill = {}) const {
    return upload(src.as_vectors(), spec, fill);
  }

  // The same vectors in another layout (in this runtime's memory); padding holds `fill`.
  template <class T>
  array<T> relayout(const array<T>& src, layout_spec spec, const T& fill = {}) const {
    array<T> dst = allocate<T>(src.n(), src.m(), spec);
    copy(src, dst, fill);
    return dst;
  }

  // Copies src into dst, whatever their layouts and memory; both must hold n x m vectors.
  template <class T>
  void copy(const array<T>& src, array<T>& dst, const T& fill = {}) const {
    copy_raw(src.data(), src.layout(), src.space(), dst.data(), dst.layout(), dst.space(), sizeof(T), &fill, "copy",
             nullptr, true);
  }
  template <class T>
  void copy_async(const array<T>& src, array<T>& dst, stream_t stream, const T& fill = {}) const {
    copy_raw(src.data(), src.layout(), src.space(), dst.data(), dst.layout(), dst.space(), sizeof(T), &fill,
             "copy_async", stream, false);
  }

  // The user's vectors into an existing array (any layout), ordered on `stream`.
  template <class T>
  void upload_async(const vector_set<T>& src, array<std::remove_const_t<T>>& dst, stream_t stream,
                    const std::remove_const_t<T>& fill = {}) const {
    upload_async_erased(erase(src), dst, stream, fill);
  }
  template <class T>
  void upload_async(const component_set<T>& src, array<std::remove_const_t<T>>& dst, stream_t stream,
                    const std::remove_const_t<T>& fill = {}) const {
    upload_async_erased(erase(src), dst, stream, fill);
  }

  // Writes the vectors back into the user's array (host or device, any row pitch). Only the n x m
  // elements are written; the user's row padding is left alone.
  template <class T>
  void download(const array<T>& src, const vector_set<T>& dst) const {
    static_assert(!std::is_const_v<T>, "coalesce::download: the destination must be writable");
    download_raw(src.data(), src.layout(), src.space(), erase(dst), "download", nullptr, true);
  }
  template <class T>
  void download_async(const array<T>& src, const vector_set<T>& dst, stream_t stream) const {
    static_assert(!std::is_const_v<T>, "coalesce::download_async: the destination must be writable");
    download_raw(src.data(), src.layout(), src.space(), erase(dst), "download_async", stream, false);
  }
  // Into vectors stored component by component; the padding after each component is left alone.
  template <class T>
  void download(const array<T>& src, const component_set<T>& dst) const {
    static_assert(!std::is_const_v<T>, "coalesce::download: the destination must be writable");
    download_raw(src.data(), src.layout(), src.space(), erase(dst), "download", nullptr, true);
  }
  template <class T>
  void download_async(const array<T>& src, const component_set<T>& dst, stream_t stream) const {
    static_assert(!std::is_const_v<T>, "coalesce::download_async: the destination must be writable");
    download_raw(src.data(), src.layout(), src.space(), erase(dst), "download_async", stream, false);
  }

  template <class T>
  void download(const array<T>& src, const matrix<T>& dst) const {
    download(src, dst.as_vectors());
  }

  // ---- Records: the user's structs (record/record.hpp) -------------------------------------------
  // `fill` is one record in the user's struct layout (desc's offsets) whose field values go into the
  // padding lanes of blocked layouts; nullptr fills them with zero bytes.

  // n records of `desc` in `spec`; the contents are unspecified (padding lanes hold zero bytes).
  record_array allocate(const record_desc& desc, std::size_t n, const record_layout_spec& spec) const;
  // The user's structs (host or device memory) in `spec`.
  record_array upload(const record_set<const void>& src, const record_layout_spec& spec,
                      const void* fill = nullptr) const;
  // The user's structs into an existing record array of the same record, ordered on `stream`.
  void upload_async(const record_set<const void>& src, record_array& dst, stream_t stream,
                    const void* fill = nullptr) const;
  // The same records in another layout (in this runtime's memory).
  record_array relayout(const record_array& src, const record_layout_spec& spec, const void* fill = nullptr) const;
  // Copies src into dst, whatever their layouts and memory; both must hold n records of one record.
  void copy(const record_array& src, record_array& dst, const void* fill = nullptr) const;
  void copy_async(const record_array& src, record_array& dst, stream_t stream, const void* fill = nullptr) const;
  // Writes the records back into the user's structs: only the fields' bytes; the struct's padding is
  // never written.
  void download(const record_array& src, const record_set<void>& dst) const;
  void download_async(const record_array& src, const record_set<void>& dst, stream_t stream) const;

  // Waits for all work of this runtime (the calls above already do).
  void synchronize() const;

 private:
  template <class T>
  static raw_vectors erase(const vector_set<T>& s) noexcept {
    return {s.data, s.n, s.m, s.pitch, s.space, sizeof(T), layout_kind::row_major};
  }
  template <class T>
  static raw_vectors erase(const component_set<T>& s) noexcept {
    return {s.data, s.n, s.m, s.pitch, s.space, sizeof(T), layout_kind::col_major};
  }
  template <class U>
  array<U> upload_erased(const raw_vectors& raw, layout_spec spec, const U& fill) const {
    check_source(raw, "upload");
    array<U> dst = allocate<U>(raw.n, raw.m, spec);
    copy_raw(raw.data, user_layout(raw), raw.space, dst.data(), dst.layout(), dst.space(), raw.elem, &fill, "upload",
             nullptr, true);
    return dst;
  }
  template <class U>
  void upload_async_erased(const raw_vectors& raw, array<U>& dst, stream_t stream, const U& fill) const {
    check_source(raw, "upload_async");
    copy_raw(raw.data, user_layout(raw), raw.space, dst.data(), dst.layout(), dst.space(), raw.elem, &fill,
             "upload_async", stream, false);
  }
  buffer allocate_raw(std::size_t n, std::size_t m, layout_spec spec, std::size_t elem, const std::string& call,
                      array_layout& layout) const;
  void check_source(const raw_vectors& src, const std::string& call) const;
  static array_layout user_layout(const raw_vectors& v) noexcept {
    return {v.kind, v.n, v.m, v.pitch, 0};
  }
  void copy_raw(const void* src, const array_layout& src_layout, memory_space src_space, void* dst,
                const array_layout& dst_layout, memory_space dst_space, std::size_t elem, const void* fill,
                const std::string& call, stream_t stream, bool wait) const;
  void download_raw(const void* src, const array_layout& src_layout, memory_space src_space, const raw_vectors& dst,
                    const std::string& call, stream_t stream, bool wait) const;
  void check_memory(const void* data, std::size_t n, memory_space space, const std::string& call) const;
  void copy_records(const void* src, const record_layout& src_layout, memory_space src_space, void* dst,
                    const record_layout& dst_layout, memory_space dst_space, const record_desc& desc,
                    const void* fill, bool dst_is_user, const std::string& call, stream_t stream,
                    bool wait) const;

  backend backend_ = backend::host;
  int device_ = -1;
  std::string description_;
  std::shared_ptr<detail::pinned_ring> ring_;  // pinned staging for pageable transfers, shared by copies
};

}  // namespace coalesce

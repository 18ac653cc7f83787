// SPDX-FileCopyrightText: 2026 coalesce authors
// SPDX-License-Identifier: Apache-2.0
#include "engine.hpp"

#include "agree.hpp"

#include <climits>
#include <vector>

namespace coalesce::mpi::detail {
namespace {

transport choose(const runtime& rt, transport asked, MPI_Comm comm, const std::string& call) {
  if (rt.kind() == backend::host) return transport::host;
  if (asked == transport::host)
    fail(errc::invalid_argument, call, "transport::host needs the host backend; the runtime is CUDA");
  const int reported = cuda_support_reported();
  if (asked == transport::cuda_aware && reported == 0)
    fail(errc::wrong_memory_space, call,
         "transport::cuda_aware asked for, but this MPI reports no CUDA support (MPIX_Query_cuda_support() = 0): "
         "it cannot be given device memory; use transport::staged");
  if (asked != transport::automatic) return asked;
  int everywhere = reported == 1;
  check_mpi(MPI_Allreduce(MPI_IN_PLACE, &everywhere, 1, MPI_INT, MPI_MIN, comm), call, "MPI_Allreduce (transport)");
  return everywhere ? transport::cuda_aware : transport::staged;
}

int message_bytes(std::size_t vectors, std::size_t vector_bytes, const std::string& call) {
  const std::size_t bytes = vectors * vector_bytes;
  if (bytes > std::size_t(INT_MAX))
    fail(errc::size_overflow, call, "a message of " + std::to_string(bytes) + " bytes exceeds MPI's int count");
  return int(bytes);
}

}  // namespace

engine::engine(const runtime& rt, MPI_Comm comm, const plan_options& options, const std::string& call)
    : rt_(rt), options_(options) {
  if (comm == MPI_COMM_NULL) fail(errc::invalid_argument, call, "the communicator is MPI_COMM_NULL");
  check_mpi(MPI_Comm_dup(comm, &comm_), call, "MPI_Comm_dup");
  MPI_Comm_set_errhandler(comm_, MPI_ERRORS_RETURN);  // MPI errors become exceptions, not aborts
  MPI_Comm_rank(comm_, &rank_);
  MPI_Comm_size(comm_, &size_);
  try {
    // Every rank must pick the same transport, and hear about a rank that cannot.
    agree(comm_, run_locally([&] { via_ = choose(rt_, options.via, comm_, call); }), call);
  } catch (...) {
    MPI_Comm_free(&comm_);
    throw;
  }
}

engine::~engine() {
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (!finalized && comm_ != MPI_COMM_NULL) MPI_Comm_free(&comm_);
}

void engine::check_communicator(MPI_Comm comm, const std::string& call) const {
  if (comm == MPI_COMM_NULL) return;
  int result = MPI_UNEQUAL;
  check_mpi(MPI_Comm_compare(comm, comm_, &result), call, "MPI_Comm_compare");
  if (result != MPI_IDENT && result != MPI_CONGRUENT)
    fail(errc::invalid_argument, call,
         std::string("the plan was built on another communicator (MPI_Comm_compare: ") +
             (result == MPI_SIMILAR ? "MPI_SIMILAR" : "MPI_UNEQUAL") + ")");
}

void engine::check_array(const pack_target& a, std::size_t n, const char* what, const std::string& call) const {
  if (a.space != rt_.space())
    fail(errc::wrong_memory_space, call,
         std::string("the array is in ") + to_string(a.space) + " memory, the plan's runtime is " + to_string(rt_.kind()));
  if (a.count() != n)
    fail(errc::size_mismatch, call,
         "the array holds n = " + std::to_string(a.count()) + " vectors, the plan's arrays hold " + what + " = " +
             std::to_string(n));
}

void engine::reserve(std::size_t out_bytes, std::size_t in_bytes, const std::string& call) const {
  const bool device = via_ != transport::host, host = via_ != transport::cuda_aware;
  if (device && out_device_.bytes() < out_bytes) out_device_ = buffer::allocate(memory_space::device, out_bytes, call);
  if (device && in_device_.bytes() < in_bytes) in_device_ = buffer::allocate(memory_space::device, in_bytes, call);
  const bool pinned = via_ == transport::staged;
  if (host && out_host_.bytes() < out_bytes) out_host_ = host_buffer(out_bytes, pinned, call);
  if (host && in_host_.bytes() < in_bytes) in_host_ = host_buffer(in_bytes, pinned, call);
}

void engine::exchange(const pack_target& src, const index_list& out, const pack_target& dst, const index_list& in,
                      unpack_mode mode, tag t, const std::string& call, const std::function<void()>& checks) const {
  const std::size_t vb = src.vector_bytes();
  checked(comm_, options_.agree_on_errors, call, [&] {
    checks();
    if (dst.vector_bytes() != vb)
      fail(errc::size_mismatch, call, "source vectors of " + std::to_string(vb) + " bytes, destination vectors of " +
                                          std::to_string(dst.vector_bytes()));
    if ((src.desc != nullptr) != (dst.desc != nullptr) || (src.desc && *src.desc != *dst.desc))
      fail(errc::invalid_argument, call, "source and destination are not arrays of the same record (or both vectors)");
    if (mode == unpack_mode::sum && dst.kind == scalar_kind::other)
      fail(errc::invalid_argument, call, "a sum needs float, double or a 32/64-bit integer element type");
    for (std::size_t g = 0; g < out.messages(); ++g) message_bytes(out.offset(g + 1) - out.offset(g), vb, call);
    for (std::size_t g = 0; g < in.messages(); ++g) message_bytes(in.offset(g + 1) - in.offset(g), vb, call);
    reserve(out.wire_bytes(vb), in.wire_bytes(vb), call);
  });
  const bool on_device = via_ != transport::host;
  void* out_wire = on_device ? out_device_.data() : out_host_.data();
  void* in_wire = on_device ? in_device_.data() : in_host_.data();
  auto* out_mpi = static_cast<char*>(via_ == transport::cuda_aware ? out_device_.data() : out_host_.data());
  auto* in_mpi = static_cast<char*>(via_ == transport::cuda_aware ? in_device_.data() : in_host_.data());
  const std::size_t out_bytes = out.wire_bytes(vb), in_bytes = in.wire_bytes(vb);

  // Receives first, so every message has a place to land before anyone sends.
  std::vector<MPI_Request> receives, sends;
  for (std::size_t g = 0; g < in.messages(); ++g) {
    const std::size_t count = in.offset(g + 1) - in.offset(g);
    if (count == 0) continue;
    receives.emplace_back();
    check_mpi(MPI_Irecv(in_mpi + in.offset(g) * vb, int(count * vb), MPI_BYTE, int(g), t, comm_, &receives.back()),
              call, "MPI_Irecv");
  }
  coalesce::detail::pack_raw(rt_, src, out, out_wire, out_bytes, nullptr, !on_device, call);
  if (via_ == transport::staged && out_bytes > 0) copy_to_host(out_host_.data(), out_device_.data(), out_bytes, call);
  if (via_ == transport::cuda_aware) synchronize_device(call);  // MPI reads what the pack kernel wrote
  for (std::size_t g = 0; g < out.messages(); ++g) {
    const std::size_t count = out.offset(g + 1) - out.offset(g);
    if (count == 0) continue;
    sends.emplace_back();
    check_mpi(MPI_Isend(out_mpi + out.offset(g) * vb, int(count * vb), MPI_BYTE, int(g), t, comm_, &sends.back()), call,
              "MPI_Isend");
  }
  check_mpi(MPI_Waitall(int(receives.size()), receives.data(), MPI_STATUSES_IGNORE), call, "MPI_Waitall (receives)");
  if (via_ == transport::staged && in_bytes > 0) copy_to_device(in_device_.data(), in_host_.data(), in_bytes, call);
  coalesce::detail::unpack_raw(rt_, in_wire, in_bytes, in, dst, mode, nullptr, true, call);
  check_mpi(MPI_Waitall(int(sends.size()), sends.data(), MPI_STATUSES_IGNORE), call, "MPI_Waitall (sends)");
}

}  // namespace coalesce::mpi::detail

#pragma once
/// Buffers of the MPI programs: plain memory, or under SimGrid's SMPI in timing mode memory
/// whose bulk is shared between all simulated ranks (SMPI_SHARED_MALLOC: the bytes are not
/// looked at, only their size matters to the simulation), so 1,024 ranks exchanging megabytes
/// fit in this machine's memory.
#include <mpi.h>

#include <algorithm>
#include <cstdint>
#include <memory>

#include "exec/exec_plan.hpp"

namespace netsched::exec {

/// The transport this build runs on, for reports.
#ifdef SMPI_SHARED_MALLOC
inline constexpr const char* kTransportName = "SimGrid SMPI (simulated)";
inline constexpr bool kSharesMemory = true;  ///< whether WireBuffer can share its data part
#else
inline constexpr const char* kTransportName = "MPI";
inline constexpr bool kSharesMemory = false;
#endif

/// A buffer of `size` bytes. With `shared_data` under SMPI, the bytes past `private_bytes` are
/// shared between the simulated ranks (their content is meaningless) when they are at least
/// kSharedDataMin (exec/exec_plan.hpp).
class WireBuffer {
 public:
  WireBuffer(std::uint64_t size, std::uint64_t private_bytes, bool shared_data) : size_(size) {
#ifdef SMPI_SHARED_MALLOC
    if (shared_data && size - std::min(size, private_bytes) >= kSharedDataMin) {
      const std::size_t block[2] = {private_bytes, size};
      data_ = static_cast<std::uint8_t*>(SMPI_PARTIAL_SHARED_MALLOC(size, block, 1));
      shared_ = true;
      return;
    }
#else
    (void)private_bytes;
    (void)shared_data;
#endif
    own_ = std::make_unique<std::uint8_t[]>(std::max<std::uint64_t>(size, 1));
    data_ = own_.get();
  }
  WireBuffer(const WireBuffer&) = delete;
  WireBuffer& operator=(const WireBuffer&) = delete;
  ~WireBuffer() {
#ifdef SMPI_SHARED_MALLOC
    if (shared_) SMPI_SHARED_FREE(data_);
#endif
  }
  std::uint8_t* data() { return data_; }
  std::uint64_t size() const { return size_; }
  /// Whether the data part is shared between the simulated ranks (never outside SMPI).
  bool shared() const { return shared_; }

 private:
  std::uint64_t size_;
  std::uint8_t* data_ = nullptr;
  std::unique_ptr<std::uint8_t[]> own_;
  bool shared_ = false;
};

}  // namespace netsched::exec

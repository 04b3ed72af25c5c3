#pragma once
/// Buffers of the MPI programs: plain memory, or under SimGrid's SMPI in timing mode memory
/// whose bulk is shared between all simulated ranks (SMPI_SHARED_MALLOC: the bytes are not
/// looked at, only their size matters to the simulation), so 1,024 ranks exchanging megabytes
/// fit in this machine's memory.
#include <mpi.h>

#include <algorithm>
#include <cstdint>
#include <memory>

namespace netsched::exec {

/// The transport this build runs on, for reports.
#ifdef SMPI_SHARED_MALLOC
inline constexpr const char* kTransportName = "SimGrid SMPI (simulated)";
#else
inline constexpr const char* kTransportName = "MPI";
#endif

/// A buffer of `size` bytes. With `shared_data` under SMPI, the bytes past `private_bytes` are
/// shared between the simulated ranks (their content is meaningless).
/// Smallest data part shared under SMPI (8 MiB): SMPI shares memory in blocks of
/// smpi/shared-malloc-blocksize (1 MiB by default), and a smaller part would share the block
/// that holds the private header too (observed: chunk ids overwritten by other ranks').
inline constexpr std::uint64_t kSharedDataMin = std::uint64_t{8} << 20;

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

 private:
  std::uint64_t size_;
  std::uint8_t* data_ = nullptr;
  std::unique_ptr<std::uint8_t[]> own_;
  [[maybe_unused]] bool shared_ = false;  // used by the SMPI build only
};

}  // namespace netsched::exec

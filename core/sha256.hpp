#pragma once
/// SHA-256 (FIPS 180-4) for content hashes of schedule files.
#include <string>
#include <string_view>

namespace netsched {

/// Lower-case hex SHA-256 digest of `data`.
std::string sha256_hex(std::string_view data);

}  // namespace netsched

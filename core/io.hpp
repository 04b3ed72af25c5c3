#pragma once
/// File output that never leaves a half-written file behind.
#include <string>
#include <string_view>

namespace netsched {

/// Writes `content` to `path` via a temporary file in the same directory and rename(2);
/// throws std::runtime_error naming the path on failure (the target is then untouched).
void write_file_atomic(const std::string& path, std::string_view content);

/// Reads a whole file; throws std::invalid_argument naming the path when it cannot.
std::string read_file(const std::string& path);

}  // namespace netsched

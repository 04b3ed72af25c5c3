#pragma once
/// File input and output that never leave a half-written file, never write through a link or
/// into a pipe by accident, and never read more than a named limit.
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/errors.hpp"

namespace netsched {

/// The output path that means standard output.
inline constexpr std::string_view kStdoutPath = "-";

/// Writes `content` to `path`: "-" is standard output; otherwise via a temporary file
/// "<path>.tmp.<pid>" in the same directory, fsync, rename(2) and an fsync of the directory,
/// so that a crash at any point leaves either the old file or the new one. Stale temporaries of
/// the same path whose process is gone are removed first, and SIGINT, SIGTERM or SIGHUP while
/// it is written removes it before the signal takes its course. Throws InputError when
/// `path` exists and is not a regular file (a symbolic link, FIFO, device or directory: nothing
/// is written through it), std::runtime_error naming the path when writing fails (the target
/// is then untouched).
void write_file_atomic(const std::string& path, std::string_view content);

/// Refuses a path whose directory does not exist: "no directory <dir>".
void check_directory_of(const std::string& path);

/// Refuses, before any work, an output path write_file_atomic would refuse or fail on: an
/// existing link or non-regular file, or a directory that does not exist ("-" passes).
void check_output_path(const std::string& path);

/// Several files that belong together (a sweep's CSV, JSON and plot; a viewer's frames), each
/// written as write_file_atomic does, all to their temporaries first and then renamed: when any
/// cannot be written, none is renamed and every temporary is removed. (The renames themselves
/// can still fail one by one, e.g. on a full directory; the error then names the first.)
void write_files_atomic(const std::vector<std::pair<std::string, std::string_view>>& files);

/// A path as messages show it: control characters escaped, at most 200 characters.
std::string one_line_path(std::string_view path);

/// Reads a whole regular file of at most `max_bytes` bytes (the size is checked before
/// reading; `limit` names the limit in the message); throws InputError naming the
/// path when it cannot: missing, unreadable, a directory or FIFO, or too large.
std::string read_file(const std::string& path, std::uint64_t max_bytes, const std::string& limit);

}  // namespace netsched

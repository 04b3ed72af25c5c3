#pragma once
// Why: ctest runs every test case as a process of its own, several at once. Each process keeps
// its scratch files in one directory of its own, made on first use and removed when the process
// exits, so that parallel cases never share a file and no run leaves files behind.
#include <stdlib.h>  // mkdtemp

#include <filesystem>
#include <stdexcept>
#include <string>

namespace netsched::testing {

/// A fresh directory under the system temp directory, removed with everything in it.
class TempDirectory {
 public:
  TempDirectory() {
    std::string t = (std::filesystem::temp_directory_path() / "netsched-test.XXXXXX").string();
    if (mkdtemp(t.data()) == nullptr) throw std::runtime_error("cannot create " + t);
    path_ = t;
  }
  ~TempDirectory() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDirectory(const TempDirectory&) = delete;
  TempDirectory& operator=(const TempDirectory&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

/// This process's scratch directory (created on first use, removed at exit).
inline const std::filesystem::path& scratch_dir() {
  static const TempDirectory dir;
  return dir.path();
}

/// The path of `name` in this process's scratch directory.
inline std::string scratch_path(const std::string& name) { return (scratch_dir() / name).string(); }

}  // namespace netsched::testing

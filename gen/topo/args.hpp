#pragma once
/// Argument checking shared by the family builders: every error names the column.
#include <string>

#include "gen/spec.hpp"

namespace netsched {

/// Positional/named argument access for one call of the spec.
class Args {
 public:
  explicit Args(const SpecValue& call) : call_(call) {}
  /// Throws unless the number of positional arguments is within [lo, hi] and no named
  /// argument other than those in `named` appears.
  void expect_count(std::size_t lo, std::size_t hi, const std::string& form,
                    const std::vector<std::string>& named = {}) const;
  std::size_t count() const;
  /// The i-th positional argument as an integer within [lo, hi].
  std::uint64_t integer(std::size_t i, std::uint64_t lo, std::uint64_t hi,
                        const std::string& what) const;
  /// The i-th positional argument, which must be a call (a network).
  const SpecValue& network(std::size_t i, const std::string& what) const;
  /// A named argument, or nullptr.
  const SpecValue* named(const std::string& key) const;
  const SpecValue& call() const { return call_; }
  const SpecValue& positional(std::size_t i) const;

 private:
  const SpecValue& call_;
};

}  // namespace netsched

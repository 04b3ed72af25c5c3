#pragma once
/// What a paper prints, as a type of its own. A check's observations compare a `Printed` with a
/// measured double, and a `Printed` is made only by `printed(...)`: each call is a site (its
/// place in the source) that the flip check can move. `claims --check` re-runs every claim with
/// each site it read moved in turn and requires the verdict to follow — the constants inside the
/// checks, not only the observations they return (tests/claims/test_judge.cpp).
#include <compare>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>
#include <version>
#if defined(__cpp_lib_source_location)
#include <source_location>
#endif

namespace netsched::claims {

/// Where a call stands in the source, as a default argument takes it: std::source_location
/// where the library has it, else the compiler's builtins (clang 14 with libstdc++ 12 has them,
/// not the other).
struct SourcePlace {
  const char* file = "";
  std::uint32_t line = 0, column = 0;
#if defined(__cpp_lib_source_location)
  static SourcePlace here(std::source_location where = std::source_location::current()) {
    return {where.file_name(), where.line(), where.column()};
  }
#else
  static SourcePlace here(const char* file = __builtin_FILE(),
                          std::uint32_t line = __builtin_LINE(),
                          std::uint32_t column = __builtin_COLUMN()) {
    return {file, line, column};
  }
#endif
};

class Printed;
/// The value a paper prints here (a number, or its formula evaluated on this instance). Every
/// call site is one printed site: the flip check moves all its reads together.
Printed printed(double v, SourcePlace where = SourcePlace::here());

/// A number as the paper prints it (a printed number, or a printed formula evaluated), or
/// arithmetic on such numbers.
class Printed {
 public:
  [[nodiscard]] double value() const { return value_; }
  /// The same printing with another value: for the flip check, which moves printed values.
  [[nodiscard]] Printed with_value(double v) const { return Printed(v); }

  friend Printed operator+(Printed a, Printed b) { return Printed(a.value_ + b.value_); }
  friend Printed operator-(Printed a, Printed b) { return Printed(a.value_ - b.value_); }
  friend Printed operator*(Printed a, Printed b) { return Printed(a.value_ * b.value_); }
  friend Printed operator/(Printed a, Printed b) { return Printed(a.value_ / b.value_); }
  friend Printed operator+(Printed a, double b) { return Printed(a.value_ + b); }
  friend Printed operator-(Printed a, double b) { return Printed(a.value_ - b); }
  friend Printed operator*(Printed a, double b) { return Printed(a.value_ * b); }
  friend Printed operator/(Printed a, double b) { return Printed(a.value_ / b); }
  friend Printed operator+(double a, Printed b) { return Printed(a + b.value_); }
  friend Printed operator-(double a, Printed b) { return Printed(a - b.value_); }
  friend Printed operator*(double a, Printed b) { return Printed(a * b.value_); }
  friend Printed operator/(double a, Printed b) { return Printed(a / b.value_); }

 private:
  explicit Printed(double v) : value_(v) {}
  friend Printed printed(double v, SourcePlace where);
  double value_ = 0;
};

/// Where a `printed` call stands: "claims/dualcube.cpp:93:17".
struct PrintedSite {
  std::string file;
  std::uint32_t line = 0, column = 0;
  auto operator<=>(const PrintedSite&) const = default;
  [[nodiscard]] std::string name() const;
};

/// Runs `f` and returns the printed sites it read (sorted, each once). One run at a time (a
/// logic_error otherwise).
std::vector<PrintedSite> printed_sites_read(const std::function<void()>& f);
/// How a printed value is moved: a little (by max(1, |v|/1000), past any rounding tolerance) or
/// far (by 1000 max(1, |v|), past any slack a bound leaves), up or down.
enum class SiteMove { Up, Down, FarUp, FarDown };
inline constexpr SiteMove kSiteMoves[] = {SiteMove::Up, SiteMove::Down, SiteMove::FarUp,
                                          SiteMove::FarDown};
/// `v` moved so.
double moved_value(double v, SiteMove move);
std::string to_string(SiteMove move);
/// Runs `f` with every read of `site` moved. One run at a time.
void with_printed_site_moved(const PrintedSite& site, SiteMove move,
                             const std::function<void()>& f);

}  // namespace netsched::claims

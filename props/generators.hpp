#pragma once
// rapidcheck generators of small network specs of every family, shrinking towards the
// smallest networks (gen::inRange shrinks to its lower bound).
#include <rapidcheck.h>

#include <string>
#include <vector>

namespace netsched::props {

inline std::string call(const std::string& name, const std::vector<int>& args) {
  std::string s = name + "(";
  for (std::size_t i = 0; i < args.size(); ++i) s += (i ? "," : "") + std::to_string(args[i]);
  return s + ")";
}

/// A vector of between lo and hi-1 elements (the length shrinks towards lo).
inline rc::Gen<std::vector<int>> ints(int lo, int hi, rc::Gen<int> element) {
  return rc::gen::mapcat(rc::gen::inRange(lo, hi), [element](int count) {
    return rc::gen::container<std::vector<int>>(static_cast<std::size_t>(count), element);
  });
}

/// Specs of one product family, shrinking towards the smallest.
inline rc::Gen<std::string> one_size(const char* family, int lo, int hi) {
  return rc::gen::map(rc::gen::inRange(lo, hi), [family](int n) { return call(family, {n}); });
}
inline rc::Gen<std::string> sides(const char* family, int side_max) {
  return rc::gen::map(ints(1, 4, rc::gen::inRange(1, side_max + 1)), [family](std::vector<int> v) {
    return call(family, v.empty() ? std::vector<int>{1} : v);
  });
}

/// A product-family spec with sides of at most `side_max`.
inline rc::Gen<std::string> product_spec(int side_max = 5) {
  using namespace rc;
  return gen::oneOf(one_size("ring", 1, 13), one_size("path", 1, 10), one_size("complete", 1, 7),
                    one_size("hypercube", 1, 6), sides("torus", side_max), sides("mesh", side_max),
                    sides("ghc", side_max - 1));
}

/// A dimension set over `dims` base dimensions, as spec text "{0,2}".
inline rc::Gen<std::string> dimension_set(int dims) {
  using namespace rc;
  return gen::map(
      gen::container<std::vector<bool>>(static_cast<std::size_t>(dims), gen::arbitrary<bool>()),
      [](const std::vector<bool>& in) {
        std::string s = "{";
        bool first = true;
        for (std::size_t d = 0; d < in.size(); ++d)
          if (in[d]) {
            s += (first ? "" : ",") + std::to_string(d);
            first = false;
          }
        return s + "}";
      });
}

/// An HDN over a small vertex-transitive base; k = 2 only over bases of at most 4 nodes.
inline rc::Gen<std::string> hdn_spec() {
  using namespace rc;
  return gen::mapcat(gen::inRange(1, 4), [](int dims) {
    return gen::mapcat(
        gen::container<std::vector<int>>(static_cast<std::size_t>(dims), gen::inRange(1, 4)),
        [dims](std::vector<int> sides) {
          int n0 = 1;
          for (int s : sides) n0 *= s;
          const int kmax = n0 <= 4 ? 2 : 1;
          const std::string base = call("torus", sides);
          auto sets = gen::mapcat(gen::inRange(0, kmax + 1), [dims](int k) {
            return gen::container<std::vector<std::string>>(static_cast<std::size_t>(k),
                                                            dimension_set(dims));
          });
          return gen::map(sets, [base](const std::vector<std::string>& chosen) {
            std::string s = "hdn(" + base + ", sn=[";
            for (std::size_t i = 0; i < chosen.size(); ++i) s += (i ? "," : "") + chosen[i];
            return s + "])";
          });
        });
  });
}

/// The property generator of a family (FamilyInfo in gen/topology.hpp): small specs of it.
struct FamilyGenerator {
  std::string family;
  rc::Gen<std::string> specs;
};

/// The generators of every family built from parameters alone (not file, not faulty).
inline const std::vector<FamilyGenerator>& structured_generators() {
  using namespace rc;
  using Pair = std::tuple<int, int>;
  auto str = [](int x) { return std::to_string(x); };
  static const std::vector<FamilyGenerator> table = {
      {"ring", one_size("ring", 1, 13)},
      {"path", one_size("path", 1, 10)},
      {"complete", one_size("complete", 1, 7)},
      {"hypercube", one_size("hypercube", 1, 6)},
      {"torus", sides("torus", 5)},
      {"mesh", sides("mesh", 5)},
      {"ghc", sides("ghc", 4)},
      {"product", gen::map(gen::tuple(product_spec(3), product_spec(3)),
                           [](const std::tuple<std::string, std::string>& t) {
                             return "product(" + std::get<0>(t) + "," + std::get<1>(t) + ")";
                           })},
      {"ccc", one_size("ccc", 2, 6)},
      {"dualcube", one_size("dualcube", 1, 6)},
      {"rdn", gen::map(gen::tuple(gen::inRange(1, 3), gen::inRange(1, 3)),
                       [str](const Pair& t) {
                         return "rdn(hypercube(" + str(std::get<0>(t)) + ")," +
                                str(std::get<1>(t)) + ")";
                       })},
      {"hdn", hdn_spec()},
      {"hsn", gen::map(gen::tuple(gen::inRange(1, 4), gen::inRange(1, 5)),
                       [str](const Pair& t) {
                         return "hsn(" + str(std::get<0>(t)) + ",ring(" + str(std::get<1>(t)) +
                                "))";
                       })},
      {"rhs", gen::map(gen::tuple(gen::inRange(1, 3), gen::inRange(1, 3)),
                       [str](const Pair& t) {
                         return "rhs(" + str(std::get<0>(t)) + "," + str(std::get<1>(t)) +
                                ",hypercube(1))";
                       })},
      // mfc(ring(n1), N2, N3) with N2 <= n1+1, N3 <= n1*N2+1
      {"mfc", gen::map(gen::tuple(gen::inRange(1, 4), gen::inRange(1, 4)),
                       [str](const Pair& x) {
                         const int n1 = std::get<0>(x), n2 = std::min(std::get<1>(x), n1 + 1);
                         return "mfc(ring(" + str(n1) + ")," + str(n2) + "," +
                                str(std::min(3, n1 * n2 + 1)) + ")";
                       })},
      {"hfc", gen::mapcat(gen::inRange(1, 5),
                          [str](int n1) {
                            return gen::map(ints(1, 3, gen::inRange(1, n1 + 2)),
                                            [n1, str](const std::vector<int>& counts) {
                                              std::string s = "hfc(complete(" + str(n1) + ")";
                                              for (int c : counts) s += "," + str(c);
                                              return s + ")";
                                            });
                          })},
      // (r, l, Q_k): depth 1 with l, k <= 3, depth 2 with l = 2 (at most 256 nodes)
      {"hypernet", gen::map(gen::tuple(gen::inRange(1, 3), gen::inRange(2, 4), gen::inRange(2, 4)),
                            [str](const std::tuple<int, int, int>& t) {
                              const int r = std::get<0>(t), l = r == 1 ? std::get<1>(t) : 2;
                              return "hypernet(" + str(r) + "," + str(l) + "," +
                                     str(std::get<2>(t)) + ")";
                            })},
  };
  return table;
}

/// A small spec of any family built from parameters alone, each family as likely.
inline rc::Gen<std::string> any_spec() {
  std::vector<rc::Gen<std::string>> specs;
  for (const auto& g : structured_generators()) specs.push_back(g.specs);
  return rc::gen::join(rc::gen::elementOf(std::move(specs)));  // uniform, whatever the size
}

}  // namespace netsched::props

#include "gen/route/router.hpp"

namespace netsched::props {

/// A product of rings and complete graphs (the factors A2 is optimal on), at most ~100 nodes.
inline rc::Gen<std::string> ring_complete_product() {
  using namespace rc;
  return gen::map(ints(1, 4, gen::inRange(1, 6)), [](std::vector<int> sizes) {
    // alternate ring and complete factors so both occur
    std::string s = "product(";
    for (std::size_t i = 0; i < sizes.size(); ++i)
      s += (i ? "," : "") + call(i % 2 ? "complete" : "ring", {sizes[i]});
    return s + ")";
  });
}

/// A small HDN / RDN (at most a few thousand nodes).
inline rc::Gen<std::string> small_hdn() {
  using namespace rc;
  return gen::oneOf(hdn_spec(), gen::map(gen::tuple(gen::inRange(1, 3), gen::inRange(1, 3)),
                                         [](const std::tuple<int, int>& t) {
                                           return "rdn(hypercube(" +
                                                  std::to_string(std::get<0>(t)) + ")," +
                                                  std::to_string(std::get<1>(t)) + ")";
                                         }));
}

/// A node of `t` (shrinks towards 0).
inline std::uint32_t any_node(const Network& t) {
  return *rc::gen::inRange<std::uint32_t>(0, static_cast<std::uint32_t>(t.num_nodes()));
}

}  // namespace netsched::props

namespace netsched::props {

/// A spec of any implemented family, as a type of its own so that rapidcheck can generate it
/// with gen::arbitrary<SpecText>() (and print it in counterexamples).
struct SpecText {
  std::string text;
};
inline void showValue(const SpecText& s, std::ostream& os) { os << s.text; }

}  // namespace netsched::props

namespace rc {
template <>
struct Arbitrary<netsched::props::SpecText> {
  static Gen<netsched::props::SpecText> arbitrary() {
    return gen::map(netsched::props::any_spec(),
                    [](std::string s) { return netsched::props::SpecText{std::move(s)}; });
  }
};
template <>
struct Arbitrary<netsched::PortModel> {
  static Gen<netsched::PortModel> arbitrary() {
    return gen::element(netsched::PortModel::OnePort, netsched::PortModel::AllPort,
                        netsched::PortModel::SingleDimension, netsched::PortModel::KPort,
                        netsched::PortModel::Routed);
  }
};
}  // namespace rc

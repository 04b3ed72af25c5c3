#include "core/automorphism.hpp"

#include <algorithm>
#include <atomic>
#include <numeric>

#include "core/mix.hpp"
#include "core/parallel.hpp"

namespace netsched {
bool is_automorphism(const Csr& g, const Permutation& p, unsigned threads) {
  const std::uint32_t n = g.num_nodes();
  std::vector<std::uint32_t> image(n);
  std::atomic<bool> ok{true};
  parallel_for(n, threads, [&](std::uint64_t b, std::uint64_t e) {
    for (std::uint64_t u = b; u < e && ok; ++u) {
      const std::uint32_t v = p(static_cast<std::uint32_t>(u));
      if (v >= n)
        ok = false;
      else
        image[u] = v;
    }
  });
  if (!ok) return false;
  std::vector<bool> hit(n, false);
  for (std::uint32_t u = 0; u < n; ++u) {
    if (hit[image[u]]) return false;
    hit[image[u]] = true;
  }
  parallel_for(n, threads, [&](std::uint64_t b, std::uint64_t e) {
    for (std::uint64_t u = b; u < e && ok; ++u) {
      const std::uint32_t pu = image[u];
      if (g.degree(pu) != g.degree(static_cast<std::uint32_t>(u))) {
        ok = false;
        break;
      }
      for (const std::uint32_t* q = g.begin(static_cast<std::uint32_t>(u));
           q != g.end(static_cast<std::uint32_t>(u)); ++q) {
        if (std::find(g.begin(pu), g.end(pu), image[*q]) == g.end(pu)) {
          ok = false;
          break;
        }
      }
    }
  });
  return ok;
}

GeneratedClasses classes_from_candidates(const Csr& g, const std::vector<Permutation>& candidates,
                                         unsigned threads) {
  const std::uint32_t n = g.num_nodes();
  UnionFind uf(n);
  GeneratedClasses out;
  std::vector<std::uint32_t> image(n);
  for (const auto& p : candidates) {
    if (uf.sets <= 1) break;
    bool useful = false;
    for (std::uint32_t u = 0; u < n; ++u) {
      const std::uint32_t v = p(u);
      if (v >= n) {
        useful = true;  // let verification reject it
        break;
      }
      if (!useful && uf.find(u) != uf.find(v)) useful = true;
    }
    if (!useful) continue;
    if (!is_automorphism(g, p, threads)) {
      out.rejected++;
      continue;
    }
    out.used++;
    for (std::uint32_t u = 0; u < n; ++u) uf.unite(u, p(u));
  }
  std::vector<std::uint64_t> size(n, 0);
  for (std::uint32_t u = 0; u < n; ++u) size[uf.find(u)]++;
  std::vector<std::uint32_t> index(n, 0);
  for (std::uint32_t u = 0; u < n; ++u)
    if (size[u]) {
      index[u] = static_cast<std::uint32_t>(out.classes.reps.size());
      out.classes.reps.push_back(u);
      out.classes.sizes.push_back(size[u]);
    }
  out.classes.member.resize(n);
  for (std::uint32_t u = 0; u < n; ++u) out.classes.member[u] = index[uf.find(u)];
  return out;
}

namespace {

std::size_t count_distinct(std::vector<std::uint64_t> v) {
  std::sort(v.begin(), v.end());
  return static_cast<std::size_t>(std::unique(v.begin(), v.end()) - v.begin());
}

}  // namespace

std::size_t refine_colour_classes(const Csr& g, std::vector<std::uint64_t> colours,
                                  std::size_t target, unsigned threads) {
  const std::uint32_t n = g.num_nodes();
  std::size_t count = count_distinct(colours);
  std::vector<std::uint64_t> next(n);
  while (count < target) {
    parallel_for(n, threads, [&](std::uint64_t b, std::uint64_t e) {
      std::vector<std::uint64_t> nb;
      for (std::uint64_t u = b; u < e; ++u) {
        nb.clear();
        for (const std::uint32_t* q = g.begin(static_cast<std::uint32_t>(u));
             q != g.end(static_cast<std::uint32_t>(u)); ++q)
          nb.push_back(colours[*q]);
        std::sort(nb.begin(), nb.end());
        std::uint64_t h = mix(0, colours[u]);
        for (auto c : nb) h = mix(h, c);
        next[u] = h;
      }
    });
    const std::size_t c2 = count_distinct(next);
    colours.swap(next);
    if (c2 <= count) break;  // stable
    count = c2;
  }
  return count;
}

}  // namespace netsched

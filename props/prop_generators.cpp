#include <rapidcheck/catch.h>

#include "analysis/checked.hpp"
#include "core/errors.hpp"
#include "core/schedule_io.hpp"
#include "core/schedule_rules.hpp"
#include "gen/topo/hdn.hpp"
#include "gen/topo/product.hpp"
#include "props/generators.hpp"
#include "props/reference_checker.hpp"
#include "verify/route_sweep.hpp"
#include "verify/simulator.hpp"

using namespace netsched;

TEST_CASE("every broadcast generator's schedule passes the simulator and the reference checker") {
  rc::prop("broadcast from a random root by every applicable algorithm", [] {
    const auto t = build_topology(*props::any_spec());
    RC_PRE(t->num_nodes() <= 4096u);
    const NodeId root(props::any_node(*t));
    for (const auto& a : algorithm_names(*t, "broadcast")) {
      const auto s = generate_checked(*t, GenRequest("broadcast", a, root)).schedule();
      const auto r = simulate(*t, s);
      RC_ASSERT(r.ok());
      RC_ASSERT(!props::reference_check(*t, s));
    }
  });
}

TEST_CASE("broadcast steps lie between the lower bound and the paper bound") {
  rc::prop("lower bound <= steps <= paper bound, for every algorithm with a bound", [] {
    const auto t = build_topology(*props::any_spec());
    RC_PRE(t->num_nodes() <= 4096u);
    const NodeId root(props::any_node(*t));
    for (const auto& a : algorithm_names(*t, "broadcast")) {
      const auto v = generate_checked(*t, {"broadcast", a, root}).verification();
      RC_ASSERT(v.lower.has_value());
      RC_ASSERT(v.lower->steps <= v.check.steps);
      if (v.bound) RC_ASSERT(v.check.steps <= v.bound->steps);
    }
  });
}

TEST_CASE("HDN Algorithm 2 takes exactly Theorem 3's bound") {
  rc::prop("steps == 2^k T(B) - sum_i 2^i T(SN^(k-i)) + 2^(k+1) - 2", [] {
    const auto t = build_topology(*props::small_hdn());
    const NodeId root(props::any_node(*t));
    const auto v = generate_checked(*t, {"broadcast", "hdn-broadcast", root}).verification();
    RC_ASSERT(v.check.ok());
    RC_ASSERT(v.bound.has_value());
    RC_ASSERT(v.check.steps == v.bound->steps);
  });
}

TEST_CASE("routes are walks from u to v no shorter than the distance") {
  rc::prop("every router, a random pair", [] {
    const auto t = build_topology(*props::any_spec());
    RC_PRE(t->num_nodes() <= 20000u);
    const std::uint32_t u = props::any_node(*t), v = props::any_node(*t);
    const Csr g = sorted_csr(*t);
    const auto d = bfs_distances(g, u)[v];
    for (const auto& name : algorithm_names(*t, "route")) {
      NodePath path;
      make_router(*t, name)->route(NodeId(u), NodeId(v), path);
      RC_ASSERT(!check_path(g, NodeId(u), NodeId(v), path));
      RC_ASSERT(path.size() - 1 >= d);
    }
  });
}

TEST_CASE("routes stay within the paper bound where the paper's argument applies") {
  // RDN (all s_i = 1), the dualcube and the RHFC family; HDN Algorithm 1 in general exceeds
  // Theorem 2 (claims hdn12.thm2), so general HDNs are not asked to.
  rc::prop("length <= bound", [] {
    const std::string spec = *rc::gen::oneOf(
        rc::gen::map(rc::gen::inRange(1, 8), [](int r) { return props::call("dualcube", {r}); }),
        rc::gen::map(rc::gen::tuple(rc::gen::inRange(1, 3), rc::gen::inRange(1, 3)),
                     [](const std::tuple<int, int>& x) {
                       return "rdn(hypercube(" + std::to_string(std::get<0>(x)) + ")," +
                              std::to_string(std::get<1>(x)) + ")";
                     }),
        rc::gen::map(rc::gen::tuple(rc::gen::inRange(1, 4), rc::gen::inRange(1, 5)),
                     [](const std::tuple<int, int>& x) {
                       return "hsn(" + std::to_string(std::get<0>(x)) + ",ring(" +
                              std::to_string(std::get<1>(x)) + "))";
                     }),
        rc::gen::map(rc::gen::inRange(2, 5),
                     [](int n) {
                       return "hfc(complete(" + std::to_string(n) + ")," + std::to_string(n + 1) +
                              ",3)";
                     }),
        rc::gen::map(rc::gen::inRange(2, 4), [](int n) {
          return "mfc(ring(" + std::to_string(n) + ")," + std::to_string(n + 1) + ",4)";
        }));
    const auto t = build_topology(spec);
    auto r = make_router(*t);
    const auto b = routing_bound(*t, r->name());
    RC_ASSERT(b.has_value());
    const std::uint32_t u = props::any_node(*t), v = props::any_node(*t);
    NodePath path;
    r->route(NodeId(u), NodeId(v), path);
    RC_ASSERT(path.size() - 1 <= b->steps);
  });
}

TEST_CASE("A2 meets AS(G) on products of rings and complete graphs") {
  rc::prop("steps == the checker's AS(G) lower bound, and the reference checker agrees", [] {
    const auto t = build_topology(*props::ring_complete_product());
    RC_PRE(t->num_nodes() >= 2u && t->num_nodes() <= 60u);
    const auto s = make_total_exchange(*t, "a2");
    const auto v = check_schedule(*t, s).verification();
    RC_ASSERT(v.check.ok());
    RC_ASSERT(v.lower.has_value());
    RC_ASSERT(v.check.steps == v.lower->steps);
    RC_ASSERT(!props::reference_check(*t, s));
  });
}

TEST_CASE("packed and HDN total exchanges deliver every message") {
  rc::prop("the checkers accept them, their files read back; HDN steps = Theorem 3's t_s term", [] {
    const bool hdn = *rc::gen::arbitrary<bool>();
    const auto t = build_topology(hdn ? *props::small_hdn() : *props::product_spec(4));
    RC_PRE(t->num_nodes() >= 2u && t->num_nodes() <= (hdn ? 300u : 80u));
    const auto s = make_total_exchange(*t, hdn ? "hdn" : "packed");
    const auto v = check_schedule(*t, s).verification();
    RC_ASSERT(v.check.ok());
    RC_ASSERT(!props::reference_check(*t, s));
    // reads back as what a file keeps: every field, and the steps up to the order of transfers
    // in a step and the numbering of payloads (a rule-form step comes back rule by rule; on
    // hdn(torus(2,2), sn=[{0},{0}]) 2,088 transfers come back in another order)
    Schedule back = schedule_from_json(schedule_to_json(s)).schedule;
    RC_ASSERT(!first_different_step(back, s));
    Schedule header = s;
    for (Schedule* x : {&back, &header}) x->steps.clear(), x->payloads.clear();
    RC_ASSERT(back == header);
    if (hdn && network_ref<Hdn>(*t).k() > 0) RC_ASSERT(v.bound && v.bound->steps == v.check.steps);
  });
}

TEST_CASE("schedule files round-trip and a changed byte never passes unnoticed") {
  rc::prop("rejected, or read back as the same schedule with a matching record", [] {
    const auto t = build_topology(*props::product_spec(4));
    const auto s = make_broadcast(*t, NodeId(props::any_node(*t)));
    const auto v = check_schedule(*t, s).verification();
    const std::string text = schedule_to_json(s, v.record());
    RC_ASSERT(schedule_from_json(text).schedule == s);
    std::string edited = text;
    const std::size_t at = *rc::gen::inRange<std::size_t>(0, text.size());
    edited[at] = *rc::gen::element('0', '1', '7', ' ', '"', 'x', ',', ']');
    try {
      const auto f = schedule_from_json(edited);
      const auto again =
          check_schedule(*build_topology(f.schedule.topology), f.schedule).verification();
      RC_ASSERT(f.record.has_value());  // the record cannot vanish: its key is required to parse
      check_record(*f.record, again.record());  // a silent change would have to pass this
      RC_ASSERT(f.schedule == s);
    } catch (const InputError&) {
      // rejected: malformed, tampered, or not a schedule of that network
    }
  });
}

TEST_CASE(
    "one-port schedules stay valid under all-port, k-port and routed, and product broadcasts "
    "under single-dimension") {
  // a schedule valid one-port never uses a directed link twice in a step, nor a node's ports
  // more than once; the dimension-by-
  // dimension product broadcast uses one dimension per step
  rc::prop("a random network (rc::Arbitrary<SpecText>), root and port model",
           [](const props::SpecText& spec, PortModel model) {
             const auto t = build_topology(spec.text);
             RC_PRE(t->num_nodes() <= 4096u);
             const bool product = network_as<Product>(*t) != nullptr;
             RC_PRE(model != PortModel::SingleDimension || product);
             Schedule s = make_broadcast(*t, NodeId(props::any_node(*t)));
             s.model = model;
             if (model == PortModel::KPort) s.ports = *rc::gen::inRange<std::uint32_t>(2, 9);
             RC_ASSERT(simulate(*t, s).ok());
             RC_ASSERT(!props::reference_check(*t, s));
           });
}

namespace {

/// A random schedule over random digits whose steps mix digit-wise patterns (receivers one
/// digit ahead, selectors naming the sender's own digit value) with arbitrary transfers.
Schedule random_digit_schedule() {
  const auto radix = *rc::gen::container<std::vector<std::uint32_t>>(
      *rc::gen::inRange<std::size_t>(1, 4), rc::gen::inRange<std::uint32_t>(1, 5));
  Schedule s;
  s.digits = radix;
  const Digits d(radix);
  const auto n = static_cast<std::uint32_t>(d.total());
  s.topology = "hand";
  s.collective = Collective::total_exchange(n);
  s.payloads.push_back(Payload::of_chunks({0}));
  const std::size_t steps = *rc::gen::inRange<std::size_t>(1, 4);
  for (std::size_t i = 0; i < steps; ++i) {
    Step st;
    const std::size_t j = *rc::gen::inRange<std::size_t>(0, d.size());
    for (std::uint32_t u = 0; u < n; ++u) {
      if (!*rc::gen::arbitrary<bool>()) continue;
      const std::uint32_t ahead = static_cast<std::uint32_t>(
          u + ((d.digit(u, j) + 1) % d.radix()[j] - d.digit(u, j)) * d.stride(j));
      const std::uint32_t v = *rc::gen::arbitrary<bool>() ? ahead : *rc::gen::inRange(0u, n);
      std::uint32_t payload = 0;
      if (*rc::gen::arbitrary<bool>()) {
        DigitBox b = full_box(d);
        set_digit(d, b, j, {*rc::gen::arbitrary<bool>() ? d.digit(u, j) : 0});
        Payload p;
        p.select = Selector{{}, {}, {{0, static_cast<std::uint32_t>(i)}}, {b}};
        payload = static_cast<std::uint32_t>(s.payloads.size());
        s.payloads.push_back(std::move(p));
      }
      st.transfers.push_back({NodeId(u), NodeId(v), payload});
    }
    s.steps.push_back(std::move(st));
  }
  return s;
}

}  // namespace

TEST_CASE("rule-form steps expand to the steps they were made from") {
  rc::prop("random digit schedules written as rules read back with the same transfers", [] {
    const Schedule s = random_digit_schedule();
    const std::string text = schedule_to_json(s, std::nullopt, StepForm::Rules);
    const Schedule back = schedule_from_json(text).schedule;
    RC_ASSERT(!first_different_step(back, s));
    RC_ASSERT(back.digits == s.digits);
  });
}

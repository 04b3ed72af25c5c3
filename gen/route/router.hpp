#pragma once
/// Point-to-point routing algorithms. Each produces a path; the paper bounds that go with
/// them live in papers/, keyed by the router's name.
#include <memory>
#include <string>
#include <vector>

#include "core/errors.hpp"
#include "core/schedule.hpp"
#include "gen/topology.hpp"

namespace netsched {

class Dualcube;
class FaultyNetwork;
class Hdn;
class Hypernet;
class Product;

class Router {
 public:
  virtual ~Router() = default;
  /// Algorithm name as used on the CLI and in schedule files, e.g. "hdn-routing".
  virtual std::string name() const = 0;
  /// Replaces `path` by a walk from u to v: path.front() == u, path.back() == v.
  virtual void route(NodeId u, NodeId v, NodePath& path) const = 0;
  /// Prepares for many queries (e.g. tables of sub-routes); optional.
  virtual void prepare_bulk() {}
};

/// A route as a one-chunk schedule: one transfer per hop.
Schedule route_schedule(const Network& t, const Router& r, NodeId u, NodeId v);

// The individual routers (one file each under gen/route/).
std::unique_ptr<Router> make_bfs_router(const Network& t);
std::unique_ptr<Router> make_dimension_order_router(const Product& p);
/// Dimension-order routes whose ties on even rings go both ways (by the source coordinate's
/// parity): the balanced routes of SimGrid platforms (gen/route/route_table.hpp); not a CLI router.
std::unique_ptr<Router> make_balanced_dimension_order_router(const Network& t);
std::unique_ptr<Router> make_hdn_router(const Hdn& h);
std::unique_ptr<Router> make_dualcube_router(const Dualcube& d);
/// A router of a network, where a router needs another's (a recursive family's nucleus's).
using RouterFn = std::unique_ptr<Router> (*)(const Network& t);
/// RHFC recursive routing on MFC, HFC and HSN; the nucleus routes by `nucleus_router` (the row
/// passes the nucleus's default: gen/route/rows.cpp).
std::unique_ptr<Router> make_rhfc_router(const Network& t, RouterFn nucleus_router);
/// RHFC recursive routing (Lemma 3.1, Theorem 3.2) on a hypernet: gen/route/hypernet_route.cpp.
std::unique_ptr<Router> make_hypernet_router(const Hypernet& h);
/// FTR (RHFC §4.2) on faulty(HFC | HSN | RHS, ...): gen/route/rhfc_ftr.cpp.
std::unique_ptr<Router> make_ftr_router(const FaultyNetwork& f);

}  // namespace netsched

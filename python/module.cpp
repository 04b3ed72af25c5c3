// Why: Python users (notebooks, networkx, msccl-tools) get the library's public API
// (api/netsched.hpp) as the extension `netsched._netsched`; the package around it
// (python/netsched/__init__.py) adds networkx and dicts. Long work runs without the GIL, so other
// Python threads go on, and a progress callable is called back with the GIL held.
#include <pybind11/functional.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <chrono>
#include <mutex>

#include "api/netsched.hpp"

namespace py = pybind11;
namespace api = netsched::api;

namespace {

/// How often a progress callable is called at most (and always at the end of a stage).
constexpr std::chrono::milliseconds kProgressEvery{200};

/// Thrown from a progress callback to stop the library's work: the callable raised (or Ctrl-C
/// arrived), and the Python exception is raised again once the work has unwound.
struct ProgressStopped : std::runtime_error {
  ProgressStopped() : std::runtime_error("stopped by the progress callback") {}
};

/// A Python callable as the library's progress callback: throttled, called with the GIL held,
/// from whichever thread reports. Between calls the interpreter's signals are checked, so Ctrl-C
/// stops the work. An exception the callable raises, KeyboardInterrupt and SystemExit included,
/// stops the work (the callable is not called again) and is raised from the call that ran it
/// (`run_stoppable`); an empty callable (None) reports nothing.
class PythonProgress {
 public:
  explicit PythonProgress(const py::object& callable) {
    if (callable.is_none()) return;
    state_ = std::make_shared<State>();
    state_->callable = callable;
  }

  api::Progress callback() const {
    if (!state_) return {};
    return [state = state_](const std::string& stage, std::uint64_t done, std::uint64_t total) {
      {
        std::lock_guard<std::mutex> guard(state->lock);
        if (state->stopped) throw ProgressStopped();
        const auto now = std::chrono::steady_clock::now();
        if (done < total && now - state->last < kProgressEvery) return;
        state->last = now;
      }
      py::gil_scoped_acquire gil;
      try {
        if (PyErr_CheckSignals() != 0) throw py::error_already_set();
        state->callable(stage, done, total);
      } catch (py::error_already_set& e) {
        std::lock_guard<std::mutex> guard(state->lock);
        if (!state->stopped) state->error = std::make_unique<py::error_already_set>(std::move(e));
        state->stopped = true;
        throw ProgressStopped();
      }
    };
  }

  /// Runs `work` without the GIL; when the callback stopped it, raises what the callable raised.
  template <class Work>
  auto run_stoppable(Work&& work) const -> decltype(work()) {
    try {
      py::gil_scoped_release release;
      return work();
    } catch (const ProgressStopped&) {
      std::unique_ptr<py::error_already_set> error;
      {
        std::lock_guard<std::mutex> guard(state_->lock);
        error = std::move(state_->error);
      }
      if (error) throw std::move(*error);
      throw;
    }
  }

 private:
  struct State {
    std::mutex lock;
    std::chrono::steady_clock::time_point last{};
    py::object callable;
    bool stopped = false;
    std::unique_ptr<py::error_already_set> error;
    State() = default;
    State(const State&) = delete;
    State& operator=(const State&) = delete;
    // The library may drop its copy of the callback on a worker thread, without the GIL.
    ~State() {
      py::gil_scoped_acquire gil;
      callable = py::object();
      error.reset();
    }
  };
  std::shared_ptr<State> state_;
};

void bind_network(py::module_& m) {
  py::class_<api::Network>(m, "Network")
      .def_static("from_spec", &api::Network::from_spec, py::arg("spec"),
                  py::call_guard<py::gil_scoped_release>())
      .def_static("from_links", &api::Network::from_links, py::arg("nodes"), py::arg("links"),
                  py::call_guard<py::gil_scoped_release>())
      .def_static(
          "from_graph",
          [](std::uint64_t nodes, std::vector<std::pair<std::uint64_t, std::uint64_t>> links,
             bool directed, std::vector<std::uint64_t> switches,
             std::vector<std::array<std::uint64_t, 3>> bandwidth_percent,
             std::vector<std::array<std::uint64_t, 3>> lanes) {
            const api::Network::Graph g{nodes,
                                        std::move(links),
                                        directed,
                                        std::move(switches),
                                        std::move(bandwidth_percent),
                                        std::move(lanes)};
            return api::Network::from_graph(g);
          },
          py::arg("nodes"), py::arg("links"), py::arg("directed"), py::arg("switches"),
          py::arg("bandwidth_percent"), py::arg("lanes"), py::call_guard<py::gil_scoped_release>())
      .def_property_readonly("spec", &api::Network::spec)
      .def_property_readonly("endpoint_count", &api::Network::endpoints)
      .def_property_readonly("directed", &api::Network::directed)
      .def("arcs", &api::Network::arcs)
      .def_property_readonly("family", &api::Network::family)
      .def_property_readonly("node_count", &api::Network::nodes)
      .def("labels", &api::Network::labels)
      .def("links", &api::Network::links)
      .def("node", &api::Network::node, py::arg("id_or_label"))
      .def(
          "info_json",
          [](const api::Network& n, bool distances, const py::object& progress) {
            const PythonProgress p(progress);
            return p.run_stoppable([&] { return n.info_json(distances, p.callback()); });
          },
          py::arg("distances") = true, py::arg("progress") = py::none());
}

void bind_schedule(py::module_& m) {
  py::class_<api::Transfer>(m, "Transfer")
      .def_readonly("source", &api::Transfer::from)
      .def_readonly("target", &api::Transfer::to)
      .def_readonly("payload_json", &api::Transfer::payload_json);
  py::class_<api::Schedule>(m, "Schedule")
      .def_static("read", &api::Schedule::read, py::arg("path"),
                  py::call_guard<py::gil_scoped_release>())
      .def_static("from_json", &api::Schedule::from_json, py::arg("text"),
                  py::call_guard<py::gil_scoped_release>())
      .def_property_readonly("topology", &api::Schedule::topology)
      .def_property_readonly("collective", &api::Schedule::collective)
      .def_property_readonly("algorithm", &api::Schedule::algorithm)
      .def_property_readonly("port_model", &api::Schedule::port_model)
      .def_property_readonly("steps", &api::Schedule::steps)
      .def_property_readonly("transfer_count", &api::Schedule::transfer_count)
      .def("transfers", &api::Schedule::transfers, py::arg("step"),
           py::call_guard<py::gil_scoped_release>())
      .def("network", &api::Schedule::network, py::call_guard<py::gil_scoped_release>())
      .def(
          "verify_json",
          [](const api::Schedule& s, const py::object& progress) {
            const PythonProgress p(progress);
            return p.run_stoppable([&] { return s.verify_json(p.callback()); });
          },
          py::arg("progress") = py::none())
      .def("to_json", &api::Schedule::to_json, py::call_guard<py::gil_scoped_release>())
      .def("write", &api::Schedule::write, py::arg("path"),
           py::call_guard<py::gil_scoped_release>());
}

void bind_functions(py::module_& m) {
  m.def("version", &api::version);
  m.attr("DEFAULT_PROVE_SECONDS") = api::kDefaultProveSeconds;
  py::class_<api::GenerateOptions>(m, "GenerateOptions")
      .def(py::init<>())
      .def_readwrite("algorithm", &api::GenerateOptions::algorithm)
      .def_readwrite("root", &api::GenerateOptions::root)
      .def_readwrite("source", &api::GenerateOptions::source)
      .def_readwrite("target", &api::GenerateOptions::target)
      .def_readwrite("dimension", &api::GenerateOptions::dimension)
      .def_readwrite("pieces", &api::GenerateOptions::pieces)
      .def_readwrite("ports", &api::GenerateOptions::ports);
  m.def(
      "generate",
      [](const api::Network& net, const std::string& collective, api::GenerateOptions o,
         const py::object& progress) {
        const PythonProgress p(progress);
        o.progress = p.callback();
        return p.run_stoppable([&] { return api::generate(net, collective, o); });
      },
      py::arg("network"), py::arg("collective"), py::arg("options"),
      py::arg("progress") = py::none());
  m.def("algorithms", &api::algorithms, py::arg("network"), py::arg("collective"));
  m.def("route_json", &api::route_json, py::arg("network"), py::arg("source"), py::arg("target"),
        py::arg("algorithm") = "auto", py::call_guard<py::gil_scoped_release>());
  m.def("prove_min_steps_json", &api::prove_min_steps_json, py::arg("network"),
        py::arg("collective"), py::arg("root") = py::none(),
        py::arg("timeout") = api::kDefaultProveSeconds, py::call_guard<py::gil_scoped_release>());
}

}  // namespace

PYBIND11_MODULE(_netsched, m) {
  m.doc() = "netsched's C++ library (api/netsched.hpp); use the package `netsched`";
  py::register_exception<api::InputError>(m, "InputError", PyExc_ValueError);
  bind_network(m);
  bind_schedule(m);
  bind_functions(m);
}

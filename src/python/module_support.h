#pragma once
// What the module's functions share beyond reading arguments (python_arguments.h): failures as
// Python exceptions, the GL API and thread count arguments, a thread's GL contexts tied to its
// Python thread state, solvers for a backend, and the arrays of `out=`. Called with the GIL held
// unless said otherwise.

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "python_arguments.h"
#include "tactics/gpu/headless_context.h"
#include "tactics/gpu/solvers.h"
#include "thread_gl.h"

namespace tactics::python {

// ValueError for the input, RuntimeError for a backend that cannot run here.
[[noreturn]] void raiseFailure(const Failure& failure);

// "core" or "es".
gpu::GlApi glFrom(py::handle gl);

// None: every core (defaultThreads); else a whole number 1..256.
unsigned threadsFrom(py::handle threads);

// This thread's GL contexts (thread_gl.h) go when its Python thread state is cleared, on the
// thread as it ends, before join() returns (for the main thread, as the interpreter finalizes). A
// C++ thread_local alone would go a moment after join() returns, racing the process's exit and
// EGL's own exit handlers. A thread state cleared from another thread (a daemon thread's, at
// finalization) leaves the contexts alone: they are current on their own thread. Called with
// the GIL held, before a GL call releases it.
void endGlWithThreadState();

// Runs `job` (std::optional<std::string>(gpu::Solvers&), the problem if any) on solvers for
// `map`. The CPU backend needs no context: its solvers are made for the call. The others run on
// this thread's kept context and solvers (thread_gl.h). Called with the GIL released.
template <class Job>
std::optional<Failure> onSolvers(const std::shared_ptr<const CostMap>& map, Backend backend,
                                 gpu::GlApi api, Job&& job) {
  if (backend != Backend::Cpu) return onThreadSolvers(map, backend, api, std::forward<Job>(job));
  auto solvers = gpu::Solvers::create(*map, backend);
  if (!solvers) return Failure{"backend " + solvers.error(), true};
  if (auto problem = job(*solvers)) return Failure{*problem, false};
  return std::nullopt;
}

// The array out[key] to write into, when `out` (None, or a dict like an earlier answer) holds
// one: C-contiguous, writeable, exactly of the dtype and shape the answer has (a cast would write
// into a copy, not into the caller's array). Nothing when `out` is None or has no `key`: the
// caller makes a new array. A program asking for masks at every step keeps one and spares the
// fresh pages, whose first touch can cost as much as the solves on a small board
// (PERFORMANCE.md). Errors describe the value (its type, dtype and shape), never print it.
template <class T>
std::optional<py::array_t<T>> outputArray(py::handle out, const char* key,
                                          const std::vector<py::ssize_t>& shape,
                                          const char* dtype);
// `out`'s problem when it is neither None nor a dict, or holds a key not in `keys` (besides
// "backend", which an earlier answer carries).
void checkOut(py::handle out, const std::vector<const char*>& keys);

// "(3, 4)": a shape as Python writes it.
std::string shapeText(const std::vector<py::ssize_t>& shape);
// What a value is, for an error: "a float64 array of shape (3, 4)", or its type ("a list");
// with `layout` (an array to write into) also "read-only" and "non-contiguous" where so.
std::string describeValue(py::handle value, bool layout = false);

template <class T>
std::optional<py::array_t<T>> outputArray(py::handle out, const char* key,
                                          const std::vector<py::ssize_t>& shape,
                                          const char* dtype) {
  if (out.is_none()) return std::nullopt;
  const auto dict = py::reinterpret_borrow<py::dict>(out);
  if (!dict.contains(key)) return std::nullopt;
  const py::object value = dict[key];
  const std::string problem = "out[\"" + std::string(key) + "\"] is " + describeValue(value, true) +
                              "; expected a writeable C-contiguous " + dtype +
                              " array of shape " + shapeText(shape);
  if (!py::isinstance<py::array_t<T, py::array::c_style>>(value)) raise(problem);
  auto array = py::reinterpret_borrow<py::array_t<T, py::array::c_style>>(value);
  const bool sameShape = array.ndim() == static_cast<py::ssize_t>(shape.size()) &&
                         std::equal(shape.begin(), shape.end(), array.shape());
  if (!sameShape || !array.writeable()) raise(problem);
  return array;
}

}  // namespace tactics::python

#include "module_support.h"

#include <pybind11/numpy.h>

#include <algorithm>
#include <stdexcept>
#include <thread>

#include "batch_solve.h"

namespace tactics::python {

[[noreturn]] void raiseFailure(const Failure& failure) {
  if (failure.backend) throw std::runtime_error(failure.message);
  throw py::value_error(failure.message);
}

gpu::GlApi glFrom(py::handle gl) {
  std::string spare;
  const auto api = gpu::parseGlApi(textView(gl, spare), "gl");
  if (!api) raise(api.error());
  return *api;
}

unsigned threadsFrom(py::handle threads) {
  if (threads.is_none()) return defaultThreads();
  if (PyLong_Check(threads.ptr()) == 0 || PyBool_Check(threads.ptr()) != 0) {
    raise("threads is " + py::str(threads).cast<std::string>() +
          "; expected a whole number 1..256");
  }
  const long count = threads.cast<long>();
  if (count < 1 || count > 256) {
    raise("threads " + std::to_string(count) + " is out of range 1..256");
  }
  return static_cast<unsigned>(count);
}

void endGlWithThreadState() {
  thread_local bool tied = false;
  if (tied) return;
  PyObject* state = PyThreadState_GetDict();  // borrowed; null only without a thread state
  if (state == nullptr) return;
  const py::capsule end(new std::thread::id(std::this_thread::get_id()), [](void* owner) {
    const auto* id = static_cast<std::thread::id*>(owner);
    if (*id == std::this_thread::get_id()) dropThreadContexts();
    delete id;
  });
  if (PyDict_SetItemString(state, "tactics_grid.gl_contexts", end.ptr()) != 0) {
    throw py::error_already_set();
  }
  tied = true;
}

std::string shapeText(const std::vector<py::ssize_t>& shape) {
  std::string text = "(";
  for (std::size_t d = 0; d < shape.size(); ++d) {
    text += (d > 0 ? ", " : "") + std::to_string(shape[d]);
  }
  return text + (shape.size() == 1 ? ",)" : ")");
}

namespace {
// "an int32 ...", "a uint8 ...": the article as the words are said.
std::string withArticle(const std::string& words) {
  const bool vowel = !words.empty() && std::string("aeio").find(words.front()) != std::string::npos;
  return (vowel ? "an " : "a ") + words;
}
}  // namespace

std::string describeValue(py::handle value, bool layout) {
  if (py::isinstance<py::array>(value)) {
    const auto array = py::reinterpret_borrow<py::array>(value);
    const bool contiguous = (array.flags() & py::array::c_style) != 0;
    const std::string what = std::string(layout && !array.writeable() ? "read-only " : "") +
                             (layout && !contiguous ? "non-contiguous " : "") +
                             py::str(array.dtype()).cast<std::string>() + " array of shape " +
                             shapeText(std::vector<py::ssize_t>(array.shape(),
                                                                array.shape() + array.ndim()));
    return withArticle(what);
  }
  return withArticle(py::str(py::type::of(value).attr("__name__")).cast<std::string>());
}

void checkOut(py::handle out, const std::vector<const char*>& keys) {
  if (out.is_none()) return;
  std::string allowed;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    allowed += std::string(i == 0 ? "" : i + 1 == keys.size() ? " and " : ", ") + "\"" + keys[i] + "\"";
  }
  if (!py::isinstance<py::dict>(out)) {
    raise("out is " + describeValue(out) + "; expected a dict of arrays like an earlier answer (" +
          allowed + ")");
  }
  for (const auto& item : py::reinterpret_borrow<py::dict>(out)) {
    const std::string key = py::str(item.first).cast<std::string>();
    if (key == "backend") continue;
    if (std::none_of(keys.begin(), keys.end(), [&](const char* k) { return key == k; })) {
      raise("out has the key \"" + key + "\"; expected some of " + allowed);
    }
  }
}

}  // namespace tactics::python

#include "tactics/solver/backend.h"

#include <string>

namespace tactics {

namespace {

constexpr Backend kAll[] = {Backend::Auto, Backend::Cpu, Backend::Gpu, Backend::Compute};

}  // namespace

Expected<Backend> parseBackend(std::string_view text, std::string_view what) {
  for (Backend backend : kAll) {
    if (text == backendName(backend)) return backend;
  }
  return Error{std::string(what) + " '" + std::string(text) +
               "' is not allowed; expected auto, cpu, gpu or compute"};
}

const char* backendName(Backend backend) {
  switch (backend) {
    case Backend::Auto: return "auto";
    case Backend::Cpu: return "cpu";
    case Backend::Gpu: return "gpu";
    case Backend::Compute: return "compute";
  }
  return "auto";
}

}  // namespace tactics

// The one backend switch: its four names, read strictly and written back.
#include <catch2/catch.hpp>

#include <string>

#include "tactics/solver/backend.h"

using namespace tactics;

TEST_CASE("backends are read by exactly their four names", "[core][parse]") {
  CHECK(*parseBackend("auto", "--backend") == Backend::Auto);
  CHECK(*parseBackend("cpu", "--backend") == Backend::Cpu);
  CHECK(*parseBackend("gpu", "--backend") == Backend::Gpu);
  CHECK(*parseBackend("compute", "--backend") == Backend::Compute);
  for (const char* bad : {"", "GPU", "Auto", " gpu", "gpu ", "gp", "gpus", "fragment", "vulkan",
                          "cpu,gpu", "auto\n"}) {
    INFO(bad);
    const auto backend = parseBackend(bad, "--backend");
    REQUIRE_FALSE(backend);
    CHECK(backend.error() == "--backend '" + std::string(bad) +
                                 "' is not allowed; expected auto, cpu, gpu or compute");
  }
  // The flag's name comes from the caller (a JSON key, a Python keyword).
  CHECK(parseBackend("opencl", "\"backend\"").error().rfind("\"backend\" 'opencl'", 0) == 0);
}

TEST_CASE("a backend's name reads back as that backend", "[core][parse]") {
  for (Backend backend : {Backend::Auto, Backend::Cpu, Backend::Gpu, Backend::Compute}) {
    INFO(backendName(backend));
    const auto read = parseBackend(backendName(backend), "--backend");
    REQUIRE(read);
    CHECK(*read == backend);
  }
  CHECK(std::string(backendName(Backend::Auto)) == "auto");
  CHECK(std::string(backendName(Backend::Compute)) == "compute");
}

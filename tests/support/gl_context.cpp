#include "gl_context.h"

#include <catch2/catch.hpp>

namespace tactics::testing {

namespace {
gpu::GlApi& chosenApi() {
  static gpu::GlApi api = gpu::GlApi::Core;
  return api;
}
}  // namespace

void setTestGlApi(gpu::GlApi api) { chosenApi() = api; }
gpu::GlApi testGlApi() { return chosenApi(); }

gpu::HeadlessContext& requireContext() {
  static auto context = gpu::HeadlessContext::create(testGlApi());
  INFO((context ? context->description() : context.error()));
  REQUIRE(context);
  return *context;
}

}  // namespace tactics::testing

#include "gl_context.h"

#include <catch2/catch.hpp>

#include <EGL/egl.h>

#include <string>

namespace tactics::testing {

namespace {
gpu::GlApi& chosenApi() {
  static gpu::GlApi api = gpu::GlApi::Core;
  return api;
}

const char* apiText(gpu::GlApi api) {
  return api == gpu::GlApi::Es ? "OpenGL ES (--gl es)" : "desktop OpenGL core (--gl core)";
}
}  // namespace

void setTestGlApi(gpu::GlApi api) { chosenApi() = api; }
gpu::GlApi testGlApi() { return chosenApi(); }

gpu::HeadlessContext& requireContext() {
  static auto context = gpu::HeadlessContext::create(testGlApi());
  static const EGLContext made = eglGetCurrentContext();
  INFO((context ? context->description() : context.error()));
  REQUIRE(context);
  // Still the current one: a case that left another context current (or none) would run the
  // cases after it on that one, maybe of the other API, in a run of the whole suite.
  INFO("this run's context is no longer current: a case before this one left another current");
  REQUIRE(eglGetCurrentContext() == made);
  return *context;
}

bool runsOn(gpu::GlApi api, const char* why) {
  const gpu::GlApi here = requireContext().api();
  if (here == api) return true;
  WARN("skipped on " << apiText(here) << ": a case for " << apiText(api) << " only"
                     << (why != nullptr ? std::string("; ") + why : std::string()));
  return false;
}

bool computeRuns() {
  const gpu::HeadlessContext& context = requireContext();
  if (context.hasCompute()) return true;
  if (context.api() == gpu::GlApi::Es) {
    WARN("skipped: a [compute] case; OpenGL ES (--gl es) has no compute backend");
  } else {
    WARN("skipped: a [compute] case; this context has no OpenGL 4.3 (" << context.description()
                                                                       << ")");
  }
  return false;
}

}  // namespace tactics::testing

// gpu::HeadlessContext as a scoped context: one made while another is current is current until it
// goes, and then the one before is current again, its GL functions loaded, still working (the
// two share EGL's display, which the inner one must not terminate). The suite's own context is
// the "one before" here, so a case that makes a context of its own cannot leave the cases after
// it on the wrong context or API (in a run of the whole suite as one process).
#include <catch2/catch.hpp>

#include <EGL/egl.h>

#include <optional>
#include <string>

#include "gl_context.h"
#include "gpu/gl/program.h"
#include "random_cases.h"
#include "tactics/gpu/gl_loader.h"
#include "tactics/gpu/headless_context.h"
#include "tactics/gpu/range_solver.h"
#include "tactics/solver/reference_solver.h"

using namespace tactics;

namespace {

gpu::GlApi otherApi(gpu::GlApi api) {
  return api == gpu::GlApi::Es ? gpu::GlApi::Core : gpu::GlApi::Es;
}

bool describesEs(const std::string& description) {
  return description.find("(OpenGL ES") != std::string::npos;
}

// The current context draws: a program builds in its dialect and a range solve on it equals the
// reference.
void requireCurrentContextWorks(const std::string& where) {
  INFO(where << ": " << gpu::contextDescription());
  REQUIRE(gpu::hasCurrentContext());
  const auto program = gpu::Program::build(
      "probe.vert", "void main() { gl_Position = vec4(0.0, 0.0, 0.0, 1.0); }\n", "probe.frag",
      "layout(location = 0) out vec4 colour;\nvoid main() { colour = vec4(1.0); }\n");
  INFO((program ? "linked" : program.error()));
  CHECK(program);
  const testing::RandomCase c = testing::makeRandomCase(35, {24, 10});
  INFO(c.describe());
  auto solver = gpu::RangeSolver::create(c.map);
  INFO((solver ? "" : solver.error()));
  REQUIRE(solver);
  solver->solve(c.query);
  CHECK_FALSE(testing::compareReachAndCost(solver->readResult(), solveReference(c.map, c.query)));
}

// Makes a context of `api` inside the run's, checks it is the current one, and drops it.
void makeAndDrop(gpu::GlApi api) {
  auto inner = gpu::HeadlessContext::create(api);
  INFO((inner ? inner->description() : inner.error()));
  REQUIRE(inner);
  CHECK(inner->api() == api);
  CHECK(describesEs(gpu::contextDescription()) == (api == gpu::GlApi::Es));
  requireCurrentContextWorks(std::string("the inner ") + gpu::glApiName(api) + " context");
}

}  // namespace

TEST_CASE("a HeadlessContext made inside another puts the other back when it goes",
          "[gpu][context]") {
  const gpu::HeadlessContext& outer = testing::requireContext();
  const std::string description = outer.description();
  for (const gpu::GlApi api : {otherApi(outer.api()), outer.api()}) {
    INFO("inner context: " << gpu::glApiName(api));
    makeAndDrop(api);
    // The run's context again: same renderer and API, its functions loaded, still alive.
    CHECK(gpu::contextDescription() == description);
    CHECK(outer.description() == description);
    CHECK(describesEs(description) == (outer.api() == gpu::GlApi::Es));
    requireCurrentContextWorks("the run's context after the inner one went");
  }
}

TEST_CASE("a HeadlessContext that is not current when it goes leaves the current one alone",
          "[gpu][context]") {
  const gpu::HeadlessContext& outer = testing::requireContext();
  const std::string description = outer.description();
  const EGLDisplay runDisplay = eglGetCurrentDisplay();
  const EGLContext runContext = eglGetCurrentContext();
  REQUIRE(runContext != EGL_NO_CONTEXT);
  std::optional<gpu::HeadlessContext> first;
  std::optional<gpu::HeadlessContext> second;
  auto made = gpu::HeadlessContext::create(otherApi(outer.api()));
  REQUIRE(made);
  first.emplace(std::move(*made));
  made = gpu::HeadlessContext::create(outer.api());
  REQUIRE(made);
  second.emplace(std::move(*made));
  // The first goes while the second is current: the second stays current and working.
  first.reset();
  CHECK(describesEs(gpu::contextDescription()) == (outer.api() == gpu::GlApi::Es));
  requireCurrentContextWorks("the second inner context after the first went");
  // The second goes. What was current when it was made, the first, is gone: none is current.
  second.reset();
  CHECK(eglGetCurrentContext() == EGL_NO_CONTEXT);
  CHECK_FALSE(gpu::hasCurrentContext());
  // The run's context is still alive: made current again, it works.
  REQUIRE(eglMakeCurrent(runDisplay, EGL_NO_SURFACE, EGL_NO_SURFACE, runContext));
  REQUIRE(gpu::loadGl(eglGetProcAddress));
  CHECK(gpu::contextDescription() == description);
  requireCurrentContextWorks("the run's context, made current again");
}

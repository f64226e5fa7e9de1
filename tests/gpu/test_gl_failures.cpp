// Shader failures name the file and carry the driver's log; in debug builds GL errors are
// reported through KHR_debug with the labels of what was bound (label gpu).

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "gpu/gl/debug_output.h"
#include "gpu/gl/gl_handle.h"
#include "tactics/gpu/headless_context.h"
#include "gl_context.h"
#include "gpu/gl/program.h"

using namespace tactics;

namespace {

// One context for the whole test run, of the API the run asks for (gl_context.h).
using testing::requireContext;

// No #version line: gpu::Program adds the one of the context's dialect.
constexpr const char* kVertex =
    "layout(location = 0) in vec2 corner;\n"
    "void main() { gl_Position = vec4(corner, 0.0, 1.0); }\n";

}  // namespace

TEST_CASE("a shader that does not compile names its file and prints the driver's log", "[gpu]") {
  requireContext();
  const auto program = gpu::Program::build(
      "fullscreen.vert", kVertex, "broken_relax.frag",
      "out vec4 colour;\nvoid main() { colour = vec4(1.0) + undefinedThing; }\n");
  REQUIRE_FALSE(program);
  INFO(program.error());
  CHECK(program.error().find("broken_relax.frag") != std::string::npos);
  CHECK(program.error().find("failed to compile") != std::string::npos);
  // The log is the driver's, and it names the culprit.
  CHECK(program.error().find("undefinedThing") != std::string::npos);
}

TEST_CASE("a program that does not link names its files and prints the driver's log", "[gpu]") {
  requireContext();
  // The fragment shader compiles but has no main(), which only the linker notices.
  const auto program = gpu::Program::build(
      "fullscreen.vert", kVertex, "no_main.frag",
      "out vec4 colour;\nvoid shade() { colour = vec4(1.0); }\n");
  REQUIRE_FALSE(program);
  INFO(program.error());
  CHECK(program.error().find("fullscreen.vert + no_main.frag") != std::string::npos);
  CHECK(program.error().find("failed to link") != std::string::npos);
  CHECK(program.error().find("main") != std::string::npos);
}

TEST_CASE("debug reports put the labels of the bound objects before the driver's message",
          "[gpu]") {
  CHECK(gpu::debugReport("GL_INVALID_ENUM in glEnable\n", "'relax.frag'", "none") ==
        "GL error (program 'relax.frag', framebuffer none): GL_INVALID_ENUM in glEnable");
}

TEST_CASE("in debug builds a GL error is reported with the bound program's label", "[gpu]") {
  requireContext();
#ifdef NDEBUG
  CHECK_FALSE(gpu::installDebugOutput());  // release builds stay quiet
#else
  REQUIRE(GLAD_GL_KHR_debug);
  REQUIRE(gpu::installDebugOutput());
  std::vector<std::string> reports;
  gpu::setDebugSink([&reports](const std::string& report) { reports.push_back(report); });
  auto program = gpu::Program::build("fullscreen.vert", kVertex, "labelled_pass.frag",
                                     "out vec4 colour;\n"
                                     "void main() { colour = vec4(1.0); }\n");
  REQUIRE(program);
  program->use();
  glEnable(0x7FFF);  // no such capability: GL_INVALID_ENUM
  CHECK(glGetError() == GL_INVALID_ENUM);  // reported, and still flagged as GL requires
  glUseProgram(0);
  gpu::setDebugSink({});
  REQUIRE(reports.size() == 1);
  CHECK(reports[0].rfind("GL error (program 'labelled_pass.frag', framebuffer none): ", 0) == 0);
#endif
}

TEST_CASE("a map wider or taller than GL_MAX_TEXTURE_SIZE is refused with the limit named",
          "[gpu]") {
  CHECK_FALSE(gpu::textureLimitProblem(16384, 16384, 16384));
  CHECK_FALSE(gpu::textureLimitProblem(1, 1, 1));
  const auto wide = gpu::textureLimitProblem(16385, 2, 16384);
  REQUIRE(wide);
  CHECK(wide->find("16385x2") != std::string::npos);
  CHECK(wide->find("16384") != std::string::npos);
  CHECK(wide->find("GL_MAX_TEXTURE_SIZE") != std::string::npos);
  CHECK(gpu::textureLimitProblem(3, 4097, 4096));
  requireContext();
  CHECK(gpu::maxTextureSize() >= 4096);  // OpenGL 3.3 promises at least 1024; Mesa gives more
}

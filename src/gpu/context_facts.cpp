#include "tactics/gpu/headless_context.h"

// What the current context is and can do, whichever made it: a HeadlessContext (EGL,
// headless_context.cpp), the caller's window (gpu::loadGl) or a browser page's canvas. No EGL
// here, so the web build, which has no headless context, links this file alone.

#include <glad/gl.h>

#include <string>

#include "gpu/gl/gl_api.h"

namespace tactics::gpu {

Expected<GlApi> parseGlApi(std::string_view text, std::string_view what) {
  if (text == "core") return GlApi::Core;
  if (text == "es") return GlApi::Es;
  return Error{std::string(what) + " '" + std::string(text) +
               "' is not allowed; expected core (OpenGL 3.3 core, 4.3 where compute needs it) or "
               "es (OpenGL ES 3.0)"};
}

const char* glApiName(GlApi api) { return api == GlApi::Es ? "es" : "core"; }

bool supportsCompute() {
  if (isEsContext()) return false;  // ES 3.1 has compute shaders, but not GLSL 4.30's
  GLint major = 0;
  GLint minor = 0;
  glGetIntegerv(GL_MAJOR_VERSION, &major);
  glGetIntegerv(GL_MINOR_VERSION, &minor);
  return major > 4 || (major == 4 && minor >= 3);
}

void finish() { glFinish(); }

int maxTextureSize() {
  GLint maxSide = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &maxSide);
  return maxSide;
}

std::optional<std::string> textureLimitProblem(int width, int height, int maxSide) {
  if (width <= maxSide && height <= maxSide) return std::nullopt;
  return "the map is " + std::to_string(width) + "x" + std::to_string(height) +
         " cells but this OpenGL driver's textures are at most " + std::to_string(maxSide) +
         " texels a side (GL_MAX_TEXTURE_SIZE); use a smaller map or --backend cpu";
}

namespace {

std::string glText(GLenum name) {
  const auto* value = reinterpret_cast<const char*>(glGetString(name));
  return std::string(value != nullptr ? value : "?");
}

}  // namespace

bool hasCurrentContext() {
  // Before any context loaded the functions the pointer is null. After, with none current, the
  // loaded entry point is the driver's dispatch stub, which answers null without a context.
  if (glad_glGetString == nullptr) return false;
  return glGetString(GL_VERSION) != nullptr;
}

std::string rendererName() { return glText(GL_RENDERER); }

std::string contextDescription() {
  // ES versions name themselves ("OpenGL ES 3.2 Mesa ..."); desktop ones start with the number.
  return glText(GL_RENDERER) + " (" + (isEsContext() ? "" : "OpenGL ") + glText(GL_VERSION) + ")";
}

bool isSoftwareRenderer(std::string_view renderer) {
  for (std::string_view software : {"llvmpipe", "softpipe", "SwiftShader"}) {
    if (renderer.find(software) != std::string_view::npos) return true;
  }
  return false;
}

}  // namespace tactics::gpu

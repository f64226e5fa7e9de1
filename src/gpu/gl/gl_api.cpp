#include "gpu/gl/gl_api.h"

#include <atomic>
#include <cstring>

namespace tactics::gpu {

namespace {
#ifdef __EMSCRIPTEN__
bool queriesAnsweredInFrame = false;
#else
bool queriesAnsweredInFrame = true;
#endif
std::atomic<LoadedGl> loaded{LoadedGl::None};
}  // namespace

bool sameFrameQueries() { return queriesAnsweredInFrame; }
void setSameFrameQueries(bool answered) { queriesAnsweredInFrame = answered; }

bool isEsContext() {
  const auto* version = reinterpret_cast<const char*>(glGetString(GL_VERSION));
  return version != nullptr && std::strncmp(version, "OpenGL ES", 9) == 0;
}

LoadedGl loadedGl() { return loaded.load(); }

bool loadGlFunctions(GLADloadfunc load, bool es) {
  loaded = LoadedGl::None;  // a failed load may leave the table half filled
  if (!es) {
    if (gladLoadGL(load) == 0) return false;
    loaded = LoadedGl::Desktop;
    return true;
  }
  if (gladLoadGLES2(load) == 0) return false;
  // OpenGL ES 3.0 has KHR_debug only as an extension, whose entry points carry the KHR suffix;
  // the unsuffixed names glad also looks up are ES 3.2 core, and a 3.0 driver may hand back a
  // stub for them. The project calls the unsuffixed names, so point them at the extension's.
  if (GLAD_GL_KHR_debug && glad_glObjectLabelKHR != nullptr) {
    glad_glObjectLabel = glad_glObjectLabelKHR;
    glad_glGetObjectLabel = glad_glGetObjectLabelKHR;
    glad_glDebugMessageCallback = glad_glDebugMessageCallbackKHR;
    glad_glDebugMessageControl = glad_glDebugMessageControlKHR;
  }
  loaded = LoadedGl::Es;
  return true;
}

}  // namespace tactics::gpu

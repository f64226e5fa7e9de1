#include "tactics/gpu/gl_loader.h"

#include <glad/gl.h>

#include <string>
#include <type_traits>

#include "gpu/gl/gl_api.h"

namespace tactics::gpu {

// The public loader type is glad's, spelt without glad's header (public headers name no GL).
static_assert(std::is_same_v<GlLoader, GLADloadfunc>, "GlLoader is glad's GLADloadfunc");

Expected<GlApi> loadGl(GlLoader load) {
  if (load == nullptr) return Error{"gpu::loadGl needs a loader such as glfwGetProcAddress"};
  // Which API to load is read from the context itself, through the one function that tells:
  // the library's table may still be empty, or hold another context's functions.
  const auto getString = reinterpret_cast<PFNGLGETSTRINGPROC>(load("glGetString"));
  if (getString == nullptr) return Error{"the loader gives no glGetString"};
  const auto* version = reinterpret_cast<const char*>(getString(GL_VERSION));
  if (version == nullptr) {
    return Error{
        "no OpenGL context is current on this thread; make yours current before "
        "gpu::loadGl"};
  }
  const std::string versionText = version;
  const bool es = versionText.rfind("OpenGL ES", 0) == 0;
  if (!loadGlFunctions(load, es)) {
    return Error{"cannot load the OpenGL functions of '" + versionText + "' through the loader"};
  }
  // GL_MAJOR_VERSION exists from OpenGL 3.0 and OpenGL ES 3.0; older contexts leave it 0.
  GLint major = 0;
  GLint minor = 0;
  glGetIntegerv(GL_MAJOR_VERSION, &major);
  glGetIntegerv(GL_MINOR_VERSION, &minor);
  const bool recentEnough = es ? major >= 3 : (major > 3 || (major == 3 && minor >= 3));
  if (!recentEnough) {
    return Error{"the current context is '" + versionText +
                 "'; the solvers need OpenGL 3.3 or OpenGL ES 3.0"};
  }
  return es ? GlApi::Es : GlApi::Core;
}

}  // namespace tactics::gpu

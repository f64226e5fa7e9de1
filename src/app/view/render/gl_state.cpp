#include "app/view/render/gl_state.h"

#include <glad/gl.h>

namespace tactics::app {

int maxTextureSide() {
  GLint side = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &side);
  return static_cast<int>(side);
}

std::string glVersionText() {
  const GLubyte* version = glGetString(GL_VERSION);
  return version ? reinterpret_cast<const char*>(version) : "an unknown version";
}

void finishGpuWork() { glFinish(); }

int takeGlErrors() {
  int count = 0;
  for (GLenum error = glGetError(); error != GL_NO_ERROR; error = glGetError()) ++count;
  return count;
}

}  // namespace tactics::app

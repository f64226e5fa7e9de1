#include "solver_checks.h"

#include <glad/gl.h>

#include <string>

#include "tactics/gpu/headless_context.h"
#include "gpu/gl/gl_api.h"

namespace tactics::gpu {

Expected<bool> checkMapFits(const CostMap& map) {
  GLint maxSize = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &maxSize);
  if (map.width() > maxSize || map.height() > maxSize) {
    return Error{"the map is " + map.sizeText() + " but this OpenGL allows textures up to " +
                 std::to_string(maxSize) + " texels wide"};
  }
  return true;
}

Expected<bool> checkComputeBackend() {
  if (isEsContext()) {
    return Error{"the compute backend needs desktop OpenGL 4.3 (compute shaders); an OpenGL ES "
                 "context has none: use the fragment passes (--backend gpu)"};
  }
  if (!supportsCompute()) {
    return Error{"the compute backend needs OpenGL 4.3 (compute shaders); this context has " +
                 std::string(reinterpret_cast<const char*>(glGetString(GL_VERSION)))};
  }
  return true;
}

}  // namespace tactics::gpu

#pragma once
// Which OpenGL the current context speaks, and loading its functions. The project runs the same
// code and the same shaders on desktop OpenGL (3.3 core, 4.3 for compute) and OpenGL ES 3.0;
// only the shader prelude (gpu::Program) and the loader differ.

#include <glad/gl.h>

namespace tactics::gpu {

// True when the current context is OpenGL ES (its GL_VERSION starts with "OpenGL ES").
bool isEsContext();

// Loads the functions of the current context with `load` (eglGetProcAddress, glfwGetProcAddress):
// gladLoadGLES2 for OpenGL ES, gladLoadGL for desktop OpenGL. False when the loader fails.
bool loadGlFunctions(GLADloadfunc load, bool es);

}  // namespace tactics::gpu

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

// Whose functions the process-wide table holds: the last successful loadGlFunctions' API. A
// context of the other API made current again must load its own before it is used.
enum class LoadedGl { None, Desktop, Es };
LoadedGl loadedGl();

// Whether an occlusion query's answer can be waited for in the frame that asked it. Desktop
// OpenGL and OpenGL ES answer as soon as the GPU is done; WebGL2 answers only in a later task of
// the page, so there the solvers run every pass a query needs instead of asking whether the
// last one changed anything (same answer, never an early stop), and the fragment field, which
// cannot know its pass count ahead, is not offered. setSameFrameQueries(false) gives the
// browser's way on the desktop, for the tests that hold it to the reference.
bool sameFrameQueries();
void setSameFrameQueries(bool answered);

}  // namespace tactics::gpu

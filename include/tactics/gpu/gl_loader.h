#pragma once
// The solvers on the caller's own OpenGL context (a GLFW or SDL window's, an engine's), instead
// of a HeadlessContext:
//
//   glfwMakeContextCurrent(window);
//   if (auto api = gpu::loadGl(glfwGetProcAddress); !api) fail(api.error());
//   auto solvers = gpu::Solvers::create(map, Backend::Gpu);   // on the window's context
//   auto range = solvers->range(query);
//   GLuint state = solvers->rangeLayer()->texture;            // draw it: SPEC §4 bytes
//
// The library calls OpenGL through a function table of its own, filled by loadGl. Its symbols
// are not exported from libtactics_gpu (nor from the installed static archive), so the
// program's own loader (glad, GLEW, libepoxy) keeps its table, and the two never clash.
//
// The table is process-wide: one for every thread and context, replaced by each loadGl (and by
// each HeadlessContext::create, which fills it from EGL). Where entry points do not depend on the
// context (GLX, EGL and glvnd on Linux, where each call goes to whichever context is current),
// one load serves every context of the same API; where they may (WGL on Windows, with contexts
// on different drivers), call loadGl again after making another context current.
//
// On the caller's context every solve keeps the caller's GL state: what the passes change
// (framebuffers, viewport, program, vertex array, texture bindings, pixel store...) is put back
// before the call returns. No debug message callback is installed on it.

#include "tactics/gpu/headless_context.h"
#include "tactics/solver/expected.h"

namespace tactics::gpu {

// A GL entry point as loaders hand them out, and the loader: glfwGetProcAddress and
// eglGetProcAddress have this type; SDL_GL_GetProcAddress needs a cast.
using GlProc = void (*)();
using GlLoader = GlProc (*)(const char* name);

// Loads the library's GL functions for the context current on this thread, through `load`.
// Returns the API that context speaks: desktop OpenGL (3.3 or later; the compute backend needs
// 4.3) or OpenGL ES (3.0 or later). Fails, naming why, when no context is current, it is older
// than that, or `load` cannot give the functions.
Expected<GlApi> loadGl(GlLoader load);

}  // namespace tactics::gpu

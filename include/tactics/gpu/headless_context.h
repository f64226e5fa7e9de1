#pragma once
// An OpenGL context with no window and no display server, through EGL: Mesa's surfaceless
// platform first, the default EGL display as a fallback. Desktop OpenGL core, 4.3 when the driver
// has it (compute shaders) else 3.3, or OpenGL ES 3.0 (what GLES devices and WebGL2 offer: the
// fragment-pass solvers, no compute).

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "tactics/solver/expected.h"

namespace tactics::gpu {

// Which OpenGL a context speaks: desktop core profile, or OpenGL ES 3.0.
enum class GlApi { Core, Es };

// "core" or "es" (the --gl flag, SPEC §5); the error names `what` and the two values.
Expected<GlApi> parseGlApi(std::string_view text, std::string_view what);
const char* glApiName(GlApi api);

// A scoped context: current from create() until it goes, then what was current before is again.
// Contexts live side by side (one per thread, or one per API on a thread) and share the
// process's EGL display. A context is destroyed on its own thread.
class HeadlessContext {
 public:
  // Creates the context, makes it current on this thread and loads the GL functions. Failing
  // to make an ES context is the same kind of error as failing to make a core one.
  static Expected<HeadlessContext> create(GlApi api = GlApi::Core);

  HeadlessContext(HeadlessContext&&) noexcept;
  HeadlessContext& operator=(HeadlessContext&&) noexcept;
  // Destroys the context. When it is current on this thread, the EGL context that was current
  // when it was made (a window's, another HeadlessContext's) is made current again, with the EGL
  // API then bound and the library's GL functions loaded for it (gl_loader.h); none is current
  // when none was, or when that one has been destroyed since. Not current here: this thread's
  // current context is left alone. Contexts share EGL's display: the last HeadlessContext to go
  // terminates it, unless it was initialized before the first (by the caller's own EGL code).
  ~HeadlessContext();

  // Makes it current on this thread again, when another context was made current since (a
  // second HeadlessContext, a window's), and loads its functions when the library's
  // process-wide table holds the other API's (gl_loader.h). Cheap when it is still current and
  // loaded. The problem, if EGL refuses (as it does while it is current on another thread).
  std::optional<std::string> makeCurrent();

  // The API it was made with.
  [[nodiscard]] GlApi api() const;

  // True when the context has OpenGL 4.3: compute shaders, the compute backend. Never on ES.
  [[nodiscard]] bool hasCompute() const;

  // "Mesa llvmpipe ... (OpenGL 4.5 core)" or "... (OpenGL ES 3.2 Mesa ...)", for logs.
  [[nodiscard]] std::string description() const;

 private:
  struct Egl;
  explicit HeadlessContext(std::unique_ptr<Egl> egl);
  std::unique_ptr<Egl> egl_;
};

// True when the current context has desktop OpenGL 4.3 (compute shaders); false on OpenGL ES.
bool supportsCompute();

// True when this thread has a current OpenGL context whose functions are loaded: a
// HeadlessContext, or a window's (the demo's GLFW one). Safe to ask with none.
bool hasCurrentContext();

// GL_RENDERER of the current context, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)".
std::string rendererName();

// "llvmpipe (LLVM 15.0.6, 256 bits) (OpenGL 4.5 (Core Profile) Mesa 22.3.6)": the current
// context's renderer and version, for logs and errors.
std::string contextDescription();

// True when `renderer` (a GL_RENDERER string) rasterizes on the CPU: Mesa's llvmpipe or
// softpipe, or SwiftShader. Passes that a GPU runs in parallel queue there behind a few cores.
bool isSoftwareRenderer(std::string_view renderer);

// Waits until the current context has finished every command given so far (glFinish): what a
// timing around a solve needs, since solves return before the GPU is done.
void finish();

// GL_MAX_TEXTURE_SIZE of the current context: the widest and tallest map the GPU solvers take.
int maxTextureSize();

// Why a width x height map cannot be solved on a GPU whose textures are at most `maxSide`
// texels a side (the limit is in the message), or nothing when it fits. Commands check this
// right after making the context, before any solver is made (exit 2: the input is too big).
std::optional<std::string> textureLimitProblem(int width, int height, int maxSide);

}  // namespace tactics::gpu

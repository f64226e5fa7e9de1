#include "tactics/gpu/headless_context.h"

#include <glad/gl.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <string>

#include "gpu/gl/debug_output.h"
#include "gpu/gl/gl_api.h"
#include "tactics/gpu/gl_loader.h"

namespace tactics::gpu {

namespace {

std::string eglErrorText() {
  const EGLint code = eglGetError();
  switch (code) {
    case EGL_NOT_INITIALIZED: return "EGL_NOT_INITIALIZED";
    case EGL_BAD_MATCH: return "EGL_BAD_MATCH";
    case EGL_BAD_CONFIG: return "EGL_BAD_CONFIG";
    case EGL_BAD_ATTRIBUTE: return "EGL_BAD_ATTRIBUTE";
    case EGL_BAD_DISPLAY: return "EGL_BAD_DISPLAY";
    case EGL_BAD_ALLOC: return "EGL_BAD_ALLOC";
    case EGL_BAD_PARAMETER: return "EGL_BAD_PARAMETER";
    default: {
      char hex[16];
      std::snprintf(hex, sizeof hex, "0x%04X", static_cast<unsigned>(code));
      return std::string("EGL error ") + hex;
    }
  }
}

// EGL initializes a display once however often eglInitialize is called, and eglTerminate ends
// it for every context on it: the contexts of one process share the surfaceless display. Each
// HeadlessContext counts itself a user of its display here; the last one to go terminates it,
// and only when HeadlessContext had initialized it (not the caller's own EGL code).
struct DisplayUse {
  int contexts = 0;
  bool initializedHere = false;
};

struct Displays {
  std::mutex mutex;
  std::map<EGLDisplay, DisplayUse> uses;
};

// Made on first use and never destroyed: a HeadlessContext that outlives main's statics (a
// global, a static of another file) still finds it.
Displays& displays() {
  static auto* const all = new Displays();
  return *all;
}

// Initializes `display` if it is not yet, and counts one more user of it. False when EGL cannot
// initialize it.
bool acquireDisplay(EGLDisplay display) {
  if (display == EGL_NO_DISPLAY) return false;
  Displays& all = displays();
  const std::lock_guard<std::mutex> lock(all.mutex);
  DisplayUse& use = all.uses[display];
  if (use.contexts == 0) {
    // EGL_VERSION is only answered on an initialized display.
    const bool initializedBefore = eglQueryString(display, EGL_VERSION) != nullptr;
    EGLint major = 0;
    EGLint minor = 0;
    if (!eglInitialize(display, &major, &minor)) {
      all.uses.erase(display);
      return false;
    }
    use.initializedHere = !initializedBefore;
  }
  ++use.contexts;
  return true;
}

void releaseDisplay(EGLDisplay display) {
  Displays& all = displays();
  const std::lock_guard<std::mutex> lock(all.mutex);
  const auto found = all.uses.find(display);
  if (found == all.uses.end() || --found->second.contexts > 0) return;
  if (found->second.initializedHere) eglTerminate(display);
  all.uses.erase(found);
}

// The surfaceless Mesa display when the platform extension exists, else the default display;
// initialized, one more user counted (releaseDisplay).
EGLDisplay openDisplay() {
  // Mesa's EGL prints its own warnings (a driver it could not load) on stderr, before the one
  // error line a failure gets here: quiet unless the user asked for them.
  setenv("EGL_LOG_LEVEL", "fatal", 0);
  const char* clientExtensions = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
  const std::string extensions = clientExtensions != nullptr ? clientExtensions : "";
  if (extensions.find("EGL_MESA_platform_surfaceless") != std::string::npos) {
    auto getPlatformDisplay = reinterpret_cast<PFNEGLGETPLATFORMDISPLAYEXTPROC>(
        eglGetProcAddress("eglGetPlatformDisplayEXT"));
    if (getPlatformDisplay != nullptr) {
      EGLDisplay display =
          getPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
      if (acquireDisplay(display)) return display;
    }
  }
  EGLDisplay display = eglGetDisplay(EGL_DEFAULT_DISPLAY);
  if (acquireDisplay(display)) return display;
  return EGL_NO_DISPLAY;
}

// What was current on this thread when a context was made: put back when that context goes.
struct CurrentBinding {
  EGLenum api = EGL_OPENGL_ES_API;
  EGLDisplay display = EGL_NO_DISPLAY;
  EGLContext context = EGL_NO_CONTEXT;
  EGLSurface draw = EGL_NO_SURFACE;
  EGLSurface read = EGL_NO_SURFACE;

  static CurrentBinding ofThisThread() {
    CurrentBinding b;
    b.api = eglQueryAPI();
    b.context = eglGetCurrentContext();
    if (b.context != EGL_NO_CONTEXT) {
      b.display = eglGetCurrentDisplay();
      b.draw = eglGetCurrentSurface(EGL_DRAW);
      b.read = eglGetCurrentSurface(EGL_READ);
    }
    return b;
  }

  // Makes it current again, with its bound API and the library's GL functions for it; none is
  // current when there was none, or when it cannot be made current (destroyed since).
  void restore() const {
    eglBindAPI(api);
    if (context == EGL_NO_CONTEXT || !eglMakeCurrent(display, draw, read, context)) return;
    // The library's function table is process-wide; the context that went filled it last.
    static_cast<void>(loadGl(eglGetProcAddress));
  }
};

// The context of `api` on `display` with `config`: desktop OpenGL 4.3 core when the driver has
// it (the compute backend needs it), else 3.3 core; or OpenGL ES 3.0.
EGLContext createContext(EGLDisplay display, EGLConfig config, GlApi api) {
  if (api == GlApi::Es) {
    const EGLint attributes[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0,
                                 EGL_NONE};
    return eglCreateContext(display, config, EGL_NO_CONTEXT, attributes);
  }
  for (const EGLint version : {43, 33}) {
    const EGLint attributes[] = {EGL_CONTEXT_MAJOR_VERSION, version / 10,
                                 EGL_CONTEXT_MINOR_VERSION, version % 10,
                                 EGL_CONTEXT_OPENGL_PROFILE_MASK,
                                 EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                 EGL_NONE};
    EGLContext context = eglCreateContext(display, config, EGL_NO_CONTEXT, attributes);
    if (context != EGL_NO_CONTEXT) return context;
  }
  return EGL_NO_CONTEXT;
}

GLADapiproc eglFunction(const char* name) { return eglGetProcAddress(name); }

}  // namespace

struct HeadlessContext::Egl {
  EGLDisplay display = EGL_NO_DISPLAY;  // acquired: one user counted (releaseDisplay)
  EGLContext context = EGL_NO_CONTEXT;
  GlApi api = GlApi::Core;
  CurrentBinding before = CurrentBinding::ofThisThread();

  Egl() = default;
  Egl(const Egl&) = delete;
  Egl& operator=(const Egl&) = delete;

  ~Egl() {
    if (display == EGL_NO_DISPLAY) return;
    if (context != EGL_NO_CONTEXT) {
      // Current on this thread: release it and put back what was current before it. A context
      // current on no thread, or on another, leaves this thread's current context alone.
      const EGLenum bound = eglQueryAPI();
      eglBindAPI(api == GlApi::Es ? EGL_OPENGL_ES_API : EGL_OPENGL_API);
      if (eglGetCurrentContext() == context) {
        eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
        before.restore();
      } else {
        eglBindAPI(bound);
      }
      eglDestroyContext(display, context);
    } else {
      eglBindAPI(before.api);  // create() failed before it made a context
    }
    releaseDisplay(display);
  }
};

HeadlessContext::HeadlessContext(std::unique_ptr<Egl> egl) : egl_(std::move(egl)) {}
HeadlessContext::HeadlessContext(HeadlessContext&&) noexcept = default;
HeadlessContext& HeadlessContext::operator=(HeadlessContext&&) noexcept = default;
HeadlessContext::~HeadlessContext() = default;

Expected<HeadlessContext> HeadlessContext::create(GlApi api) {
  const bool es = api == GlApi::Es;
  const std::string wanted = es ? "OpenGL ES 3.0" : "OpenGL 3.3 core";
  auto egl = std::make_unique<Egl>();
  egl->api = api;
  egl->display = openDisplay();
  if (egl->display == EGL_NO_DISPLAY) {
    return Error{"no EGL display (" + eglErrorText() +
                 "); install Mesa's EGL driver (libegl-mesa0 libgl1-mesa-dri)"};
  }
  if (!eglBindAPI(es ? EGL_OPENGL_ES_API : EGL_OPENGL_API)) {
    return Error{"EGL cannot bind " + std::string(es ? "OpenGL ES" : "desktop OpenGL") + ": " +
                 eglErrorText()};
  }

  // No surface type is required: the passes render into textures of their own.
  const EGLint configAttributes[] = {EGL_RENDERABLE_TYPE, es ? EGL_OPENGL_ES3_BIT : EGL_OPENGL_BIT,
                                     EGL_SURFACE_TYPE, 0, EGL_NONE};
  EGLConfig config = nullptr;
  EGLint configs = 0;
  if (!eglChooseConfig(egl->display, configAttributes, &config, 1, &configs) || configs < 1) {
    return Error{"no EGL config for " + wanted + " (" + eglErrorText() + ")"};
  }
  egl->context = createContext(egl->display, config, api);
  if (egl->context == EGL_NO_CONTEXT) {
    return Error{"cannot create an " + wanted + " context (" + eglErrorText() + ")"};
  }
  if (!eglMakeCurrent(egl->display, EGL_NO_SURFACE, EGL_NO_SURFACE, egl->context)) {
    return Error{"cannot make the OpenGL context current without a surface (" + eglErrorText() + ")"};
  }
  if (!loadGlFunctions(eglFunction, es)) return Error{"cannot load the " + wanted + " functions"};
  installDebugOutput();  // debug builds: GL errors reported with object labels
  return HeadlessContext(std::move(egl));
}

GlApi HeadlessContext::api() const { return egl_->api; }

bool HeadlessContext::hasCompute() const { return supportsCompute(); }

std::string HeadlessContext::description() const { return contextDescription(); }

std::optional<std::string> HeadlessContext::makeCurrent() {
  const bool es = egl_->api == GlApi::Es;
  eglBindAPI(es ? EGL_OPENGL_ES_API : EGL_OPENGL_API);
  if (eglGetCurrentContext() != egl_->context &&
      !eglMakeCurrent(egl_->display, EGL_NO_SURFACE, EGL_NO_SURFACE, egl_->context)) {
    return "cannot make the OpenGL context current again (" + eglErrorText() + ")";
  }
  if (loadedGl() != (es ? LoadedGl::Es : LoadedGl::Desktop) &&
      !loadGlFunctions(eglFunction, es)) {
    return std::string("cannot load the ") + (es ? "OpenGL ES 3.0" : "OpenGL 3.3 core") +
           " functions";
  }
  return std::nullopt;
}

}  // namespace tactics::gpu

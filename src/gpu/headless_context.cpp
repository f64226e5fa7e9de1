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

namespace tactics::gpu {

namespace {

// Every context of a process shares its EGL display (EGL hands out the same one for the same
// platform), and eglTerminate destroys every context on it, current or not. So the contexts
// alive on each display are counted, and only the last one to go terminates it. Never freed:
// a thread may end after the process's static objects are gone.
struct Displays {
  std::mutex mutex;
  std::map<EGLDisplay, int> users;
};
Displays& displays() {
  static auto* const all = new Displays;
  return *all;
}

}  // namespace

struct HeadlessContext::Egl {
  EGLDisplay display = EGL_NO_DISPLAY;
  EGLContext context = EGL_NO_CONTEXT;
  GlApi api = GlApi::Core;

  [[nodiscard]] EGLenum eglApi() const {
    return api == GlApi::Es ? EGL_OPENGL_ES_API : EGL_OPENGL_API;
  }

  // Released from this thread only when it is the current one here: a context current on
  // another thread is destroyed by EGL once that thread lets it go, and a caller's own context,
  // made current after this one, stays current.
  ~Egl() {
    if (display == EGL_NO_DISPLAY) return;
    if (context != EGL_NO_CONTEXT) {
      eglBindAPI(eglApi());
      if (eglGetCurrentContext() == context) {
        eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
      }
      eglDestroyContext(display, context);
    }
    Displays& all = displays();
    const std::lock_guard<std::mutex> lock(all.mutex);
    if (--all.users[display] == 0) {
      all.users.erase(display);
      eglTerminate(display);
    }
  }
};

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

// The surfaceless Mesa display when the platform extension exists, else the default display.
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
      EGLint major = 0;
      EGLint minor = 0;
      if (display != EGL_NO_DISPLAY && eglInitialize(display, &major, &minor)) return display;
    }
  }
  EGLDisplay display = eglGetDisplay(EGL_DEFAULT_DISPLAY);
  EGLint major = 0;
  EGLint minor = 0;
  if (display != EGL_NO_DISPLAY && eglInitialize(display, &major, &minor)) return display;
  return EGL_NO_DISPLAY;
}

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

GLADapiproc loadGl(const char* name) { return eglGetProcAddress(name); }

}  // namespace

HeadlessContext::HeadlessContext(std::unique_ptr<Egl> egl) : egl_(std::move(egl)) {}
HeadlessContext::HeadlessContext(HeadlessContext&&) noexcept = default;
HeadlessContext& HeadlessContext::operator=(HeadlessContext&&) noexcept = default;
HeadlessContext::~HeadlessContext() = default;

Expected<HeadlessContext> HeadlessContext::create(GlApi api) {
  const bool es = api == GlApi::Es;
  const std::string wanted = es ? "OpenGL ES 3.0" : "OpenGL 3.3 core";
  auto egl = std::make_unique<Egl>();
  egl->api = api;
  {
    // Opened (initialized again if the last context terminated it) and counted at once, so that
    // no other thread's last context terminates it in between.
    Displays& all = displays();
    const std::lock_guard<std::mutex> lock(all.mutex);
    const EGLDisplay display = openDisplay();
    if (display == EGL_NO_DISPLAY) {
      return Error{"no EGL display (" + eglErrorText() +
                   "); install Mesa's EGL driver (libegl-mesa0 libgl1-mesa-dri)"};
    }
    ++all.users[display];
    egl->display = display;
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
  if (!loadGlFunctions(loadGl, es)) return Error{"cannot load the " + wanted + " functions"};
  installDebugOutput();  // debug builds: GL errors reported with object labels
  return HeadlessContext(std::move(egl));
}

GlApi HeadlessContext::api() const { return egl_->api; }

std::optional<std::string> HeadlessContext::makeCurrent() {
  const bool es = egl_->api == GlApi::Es;
  eglBindAPI(egl_->eglApi());
  if (eglGetCurrentContext() != egl_->context &&
      !eglMakeCurrent(egl_->display, EGL_NO_SURFACE, EGL_NO_SURFACE, egl_->context)) {
    return "cannot make the OpenGL context current again (" + eglErrorText() + ")";
  }
  if (loadedGl() != (es ? LoadedGl::Es : LoadedGl::Desktop) && !loadGlFunctions(loadGl, es)) {
    return std::string("cannot load the ") + (es ? "OpenGL ES 3.0" : "OpenGL 3.3 core") +
           " functions";
  }
  return std::nullopt;
}

bool HeadlessContext::hasCompute() const { return supportsCompute(); }

std::string HeadlessContext::description() const { return contextDescription(); }

}  // namespace tactics::gpu

#include "app/demo_app.h"

#include <memory>
#include <ostream>

#include "app/app.h"
#include "app/demo_startup.h"
#ifdef __EMSCRIPTEN__
#include "app/platform/browser_platform.h"
#else
#include "app/platform/desktop_platform.h"
#endif
#include "app/ui/asset_paths.h"
#include "cmdline/command_line.h"

namespace tactics::app {

int runDemo(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  auto startup = prepareDemo(args);
  if (!startup) {
    err << errorLine(startup.error());
    return kExitBadInput;
  }
  if (startup->options.help) {
    out << kDemoUsage;
    return kExitOk;
  }
#ifdef __EMSCRIPTEN__
  // A browser has WebGL2, OpenGL ES 3.0: what `--gl es` asks for on the desktop.
  if (startup->options.glChosen && startup->options.gl == GlDialect::Core) {
    err << errorLine("--gl core: a browser has OpenGL ES 3.0 (WebGL2) only; leave --gl out");
    return kExitNoOpenGl;
  }
  if (startup->options.backend == Backend::Compute) {
    err << errorLine("--backend compute needs OpenGL 4.3 compute shaders, which a browser's "
                     "WebGL2 does not have; leave --backend out (the fragment passes)");
    return kExitNoOpenGl;
  }
  startup->options.gl = GlDialect::Es;
#endif
  const DemoOptions& options = startup->options;
  if (options.backend == Backend::Compute && options.gl == GlDialect::Es) {
    err << errorLine("--backend compute needs OpenGL 4.3 compute shaders, which OpenGL ES 3.0 "
                     "(--gl es) does not have; use --gl core, or --backend fragment");
    return kExitNoOpenGl;
  }
  const Scene& scene = startup->scene;
  const std::string title =
      windowTitle(scene.scenarioPath.empty() ? scene.mapPath : scene.scenarioPath, false);
#ifdef __EMSCRIPTEN__
  // The page's loop runs the app from here on; this returns at once.
  auto platform = BrowserPlatform::open(
      title, options.windowChosen ? std::optional<PixelSize>(options.window) : std::nullopt);
  if (!platform) {
    err << errorLine(platform.error());
    return kExitNoOpenGl;
  }
  if (auto problem = BrowserPlatform::run(std::move(*platform),
                                          std::make_unique<App>(std::move(*startup), out, err))) {
    err << errorLine(*problem);
    return kExitNoOpenGl;
  }
  return kExitOk;
#else
  auto platform = DesktopPlatform::open(options.window, title, options.gl);
  if (!platform) {
    err << errorLine(platform.error());
    return kExitNoOpenGl;
  }
  // The app is let go of before the platform, whose context its GL objects live in.
  App app(std::move(*startup), out, err);
  auto code = platform->run(app);
  if (!code) {
    err << errorLine(code.error());
    return kExitNoOpenGl;
  }
  return *code;
#endif
}

}  // namespace tactics::app

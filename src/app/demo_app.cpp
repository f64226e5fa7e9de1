#include "app/demo_app.h"

#include <ostream>

#include "app/app.h"
#include "app/demo_startup.h"
#include "app/platform/desktop_platform.h"
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
  const DemoOptions& options = startup->options;
  if (options.backend == Backend::Compute && options.gl == GlDialect::Es) {
    err << errorLine("--backend compute needs OpenGL 4.3 compute shaders, which OpenGL ES 3.0 "
                     "(--gl es) does not have; use --gl core, or --backend fragment");
    return kExitNoOpenGl;
  }
  const std::string title = "tactics-grid — " + mapName(startup->scene.mapPath);
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
}

}  // namespace tactics::app

#include "app/demo_options.h"

#include "core/parse.h"

namespace tactics::app {

const char* const kDemoUsage =
    "usage: tactics-grid [demo] [--map FILE] [--window WxH] [--screenshot FILE]\n"
    "                           [--select X,Y] [--hover X,Y] [--frames N]\n"
    "  --map FILE         a map image (default: assets/maps/crossroads.png)\n"
    "  --window WxH       window size in screen coordinates (default 1280x720)\n"
    "  --screenshot FILE  render, write the window to FILE as PNG, print `board X0 Y0 CELL`, exit\n"
    "  --select X,Y       select the unit standing on X,Y\n"
    "  --hover X,Y        hover X,Y (instead of following the mouse)\n"
    "  --frames N         render N frames, then exit (default 3 with --screenshot)\n"
    "Without a display, run it under a virtual one: xvfb-run -a tactics-grid\n";

Expected<PixelSize> parseWindowSize(const std::string& text) {
  const auto cross = text.find('x');
  if (cross == std::string::npos) {
    return Error{"--window '" + text + "' is not a size; expected WxH, e.g. 1280x720"};
  }
  const auto width = parseInteger(std::string_view(text).substr(0, cross), kMinWindowSide,
                                  kMaxWindowSide, "--window width");
  if (!width) return Error{width.error()};
  const auto height = parseInteger(std::string_view(text).substr(cross + 1), kMinWindowSide,
                                   kMaxWindowSide, "--window height");
  if (!height) return Error{height.error()};
  return PixelSize{*width, *height};
}

Expected<DemoOptions> parseDemoOptions(const std::vector<std::string>& args) {
  DemoOptions options;
  std::vector<std::string> seen;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& flag = args[i];
    if (flag == "--help" || flag == "-h") {
      options.help = true;
      continue;
    }
    const bool known = flag == "--map" || flag == "--window" || flag == "--screenshot" ||
                       flag == "--select" || flag == "--hover" || flag == "--frames";
    if (!known) {
      if (flag == "--scenario") {
        return Error{"--scenario is not supported yet; the demo uses its built-in units"};
      }
      return Error{"unknown demo option '" + flag +
                   "'; expected --map, --window, --screenshot, --select, --hover or --frames"};
    }
    for (const std::string& earlier : seen) {
      if (earlier == flag) return Error{flag + " is given twice"};
    }
    seen.push_back(flag);
    if (i + 1 >= args.size() || args[i + 1].empty()) {
      return Error{flag + " needs a value"};
    }
    const std::string& value = args[++i];

    if (flag == "--map") {
      options.mapPath = value;
    } else if (flag == "--screenshot") {
      options.screenshotPath = value;
    } else if (flag == "--window") {
      auto size = parseWindowSize(value);
      if (!size) return Error{size.error()};
      options.window = *size;
    } else if (flag == "--frames") {
      auto frames = parseInteger(value, 1, kMaxFrames, "--frames");
      if (!frames) return Error{frames.error()};
      options.frames = *frames;
    } else {
      auto cell = parseCell(value, flag);
      if (!cell) return Error{cell.error()};
      (flag == "--select" ? options.select : options.hover) = *cell;
    }
  }
  return options;
}

}  // namespace tactics::app

#pragma once
// The demo's command line:
//   tactics-grid [demo] [--map FILE] [--window WxH] [--screenshot FILE]
//                       [--select X,Y] [--hover X,Y] [--click X,Y]... [--cell PIXELS] [--frames N]
//                       [--show danger,heat-map,long-paths] [--mark X,Y]... [--bench-frames N]
//                       [--backend fragment|compute] [--gl core|es]
// Parsed strictly, before any window opens. No GL.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/harness/play_script.h"
#include "app/platform/gl_dialect.h"
#include "app/ui/ui_settings.h"
#include "app/view/board_layout.h"
#include "app/view/camera.h"
#include "tactics/solver/expected.h"
#include "tactics/solver/grid.h"

namespace tactics::app {

inline constexpr int kMinWindowWidth = 640;   // the panel is 340 wide
inline constexpr int kMinWindowHeight = 360;
inline constexpr int kMaxWindowSide = 8192;
inline constexpr int kMaxFrames = 100000;
inline constexpr int kDefaultScreenshotFrames = 3;

struct DemoOptions {
  std::optional<std::string> scenarioPath;    // default: assets/scenarios/default.json
  std::optional<std::string> mapPath;         // a bare map with the built-in roster
  bool endTurn = false;                       // start with the enemy phase
  PixelSize window{1280, 720};
  bool windowChosen = false;  // --window was given (a browser's canvas then keeps that size)
  std::optional<std::string> screenshotPath;  // scripted mode: render, save, exit
  std::optional<Cell> select;                 // a unit to select at start
  std::optional<Cell> hover;                  // a cell to hover (instead of the cursor)
  std::vector<Cell> clicks;                   // scripted left clicks, one a frame from frame 2
  // --script: a game's clicks and keys (harness/play_script.h), each once the demo has settled;
  // the run ends when the last has played out (or after --frames). The file is read at startup
  // into `script`.
  std::optional<std::string> scriptPath;
  std::vector<ScriptStep> script;
  std::optional<int> cell;                    // start zoomed to this cell size in pixels
  std::optional<int> frames;                  // stop after this many frames
  // --show: the enemy side's reach from the start (issues 7 and 10), and --mark's enemies.
  bool showDanger = false;
  bool showHeatMap = false;
  bool showLongPaths = false;
  bool showCosts = false;    // travel-cost labels
  bool showParents = false;  // parent arrows
  bool showSightLines = false;  // SPEC §11.8's sight lines from the hovered cell
  bool ignoreUnits = false;  // the selection's range as if the way were clear (SPEC §11.6)
  std::vector<Cell> marks;
  std::optional<int> soak;                    // play this many random actions, check, exit
  std::uint32_t seed = 1;                     // the soak's random seed
  std::optional<int> benchFrames;             // time this many uncapped frames, print, exit
  Backend backend = Backend::Gpu;   // compute: OpenGL 4.3 or exit 3
  GlDialect gl = GlDialect::Core;   // es: OpenGL ES 3.0 (no compute)
  bool glChosen = false;            // --gl was given (a browser refuses core)
  bool help = false;

  // Frames to render before exiting, if the demo exits on its own.
  [[nodiscard]] std::optional<int> frameLimit() const {
    if (benchFrames) return benchFrames;
    if (frames) return frames;
    if (screenshotPath) return kDefaultScreenshotFrames;
    return std::nullopt;
  }
};

extern const char* const kDemoUsage;

// args are the words after `demo` (or all words when the command was left out).
Expected<DemoOptions> parseDemoOptions(const std::vector<std::string>& args);

// "1280x720": width kMinWindowWidth..kMaxWindowSide, height kMinWindowHeight..kMaxWindowSide.
Expected<PixelSize> parseWindowSize(const std::string& text);

}  // namespace tactics::app

#include "app/ui/demo_options.h"

#include <algorithm>

#include "cmdline/command_line.h"
#include "cmdline/flags.h"
#include "tactics/solver/parse.h"

namespace tactics::app {

const char* const kDemoUsage =
    "usage: tactics-grid [demo] [--scenario FILE | --map FILE] [--window WxH] [--screenshot FILE]\n"
    "                           [--select X,Y] [--hover X,Y] [--click X,Y]... [--cell PIXELS]\n"
    "                           [--frames N] [--end-turn] [--script FILE]\n"
    "                           [--show danger,heat-map,long-paths,costs,parents,ignore-units,\n"
    "                                   sight-lines] [--mark X,Y]...\n"
    "                           [--bench-frames N]\n"
    "                           [--backend fragment|compute] [--gl core|es] [--soak N [--seed S]]\n"
    "  --scenario FILE    a scenario: a map and its units (default: assets/scenarios/default.json)\n"
    "  --map FILE         a map image or Tiled map, with the built-in roster placed on it\n"
    "  --end-turn         end the first player phase at once: the enemies and allies move first\n"
    "  --window WxH       window size in screen coordinates (default 1280x720)\n"
    "  --screenshot FILE  render, write the window to FILE as PNG, print `board X0 Y0 CELL`, exit\n"
    "  --select X,Y       select the unit standing on X,Y\n"
    "  --hover X,Y        hover X,Y (instead of following the mouse)\n"
    "  --click X,Y        with --screenshot: left click X,Y after the first frame, one click a\n"
    "                     frame in the order given (repeatable), e.g. a move to show it\n"
    "  --script FILE      with --screenshot: play a game from FILE, a click X,Y or a key NAME\n"
    "                     a line (z, x, c, e, t, tab, enter, escape, arrows), each once the\n"
    "                     demo has settled; the screenshot is taken when the last has played\n"
    "  --cell PIXELS      start zoomed to cells this wide (1..160), centred on the player's units\n"
    "  --frames N         render N frames, then exit (default 3 with --screenshot)\n"
    "  --show WHAT,...    start with these on: danger (the danger zone, V), heat-map (the\n"
    "                     selected unit's distance field), long-paths (paths beyond one turn, G),\n"
    "                     costs and parents (travel costs and parent arrows on reached cells),\n"
    "                     ignore-units (the selected unit's range as if no other unit stood there),\n"
    "                     sight-lines (with line of sight on: the lines from the hovered cell)\n"
    "  --mark X,Y         mark the enemy on X,Y: its threat stays drawn (repeatable; M)\n"
    "  --soak N           play N random actions (hover, select, move, wait, end turn, edits,\n"
    "                     camera, boards, danger zone, painting and undo) on a simulated clock,\n"
    "                     then print GL errors, disagreements with the CPU reference and memory;\n"
    "                     exit 0 when there were none and memory grew by less than 5%\n"
    "  --seed S           the soak's random seed (default 1)\n"
    "  --bench-frames N   time N frames with no frame cap (a unit selected, the hovered cell\n"
    "                     moving), print median_ms, p90_ms and solves, exit\n"
    "  --backend WHICH    fragment (the default: fragment passes) or compute (one dispatch,\n"
    "                     OpenGL 4.3); the panel's Numbers section switches it too\n"
    "  --gl WHICH         core (the default: OpenGL 3.3 core, 4.3 where it can be had) or es\n"
    "                     (OpenGL ES 3.0 through EGL; no compute backend); both draw the same\n"
    "                     board\n"
    "On the board: click a unit, hover and click a blue cell (or an enemy in the red) to move,\n"
    "then Attack, Wait or Back; right click or Esc cancels, right click on a unit inspects it.\n"
    "Where units have hp they fight: Attack shows the battle forecast, Z fights, X goes back,\n"
    "the arrows pick another target; an enemy hovered shows the forecast from the arrow's end.\n"
    "Arrows/WASD move the cursor, Z or Enter confirms, C waits, X or Esc cancels, Tab selects\n"
    "the next unit yet to move, E ends the turn. On the enemy phase Space held plays at 4x,\n"
    "Esc skips.\n"
    "Mouse wheel zooms about the cursor, a right or middle drag pans, F or Home fits the map.\n"
    "T toggles edit mode: a left drag or Z paints (Z held with the arrows: a line), a click\n"
    "selects a unit to edit and a drag moves it, U places a unit, Delete removes it, Ctrl+S\n"
    "saves a scenario; Ctrl+Z undoes, Ctrl+Y or Ctrl+Shift+Z redoes.\n"
    "V shows the danger zone; Shift/Ctrl+click or M on an enemy marks its threat; hold Shift\n"
    "(or press G) to see the whole path to a cell beyond the blue area, turn by turn.\n"
    "The window is at least 640x360. Without a display, take a screenshot under a virtual one:\n"
    "  xvfb-run -a tactics-grid demo --screenshot shot.png --select 3,20 --hover 1,17\n";

Expected<PixelSize> parseWindowSize(const std::string& text) {
  const auto cross = text.find('x');
  if (cross == std::string::npos) {
    return Error{"--window '" + text + "' is not a size; expected WxH, e.g. 1280x720"};
  }
  const auto width = parseInteger(std::string_view(text).substr(0, cross), kMinWindowWidth,
                                  kMaxWindowSide, "--window width");
  if (!width) return Error{width.error()};
  const auto height = parseInteger(std::string_view(text).substr(cross + 1), kMinWindowHeight,
                                   kMaxWindowSide, "--window height");
  if (!height) return Error{height.error()};
  return PixelSize{*width, *height};
}

namespace {

using Problem = std::optional<std::string>;

// --show's list: each of danger, heat-map, long-paths, costs, parents, ignore-units, sight-lines
// at most once.
Problem readShow(DemoOptions& options, std::string_view, const std::string& value) {
  std::vector<std::string> listed;
  for (std::size_t start = 0; start <= value.size();) {
    const std::size_t comma = std::min(value.find(',', start), value.size());
    const std::string what = value.substr(start, comma - start);
    if (std::find(listed.begin(), listed.end(), what) != listed.end()) {
      return "--show lists '" + what + "' twice; name each once";
    }
    listed.push_back(what);
    if (what == "danger") {
      options.showDanger = true;
    } else if (what == "heat-map") {
      options.showHeatMap = true;
    } else if (what == "long-paths") {
      options.showLongPaths = true;
    } else if (what == "costs") {
      options.showCosts = true;
    } else if (what == "parents") {
      options.showParents = true;
    } else if (what == "ignore-units") {
      options.ignoreUnits = true;
    } else if (what == "sight-lines") {
      options.showSightLines = true;
    } else {
      return "--show '" + what +
             "' is unknown; expected danger, heat-map, long-paths, costs, parents, ignore-units "
             "or sight-lines";
    }
    start = comma + 1;
  }
  return std::nullopt;
}

// `into` set to a whole number low..high, or the reason it is not one.
Problem storeNumber(std::optional<int>& into, std::string_view flag, const std::string& value,
                    int low, int high) {
  const auto number = parseInteger(value, low, high, flag);
  if (!number) return number.error();
  into = *number;
  return std::nullopt;
}

Problem readFrames(DemoOptions& options, std::string_view flag, const std::string& value) {
  return storeNumber(options.frames, flag, value, 1, kMaxFrames);
}
Problem readBenchFrames(DemoOptions& options, std::string_view flag, const std::string& value) {
  return storeNumber(options.benchFrames, flag, value, 1, kMaxFrames);
}
Problem readSoak(DemoOptions& options, std::string_view flag, const std::string& value) {
  return storeNumber(options.soak, flag, value, 1, 1000000);
}
Problem readSeed(DemoOptions& options, std::string_view flag, const std::string& value) {
  std::optional<int> seed;
  if (auto problem = storeNumber(seed, flag, value, 0, 2147483647)) return problem;
  options.seed = static_cast<std::uint32_t>(*seed);
  return std::nullopt;
}
Problem readCellSize(DemoOptions& options, std::string_view flag, const std::string& value) {
  return storeNumber(options.cell, flag, value, 1, kMaxCell);
}

Problem readWindow(DemoOptions& options, std::string_view, const std::string& value) {
  auto size = parseWindowSize(value);
  if (!size) return size.error();
  options.window = *size;
  options.windowChosen = true;
  return std::nullopt;
}

// A path as given.
template <std::optional<std::string> DemoOptions::*kField>
Problem readPath(DemoOptions& options, std::string_view, const std::string& value) {
  options.*kField = value;
  return std::nullopt;
}
Problem readEndTurn(DemoOptions& options, std::string_view, const std::string&) {
  options.endTurn = true;
  return std::nullopt;
}
Problem readScreenshot(DemoOptions& options, std::string_view, const std::string& value) {
  if (value == "-") return "--screenshot needs a file path, not '-'";
  options.screenshotPath = value;
  return std::nullopt;
}

Problem readBackend(DemoOptions& options, std::string_view, const std::string& value) {
  if (value != "fragment" && value != "compute") {
    return "--backend '" + value + "' is unknown; expected fragment or compute";
  }
  options.backend = value == "compute" ? Backend::Compute : Backend::Gpu;
  return std::nullopt;
}

Problem readGl(DemoOptions& options, std::string_view, const std::string& value) {
  if (value != "core" && value != "es") {
    return "--gl '" + value +
           "' is unknown; expected core (OpenGL 3.3 core, 4.3 where it can be had) or es "
           "(OpenGL ES 3.0)";
  }
  options.gl = value == "es" ? GlDialect::Es : GlDialect::Core;
  options.glChosen = true;
  return std::nullopt;
}

// The cell flags: --select and --hover once, --click and --mark each time.
Problem readCell(std::optional<Cell>& into, std::string_view flag, const std::string& value) {
  auto cell = parseCell(value, flag);
  if (!cell) return cell.error();
  into = *cell;
  return std::nullopt;
}
Problem readSelect(DemoOptions& options, std::string_view flag, const std::string& value) {
  return readCell(options.select, flag, value);
}
Problem readHover(DemoOptions& options, std::string_view flag, const std::string& value) {
  return readCell(options.hover, flag, value);
}
Problem readClick(DemoOptions& options, std::string_view flag, const std::string& value) {
  std::optional<Cell> cell;
  if (auto problem = readCell(cell, flag, value)) return problem;
  options.clicks.push_back(*cell);
  return std::nullopt;
}
Problem readScript(DemoOptions& options, std::string_view, const std::string& value) {
  options.scriptPath = value;  // read at startup (demo_startup.cpp): parsing reads no file
  return std::nullopt;
}
Problem readMark(DemoOptions& options, std::string_view flag, const std::string& value) {
  std::optional<Cell> cell;
  if (auto problem = readCell(cell, flag, value)) return problem;
  if (std::find(options.marks.begin(), options.marks.end(), *cell) != options.marks.end()) {
    return "--mark " + value + " is given twice; a second mark would clear the first";
  }
  options.marks.push_back(*cell);
  return std::nullopt;
}

constexpr FlagRule<DemoOptions> kDemoFlags[] = {
    {flags::kScenario, readPath<&DemoOptions::scenarioPath>},
    {flags::kMap, readPath<&DemoOptions::mapPath>},
    {{"--end-turn", "", Takes::Nothing}, readEndTurn},
    {{"--window", "WxH, e.g. 1280x720"}, readWindow},
    {{"--screenshot", "a PNG FILE"}, readScreenshot},
    {{"--select", "X,Y"}, readSelect},
    {{"--hover", "X,Y"}, readHover},
    {{"--click", "X,Y", Takes::EachTime}, readClick},
    {{"--script", "FILE"}, readScript},
    {{"--cell", "a whole number of pixels 1..160"}, readCellSize},
    {{"--frames", "a whole number 1..100000"}, readFrames},
    {{"--show",
      "a list of danger, heat-map, long-paths, costs, parents, ignore-units, sight-lines, e.g. "
      "danger,costs"},
     readShow},
    {{"--mark", "X,Y", Takes::EachTime}, readMark},
    {{"--bench-frames", "a whole number 1..100000"}, readBenchFrames},
    {{"--soak", "a whole number of actions 1..1000000"}, readSoak},
    {{"--seed", "a whole number 0..2147483647"}, readSeed},
    {{"--backend", "fragment or compute"}, readBackend},
    {flags::kGl, readGl},
};

// A run that ends on its own plays a soak, times frames or takes a screenshot; a soak is
// neither of the others, and each decides how many frames run.
std::optional<std::string> checkRunKind(const DemoOptions& options, bool seedGiven) {
  if (options.soak && options.screenshotPath) {
    return "--soak and --screenshot are different runs; give one";
  }
  if (options.soak && options.benchFrames) {
    return "--soak and --bench-frames are different runs; give one";
  }
  if (options.soak && options.frames) {
    return "--frames would cut the soak short; a soak runs until its actions are played";
  }
  if (options.benchFrames && options.frames) {
    return "--bench-frames N already says how many frames run; drop --frames";
  }
  if (seedGiven && !options.soak) return "--seed is the soak's random seed; it needs --soak N";
  if (!options.clicks.empty() && !options.screenshotPath) {
    return "--click is a scripted click; it needs --screenshot FILE";
  }
  if (options.scriptPath && !options.screenshotPath) {
    return "--script plays a scripted game; it needs --screenshot FILE";
  }
  return std::nullopt;
}

}  // namespace

Expected<DemoOptions> parseDemoOptions(const std::vector<std::string>& args) {
  DemoOptions options;
  const auto given = readFlags(args, kDemoFlags, "tactics-grid demo", options);
  if (!given) return Error{given.error()};
  options.help = given->help;
  if (options.help) return options;
  if (auto problem = checkRunKind(options, given->has("--seed"))) return Error{*problem};
  return options;
}

}  // namespace tactics::app

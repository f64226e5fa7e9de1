// Without OpenGL 3.3 core (Mesa told to offer only 3.0), every command that needs a context exits
// 3 with one `error:` line naming what was missing, and writes nothing.

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "cli_run.h"
#include "temp_paths.h"

namespace fs = std::filesystem;
using namespace tactics::testing;

namespace {

const std::string kSource = TACTICS_SOURCE_DIR;

// With `variable` set to `value` (Mesa told to offer only 3.0, unless told otherwise).
void requireNoOpenGl(const std::string& args, const std::string& missing,
                     const char* variable = "MESA_GL_VERSION_OVERRIDE", const char* value = "3.0") {
  const fs::path dir = scratchDirectory(uniqueTempPath("tactics-no-opengl").filename().string());
  ::setenv(variable, value, 1);
  const Run r = runTacticsGrid(args, dir);
  ::unsetenv(variable);
  INFO("args: " << args << "\nstderr: " << r.err);
  CHECK(r.exitCode == 3);
  CHECK(r.err.rfind("error: ", 0) == 0);
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  CHECK(r.err.find(missing) != std::string::npos);
  CHECK(r.out.empty());
  CHECK(fs::is_empty(dir));
}

}  // namespace

TEST_CASE("no OpenGL 3.3: solve exits 3 and writes neither output file", "[cli][opengl]") {
  requireNoOpenGl("solve --map '" + kSource + "/assets/maps/crossroads.png' --unit 3,20 --move 5"
                  " --json out.json --state-png state.png",
                  "no OpenGL 3.3 context");
  requireNoOpenGl("solve --map '" + kSource + "/assets/maps/crossroads.png' --unit 3,20 --move 5"
                  " --backend compute --json out.json",
                  "no OpenGL 4.3 context");
}

TEST_CASE("no OpenGL 3.3: danger exits 3 and writes no JSON", "[cli][opengl]") {
  requireNoOpenGl("danger --scenario '" + kSource + "/assets/scenarios/default.json' --json out.json",
                  "no OpenGL 3.3 context");
}

TEST_CASE("no OpenGL 3.3: field exits 3 and writes no JSON", "[cli][opengl]") {
  requireNoOpenGl("field --scenario '" + kSource +
                      "/assets/scenarios/default.json' --team player --class foot --json out.json",
                  "no OpenGL 3.3 context");
}

TEST_CASE("no OpenGL 3.3: bench exits 3 and writes no JSON", "[cli][opengl]") {
  requireNoOpenGl("bench --quick --case fe --json out.json", "no OpenGL 3.3 context");
}

TEST_CASE("no OpenGL driver at all: one error line, without Mesa's own warnings", "[cli][opengl]") {
  // Mesa's loader finds no driver there and would print its warning and a blank line first.
  requireNoOpenGl("solve --map '" + kSource + "/assets/maps/crossroads.png' --unit 3,20 --move 5"
                  " --json out.json",
                  "no EGL display", "LIBGL_DRIVERS_PATH", "/nonexistent");
}

TEST_CASE("OpenGL 3.3 without 4.3: compute exits 3 saying what it needs, auto and gpu still run",
          "[cli][opengl]") {
  const std::string solve = "solve --map '" + kSource + "/assets/maps/crossroads.png' --unit 3,20"
                            " --move 5 --json out.json";
  const std::string field = "field --scenario '" + kSource +
                            "/assets/scenarios/default.json' --team player --class foot"
                            " --json out.json";
  const std::string danger =
      "danger --scenario '" + kSource + "/assets/scenarios/default.json' --json out.json";
  for (const std::string& args : {solve, field, danger}) {
    requireNoOpenGl(args + " --backend compute",
                    "--backend compute needs OpenGL 4.3 (compute shaders), but this context is",
                    "MESA_GL_VERSION_OVERRIDE", "3.3");
  }
  // The control: the same 3.3 context serves every other backend.
  ::setenv("MESA_GL_VERSION_OVERRIDE", "3.3", 1);
  const fs::path dir = scratchDirectory("tactics-gl33");
  for (const std::string& args :
       {solve + " --backend auto", solve + " --backend gpu", field, danger + " --backend gpu"}) {
    INFO(args);
    const Run r = runTacticsGrid(args, dir);
    INFO(r.err);
    CHECK(r.exitCode == 0);
  }
  ::unsetenv("MESA_GL_VERSION_OVERRIDE");
}

// The demo's command line, parsed strictly before any window opens.
#include <catch2/catch.hpp>

#include "app/ui/demo_options.h"

using tactics::Cell;
using namespace tactics::app;

namespace {

DemoOptions parsed(const std::vector<std::string>& args) {
  auto options = parseDemoOptions(args);
  INFO((options ? "" : options.error()));
  REQUIRE(options.ok());
  return *options;
}

std::string errorOf(const std::vector<std::string>& args) {
  auto options = parseDemoOptions(args);
  REQUIRE_FALSE(options.ok());
  return options.error();
}

}  // namespace

TEST_CASE("no options: the interactive window on the default map", "[options]") {
  const DemoOptions options = parsed({});
  CHECK_FALSE(options.mapPath);
  CHECK(options.window == PixelSize{1280, 720});
  CHECK_FALSE(options.screenshotPath);
  CHECK_FALSE(options.frameLimit());
}

TEST_CASE("scripted mode takes every option", "[options]") {
  const DemoOptions options =
      parsed({"--map", "m.png", "--window", "1600x900", "--screenshot", "out.png", "--select",
              "3,20", "--hover", "7,18", "--frames", "5"});
  CHECK(*options.mapPath == "m.png");
  CHECK(options.window == PixelSize{1600, 900});
  CHECK(*options.screenshotPath == "out.png");
  CHECK(*options.select == Cell{3, 20});
  CHECK(*options.hover == Cell{7, 18});
  CHECK(*options.frameLimit() == 5);
}

TEST_CASE("a screenshot renders 3 frames unless told otherwise", "[options]") {
  CHECK(*parsed({"--screenshot", "a.png"}).frameLimit() == 3);
}

TEST_CASE("bad arguments are refused with a message saying what is allowed", "[options]") {
  CHECK_THAT(errorOf({"--frames", "0"}), Catch::Contains("out of range 1.."));
  CHECK_THAT(errorOf({"--frames", "2.5"}), Catch::Contains("expected a whole number 1..100000"));
  CHECK_THAT(errorOf({"--frames", "-3"}), Catch::Contains("expected a whole number 1..100000"));
  CHECK_THAT(errorOf({"--window", "1280"}), Catch::Contains("expected WxH"));
  CHECK_THAT(errorOf({"--window", "1280x"}), Catch::Contains("--window height"));
  CHECK_THAT(errorOf({"--window", "100x720"}), Catch::Contains("out of range 640.."));
  CHECK_THAT(errorOf({"--window", "1280x200"}), Catch::Contains("out of range 360.."));
  CHECK_THAT(errorOf({"--window", "1e3x720"}), Catch::Contains("expected a whole number"));
  CHECK_THAT(errorOf({"--select", "3"}), Catch::Contains("expected X,Y"));
  CHECK_THAT(errorOf({"--hover", "3,-1"}), Catch::Contains("expected X,Y"));
  CHECK_THAT(errorOf({"--select"}), Catch::Contains("--select is missing its value; expected X,Y"));
  CHECK_THAT(errorOf({"--screenshot", ""}), Catch::Contains("missing its value"));
  CHECK_THAT(errorOf({"--screenshot", "-"}), Catch::Contains("not '-'"));
  CHECK_THAT(errorOf({"--map", "a.png", "--map", "b.png"}), Catch::Contains("twice"));
  CHECK_THAT(errorOf({"--bogus"}), Catch::Contains("unknown argument '--bogus' for `tactics-grid demo`"));
  CHECK_THAT(errorOf({"extra"}), Catch::Contains("unknown argument 'extra'"));
  CHECK_THAT(errorOf({"--scenario"}), Catch::Contains("--scenario is missing its value"));
  CHECK_THAT(errorOf({"--end-turn=1"}), Catch::Contains("--end-turn takes no value"));
  CHECK(parsed({"--scenario=s.json", "--end-turn"}).scenarioPath == std::string("s.json"));
  CHECK(parsed({"--end-turn"}).endTurn);
  CHECK(parsed({"--screenshot", "-h"}).screenshotPath == std::string("-h"));  // a value, not help
  CHECK(parsed({"--map", "m.png", "--help"}).help);
}

TEST_CASE("options that another option would silently override are refused", "[options]") {
  CHECK_THAT(errorOf({"--seed", "5"}), Catch::Contains("--seed is the soak's random seed; it needs --soak N"));
  CHECK_THAT(errorOf({"--soak", "3", "--screenshot", "a.png"}), Catch::Contains("different runs"));
  CHECK_THAT(errorOf({"--soak", "3", "--bench-frames", "3"}), Catch::Contains("different runs"));
  CHECK_THAT(errorOf({"--soak", "3", "--frames", "3"}), Catch::Contains("cut the soak short"));
  CHECK_THAT(errorOf({"--bench-frames", "3", "--frames", "3"}), Catch::Contains("drop --frames"));
  CHECK_THAT(errorOf({"--show", "danger,danger"}), Catch::Contains("lists 'danger' twice"));
  CHECK_THAT(errorOf({"--show", "ignore-unit"}), Catch::Contains("ignore-units or sight-lines"));
  CHECK(parsed({"--show", "danger,ignore-units"}).ignoreUnits);
  CHECK_FALSE(parsed({"--show", "danger"}).ignoreUnits);
  CHECK_THAT(errorOf({"--mark", "5,5", "--mark", "5,5"}), Catch::Contains("given twice"));
  // What stays allowed: a seeded soak, a screenshot after timed frames, distinct marks.
  CHECK(parsed({"--soak", "3", "--seed", "5"}).seed == 5);
  CHECK(*parsed({"--bench-frames", "4", "--screenshot", "a.png"}).frameLimit() == 4);
  CHECK(parsed({"--mark", "5,5", "--mark", "6,5"}).marks.size() == 2);
}

TEST_CASE("the backend option picks the range solver: fragment passes unless told compute", "[options]") {
  CHECK(parsed({}).backend == tactics::Backend::Gpu);
  CHECK(parsed({"--backend", "fragment"}).backend == tactics::Backend::Gpu);
  CHECK(parsed({"--backend=compute"}).backend == tactics::Backend::Compute);
  CHECK_THAT(errorOf({"--backend", "gpu"}), Catch::Contains("expected fragment or compute"));
}

TEST_CASE("the gl option picks the window's OpenGL: core (the default) or es", "[options]") {
  CHECK(parsed({}).gl == GlDialect::Core);
  CHECK(parsed({"--gl", "core"}).gl == GlDialect::Core);
  CHECK(parsed({"--gl", "es"}).gl == GlDialect::Es);
  CHECK(parsed({"--gl=es", "--screenshot", "a.png"}).gl == GlDialect::Es);
  // Compute on ES is refused when the demo starts (exit 3, no window), not as a parse error.
  const DemoOptions both = parsed({"--gl", "es", "--backend", "compute"});
  CHECK(both.gl == GlDialect::Es);
  CHECK(both.backend == tactics::Backend::Compute);
  CHECK(errorOf({"--gl", "vulkan"}) ==
        "--gl 'vulkan' is unknown; expected core (OpenGL 3.3 core, 4.3 where it can be had) or es "
        "(OpenGL ES 3.0)");
  CHECK_THAT(errorOf({"--gl", "ES"}), Catch::Contains("expected core"));  // exactly as spelled
  CHECK_THAT(errorOf({"--gl"}), Catch::Contains("--gl is missing its value; expected core or es"));
  CHECK_THAT(errorOf({"--gl", "es", "--gl", "core"}), Catch::Contains("twice"));
  // The shaders Dear ImGui's backend compiles speak the context's GLSL.
  CHECK(std::string(imguiGlslVersion(GlDialect::Core)) == "#version 330 core");
  CHECK(std::string(imguiGlslVersion(GlDialect::Es)) == "#version 300 es");
}

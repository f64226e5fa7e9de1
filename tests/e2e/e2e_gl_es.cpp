// `tactics-grid demo --gl es` under xvfb-run: the demo on an OpenGL ES 3.0 window (GLFW through
// EGL, Mesa) draws what it draws on the default OpenGL core window, and refuses what ES 3.0
// cannot do with exit 3.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <string>

#include "app/view/board_layout.h"
#include "e2e_support.h"

namespace {

constexpr int kWidth = 1280;
constexpr int kHeight = 720;
const int kPanelWidth = tactics::app::LayoutInputs{}.panelWidth;  // its column on the right

struct Shot {
  e2e::Board board;
  e2e::Image image;
};

Shot screenshot(const std::string& name, const std::string& gl, const std::string& args) {
  const std::string path = e2e::tempPath(name + "-" + gl + ".png");
  const e2e::Run run = e2e::demo("--gl " + gl + " --window 1280x720 --screenshot " + path + " " +
                                 args);
  INFO("--gl " << gl << " " << args << "\nstderr: " << run.err);
  REQUIRE(run.exitCode == 0);
  Shot shot{e2e::parseBoard(run.out), e2e::loadImage(path)};
  INFO("stdout: " << run.out);
  REQUIRE(shot.board.ok);
  REQUIRE(shot.image.width == kWidth);
  REQUIRE(shot.image.height == kHeight);
  return shot;
}

// Pixels of the board's side of the window (left of the panel) that differ.
// Pixels of the board's side that differ by more than `levels` in a channel.
int boardPixelsDiffering(const Shot& a, const Shot& b, int levels = 0) {
  int differing = 0;
  for (int y = 0; y < kHeight; ++y) {
    for (int x = 0; x < kWidth - kPanelWidth; ++x) {
      const auto p = a.image.at(x, y);
      const auto q = b.image.at(x, y);
      int most = 0;
      for (std::size_t c = 0; c < 3; ++c) most = std::max(most, std::abs(p[c] - q[c]));
      if (most > levels) ++differing;
    }
  }
  return differing;
}

}  // namespace

// Tolerance: the board's side of the window (every pixel left of the panel, the board and its
// margins) must be equal pixel for pixel; the panel's 340-pixel column is not compared, for two
// reasons that are not the dialect's drawing: its Numbers section prints the frame and solve
// times (they differ between two runs on the same context), and it offers the fragment passes /
// compute choice only on a context with compute shaders (core gets OpenGL 4.3 under Mesa, ES 3.0
// has none), a line more that moves every line below it.
// One exception on the board's side: Dear ImGui's own ES fragment shader is mediump, so the text
// it draws over the board (the hp tags on the enemies while the danger zone shows, at any zoom)
// may round a channel one level apart at a glyph's edge; a few dozen such pixels are allowed,
// none more than a level apart.
constexpr int kImguiEdgePixels = 100;
TEST_CASE("demo --gl es draws the default scenario pixel for pixel as --gl core", "[e2e][es]") {
  // The default scenario as it opens; then the Lord selected with the hovered cell's arrow,
  // travel costs, parent arrows and the danger zone; then the heat map, a path beyond one turn
  // and a marked enemy's threat: every layer the board draws, on both contexts.
  const std::string cases[] = {
      "",
      "--select 3,20 --hover 1,17 --show danger,costs,parents",
      "--select 3,20 --hover 13,2 --show heat-map,long-paths --mark 18,11",
  };
  const Shot plain = screenshot("plain", "core", cases[0]);
  for (int i = 0; i < 3; ++i) {
    INFO("options: '" << cases[i] << "'");
    const Shot core = i == 0 ? plain : screenshot("case" + std::to_string(i), "core", cases[i]);
    const Shot es = screenshot("case" + std::to_string(i), "es", cases[i]);
    CHECK(es.board.x0 == core.board.x0);
    CHECK(es.board.y0 == core.board.y0);
    CHECK(es.board.cell == core.board.cell);
    CHECK(boardPixelsDiffering(es, core, 1) == 0);
    CHECK(boardPixelsDiffering(es, core) < kImguiEdgePixels);
    // The overlays are drawn at all: these are not two boards without them.
    if (i > 0) CHECK(boardPixelsDiffering(core, plain) > 1000);
  }
}

TEST_CASE("demo --gl es plays a soak with no GL error and no disagreement", "[e2e][es]") {
  // Dear ImGui's prebuilt desktop backend would make four GL errors a frame here
  // (glPolygonMode, GL_PRIMITIVE_RESTART); the demo builds the backend for both dialects.
  const e2e::Run run = e2e::demo("--gl es --soak 60 --seed 5");
  INFO("stderr: " << run.err);
  const auto last = run.out.rfind("soak: ");
  REQUIRE(last != std::string::npos);
  const std::string line = run.out.substr(last);
  INFO(line);
  CHECK(line.find(" solves, 0 GL errors, 0 disagreements with the CPU reference") !=
        std::string::npos);
  CHECK(run.exitCode == 0);
}

TEST_CASE("demo --gl: a bad value is exit 2, compute on ES and no ES context are exit 3",
          "[e2e][es]") {
  SECTION("an unknown dialect: one line naming the flag and both values") {
    const e2e::Run run = e2e::demo("--gl vulkan --screenshot " + e2e::tempPath("never.png"));
    CHECK(run.exitCode == 2);
    CHECK(run.err ==
          "error: --gl 'vulkan' is unknown; expected core (OpenGL 3.3 core, 4.3 where it can be "
          "had) or es (OpenGL ES 3.0)\n");
    CHECK(run.out.empty());
  }
  SECTION("the compute backend: ES 3.0 has no compute shaders") {
    const e2e::Run run = e2e::demo("--gl es --backend compute --screenshot " +
                                   e2e::tempPath("never.png"));
    CHECK(run.exitCode == 3);
    CHECK(run.err ==
          "error: --backend compute needs OpenGL 4.3 compute shaders, which OpenGL ES 3.0 (--gl "
          "es) does not have; use --gl core, or --backend fragment\n");
    CHECK(run.out.empty());
  }
  SECTION("no ES context: an EGL with no driver to offer one") {
    // glvnd's EGL reads its drivers from this list; a missing file leaves it none. The core
    // window (GLX) does not read it.
    const e2e::Run run = e2e::run(
        std::string("__EGL_VENDOR_LIBRARY_FILENAMES=/nonexistent/egl_vendor.json ") + e2e::kXvfb +
        TACTICS_EXE + " demo --gl es --screenshot " + e2e::tempPath("never.png"));
    CHECK(run.exitCode == 3);
    CHECK(run.err.rfind("error: cannot create an OpenGL ES 3.0 window: ", 0) == 0);
    CHECK(run.err.find('\n') == run.err.size() - 1);  // one line
  }
}

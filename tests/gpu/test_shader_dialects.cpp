// Shaders are written once, with no #version line, for desktop OpenGL and OpenGL ES 3.0: every
// file compiles and links on this run's context (GLSL 3.30 core in the gpu run, GLSL ES 3.00 in
// gpu-es), a source with a #version line of its own keeps it, and each run's context is the
// API it claims to be (labels gpu and gpu-es).
#include <catch2/catch.hpp>

#include <filesystem>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <glad/gl.h>

#include "tactics/gpu/compute_field_solver.h"
#include "tactics/gpu/compute_range_solver.h"
#include "tactics/gpu/headless_context.h"
#include "gpu/gl/program.h"
#include "all_shaders.h"
#include "gl_context.h"
#include "random_cases.h"

using namespace tactics;
using testing::requireContext;

namespace {

struct ShaderPair {
  std::string_view vertexName;
  std::string_view vertex;
  std::string_view fragmentName;
  std::string_view fragment;
};

// Every vertex and fragment shader file, each fragment shader with the vertex shader it is
// drawn with (the solvers' and the demo's pairs).
std::vector<ShaderPair> everyShaderPair() {
  namespace s = tactics::testing::shaders;
  const std::pair<std::string_view, std::string_view> fullscreen{"fullscreen.vert", s::kFullscreenVert};
  const std::pair<std::string_view, std::string_view> diamond{"diamond.vert", s::kDiamondVert};
  const std::pair<std::string_view, std::string_view> atlas{"danger_atlas.vert", s::kDangerAtlasVert};
  const std::pair<std::string_view, std::string_view> board{"board.vert", s::kBoardVert};
  const std::pair<std::string_view, std::string_view> batch{"batch_atlas.vert", s::kBatchAtlasVert};
  const std::vector<std::pair<std::pair<std::string_view, std::string_view>,
                              std::pair<std::string_view, std::string_view>>>
      pairs = {
          {fullscreen, {"init.frag", s::kInitFrag}},
          {diamond, {"relax.frag", s::kRelaxFrag}},
          {diamond, {"relax_close_once.frag", s::kRelaxCloseOnceFrag}},
          {diamond, {"changed.frag", s::kChangedFrag}},
          {diamond, {"pass_through.frag", s::kPassThroughFrag}},
          {fullscreen, {"pass_through_count.frag", s::kPassThroughCountFrag}},
          {fullscreen, {"pass_through_origins.frag", s::kPassThroughOriginsFrag}},
          {fullscreen, {"origins.frag", s::kOriginsFrag}},
          {fullscreen, {"row_prefix.frag", s::kRowPrefixFrag}},
          {fullscreen, {"attack.frag", s::kAttackFrag}},
          {fullscreen, {"origin_words.frag", s::kOriginWordsFrag}},
          {fullscreen, {"sight_seen.frag", s::kSightSeenFrag}},
          {fullscreen, {"finish.frag", s::kFinishFrag}},
          {atlas, {"danger_relax.frag", s::kDangerRelaxFrag}},
          {atlas, {"danger_changed.frag", s::kDangerChangedFrag}},
          {atlas, {"danger_origins.frag", s::kDangerOriginsFrag}},
          {atlas, {"danger_row_prefix.frag", s::kDangerRowPrefixFrag}},
          {atlas, {"danger_count.frag", s::kDangerCountFrag}},
          {batch, {"batch_init.frag", s::kBatchInitFrag}},
          {batch, {"batch_relax.frag", s::kBatchRelaxFrag}},
          {batch, {"changed.frag", s::kChangedFrag}},
          {batch, {"batch_origins.frag", s::kBatchOriginsFrag}},
          {batch, {"batch_row_prefix.frag", s::kBatchRowPrefixFrag}},
          {batch, {"batch_attack.frag", s::kBatchAttackFrag}},
          {fullscreen, {"field_init.frag", s::kFieldInitFrag}},
          {fullscreen, {"field_relax.frag", s::kFieldRelaxFrag}},
          {fullscreen, {"field_changed.frag", s::kFieldChangedFrag}},
          {board, {"terrain.frag", s::kTerrainFrag}},
          {board, {"overlay.frag", s::kOverlayFrag}},
          {board, {"labels.frag", s::kLabelsFrag}},
          {board, {"cursor.frag", s::kCursorFrag}},
          {board, {"arrow.frag", s::kArrowFrag}},
          {board, {"unit.frag", s::kUnitFrag}},
          {board, {"danger_zone.frag", s::kDangerZoneFrag}},
          {board, {"field_heat.frag", s::kFieldHeatFrag}},
          {board, {"turn_mark.frag", s::kTurnMarkFrag}},
          {board, {"zoc_border.frag", s::kZocBorderFrag}},
          {board, {"minimap.frag", s::kMinimapFrag}},
      };
  std::vector<ShaderPair> result;
  for (const auto& [vertex, fragment] : pairs) {
    result.push_back({vertex.first, vertex.second, fragment.first, fragment.second});
  }
  return result;
}

}  // namespace

TEST_CASE("every shader file compiles and links in the context's dialect", "[gpu][shaders]") {
  requireContext();
  const std::vector<ShaderPair> pairs = everyShaderPair();
  std::set<std::string> covered;
  for (const ShaderPair& pair : pairs) {
    INFO(std::string(pair.vertexName) + " + " + std::string(pair.fragmentName));
    // Those that read the grid (topology.glsl) in every layout too.
    const bool readsGrid = pair.vertex.find("TACTICS_LAYOUT") != std::string_view::npos ||
                           pair.fragment.find("TACTICS_LAYOUT") != std::string_view::npos;
    for (const GridLayout layout : kGridLayouts) {
      if (layout != GridLayout::Square && !readsGrid) continue;
      INFO(layoutName(layout));
      const auto program = gpu::Program::build(pair.vertexName, pair.vertex, pair.fragmentName,
                                               pair.fragment, layout);
      INFO((program ? "linked" : program.error()));
      CHECK(program);
    }
    covered.insert(std::string(pair.vertexName));
    covered.insert(std::string(pair.fragmentName));
  }
  // The list above is every vertex and fragment shader in shaders/, and none has a #version line.
  std::set<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(TACTICS_SOURCE_DIR "/shaders")) {
    const std::string extension = entry.path().extension().string();
    if (extension == ".vert" || extension == ".frag") files.insert(entry.path().filename().string());
  }
  CHECK(covered == files);
  for (const ShaderPair& pair : pairs) {
    INFO(pair.fragmentName);
    CHECK(pair.fragment.find("#version") == std::string_view::npos);
    CHECK(pair.vertex.find("#version") == std::string_view::npos);
  }
}

TEST_CASE("a source with a #version line of its own keeps it", "[gpu][shaders]") {
  const bool es = requireContext().api() == gpu::GlApi::Es;
  // Were the context's prelude added too, the second #version line would not compile.
  const std::string version = es ? "#version 300 es\nprecision highp float;\n" : "#version 330 core\n";
  const auto program = gpu::Program::build(
      "own_version.vert", version + "void main() { gl_Position = vec4(0.0, 0.0, 0.0, 1.0); }\n",
      "own_version.frag",
      "\n  " + version + "layout(location = 0) out vec4 colour;\nvoid main() { colour = vec4(1.0); }\n");
  INFO((program ? "linked" : program.error()));
  CHECK(program);
}

TEST_CASE("the gpu run's context is desktop OpenGL core", "[gpu][desktop]") {
  if (!testing::runsOn(gpu::GlApi::Core)) return;
  const gpu::HeadlessContext& context = requireContext();
  CHECK(context.api() == gpu::GlApi::Core);
  const std::string version = reinterpret_cast<const char*>(glGetString(GL_VERSION));
  INFO(version);
  CHECK(version.rfind("OpenGL ES", 0) == std::string::npos);
  GLint profile = 0;
  glGetIntegerv(GL_CONTEXT_PROFILE_MASK, &profile);
  CHECK((profile & GL_CONTEXT_CORE_PROFILE_BIT) != 0);
}

TEST_CASE("the gpu-es run's context is OpenGL ES 3", "[gpu][es]") {
  if (!testing::runsOn(gpu::GlApi::Es)) return;
  const gpu::HeadlessContext& context = requireContext();
  CHECK(context.api() == gpu::GlApi::Es);
  const std::string version = reinterpret_cast<const char*>(glGetString(GL_VERSION));
  INFO(version);
  CHECK(version.rfind("OpenGL ES 3.", 0) == 0);
  CHECK(context.description().find("(OpenGL ES 3.") != std::string::npos);
}

TEST_CASE("OpenGL ES: the compute backend is refused with the reason", "[gpu][es]") {
  if (!testing::runsOn(gpu::GlApi::Es)) return;
  const gpu::HeadlessContext& context = requireContext();
  CHECK_FALSE(context.hasCompute());
  CHECK_FALSE(gpu::supportsCompute());
  const CostMap map = testing::mapFromRows({{0, 0, 0}, {0, 76, 0}});
  const auto range = gpu::ComputeRangeSolver::create(map);
  REQUIRE_FALSE(range);
  CHECK(range.error().find("OpenGL ES") != std::string::npos);
  const auto field = gpu::ComputeFieldSolver::create(map);
  REQUIRE_FALSE(field);
  CHECK(field.error().find("OpenGL ES") != std::string::npos);
  const auto program = gpu::Program::buildCompute("range.comp", "void main() {}\n");
  REQUIRE_FALSE(program);
  CHECK(program.error().find("range.comp") != std::string::npos);
  CHECK(program.error().find("no compute shaders") != std::string::npos);
}

// The GPU solver on a GLFW window's own context: the program loads GL for itself with its own
// glad, gives the library the same loader (gpu::loadGl), solves a range on the window's context
// and draws the solver's state texture straight to the window with a shader of its own, no copy.
// Then it reads the window back: every cell must show the answer's colour. Prints one line.
#include <glad/gl.h>  // the program's own loader; the library's copy is hidden from it

#include <GLFW/glfw3.h>  // after glad, so that it does not bring the system's GL header

#include <cstdio>
#include <string>
#include <vector>

#include "tactics/gpu/gl_loader.h"
#include "tactics/gpu/solvers.h"
#include "tactics/solver/reference_solver.h"

namespace {

using namespace tactics;

constexpr int kCells = 24;  // a 24x24 board, drawn 10 pixels a cell
constexpr int kCellPixels = 10;

// One triangle over the viewport; each pixel reads its cell's SPEC §4 bytes from the state
// texture (texel row 0 is the map's top row) and colours it by G: reached, attackable, neither.
const char* const kVertexShader = R"(#version 330 core
void main() {
  vec2 corner = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
  gl_Position = vec4(corner, 0.0, 1.0);
})";
const char* const kFragmentShader = R"(#version 330 core
uniform sampler2D state;
uniform int cellPixels;
out vec4 colour;
void main() {
  ivec2 cell = ivec2(gl_FragCoord.xy) / cellPixels;
  cell.y = textureSize(state, 0).y - 1 - cell.y;
  float reach = texelFetch(state, cell, 0).g;
  colour = reach >= 0.75 ? vec4(0.1, 0.4, 1.0, 1.0)    // reached: blue
         : reach >= 0.25 ? vec4(1.0, 0.2, 0.1, 1.0)    // attackable: red
         : vec4(0.3, 0.3, 0.3, 1.0);                   // neither: grey
})";

GLuint compile(GLenum stage, const char* source) {
  const GLuint shader = glCreateShader(stage);
  glShaderSource(shader, 1, &source, nullptr);
  glCompileShader(shader);
  return shader;
}

GLuint buildProgram() {
  const GLuint program = glCreateProgram();
  const GLuint vertex = compile(GL_VERTEX_SHADER, kVertexShader);
  const GLuint fragment = compile(GL_FRAGMENT_SHADER, kFragmentShader);
  glAttachShader(program, vertex);
  glAttachShader(program, fragment);
  glLinkProgram(program);
  glDeleteShader(vertex);
  glDeleteShader(fragment);
  GLint linked = GL_FALSE;
  glGetProgramiv(program, GL_LINK_STATUS, &linked);
  return linked == GL_TRUE ? program : 0;
}

int fail(const char* what, const std::string& why = "") {
  std::fprintf(stderr, "range_gpu_window: %s%s%s\n", what, why.empty() ? "" : ": ", why.c_str());
  return 1;
}

// The window against the answer, cell by cell.
struct Tally {
  int reached = 0;
  int attackable = 0;
  int wrong = 0;  // cells whose colour is not the answer's, or whose answer is not the CPU's
};

// Update and draw: a unit in a field of hills and walls, its range solved on the window's
// context and its state texture drawn with the program's shader, which is still bound.
Expected<Tally> solveAndDraw() {
  std::vector<std::uint8_t> grey(kCells * kCells, 0);
  for (std::size_t i = 0; i < grey.size(); ++i) {
    if (i % 7 == 3) grey[i] = 127;   // hills
    if (i % 11 == 5) grey[i] = 255;  // walls
  }
  grey[12 * kCells + 12] = 0;
  const CostMap map(kCells, kCells, grey);
  auto solvers = gpu::Solvers::create(map, Backend::Gpu);
  if (!solvers) return Error{"cannot make the solvers: " + solvers.error()};
  RangeQuery query;
  query.unit = {12, 12};
  query.moveRange = 6;
  query.attack = AttackRange(1, 2);
  const auto answer = solvers->range(query);
  if (!answer) return Error{"the range failed: " + answer.error()};
  const auto layer = solvers->rangeLayer();  // the state texture: SPEC §4 bytes, on the GPU

  glClearColor(0.0f, 0.0f, 0.0f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, layer->texture);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glBindTexture(GL_TEXTURE_2D, 0);

  // Each cell's centre pixel has the colour of the answer, and the answer is the CPU's.
  constexpr int kSide = kCells * kCellPixels;
  std::vector<std::uint8_t> pixels(static_cast<std::size_t>(kSide * kSide) * 4);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, kSide, kSide, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  const RangeResult reference = solveReference(map, query);
  Tally tally;
  for (int y = 0; y < kCells; ++y) {
    for (int x = 0; x < kCells; ++x) {
      const Cell cell{x, y};
      const int px = x * kCellPixels + kCellPixels / 2;
      const int py = (kCells - 1 - y) * kCellPixels + kCellPixels / 2;  // window rows go up
      const std::uint8_t* rgb = &pixels[static_cast<std::size_t>(py * kSide + px) * 4];
      const bool blue = rgb[2] > 200 && rgb[0] < 100;
      const bool red = rgb[0] > 200 && rgb[2] < 100;
      const bool reached = answer->result.reached(cell);
      const bool attackable = answer->result.reach[cell] == Reach::Attackable;
      tally.reached += reached;
      tally.attackable += attackable;
      tally.wrong += blue != reached || red != attackable || reached != reference.reached(cell) ||
                     attackable != (reference.reach[cell] == Reach::Attackable);
    }
  }
  return tally;
}  // the solvers' GL objects go here, while the window's context is still current

}  // namespace

int main() {
  // Init: a window with an OpenGL 3.3 core context, GL loaded twice from the same loader: once
  // into the program's glad, once into the library's table.
  if (!glfwInit()) return fail("cannot start GLFW (no display?)");
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_RESIZABLE, GLFW_FALSE);
  GLFWwindow* window = glfwCreateWindow(kCells * kCellPixels, kCells * kCellPixels,
                                        "tactics-grid: a range on the GPU", nullptr, nullptr);
  if (window == nullptr) return glfwTerminate(), fail("cannot open a GL 3.3 core window");
  glfwMakeContextCurrent(window);
  if (gladLoadGL(glfwGetProcAddress) == 0) return fail("cannot load GL for the program");
  const auto api = gpu::loadGl(glfwGetProcAddress);
  if (!api) return fail("cannot load GL for the library", api.error());

  // The program's drawing state, set once: the solve puts back all of it as it was.
  const GLuint program = buildProgram();
  if (program == 0) return fail("the drawing shader does not link");
  GLuint vertexArray = 0;
  glGenVertexArrays(1, &vertexArray);
  glBindVertexArray(vertexArray);
  glUseProgram(program);
  glUniform1i(glGetUniformLocation(program, "state"), 0);
  glUniform1i(glGetUniformLocation(program, "cellPixels"), kCellPixels);
  glViewport(0, 0, kCells * kCellPixels, kCells * kCellPixels);

  const Expected<Tally> tally = solveAndDraw();
  glfwSwapBuffers(window);

  // Shutdown, in reverse.
  glDeleteVertexArrays(1, &vertexArray);
  glDeleteProgram(program);
  glfwDestroyWindow(window);
  glfwTerminate();
  if (!tally) return fail("no range", tally.error());
  std::printf(
      "range_gpu_window: %dx%d cells drawn from the state texture on the window's %s "
      "context: %d reached, %d attackable, %s\n",
      kCells, kCells, *api == gpu::GlApi::Es ? "ES" : "core", tally->reached, tally->attackable,
      tally->wrong == 0 ? "every cell as the answer" : "CELLS DIFFER");
  return tally->wrong == 0 && tally->reached > 1 && tally->attackable > 0 ? 0 : 1;
}

#pragma once
// A linked GLSL program with its uniform locations looked up once, at link time. Shader files
// have no #version line: the program adds the one the current context speaks (GLSL 3.30 core,
// 4.30 for compute, or GLSL ES 3.00 with default precisions), so one file serves both.

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "tactics/solver/expected.h"
#include "tactics/solver/topology.h"
#include "gpu/gl/gl_handle.h"

namespace tactics::gpu {

class Program {
 public:
  // Compiles and links; on failure the error holds the stage, the file name and the info log.
  // `layout` is the board's grid, which shaders/topology.glsl reads as TACTICS_LAYOUT: each
  // layout is its own program, so the grid's neighbours and distance are constants the compiler
  // folds (a square board's passes compile to the code they had before hex boards existed).
  static Expected<Program> build(std::string_view vertexName, std::string_view vertexSource,
                                 std::string_view fragmentName, std::string_view fragmentSource,
                                 GridLayout layout = GridLayout::Square);

  // A compute program (OpenGL 4.3), one stage. Fails on OpenGL ES, which has none.
  static Expected<Program> buildCompute(std::string_view name, std::string_view source,
                                        GridLayout layout = GridLayout::Square);

  void use() const { glUseProgram(handle_.get()); }
  [[nodiscard]] GLuint id() const { return handle_.get(); }
  [[nodiscard]] const std::string& name() const { return name_; }

  // Location of an active uniform (arrays by their plain name), or -1 when the compiler removed
  // it; setting -1 is a no-op in OpenGL, so unused uniforms are harmless.
  [[nodiscard]] GLint location(const std::string& uniform) const;

  // Setters for the program currently in use.
  void set(const std::string& uniform, int value) const;
  void set(const std::string& uniform, float value) const;
  void set(const std::string& uniform, int x, int y) const;
  void set(const std::string& uniform, float x, float y) const;
  void set(const std::string& uniform, float x, float y, float z, float w) const;
  void set(const std::string& uniform, int x, int y, int z, int w) const;
  void setArray(const std::string& uniform, const int* values, int count) const;

 private:
  struct Stage {
    GLenum type;
    std::string_view name;
    std::string_view source;
    GridLayout layout;
  };
  // Compiles every stage and links them; the last stage (the fragment or compute shader) names
  // the program.
  static Expected<Program> link(const std::vector<Stage>& stages);
  void cacheUniforms();  // every active uniform's location, once, after linking

  ProgramHandle handle_;
  std::string name_;
  std::unordered_map<std::string, GLint> locations_;
};

}  // namespace tactics::gpu

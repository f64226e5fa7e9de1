#include "gpu/gl/program.h"

#include <string>
#include <vector>

#include "gpu/gl/gl_api.h"

namespace tactics::gpu {

namespace {

// GLSL ES 3.00 has no default precision for floats and ints in fragment shaders, nor for most
// sampler types in any stage: every one the shaders may use is declared, all highp, so both
// stages agree on shared uniforms and integers and costs travel through the passes unchanged.
constexpr std::string_view kEsPrelude =
    "#version 300 es\n"
    "precision highp float;\n"
    "precision highp int;\n"
    "precision highp sampler2D;\n"
    "precision highp isampler2D;\n"
    "precision highp usampler2D;\n"
    "precision highp sampler2DArray;\n"
    "precision highp isampler2DArray;\n"
    "precision highp usampler2DArray;\n"
    "precision highp sampler3D;\n"
    "precision highp isampler3D;\n"
    "precision highp usampler3D;\n"
    "precision highp samplerCube;\n"
    "precision highp sampler2DShadow;\n";

// True when the source names its own GLSL version (some tests and tools pass such sources).
bool hasVersionLine(std::string_view source) {
  const std::size_t first = source.find_first_not_of(" \t\r\n");
  return first != std::string_view::npos && source.substr(first, 8) == "#version";
}

// What goes before a shader file, none of which has a #version line: the version of the context's
// dialect (GLSL 3.30, 4.30 for compute, or GLSL ES 3.00 with its precisions), then `#line 1` so
// the driver's log numbers the file's own lines. Between them, the board's layout as
// TACTICS_LAYOUT (its GridLayout value) for shaders/topology.glsl.
std::string prelude(GLenum stage, bool es, GridLayout layout) {
  std::string text = es ? std::string(kEsPrelude)
                        : stage == GL_COMPUTE_SHADER ? "#version 430 core\n" : "#version 330 core\n";
  return text + "#define TACTICS_LAYOUT " + std::to_string(static_cast<int>(layout)) +
         "\n#line 1\n";
}

std::string infoLog(GLuint object, bool isProgram) {
  GLint length = 0;
  if (isProgram) {
    glGetProgramiv(object, GL_INFO_LOG_LENGTH, &length);
  } else {
    glGetShaderiv(object, GL_INFO_LOG_LENGTH, &length);
  }
  std::string log(static_cast<std::size_t>(length > 0 ? length : 1), '\0');
  if (isProgram) {
    glGetProgramInfoLog(object, length, nullptr, log.data());
  } else {
    glGetShaderInfoLog(object, length, nullptr, log.data());
  }
  while (!log.empty() && (log.back() == '\0' || log.back() == '\n')) log.pop_back();
  return log;
}

Expected<ShaderHandle> compile(GLenum stage, std::string_view name, std::string_view source,
                               GridLayout layout) {
  const bool es = isEsContext();
  if (es && stage == GL_COMPUTE_SHADER) {
    return Error{"shader " + std::string(name) +
                 " is a compute shader, and OpenGL ES 3.0 has no compute shaders"};
  }
  ShaderHandle shader(glCreateShader(stage));
  const std::string head = hasVersionLine(source) ? std::string() : prelude(stage, es, layout);
  const GLchar* texts[2] = {head.data(), source.data()};
  const GLint lengths[2] = {static_cast<GLint>(head.size()), static_cast<GLint>(source.size())};
  glShaderSource(shader.get(), 2, texts, lengths);
  glCompileShader(shader.get());
  GLint ok = GL_FALSE;
  glGetShaderiv(shader.get(), GL_COMPILE_STATUS, &ok);
  if (ok != GL_TRUE) {
    return Error{"shader " + std::string(name) + " failed to compile:\n" +
                 infoLog(shader.get(), false)};
  }
  return shader;
}

}  // namespace

Expected<Program> Program::build(std::string_view vertexName, std::string_view vertexSource,
                                 std::string_view fragmentName, std::string_view fragmentSource,
                                 GridLayout layout) {
  return link({{GL_VERTEX_SHADER, vertexName, vertexSource, layout},
               {GL_FRAGMENT_SHADER, fragmentName, fragmentSource, layout}});
}

Expected<Program> Program::link(const std::vector<Stage>& stages) {
  std::vector<ShaderHandle> shaders;
  std::string names;
  for (const Stage& stage : stages) {
    auto shader = compile(stage.type, stage.name, stage.source, stage.layout);
    if (!shader) return Error{shader.error()};
    shaders.push_back(std::move(*shader));
    names += (names.empty() ? "" : " + ") + std::string(stage.name);
  }
  const std::string_view fragmentName = stages.back().name;

  Program program;
  program.name_ = std::string(fragmentName);
  program.handle_ = ProgramHandle(glCreateProgram());
  const GLuint id = program.handle_.get();
  for (const ShaderHandle& shader : shaders) glAttachShader(id, shader.get());
  glLinkProgram(id);
  GLint ok = GL_FALSE;
  glGetProgramiv(id, GL_LINK_STATUS, &ok);
  if (ok != GL_TRUE) {
    return Error{"program " + names + " failed to link:\n" + infoLog(id, true)};
  }
  for (const ShaderHandle& shader : shaders) glDetachShader(id, shader.get());
  label(GL_PROGRAM, id, fragmentName);
  program.cacheUniforms();
  return program;
}

Expected<Program> Program::buildCompute(std::string_view name, std::string_view source,
                                        GridLayout layout) {
  return link({{GL_COMPUTE_SHADER, name, source, layout}});
}

void Program::cacheUniforms() {
  const GLuint id = handle_.get();

  // Cache every active uniform's location; arrays are stored under their plain name too.
  GLint count = 0;
  glGetProgramiv(id, GL_ACTIVE_UNIFORMS, &count);
  std::vector<GLchar> buffer(256);
  for (GLint i = 0; i < count; ++i) {
    GLsizei length = 0;
    GLint size = 0;
    GLenum type = 0;
    glGetActiveUniform(id, static_cast<GLuint>(i), static_cast<GLsizei>(buffer.size()), &length,
                       &size, &type, buffer.data());
    std::string uniform(buffer.data(), static_cast<std::size_t>(length));
    const GLint where = glGetUniformLocation(id, uniform.c_str());
    if (uniform.size() > 3 && uniform.compare(uniform.size() - 3, 3, "[0]") == 0) {
      uniform.resize(uniform.size() - 3);
    }
    locations_[uniform] = where;
  }
}

GLint Program::location(const std::string& uniform) const {
  const auto it = locations_.find(uniform);
  return it == locations_.end() ? -1 : it->second;
}

void Program::set(const std::string& uniform, int value) const {
  glUniform1i(location(uniform), value);
}
void Program::set(const std::string& uniform, float value) const {
  glUniform1f(location(uniform), value);
}
void Program::set(const std::string& uniform, int x, int y) const {
  glUniform2i(location(uniform), x, y);
}
void Program::set(const std::string& uniform, float x, float y) const {
  glUniform2f(location(uniform), x, y);
}
void Program::set(const std::string& uniform, float x, float y, float z, float w) const {
  glUniform4f(location(uniform), x, y, z, w);
}
void Program::set(const std::string& uniform, int x, int y, int z, int w) const {
  glUniform4i(location(uniform), x, y, z, w);
}
void Program::setArray(const std::string& uniform, const int* values, int count) const {
  glUniform1iv(location(uniform), count, values);
}

}  // namespace tactics::gpu

#include "gpu/gl/debug_output.h"

#include <glad/gl.h>

#include <iostream>
#include <string_view>
#include <utility>

namespace tactics::gpu {

namespace {

DebugSink& sink() {
  static DebugSink current;
  return current;
}

// The label of a bound object: its gpu::label, else its number; "none" for 0. The callback is
// synchronous (GL_DEBUG_OUTPUT_SYNCHRONOUS), so these queries run on the thread that erred.
std::string labelOf(GLenum kind, GLint id) {
  if (id == 0) return "none";
  GLchar text[128] = {};
  GLsizei length = 0;
  glGetObjectLabel(kind, static_cast<GLuint>(id), sizeof text, &length, text);
  if (length > 0) return "'" + std::string(text, static_cast<std::size_t>(length)) + "'";
  return std::to_string(id);
}

void GLAPIENTRY onDebugMessage(GLenum source, GLenum type, GLuint /*id*/, GLenum /*severity*/,
                               GLsizei length, const GLchar* message, const void* /*user*/) {
  // Shader compile errors come back through gpu::Program with the file's name instead.
  if (type != GL_DEBUG_TYPE_ERROR || source == GL_DEBUG_SOURCE_SHADER_COMPILER) return;
  GLint program = 0;
  GLint framebuffer = 0;
  glGetIntegerv(GL_CURRENT_PROGRAM, &program);
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &framebuffer);
  const std::string text = length >= 0 ? std::string(message, static_cast<std::size_t>(length))
                                        : std::string(message);
  const std::string report =
      debugReport(text, labelOf(GL_PROGRAM, program), labelOf(GL_FRAMEBUFFER, framebuffer));
  if (sink()) {
    sink()(report);
  } else {
    std::cerr << report << '\n';
  }
}

}  // namespace

bool installDebugOutput() {
#ifdef NDEBUG
  constexpr bool kDebugBuild = false;
#else
  constexpr bool kDebugBuild = true;
#endif
  if (!kDebugBuild || !GLAD_GL_KHR_debug) return false;
  glEnable(GL_DEBUG_OUTPUT);
  glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
  glDebugMessageCallback(onDebugMessage, nullptr);
  glDebugMessageControl(GL_DONT_CARE, GL_DEBUG_TYPE_ERROR, GL_DONT_CARE, 0, nullptr, GL_TRUE);
  return true;
}

void setDebugSink(DebugSink newSink) { sink() = std::move(newSink); }

std::string debugReport(const std::string& message, const std::string& program,
                        const std::string& framebuffer) {
  std::string_view text = message;
  while (!text.empty() && (text.back() == '\n' || text.back() == '\0')) text.remove_suffix(1);
  return "GL error (program " + program + ", framebuffer " + framebuffer + "): " +
         std::string(text);
}

}  // namespace tactics::gpu

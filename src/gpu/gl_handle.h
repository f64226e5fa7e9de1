#pragma once
// Move-only owners of OpenGL object names: one object, one owner, deleted exactly once.

#include <glad/gl.h>

#include <string_view>
#include <utility>

namespace tactics::gpu {

template <class Deleter>
class GlHandle {
 public:
  GlHandle() = default;
  explicit GlHandle(GLuint id) : id_(id) {}
  ~GlHandle() { reset(); }
  GlHandle(const GlHandle&) = delete;
  GlHandle& operator=(const GlHandle&) = delete;
  GlHandle(GlHandle&& other) noexcept : id_(std::exchange(other.id_, 0)) {}
  GlHandle& operator=(GlHandle&& other) noexcept {
    if (this != &other) {
      reset();
      id_ = std::exchange(other.id_, 0);
    }
    return *this;
  }

  [[nodiscard]] GLuint get() const { return id_; }
  explicit operator bool() const { return id_ != 0; }
  void reset() {
    if (id_ != 0) Deleter{}(id_);
    id_ = 0;
  }

 private:
  GLuint id_ = 0;
};

struct TextureDeleter {
  void operator()(GLuint id) const { glDeleteTextures(1, &id); }
};
struct FramebufferDeleter {
  void operator()(GLuint id) const { glDeleteFramebuffers(1, &id); }
};
struct VertexArrayDeleter {
  void operator()(GLuint id) const { glDeleteVertexArrays(1, &id); }
};
struct BufferDeleter {
  void operator()(GLuint id) const { glDeleteBuffers(1, &id); }
};
struct QueryDeleter {
  void operator()(GLuint id) const { glDeleteQueries(1, &id); }
};
struct ShaderDeleter {
  void operator()(GLuint id) const { glDeleteShader(id); }
};
struct ProgramDeleter {
  void operator()(GLuint id) const { glDeleteProgram(id); }
};

using TextureHandle = GlHandle<TextureDeleter>;
using FramebufferHandle = GlHandle<FramebufferDeleter>;
using VertexArrayHandle = GlHandle<VertexArrayDeleter>;
using BufferHandle = GlHandle<BufferDeleter>;
using QueryHandle = GlHandle<QueryDeleter>;
using ShaderHandle = GlHandle<ShaderDeleter>;
using ProgramHandle = GlHandle<ProgramDeleter>;

inline TextureHandle makeTexture() {
  GLuint id = 0;
  glGenTextures(1, &id);
  return TextureHandle(id);
}
inline FramebufferHandle makeFramebuffer() {
  GLuint id = 0;
  glGenFramebuffers(1, &id);
  return FramebufferHandle(id);
}
inline VertexArrayHandle makeVertexArray() {
  GLuint id = 0;
  glGenVertexArrays(1, &id);
  return VertexArrayHandle(id);
}
inline BufferHandle makeBuffer() {
  GLuint id = 0;
  glGenBuffers(1, &id);
  return BufferHandle(id);
}
inline QueryHandle makeQuery() {
  GLuint id = 0;
  glGenQueries(1, &id);
  return QueryHandle(id);
}

// Names an object for debuggers (RenderDoc, apitrace) when KHR_debug is available. The object
// must have been bound once so that it exists.
inline void label(GLenum kind, GLuint id, std::string_view name) {
  if (GLAD_GL_KHR_debug) {
    glObjectLabel(kind, id, static_cast<GLsizei>(name.size()), name.data());
  }
}

}  // namespace tactics::gpu

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

// A new object name from one of the glGen* functions, owned.
template <class Handle, class Generate>
Handle generate(Generate glGen) {
  GLuint id = 0;
  glGen(1, &id);
  return Handle(id);
}
inline TextureHandle makeTexture() { return generate<TextureHandle>(glGenTextures); }
inline FramebufferHandle makeFramebuffer() { return generate<FramebufferHandle>(glGenFramebuffers); }
inline VertexArrayHandle makeVertexArray() { return generate<VertexArrayHandle>(glGenVertexArrays); }
inline BufferHandle makeBuffer() { return generate<BufferHandle>(glGenBuffers); }
inline QueryHandle makeQuery() { return generate<QueryHandle>(glGenQueries); }

// Names an object for debuggers (RenderDoc, apitrace) when KHR_debug is available. The object
// must have been bound once so that it exists.
inline void label(GLenum kind, GLuint id, std::string_view name) {
  if (GLAD_GL_KHR_debug) {
    glObjectLabel(kind, id, static_cast<GLsizei>(name.size()), name.data());
  }
}

}  // namespace tactics::gpu

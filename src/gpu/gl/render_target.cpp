#include "gpu/gl/render_target.h"

#include <cassert>

#include "gpu/gl/state_guard.h"


namespace tactics::gpu {

void setNearestClamped(GLenum target) {
  glTexParameteri(target, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(target, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(target, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(target, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
}

TextureHandle makeCellTexture(int width, int height, GLenum internalFormat, GLenum format,
                              GLenum type, const void* pixels, const char* name) {
  TextureHandle texture = makeTexture();
  glBindTexture(GL_TEXTURE_2D, texture.get());
  glTexImage2D(GL_TEXTURE_2D, 0, static_cast<GLint>(internalFormat), width, height, 0, format,
               type, pixels);
  setNearestClamped(GL_TEXTURE_2D);
  label(GL_TEXTURE, texture.get(), name);
  return texture;
}

Expected<FramebufferHandle> makeFramebufferFor(GLuint texture, const char* name) {
  FramebufferHandle framebuffer = makeFramebuffer();
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer.get());
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture, 0);
  label(GL_FRAMEBUFFER, framebuffer.get(), name);
  const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  if (status != GL_FRAMEBUFFER_COMPLETE) {
    return Error{std::string("framebuffer ") + name + " is incomplete (status " +
                 std::to_string(status) + ")"};
  }
  return framebuffer;
}

Expected<RenderTarget> makeRenderTarget(int width, int height, GLenum internalFormat,
                                        GLenum format, GLenum type, const char* name) {
  RenderTarget target{makeCellTexture(width, height, internalFormat, format, type, nullptr, name),
                      {}};
  auto framebuffer = makeFramebufferFor(target.texture.get(), name);
  if (!framebuffer) return Error{framebuffer.error()};
  target.framebuffer = std::move(*framebuffer);
  return target;
}

void bindTexture(int unit, GLuint texture, GLenum target) {
  // A caller's binding is kept on the units the guard saves, and only there.
  assert(unit >= 0 && unit < GlStateGuard::kTextureUnits);
  glActiveTexture(GL_TEXTURE0 + static_cast<GLenum>(unit));
  glBindTexture(target, texture);
}

std::optional<bool> queryAnswer(GLuint query, bool wait) {
  if (!wait) {
    GLuint available = GL_FALSE;
    glGetQueryObjectuiv(query, GL_QUERY_RESULT_AVAILABLE, &available);
    if (available == GL_FALSE) return std::nullopt;
  }
  GLuint anySamples = GL_TRUE;
  glGetQueryObjectuiv(query, GL_QUERY_RESULT, &anySamples);
  return anySamples != GL_FALSE;
}

}  // namespace tactics::gpu

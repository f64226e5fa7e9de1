#pragma once
// The textures and framebuffers every solver builds the same way: map-sized textures that
// passes read texel by texel, the targets they draw into, and the checks that they fit.

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "tactics/solver/cost_map.h"
#include "tactics/solver/expected.h"
#include "gpu/gl/gl_handle.h"

namespace tactics::gpu {

// A texture the passes render into, with its framebuffer.
struct RenderTarget {
  TextureHandle texture;
  FramebufferHandle framebuffer;
};

// Nearest filtering and clamped edges on the texture bound to `target`: passes read texels
// exactly with texelFetch, and anyone sampling it stays honest.
void setNearestClamped(GLenum target);

// A width x height 2D texture, one texel per cell, filled from `pixels` (or left undefined).
TextureHandle makeCellTexture(int width, int height, GLenum internalFormat, GLenum format,
                              GLenum type, const void* pixels, const char* name);

// A framebuffer whose colour attachment is the 2D texture `texture` (glFramebufferTexture2D:
// OpenGL ES 3.0 has no glFramebufferTexture). Fails when the driver calls it incomplete.
Expected<FramebufferHandle> makeFramebufferFor(GLuint texture, const char* name);

// A map-sized texture with its framebuffer, for passes to draw into.
Expected<RenderTarget> makeRenderTarget(int width, int height, GLenum internalFormat,
                                        GLenum format, GLenum type, const char* name);

// Binds `texture` to texture unit `unit`.
void bindTexture(int unit, GLuint texture, GLenum target = GL_TEXTURE_2D);

// An occlusion query's answer (did any sample pass?), or nothing when `wait` is false and the GPU
// has not answered yet: a change test read without stalling the passes behind it.
std::optional<bool> queryAnswer(GLuint query, bool wait);

}  // namespace tactics::gpu

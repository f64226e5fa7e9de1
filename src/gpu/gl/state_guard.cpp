#include "gpu/gl/state_guard.h"

#include <iterator>

#include "gpu/gl/gl_api.h"

namespace tactics::gpu {

namespace {

// Guards alive on this thread (a GL context is current on one thread at a time).
thread_local int guardDepth = 0;

// The pixel store parameters OpenGL ES 3.0 and desktop OpenGL share, then desktop's own. Each is
// set to GL's default for the solve (the alignments to 1: every upload and read-back of a
// one-byte-per-texel texture is packed), so a caller's row length or skip never shifts a texel.
struct PixelParameter {
  GLenum name;
  GLint solveValue;
};
constexpr PixelParameter kPixelStore[] = {
    {GL_PACK_ALIGNMENT, 1},
    {GL_PACK_ROW_LENGTH, 0},
    {GL_PACK_SKIP_ROWS, 0},
    {GL_PACK_SKIP_PIXELS, 0},
    {GL_UNPACK_ALIGNMENT, 1},
    {GL_UNPACK_ROW_LENGTH, 0},
    {GL_UNPACK_IMAGE_HEIGHT, 0},
    {GL_UNPACK_SKIP_ROWS, 0},
    {GL_UNPACK_SKIP_PIXELS, 0},
    {GL_UNPACK_SKIP_IMAGES, 0},
    // Desktop OpenGL only.
    {GL_PACK_SWAP_BYTES, 0},
    {GL_PACK_LSB_FIRST, 0},
    {GL_PACK_IMAGE_HEIGHT, 0},
    {GL_PACK_SKIP_IMAGES, 0},
    {GL_UNPACK_SWAP_BYTES, 0},
    {GL_UNPACK_LSB_FIRST, 0},
};
constexpr int kEsPixelStoreCount = 10;

int pixelStoreCount(bool es) {
  return es ? kEsPixelStoreCount : static_cast<int>(std::size(kPixelStore));
}

GLboolean enabled(GLenum capability) {
  return glIsEnabled(capability);
}

void setEnabled(GLenum capability, GLboolean on) {
  if (on != GL_FALSE) {
    glEnable(capability);
  } else {
    glDisable(capability);
  }
}

GLint integer(GLenum name) {
  GLint value = 0;
  glGetIntegerv(name, &value);
  return value;
}

GLuint name(GLint value) {
  return static_cast<GLuint>(value);
}
GLenum enumValue(GLint value) {
  return static_cast<GLenum>(value);
}

}  // namespace

GlStateGuard::GlStateGuard() : outermost_(guardDepth++ == 0) {
  if (!outermost_) return;
  save();
  assumeDefaults();
}

GlStateGuard::~GlStateGuard() {
  --guardDepth;
  if (outermost_) restore();
}

void GlStateGuard::save() {
  static_assert(std::size(kPixelStore) == kPixelStoreCount, "one saved value per parameter");
  es_ = isEsContext();
  if (!es_) {
    const GLint major = integer(GL_MAJOR_VERSION);
    compute_ = major > 4 || (major == 4 && integer(GL_MINOR_VERSION) >= 3);
  }
  saveDrawState();
  saveBindings();
  if (compute_) saveComputeBindings();
}

void GlStateGuard::saveDrawState() {
  drawFramebuffer_ = integer(GL_DRAW_FRAMEBUFFER_BINDING);
  readFramebuffer_ = integer(GL_READ_FRAMEBUFFER_BINDING);
  glGetIntegerv(GL_VIEWPORT, viewport_.data());
  glGetIntegerv(GL_SCISSOR_BOX, scissorBox_.data());
  scissorTest_ = enabled(GL_SCISSOR_TEST);
  blend_ = enabled(GL_BLEND);
  // In the order glBlendEquationSeparate and glBlendFuncSeparate take them.
  const GLenum blendNames[6] = {GL_BLEND_EQUATION_RGB, GL_BLEND_EQUATION_ALPHA, GL_BLEND_SRC_RGB,
                                GL_BLEND_DST_RGB,      GL_BLEND_SRC_ALPHA,      GL_BLEND_DST_ALPHA};
  for (std::size_t i = 0; i < blendState_.size(); ++i) blendState_[i] = integer(blendNames[i]);
  depthTest_ = enabled(GL_DEPTH_TEST);
  depthFunc_ = integer(GL_DEPTH_FUNC);
  glGetBooleanv(GL_DEPTH_WRITEMASK, &depthMask_);
  glGetFloatv(GL_DEPTH_RANGE, depthRange_.data());
  glGetBooleanv(GL_COLOR_WRITEMASK, colorMask_.data());
  glGetFloatv(GL_COLOR_CLEAR_VALUE, clearColor_.data());
  cullFace_ = enabled(GL_CULL_FACE);
  polygonOffsetFill_ = enabled(GL_POLYGON_OFFSET_FILL);
  rasterizerDiscard_ = enabled(GL_RASTERIZER_DISCARD);
  if (!es_) {
    colorLogicOp_ = enabled(GL_COLOR_LOGIC_OP);
    glGetIntegerv(GL_POLYGON_MODE, polygonMode_.data());
  }
}

void GlStateGuard::saveBindings() {
  program_ = integer(GL_CURRENT_PROGRAM);
  vertexArray_ = integer(GL_VERTEX_ARRAY_BINDING);

  activeTexture_ = integer(GL_ACTIVE_TEXTURE);
  for (int unit = 0; unit < kTextureUnits; ++unit) {
    const auto i = static_cast<std::size_t>(unit);
    glActiveTexture(GL_TEXTURE0 + static_cast<GLenum>(unit));
    textures_[i] = integer(GL_TEXTURE_BINDING_2D);
    samplers_[i] = integer(GL_SAMPLER_BINDING);
  }

  for (int i = 0; i < pixelStoreCount(es_); ++i) {
    pixelStore_[static_cast<std::size_t>(i)] = integer(kPixelStore[i].name);
  }
  pixelPackBuffer_ = integer(GL_PIXEL_PACK_BUFFER_BINDING);
  pixelUnpackBuffer_ = integer(GL_PIXEL_UNPACK_BUFFER_BINDING);
  copyReadBuffer_ = integer(GL_COPY_READ_BUFFER_BINDING);
  copyWriteBuffer_ = integer(GL_COPY_WRITE_BUFFER_BINDING);
}

void GlStateGuard::saveComputeBindings() {
  storageBuffer_ = integer(GL_SHADER_STORAGE_BUFFER_BINDING);
  for (std::size_t i = 0; i < storage_.size(); ++i) {
    const auto index = static_cast<GLuint>(i);
    glGetIntegeri_v(GL_SHADER_STORAGE_BUFFER_BINDING, index, &storage_[i].buffer);
    glGetInteger64i_v(GL_SHADER_STORAGE_BUFFER_START, index, &storage_[i].start);
    glGetInteger64i_v(GL_SHADER_STORAGE_BUFFER_SIZE, index, &storage_[i].size);
  }
  for (std::size_t i = 0; i < images_.size(); ++i) {
    const auto unit = static_cast<GLuint>(i);
    ImageBinding& image = images_[i];
    glGetIntegeri_v(GL_IMAGE_BINDING_NAME, unit, &image.texture);
    glGetIntegeri_v(GL_IMAGE_BINDING_LEVEL, unit, &image.level);
    glGetBooleani_v(GL_IMAGE_BINDING_LAYERED, unit, &image.layered);
    glGetIntegeri_v(GL_IMAGE_BINDING_LAYER, unit, &image.layer);
    glGetIntegeri_v(GL_IMAGE_BINDING_ACCESS, unit, &image.access);
    glGetIntegeri_v(GL_IMAGE_BINDING_FORMAT, unit, &image.format);
  }
}

// What the passes take for granted and never set themselves: a caller's values here would drop
// or shift their fragments and texels.
void GlStateGuard::assumeDefaults() const {
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  glDisable(GL_CULL_FACE);
  glDisable(GL_POLYGON_OFFSET_FILL);
  glDisable(GL_RASTERIZER_DISCARD);
  if (es_) {
    glDepthRangef(0.0f, 1.0f);
  } else {
    glDepthRange(0.0, 1.0);
    glDisable(GL_COLOR_LOGIC_OP);
    glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
  }
  // A sampler object would override the textures' nearest filtering; on an integer texture a
  // linear one makes it incomplete, and texelFetch then reads zeros.
  for (int unit = 0; unit < kTextureUnits; ++unit) glBindSampler(static_cast<GLuint>(unit), 0);
  glActiveTexture(GL_TEXTURE0);
  for (int i = 0; i < pixelStoreCount(es_); ++i) {
    glPixelStorei(kPixelStore[i].name, kPixelStore[i].solveValue);
  }
  // With a pixel buffer bound, uploads would read from it and read-backs write into it.
  glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
}

void GlStateGuard::restore() const {
  restoreDrawState();
  restoreBindings();
  if (compute_) restoreComputeBindings();
}

void GlStateGuard::restoreDrawState() const {
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, name(drawFramebuffer_));
  glBindFramebuffer(GL_READ_FRAMEBUFFER, name(readFramebuffer_));
  glViewport(viewport_[0], viewport_[1], viewport_[2], viewport_[3]);
  glScissor(scissorBox_[0], scissorBox_[1], scissorBox_[2], scissorBox_[3]);
  setEnabled(GL_SCISSOR_TEST, scissorTest_);
  setEnabled(GL_BLEND, blend_);
  glBlendEquationSeparate(enumValue(blendState_[0]), enumValue(blendState_[1]));
  glBlendFuncSeparate(enumValue(blendState_[2]), enumValue(blendState_[3]),
                      enumValue(blendState_[4]), enumValue(blendState_[5]));
  setEnabled(GL_DEPTH_TEST, depthTest_);
  glDepthFunc(enumValue(depthFunc_));
  glDepthMask(depthMask_);
  if (es_) {
    glDepthRangef(depthRange_[0], depthRange_[1]);
  } else {
    glDepthRange(depthRange_[0], depthRange_[1]);
    setEnabled(GL_COLOR_LOGIC_OP, colorLogicOp_);
    glPolygonMode(GL_FRONT_AND_BACK, enumValue(polygonMode_[0]));
  }
  glColorMask(colorMask_[0], colorMask_[1], colorMask_[2], colorMask_[3]);
  glClearColor(clearColor_[0], clearColor_[1], clearColor_[2], clearColor_[3]);
  setEnabled(GL_CULL_FACE, cullFace_);
  setEnabled(GL_POLYGON_OFFSET_FILL, polygonOffsetFill_);
  setEnabled(GL_RASTERIZER_DISCARD, rasterizerDiscard_);
}

void GlStateGuard::restoreBindings() const {
  glUseProgram(name(program_));
  glBindVertexArray(name(vertexArray_));

  for (int unit = 0; unit < kTextureUnits; ++unit) {
    const auto i = static_cast<std::size_t>(unit);
    glActiveTexture(GL_TEXTURE0 + static_cast<GLenum>(unit));
    glBindTexture(GL_TEXTURE_2D, name(textures_[i]));
    glBindSampler(static_cast<GLuint>(unit), name(samplers_[i]));
  }
  glActiveTexture(enumValue(activeTexture_));

  for (int i = 0; i < pixelStoreCount(es_); ++i) {
    glPixelStorei(kPixelStore[i].name, pixelStore_[static_cast<std::size_t>(i)]);
  }
  glBindBuffer(GL_PIXEL_PACK_BUFFER, name(pixelPackBuffer_));
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, name(pixelUnpackBuffer_));
  glBindBuffer(GL_COPY_READ_BUFFER, name(copyReadBuffer_));
  glBindBuffer(GL_COPY_WRITE_BUFFER, name(copyWriteBuffer_));
}

void GlStateGuard::restoreComputeBindings() const {
  // An indexed binding also sets the generic one, so the generic one comes back last.
  for (std::size_t i = 0; i < storage_.size(); ++i) {
    const StorageBinding& binding = storage_[i];
    const auto index = static_cast<GLuint>(i);
    if (binding.size > 0) {
      glBindBufferRange(GL_SHADER_STORAGE_BUFFER, index, name(binding.buffer),
                        static_cast<GLintptr>(binding.start),
                        static_cast<GLsizeiptr>(binding.size));
    } else {
      glBindBufferBase(GL_SHADER_STORAGE_BUFFER, index, name(binding.buffer));
    }
  }
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, name(storageBuffer_));
  for (std::size_t i = 0; i < images_.size(); ++i) {
    const ImageBinding& image = images_[i];
    glBindImageTexture(static_cast<GLuint>(i), name(image.texture), image.level, image.layered,
                       image.layer, enumValue(image.access), enumValue(image.format));
  }
}

}  // namespace tactics::gpu

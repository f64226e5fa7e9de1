#pragma once
// The caller's GL state, kept across a solve. The solvers may run on a context the caller draws
// with (a game's window, gpu::loadGl), so every public entry point that calls GL makes a
// GlStateGuard first: it saves the state the passes change or depend on, sets what they assume
// (GL's defaults, which a caller may have changed: pixel store, culling, polygon mode, the
// colour mask...), and puts the caller's values back when it goes out of scope.
//
// Guards nest: only the outermost on a thread saves and restores, so Solvers::range, which
// creates, solves and reads back through guarded calls, pays for one save and one restore.
//
// What is kept: the draw and read framebuffers, viewport, scissor box and test, blending (enable,
// equations, factors), depth test, function, mask and range, colour mask, clear colour, culling,
// polygon offset, rasterizer discard, the program, the vertex array, the active texture unit and
// the 2D texture and sampler bound on each of the first kTextureUnits units, every pixel pack and
// unpack parameter and buffer, and on OpenGL 4.3 the shader storage buffer bindings (generic and
// the first kStorageBindings indexed) and the first kImageUnits image units; on desktop OpenGL
// also the polygon mode and colour logic op. The framebuffers the solvers bind are their own, so
// the caller's draw and read buffers are never touched. Not kept: a caller's transform feedback,
// queries or conditional render in progress (do not solve inside them).

#include <glad/gl.h>

#include <array>

namespace tactics::gpu {

class GlStateGuard {
 public:
  // Texture units the passes bind (units 0..4: danger's atlases sit on 3 and 4); bindTexture
  // refuses higher ones in debug builds.
  static constexpr int kTextureUnits = 5;
  static constexpr int kImageUnits = 3;       // range.comp's state, map and rules images
  static constexpr int kStorageBindings = 4;  // the compute kernels' buffers, bindings 0..3

  GlStateGuard();
  ~GlStateGuard();
  GlStateGuard(const GlStateGuard&) = delete;
  GlStateGuard& operator=(const GlStateGuard&) = delete;

 private:
  struct StorageBinding {
    GLint buffer = 0;
    GLint64 start = 0;
    GLint64 size = 0;
  };
  struct ImageBinding {
    GLint texture = 0;
    GLint level = 0;
    GLboolean layered = GL_FALSE;
    GLint layer = 0;
    GLint access = GL_READ_ONLY;
    GLint format = GL_R8;
  };
  // Pixel store parameters, by how many the API has (desktop OpenGL has more).
  static constexpr int kPixelStoreCount = 16;

  void save();
  void assumeDefaults() const;
  void restore() const;
  // save() and restore() in three parts: how fragments are drawn (framebuffers, viewport,
  // tests, blending, masks...), what is bound (program, vertex array, textures, pixel store and
  // buffers), and on OpenGL 4.3 the storage buffers and image units.
  void saveDrawState();
  void saveBindings();
  void saveComputeBindings();
  void restoreDrawState() const;
  void restoreBindings() const;
  void restoreComputeBindings() const;

  bool outermost_ = false;
  bool es_ = false;
  bool compute_ = false;  // OpenGL 4.3: storage buffers and image units exist

  GLint drawFramebuffer_ = 0;
  GLint readFramebuffer_ = 0;
  std::array<GLint, 4> viewport_{};
  std::array<GLint, 4> scissorBox_{};
  GLboolean scissorTest_ = GL_FALSE;
  GLboolean blend_ = GL_FALSE;
  std::array<GLint, 6> blendState_{};  // equation rgb, alpha; src, dst rgb; src, dst alpha
  GLboolean depthTest_ = GL_FALSE;
  GLint depthFunc_ = GL_LESS;
  GLboolean depthMask_ = GL_TRUE;
  std::array<GLfloat, 2> depthRange_{0.0f, 1.0f};
  std::array<GLboolean, 4> colorMask_{};
  std::array<GLfloat, 4> clearColor_{};
  GLboolean cullFace_ = GL_FALSE;
  GLboolean polygonOffsetFill_ = GL_FALSE;
  GLboolean rasterizerDiscard_ = GL_FALSE;
  GLboolean colorLogicOp_ = GL_FALSE;                   // desktop only
  std::array<GLint, 2> polygonMode_{GL_FILL, GL_FILL};  // desktop only
  GLint program_ = 0;
  GLint vertexArray_ = 0;
  GLint activeTexture_ = GL_TEXTURE0;
  std::array<GLint, kTextureUnits> textures_{};
  std::array<GLint, kTextureUnits> samplers_{};
  std::array<GLint, kPixelStoreCount> pixelStore_{};
  GLint pixelPackBuffer_ = 0;
  GLint copyReadBuffer_ = 0;  // the compute solver's read-back copies through these
  GLint copyWriteBuffer_ = 0;
  GLint pixelUnpackBuffer_ = 0;
  GLint storageBuffer_ = 0;
  std::array<StorageBinding, kStorageBindings> storage_{};
  std::array<ImageBinding, kImageUnits> images_{};
};

}  // namespace tactics::gpu

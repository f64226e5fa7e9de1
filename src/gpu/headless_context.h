#pragma once
// An OpenGL core context with no window and no display server, through EGL: Mesa's
// surfaceless platform first, the default EGL display as a fallback. OpenGL 4.3 when the driver
// has it (compute shaders), else 3.3.

#include <memory>
#include <string>

#include "core/expected.h"

namespace tactics::gpu {

class HeadlessContext {
 public:
  // Creates the context, makes it current on this thread and loads the GL functions.
  static Expected<HeadlessContext> create();

  HeadlessContext(HeadlessContext&&) noexcept;
  HeadlessContext& operator=(HeadlessContext&&) noexcept;
  ~HeadlessContext();

  // True when the context has OpenGL 4.3: compute shaders, the compute backend.
  [[nodiscard]] bool hasCompute() const;

  // "Mesa llvmpipe ... (OpenGL 4.5 core)", for logs.
  [[nodiscard]] std::string description() const;

 private:
  struct Egl;
  explicit HeadlessContext(std::unique_ptr<Egl> egl);
  std::unique_ptr<Egl> egl_;
};

// True when the current context has OpenGL 4.3 (compute shaders).
bool supportsCompute();

}  // namespace tactics::gpu

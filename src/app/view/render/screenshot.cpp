#include "app/view/render/screenshot.h"

#include <glad/gl.h>

#include <algorithm>

#include "tactics/io/file_io.h"
#include "tactics/io/png.h"

namespace tactics::app {

std::optional<std::string> saveScreenshot(PixelSize framebuffer, const std::string& path) {
  const auto rowBytes = static_cast<std::size_t>(framebuffer.width) * 3;
  const auto rows = static_cast<std::size_t>(framebuffer.height);
  std::vector<std::uint8_t> bottomUp(rowBytes * rows);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  glReadBuffer(GL_BACK);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, framebuffer.width, framebuffer.height, GL_RGB, GL_UNSIGNED_BYTE,
               bottomUp.data());

  // OpenGL's row 0 is the bottom; images start at the top.
  std::vector<std::uint8_t> topDown(bottomUp.size());
  for (std::size_t row = 0; row < rows; ++row) {
    std::copy_n(bottomUp.begin() + static_cast<std::ptrdiff_t>(row * rowBytes), rowBytes,
                topDown.begin() + static_cast<std::ptrdiff_t>((rows - 1 - row) * rowBytes));
  }
  const std::vector<std::uint8_t> png = encodePng(framebuffer.width, framebuffer.height, 3, topDown);
  if (png.empty()) return "cannot encode the screenshot as PNG";
  return writeFileAtomically(path, png);
}

}  // namespace tactics::app

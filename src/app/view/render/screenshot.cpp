#include "app/view/render/screenshot.h"

#include <glad/gl.h>

#include <algorithm>

#include "tactics/io/file_io.h"
#include "tactics/io/png.h"

namespace tactics::app {

std::optional<std::string> saveScreenshot(PixelSize framebuffer, const std::string& path) {
  const auto width = static_cast<std::size_t>(framebuffer.width);
  const auto rows = static_cast<std::size_t>(framebuffer.height);
  // RGBA: the read-back format OpenGL ES 3.0 guarantees (not RGB); the PNG keeps RGB.
  std::vector<std::uint8_t> bottomUp(width * 4 * rows);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  glReadBuffer(GL_BACK);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, framebuffer.width, framebuffer.height, GL_RGBA, GL_UNSIGNED_BYTE,
               bottomUp.data());

  // OpenGL's row 0 is the bottom; images start at the top.
  std::vector<std::uint8_t> topDown(width * 3 * rows);
  for (std::size_t row = 0; row < rows; ++row) {
    const std::uint8_t* from = bottomUp.data() + row * width * 4;
    std::uint8_t* to = topDown.data() + (rows - 1 - row) * width * 3;
    for (std::size_t x = 0; x < width; ++x) std::copy_n(from + x * 4, 3, to + x * 3);
  }
  const std::vector<std::uint8_t> png = encodePng(framebuffer.width, framebuffer.height, 3, topDown);
  if (png.empty()) return "cannot encode the screenshot as PNG";
  return writeFileAtomically(path, png);
}

}  // namespace tactics::app

#include "state_readback.h"

#include <algorithm>

namespace tactics::gpu {

std::vector<std::uint8_t> readStateBox(GLuint framebuffer, const CellBox& box) {
  std::vector<std::uint8_t> rgba(static_cast<std::size_t>(box.area()) * 4);
  if (box.empty()) return rgba;
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(box.x0, box.y0, box.width(), box.height(), GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  return rgba;
}

std::vector<std::uint8_t> readWholeState(GLuint framebuffer, const CellBox& touched,
                                         const std::vector<std::uint8_t>& grey, int width) {
  std::vector<std::uint8_t> rgba(grey.size() * 4);
  for (std::size_t i = 0; i < grey.size(); ++i) {
    rgba[i * 4] = grey[i];
    rgba[i * 4 + 1] = state_bytes::kNone;
    rgba[i * 4 + 2] = 0;
    rgba[i * 4 + 3] = state_bytes::kDirection[static_cast<int>(Direction::None)];
  }
  const std::vector<std::uint8_t> inside = readStateBox(framebuffer, touched);
  const auto rowBytes = static_cast<std::ptrdiff_t>(touched.width()) * 4;
  for (int y = touched.y0; y <= touched.y1; ++y) {
    const auto from = inside.begin() + (y - touched.y0) * rowBytes;
    const auto to = rgba.begin() + (static_cast<std::ptrdiff_t>(y) * width + touched.x0) * 4;
    std::copy(from, from + rowBytes, to);
  }
  return rgba;
}

void readResultInto(GLuint framebuffer, const CellBox& touched, int width, int height, int passes,
                    RangeResult& result) {
  clearForRefill(result, width, height);
  decodeStateBox(touched, readStateBox(framebuffer, touched), result);
  result.passes = passes;
}

}  // namespace tactics::gpu

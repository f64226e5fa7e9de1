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

std::vector<std::uint8_t> resetState(const std::vector<std::uint8_t>& grey) {
  std::vector<std::uint8_t> rgba(grey.size() * 4);
  for (std::size_t i = 0; i < grey.size(); ++i) {
    rgba[i * 4] = grey[i];
    rgba[i * 4 + 1] = state_bytes::kNone;
    rgba[i * 4 + 2] = 0;
    rgba[i * 4 + 3] = state_bytes::kNoParent;
  }
  return rgba;
}

void pasteBox(const CellBox& box, const std::vector<std::uint8_t>& texels, int width,
              std::vector<std::uint8_t>& rgba) {
  const auto rowBytes = static_cast<std::ptrdiff_t>(box.width()) * 4;
  for (int y = box.y0; y <= box.y1; ++y) {
    const auto from = texels.begin() + (y - box.y0) * rowBytes;
    const auto to = rgba.begin() + (static_cast<std::ptrdiff_t>(y) * width + box.x0) * 4;
    std::copy(from, from + rowBytes, to);
  }
}

std::vector<std::uint8_t> readWholeState(GLuint framebuffer, const CellBox& touched,
                                         const std::vector<std::uint8_t>& grey, int width) {
  std::vector<std::uint8_t> rgba = resetState(grey);
  pasteBox(touched, readStateBox(framebuffer, touched), width, rgba);
  return rgba;
}

void readResultInto(GLuint framebuffer, const CellBox& touched, int width, int height,
                    GridLayout layout, int passes,
                    RangeResult& result) {
  clearForRefill(result, width, height, layout);
  decodeStateBox(touched, readStateBox(framebuffer, touched), result);
  result.passes = passes;
}

}  // namespace tactics::gpu

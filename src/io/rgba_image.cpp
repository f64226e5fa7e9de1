#include "tactics/io/rgba_image.h"

#include <stb_image.h>

#include <cstring>
#include <memory>

namespace tactics {

Expected<RgbaImage> loadRgbaImage(const std::string& path) {
  int width = 0;
  int height = 0;
  int channels = 0;
  using Pixels = std::unique_ptr<stbi_uc, decltype(&stbi_image_free)>;
  Pixels pixels(stbi_load(path.c_str(), &width, &height, &channels, 4), &stbi_image_free);
  if (!pixels) {
    const char* reason = stbi_failure_reason();
    return Error{reason != nullptr && *reason != '\0' ? std::string(reason) : "unknown reason"};
  }
  RgbaImage image;
  image.width = width;
  image.height = height;
  image.pixels.resize(static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4);
  std::memcpy(image.pixels.data(), pixels.get(), image.pixels.size());
  return image;
}

}  // namespace tactics

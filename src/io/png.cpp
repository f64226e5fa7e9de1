#include "tactics/io/png.h"

#include <stb_image_write.h>

namespace tactics {

std::vector<std::uint8_t> encodePng(int width, int height, int channels,
                                    const std::vector<std::uint8_t>& pixels) {
  std::vector<std::uint8_t> png;
  const auto append = [](void* context, void* data, int size) {
    auto* bytes = static_cast<std::vector<std::uint8_t>*>(context);
    const auto* begin = static_cast<const std::uint8_t*>(data);
    bytes->insert(bytes->end(), begin, begin + size);
  };
  if (!stbi_write_png_to_func(append, &png, width, height, channels, pixels.data(),
                              width * channels)) {
    png.clear();
  }
  return png;
}

}  // namespace tactics

#pragma once
// PNG encoding for everything the project writes: state textures and screenshots.

#include <cstdint>
#include <vector>

namespace tactics {

// PNG bytes of a `width` x `height` image with `channels` 8-bit channels per pixel (1 grey,
// 3 RGB, 4 RGBA), row 0 at the top. Empty if encoding failed.
std::vector<std::uint8_t> encodePng(int width, int height, int channels,
                                    const std::vector<std::uint8_t>& pixels);

}  // namespace tactics

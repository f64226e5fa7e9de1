#pragma once
// Scripted mode's output: the window's framebuffer as a PNG file, written whole or not at all.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/board_layout.h"

namespace tactics::app {

// PNG bytes of an RGB image, row 0 = top. No GL.
std::vector<std::uint8_t> encodePng(PixelSize size, const std::vector<std::uint8_t>& rgbTopDown);

// Reads the back buffer of the default framebuffer (call before swapping) and writes it to
// `path` atomically. Returns an error message on failure.
std::optional<std::string> saveScreenshot(PixelSize framebuffer, const std::string& path);

}  // namespace tactics::app

#pragma once
// Scripted mode's output: the window's framebuffer as a PNG file, written whole or not at all.

#include <optional>
#include <string>

#include "app/view/board_layout.h"

namespace tactics::app {

// Reads the back buffer of the default framebuffer (call before swapping) and writes it to
// `path` atomically. Returns an error message on failure.
std::optional<std::string> saveScreenshot(PixelSize framebuffer, const std::string& path);

}  // namespace tactics::app

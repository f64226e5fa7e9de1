#pragma once
// The few questions the app asks the GL context itself, so that no room but view/ calls GL.

#include <string>

namespace tactics::app {

// The largest texture side the context takes.
int maxTextureSide();
// GL_VERSION, for messages.
std::string glVersionText();
// Waits until the GPU has done the frame's work (timings include the GPU's part).
void finishGpuWork();
// The GL errors raised since the last call, cleared.
int takeGlErrors();

}  // namespace tactics::app
